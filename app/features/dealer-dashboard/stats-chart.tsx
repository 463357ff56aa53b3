import { lazy, Suspense } from "react";
import { useInteractive } from "~/ui/use-interactive";
import { DAILY_METRICS, dayLabel, METRIC_LABELS, type DailyMetric, type StatsSeries } from "./stats-data";

// uPlot and its CSS load with this chunk only, once the statistics page runs in the browser.
const StatsChartCanvas = lazy(() => import("./stats-chart-canvas"));

/**
 * A figure chart with its accessible side: the totals as text (what a screen reader reads
 * first), the canvas (hidden from assistive technology) and the day-by-day table in a
 * 'Voir le détail par jour' disclosure — the server's HTML has everything but the canvas.
 */
export function StatsChart({
  title,
  series,
  metrics = DAILY_METRICS,
}: {
  title: string;
  series: StatsSeries;
  metrics?: readonly DailyMetric[];
}) {
  const interactive = useInteractive();
  return (
    <figure className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200" data-testid="stats-chart">
      <figcaption className="space-y-2">
        <span className="block text-lg font-semibold text-slate-900">{title}</span>
        <dl className="grid grid-cols-2 gap-2 text-sm wide:grid-cols-5" aria-label={`Totaux sur ${series.days} jours`}>
          {metrics.map((metric) => (
            <div key={metric} className="rounded-lg bg-slate-50 p-2 ring-1 ring-slate-200">
              <dt className="text-slate-600">{METRIC_LABELS[metric]}</dt>
              <dd className="text-lg font-semibold text-slate-900" data-testid={`stats-total-${metric}`}>
                {series.totals[metric]}
              </dd>
            </div>
          ))}
        </dl>
      </figcaption>
      <div aria-hidden="true" className="min-h-[260px]">
        {interactive ? (
          <Suspense fallback={<p className="text-sm text-slate-500">Chargement du graphique…</p>}>
            <StatsChartCanvas points={series.points} metrics={metrics} />
          </Suspense>
        ) : null}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer font-semibold text-brand-700">Voir le détail par jour</summary>
        <div className="mt-2 max-h-80 overflow-auto">
          <table className="w-full text-left">
            <caption className="sr-only">
              {title} : chiffres par jour sur {series.days} jours
            </caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-2">
                  Jour
                </th>
                {metrics.map((metric) => (
                  <th key={metric} scope="col" className="py-1 pr-2">
                    {METRIC_LABELS[metric]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...series.points].reverse().map((point) => (
                <tr key={point.day} className="border-t border-slate-100">
                  <th scope="row" className="py-1 pr-2 font-normal">
                    {dayLabel(point.day)}
                  </th>
                  {metrics.map((metric) => (
                    <td key={metric} className="py-1 pr-2">
                      {point[metric]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

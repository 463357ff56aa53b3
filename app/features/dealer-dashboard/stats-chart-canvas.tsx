import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { dayLabel, METRIC_LABELS, type DailyMetric, type DailyStatsPoint } from "./stats-data";

/**
 * The uPlot chart of the statistics page (decision 0052), loaded lazily by `StatsChart` once the
 * page runs in the browser: canvas lines, one per figure, dates dd/MM on the axis.
 */

export const CHART_COLOURS: Record<DailyMetric, string> = {
  views: "#1d4ed8",
  resultClicks: "#0891b2",
  phoneReveals: "#c2410c",
  messages: "#15803d",
  favorites: "#be185d",
};

const HEIGHT = 260;

function toData(points: DailyStatsPoint[], metrics: readonly DailyMetric[]): uPlot.AlignedData {
  const xs = points.map((point) => Date.parse(`${point.day}T12:00:00Z`) / 1000);
  return [xs, ...metrics.map((metric) => points.map((point) => point[metric]))];
}

export default function StatsChartCanvas({
  points,
  metrics,
}: {
  points: DailyStatsPoint[];
  metrics: readonly DailyMetric[];
}) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const dayOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 200),
        height: HEIGHT,
        legend: { show: true, live: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
        axes: [
          { values: (_u, ticks) => ticks.map((tick) => dayLabel(dayOf(tick))), space: 60 },
          { values: (_u, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? String(tick) : "")), size: 40 },
        ],
        series: [
          { label: "Jour", value: (_u, value) => (value == null ? "—" : dayLabel(dayOf(value))) },
          ...metrics.map((metric) => ({
            label: METRIC_LABELS[metric],
            stroke: CHART_COLOURS[metric],
            width: 2,
            points: { show: false },
          })),
        ],
      },
      toData(points, metrics),
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [points, metrics]);

  return <div ref={container} className="w-full" data-testid="stats-chart-canvas" />;
}

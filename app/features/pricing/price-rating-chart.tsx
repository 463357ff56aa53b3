import { formatNumber, formatThousandsOfEuros } from "~/ui/format";
import { niceTicks } from "./chart-scale";
import type { PricePoint } from "./price-rating";

/**
 * Price against mileage of the comparables (grey), this listing (brand colour, larger) and its
 * estimated range (a bar at its mileage). Plain server-rendered SVG, nothing to hydrate.
 *
 * Drawn in CSS pixels, without a viewBox, so that labels keep their 12 px on any screen: the
 * plot spans the card's width (its height is set by CSS, taller on a wide card), points are
 * placed in percent of both, and the price labels sit in the padding on its left; the mileage
 * labels are a strip of their own below it. Both scales have round ticks covering every point;
 * on a narrow card every other mileage label is left out, so that they never run together.
 */
export function PriceRatingChart({
  points,
  self,
  estimateLow,
  estimateHigh,
  title,
}: {
  points: PricePoint[];
  self: PricePoint | null;
  estimateLow: number | null;
  estimateHigh: number | null;
  title: string;
}) {
  const all = [...points, ...(self ? [self] : [])];
  if (all.length === 0) return null;
  const prices = [
    ...all.map((p) => p.price),
    ...(estimateLow ? [estimateLow] : []),
    ...(estimateHigh ? [estimateHigh] : []),
  ];
  const yTicks = niceTicks(Math.min(...prices), Math.max(...prices), 4);
  const xTicks = niceTicks(0, Math.max(...all.map((p) => p.mileage), 10_000), 6);
  const yMin = yTicks[0]!;
  const yMax = yTicks[yTicks.length - 1]!;
  const xMax = xTicks[xTicks.length - 1]!;
  const percent = (share: number) => `${(share * 100).toFixed(2)}%`;
  const x = (km: number) => percent(km / xMax);
  const y = (price: number) => percent(1 - (price - yMin) / (yMax - yMin));
  // More than four mileage labels need a wide card (~60 px each): on a narrow one, one in two.
  const thinned = xTicks.length > 4;
  return (
    <figure className="@container space-y-2">
      <div role="img" aria-label={title} className="pt-2 pr-6 pl-14 text-slate-500">
        <svg aria-hidden="true" className="block h-44 w-full overflow-visible @lg:h-60" fontSize="12">
          {yTicks.map((v, i) => (
            <g key={`y${v}`}>
              <line x1="0" x2="100%" y1={y(v)} y2={y(v)} stroke={i === 0 ? "#94a3b8" : "#e2e8f0"} />
              <text x="-8" y={y(v)} dy="4" textAnchor="end" fill="currentColor">
                {formatThousandsOfEuros(v)}
              </text>
            </g>
          ))}
          {points.map((p, i) => (
            <circle key={i} cx={x(p.mileage)} cy={y(p.price)} r="3.5" fill="#94a3b8" fillOpacity="0.7" />
          ))}
          {self && estimateLow && estimateHigh ? (
            <line
              x1={x(self.mileage)}
              x2={x(self.mileage)}
              y1={y(estimateLow)}
              y2={y(estimateHigh)}
              stroke="#0f766e"
              strokeOpacity="0.55"
              strokeWidth="8"
              strokeLinecap="round"
            />
          ) : null}
          {self ? (
            <circle cx={x(self.mileage)} cy={y(self.price)} r="6.5" fill="#1d4ed8" stroke="white" strokeWidth="2" />
          ) : null}
        </svg>
        <svg aria-hidden="true" className="block h-10 w-full overflow-visible" fontSize="12">
          {xTicks.map((v, i) => (
            <text
              key={`x${v}`}
              x={x(v)}
              y="18"
              textAnchor="middle"
              fill="currentColor"
              className={thinned && i % 2 === 1 ? "@max-md:hidden" : undefined}
            >
              {formatNumber(v)}
            </text>
          ))}
          <text x="50%" y="36" textAnchor="middle" fill="currentColor">
            Kilométrage (km)
          </text>
        </svg>
      </div>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-block size-3 rounded-full border-2 border-white bg-blue-700 ring-1 ring-blue-700"
          />
          Cette annonce
        </span>
        {estimateLow && estimateHigh ? (
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block h-3 w-2 rounded-full bg-teal-700/55" />
            Fourchette estimée
          </span>
        ) : null}
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-2.5 rounded-full bg-slate-400" />
          Annonces comparables
        </span>
      </figcaption>
    </figure>
  );
}

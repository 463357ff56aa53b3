import { formatNumber, formatThousandsOfEuros } from "~/ui/format";
import type { PricePoint } from "./price-rating";

const WIDTH = 340;
const HEIGHT = 210;
const PAD = { left: 48, right: 24, top: 12, bottom: 34 };

/** Round tick values (1, 2, 2.5, 5 × 10ⁿ) covering [min, max]. */
function ticks(min: number, max: number, count: number): number[] {
  const span = Math.max(max - min, 1);
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + 1e-9; v += step) out.push(v);
  return out;
}


/**
 * Price against mileage of the comparables (grey), this listing (brand colour, larger) and its
 * estimated range (a bar at its mileage). Plain server-rendered SVG that scales to the column:
 * no chart library, nothing to hydrate.
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
  const kms = all.map((p) => p.mileage);
  const yTicks = ticks(Math.min(...prices) * 0.95, Math.max(...prices) * 1.05, 4);
  const xTicks = ticks(0, Math.max(...kms, 10_000) * 1.05, 4);
  const yMin = Math.min(yTicks[0]!, Math.min(...prices));
  const yMax = Math.max(yTicks[yTicks.length - 1]!, Math.max(...prices));
  const xMax = Math.max(xTicks[xTicks.length - 1]!, Math.max(...kms));
  const x = (km: number) => PAD.left + (km / xMax) * (WIDTH - PAD.left - PAD.right);
  const y = (price: number) =>
    PAD.top + (1 - (price - yMin) / Math.max(1, yMax - yMin)) * (HEIGHT - PAD.top - PAD.bottom);
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby="price-chart-title"
        className="h-auto w-full max-w-lg text-slate-500"
      >
        <title id="price-chart-title">{title}</title>
        {yTicks.map((v) => (
          <g key={`y${v}`}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(v)} y2={y(v)} stroke="#e2e8f0" />
            <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" fontSize="12" fill="currentColor">
              {formatThousandsOfEuros(v)}
            </text>
          </g>
        ))}
        {xTicks.map((v, i) => (
          <text
            key={`x${v}`}
            x={x(v)}
            y={HEIGHT - PAD.bottom + 16}
            textAnchor={i === 0 ? "start" : i === xTicks.length - 1 ? "end" : "middle"}
            fontSize="12"
            fill="currentColor"
          >
            {formatNumber(v)}
          </text>
        ))}
        <text
          x={(PAD.left + WIDTH - PAD.right) / 2}
          y={HEIGHT - 4}
          textAnchor="middle"
          fontSize="12"
          fill="currentColor"
        >
          Kilométrage (km)
        </text>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={HEIGHT - PAD.bottom} y2={HEIGHT - PAD.bottom} stroke="#94a3b8" />
        {points.map((p, i) => (
          <circle key={i} cx={x(p.mileage)} cy={y(p.price)} r="3.5" fill="#94a3b8" fillOpacity="0.7" />
        ))}
        {self && estimateLow && estimateHigh ? (
          <g stroke="#0f766e" strokeWidth="2.5">
            <line
              x1={x(self.mileage)}
              x2={x(self.mileage)}
              y1={y(estimateLow)}
              y2={y(estimateHigh)}
              strokeOpacity="0.55"
              strokeWidth="8"
              strokeLinecap="round"
            />
          </g>
        ) : null}
        {self ? (
          <circle cx={x(self.mileage)} cy={y(self.price)} r="6.5" fill="#1d4ed8" stroke="white" strokeWidth="2" />
        ) : null}
      </svg>
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

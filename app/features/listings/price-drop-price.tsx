import { formatPrice } from "~/ui/format";
import type { PriceDropBadge } from "./listing-card-data";

/**
 * A favourite's dropped price (decision 0016): 'Prix en baisse', the reference price struck
 * through (announced to screen readers as "au lieu de"), the new price.
 */
export function PriceDropPrice({
  price,
  drop,
  size = "card",
  className = "",
}: {
  price: number;
  drop: PriceDropBadge;
  size?: "card" | "detail";
  className?: string;
}) {
  const percent = Math.round(((drop.previousPrice - price) / drop.previousPrice) * 100);
  return (
    <div className={`flex flex-wrap items-baseline gap-x-2 gap-y-1 ${className}`}>
      <span className="inline-flex items-center gap-1 self-center rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
        <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3 w-3 fill-current">
          <path d="M8 13 2.5 6.5h3.5V3h4v3.5h3.5z" />
        </svg>
        Prix en baisse
      </span>
      <span className={size === "detail" ? "text-3xl font-extrabold text-brand-700" : "text-lg font-bold text-brand-700"}>
        {formatPrice(price)}
      </span>
      <s className={size === "detail" ? "text-lg text-slate-500" : "text-sm text-slate-500"}>
        <span className="sr-only">au lieu de </span>
        {formatPrice(drop.previousPrice)}
      </s>
      <span className="text-sm font-medium text-emerald-700">−{percent} %</span>
    </div>
  );
}

import { PRICE_LEVEL_LABELS, type PriceLevel } from "./price-rating";

/** Colours per level: greens for deals, slate for a fair price, amber and red above the market. */
const LEVEL_CLASSES: Record<PriceLevel, string> = {
  1: "bg-emerald-700 text-white",
  2: "bg-emerald-100 text-emerald-900 ring-1 ring-emerald-300",
  3: "bg-slate-100 text-slate-800 ring-1 ring-slate-300",
  4: "bg-amber-100 text-amber-900 ring-1 ring-amber-300",
  5: "bg-red-100 text-red-900 ring-1 ring-red-300",
};

/**
 * The market price label of a listing ('Très bonne affaire' … 'Prix très élevé'), for cards,
 * the detail page, the map card and the comparison page. Renders nothing without a level.
 */
export function PriceRatingBadge({
  level,
  size = "sm",
  className = "",
}: {
  level: PriceLevel | null | undefined;
  size?: "sm" | "md";
  className?: string;
}) {
  if (!level) return null;
  const sizing = size === "md" ? "px-2.5 py-1 text-sm" : "px-2 py-0.5 text-xs";
  return (
    <span
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full font-semibold ${sizing} ${LEVEL_CLASSES[level]} ${className}`}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {PRICE_LEVEL_LABELS[level]}
    </span>
  );
}

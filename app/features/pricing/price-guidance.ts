import { MIN_COMPARABLES, PRICE_LEVEL_LABELS, type PriceLevel } from "./price-rating";

/**
 * The seller's price guidance (issue 34, decision 0043): the market estimate buyers see, for
 * the car the seller describes, at the wizard's price step and in the edit form. Client-safe:
 * the label of a typed price comes from the same thresholds as `market_price_level`
 * (migration 0009) on the log gap between the price and the estimate.
 */
export interface PriceGuidance {
  brand: string;
  model: string;
  year: number;
  mileage: number;
  fuel: string | null;
  /** The gearbox estimated with (the edit form's live estimate asks again with it). */
  gearbox?: string | null;
  /** Other published listings of the model the estimate rests on. */
  comparables: number;
  /** null with fewer than MIN_COMPARABLES comparables: no invented range. */
  estimate: { low: number; high: number; logCenter: number; sigma: number } | null;
}

/** The level buyers would see for `price` ('Bonne affaire'…), as `market_price_level` computes it. */
export function guidanceLevel(price: number, estimate: NonNullable<PriceGuidance["estimate"]>): PriceLevel {
  const d = Math.log(Math.max(price, 1)) - estimate.logCenter;
  const sigma = estimate.sigma;
  if (d < -1.5 * sigma) return 1;
  if (d < -0.6745 * sigma) return 2;
  if (d <= 0.6745 * sigma) return 3;
  if (d <= 1.5 * sigma) return 4;
  return 5;
}

export function guidanceLevelLabel(level: PriceLevel): string {
  return PRICE_LEVEL_LABELS[level];
}

export { MIN_COMPARABLES };

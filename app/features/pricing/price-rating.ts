/**
 * The market price rating as pages show it (client-safe; decision 0015). Level 1 is the best
 * deal; the levels come from the SQL function `market_price_rate` (migration 0009).
 */

export const PRICE_LEVELS = [1, 2, 3, 4, 5] as const;
export type PriceLevel = (typeof PRICE_LEVELS)[number];

export const PRICE_LEVEL_LABELS: Record<PriceLevel, string> = {
  1: "Très bonne affaire",
  2: "Bonne affaire",
  3: "Prix correct",
  4: "Prix élevé",
  5: "Prix très élevé",
};

/** Under this many other published listings of the same brand and model, no level is given. */
export const MIN_COMPARABLES = 5;
export const NOT_ENOUGH_COMPARABLES = "Pas assez d'annonces comparables";

export function isPriceLevel(value: unknown): value is PriceLevel {
  return typeof value === "number" && (PRICE_LEVELS as readonly number[]).includes(value);
}

/** A comparable listing as the chart draws it. */
export interface PricePoint {
  price: number;
  mileage: number;
  year: number;
}

export interface ListingPriceRating {
  level: PriceLevel | null;
  estimateLow: number | null;
  estimateHigh: number | null;
  /** Other published listings of the same brand and model. */
  comparables: number;
  ratedAt: string | null;
  /** This listing, for the chart. */
  self: PricePoint | null;
  /** Comparables (at most CHART_POINTS_CAP), for the chart. */
  points: PricePoint[];
}

export const CHART_POINTS_CAP = 150;

/** A market estimate for a listing that is not rated yet (the moderation queue's price check). */
export interface MarketEstimate {
  level: PriceLevel | null;
  estimateLow: number;
  estimateHigh: number;
  comparables: number;
}

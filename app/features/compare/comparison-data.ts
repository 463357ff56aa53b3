import type { ListingDetail } from "~/features/listings/listing-detail-data";
import type { PlaceSuggestion } from "~/features/places/postal-code";
import type { PriceLevel } from "~/features/pricing/price-rating";

export interface ComparedListing extends ListingDetail {
  /** From the buyer's postal code, rounded to the km; null without one or without coordinates. */
  distanceKm: number | null;
  /** The stored market price rating (app/features/pricing), null under MIN_COMPARABLES comparables. */
  priceLevel: PriceLevel | null;
  /** The estimated market range, when the listing's model has one. */
  priceEstimate: { low: number; high: number } | null;
}

/** What `/comparer` shows (shared by the service and the page). */
export interface Comparison {
  listings: ComparedListing[];
  /** Ids of the link that were unknown, malformed or no longer published. */
  dropped: number;
  /** Ids past the fourth, not shown. */
  beyondLimit: number;
  /** The buyer's place, when they typed a known postal code. */
  place: PlaceSuggestion | null;
  /** French message for a malformed or unknown postal code. */
  placeError: string | null;
}

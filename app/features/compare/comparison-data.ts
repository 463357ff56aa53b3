import type { ListingDetail } from "~/features/listings/listing-detail-data";
import type { PlaceSuggestion } from "~/features/places/postal-code";

/** A listing as the detail page shows it (with its stored price rating), and its distance. */
export interface ComparedListing extends ListingDetail {
  /** From the buyer's postal code, rounded to the km; null without one or without coordinates. */
  distanceKm: number | null;
}

/** What `/comparer` shows (shared by the service and the page). */
export interface Comparison {
  listings: ComparedListing[];
  /** Listing ids of the link that are unknown or no longer published. */
  unavailable: number;
  /** Parts of the link that are not listing ids at all (a truncated or edited link). */
  malformed: number;
  /** Ids past the fourth, not shown. */
  beyondLimit: number;
  /** The buyer's place, when they typed a known postal code. */
  place: PlaceSuggestion | null;
  /** French message for a malformed or unknown postal code. */
  placeError: string | null;
}

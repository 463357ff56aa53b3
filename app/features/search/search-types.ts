import type { ListingCardData, ListingCardPhoto } from "~/features/listings/listing-card-data";

/**
 * What the search service returns, shared with the UI (client code may not import
 * the `*.server.ts` search files, not even for types).
 */

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export interface SearchResult {
  items: ListingCardData[];
  /** Matching listings: exact for a search the facet table answers, else a lower bound when `totalCapped` ("2 400+ annonces"). */
  total: number;
  /** True when counting stopped at its cap (TEXT_COUNT_CAP: the pages a visitor can reach; never for a facet search). */
  totalCapped: boolean;
  /** The page served (1-based). */
  page: number;
  /** ceil(total / PAGE_SIZE): 0 when nothing matches. */
  pageCount: number;
  /** Centre of a radius search (the postal code's coordinates). */
  center?: GeoPoint;
  /** French messages about filters the service could not apply (e.g. unknown postal code). */
  errors: string[];
}

/** One map marker, as a tuple to keep the payload of thousands of markers small. */
export type MapPoint = [id: string, latitude: number, longitude: number, price: number | null];

export interface MapPointsResult {
  points: MapPoint[];
  /** True when more listings matched than MAP_POINTS_CAP (the newest are shown). */
  truncated: boolean;
  center?: GeoPoint;
  errors: string[];
}

/** The info card of a map marker. */
export interface MapCard {
  id: string;
  brand: string;
  model: string;
  price: number | null;
  city: string | null;
  postalCode: string | null;
  photo: ListingCardPhoto | null;
  /** Market price level (app/features/pricing), null when not rated. */
  priceLevel?: number | null;
}

import { inArray } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listings } from "~/db/schema";
import { isUuid } from "~/db/ids";
import type { ListingDetail } from "~/features/listings/listing-detail-data";
import { getListingDetail } from "~/features/listings/listing-detail.server";
import { lookupPostalCode } from "~/features/places/places.server";
import type { PlaceSuggestion } from "~/features/places/postal-code";
import { postalCodeSchema } from "~/features/places/postal-code-schema";
import { isPriceLevel } from "~/features/pricing/price-rating";
import { isAppError } from "~/server/app-error";
import type { Storage } from "~/server/storage.server";
import { COMPARE_LIMIT, parseCompareIds } from "./compare-ids";
import type { Comparison } from "./comparison-data";

const EARTH_RADIUS_KM = 6371;

/** Great-circle distance (haversine, the search's R = 6371 km), in km. */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The buyer's place from the postal-code reference (the commune they chose, else the code's first). */
async function findPlace(
  db: DbExecutor,
  postalCode: string | null | undefined,
  city: string | null | undefined,
): Promise<{ place: PlaceSuggestion | null; error: string | null }> {
  if (!postalCode?.trim()) return { place: null, error: null };
  const parsed = postalCodeSchema.safeParse(postalCode);
  if (!parsed.success) return { place: null, error: parsed.error.issues[0]?.message ?? "Code postal invalide." };
  const places = await lookupPostalCode({ db, postalCode: parsed.data });
  const place = places.find((p) => p.city === city) ?? places[0] ?? null;
  return place ? { place, error: null } : { place: null, error: "Aucune commune ne correspond à ce code postal." };
}

/**
 * The listings of `/comparer?ids=…`, side by side, with what the detail page shows of each
 * (the same service, as the public sees it). Unknown, malformed and unpublished ids are dropped
 * and counted, never an error: a comparison link lives longer than its listings.
 */
export async function getComparison(options: {
  db: DbExecutor;
  storage: Storage;
  ids: string | null | undefined;
  postalCode?: string | null;
  city?: string | null;
}): Promise<Comparison> {
  const malformed = (options.ids ?? "")
    .slice(0, 2_000)
    .split(",")
    .filter((part) => part.trim() !== "" && !isUuid(part.trim())).length;
  const valid = parseCompareIds(options.ids);
  const wanted = valid.slice(0, COMPARE_LIMIT);
  const found: ListingDetail[] = [];
  for (const listingId of wanted) {
    try {
      // As the public sees it: a seller comparing their own pending listing gets it dropped too.
      found.push(await getListingDetail({ db: options.db, storage: options.storage, listingId, viewer: null }));
    } catch (error) {
      if (!(isAppError(error) && error.code === "not_found")) throw error;
    }
  }
  const { place, error } = await findPlace(options.db, options.postalCode, options.city);
  // The stored market price rating of each (issue 14), read in one query.
  const ratings = found.length
    ? await options.db
        .select({ id: listings.id, level: listings.priceLevel, low: listings.priceEstimateLow, high: listings.priceEstimateHigh })
        .from(listings)
        .where(inArray(listings.id, found.map((listing) => listing.id)))
    : [];
  return {
    listings: found.map((listing) => ({
      ...listing,
      priceLevel: ((level) => (isPriceLevel(level) ? level : null))(ratings.find((r) => r.id === listing.id)?.level),
      priceEstimate: ((r) => (r?.low != null && r.high != null ? { low: r.low, high: r.high } : null))(ratings.find((r) => r.id === listing.id)),
      distanceKm:
        place && listing.latitude != null && listing.longitude != null
          ? Math.round(distanceKm(place, { latitude: listing.latitude, longitude: listing.longitude }))
          : null,
    })),
    dropped: malformed + wanted.length - found.length,
    beyondLimit: Math.max(0, valid.length - COMPARE_LIMIT),
    place,
    placeError: error,
  };
}

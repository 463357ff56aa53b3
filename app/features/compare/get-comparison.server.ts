import type { DbExecutor } from "~/db/client.server";
import type { ListingDetail } from "~/features/listings/listing-detail-data";
import { getListingDetail } from "~/features/listings/listing-detail.server";
import { distanceKm } from "~/features/places/geo";
import { lookupPostalCode } from "~/features/places/places.server";
import type { PlaceSuggestion } from "~/features/places/postal-code";
import { postalCodeSchema } from "~/features/places/postal-code-schema";
import { isAppError } from "~/server/app-error";
import type { Storage } from "~/server/storage.server";
import { COMPARE_LIMIT, parseCompareIds } from "./compare-ids";
import type { Comparison } from "./comparison-data";

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

/** The listing as the public sees it, or null when it is unknown or not published. */
async function publicDetail(db: DbExecutor, storage: Storage, listingId: string): Promise<ListingDetail | null> {
  try {
    // As the public sees it: a seller comparing their own pending listing gets it dropped too.
    return await getListingDetail({ db, storage, listingId, viewer: null });
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") return null;
    throw error;
  }
}

/**
 * The listings of `/comparer?ids=…`, side by side, with what the detail page shows of each
 * (the same read, its stored price rating included), in the link's order. Unknown, malformed
 * and unpublished ids are dropped and counted, never an error: a comparison link lives longer
 * than its listings.
 */
export async function getComparison(options: {
  db: DbExecutor;
  storage: Storage;
  ids: string | null | undefined;
  postalCode?: string | null;
  city?: string | null;
}): Promise<Comparison> {
  const { ids: valid, malformed } = parseCompareIds(options.ids);
  const wanted = valid.slice(0, COMPARE_LIMIT);
  // At most four reads, concurrent (a pool serves them side by side); Promise.all keeps the order.
  const [details, { place, error }] = await Promise.all([
    Promise.all(wanted.map((listingId) => publicDetail(options.db, options.storage, listingId))),
    findPlace(options.db, options.postalCode, options.city),
  ]);
  const found = details.filter((listing): listing is ListingDetail => listing !== null);
  return {
    listings: found.map((listing) => ({
      ...listing,
      distanceKm:
        place && listing.latitude != null && listing.longitude != null
          ? Math.round(distanceKm(place, { latitude: listing.latitude, longitude: listing.longitude }))
          : null,
    })),
    unavailable: wanted.length - found.length,
    malformed,
    beyondLimit: Math.max(0, valid.length - COMPARE_LIMIT),
    place,
    placeError: error,
  };
}

import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { isUuid } from "~/db/ids";
import { listings } from "~/db/schema";
import type { ListingCardData } from "~/features/listings/listing-card-data";
import { locatePostalCode } from "~/features/places/places.server";
import type { Storage } from "~/server/storage.server";
import { GONE_STATUSES } from "./gone-listing.server";
import { findSimilarListings, similarTo } from "./similar-listings.server";

/**
 * 'Annonces similaires' nearest to the visitor's place (issue 36): the place of their last
 * search, which their browser keeps and sends here, so the listing page itself stays the same
 * for every visitor (and cacheable). For a listing that was published: on sale, sold or removed
 * (its 410 page offers them too); null for an unknown listing or postal code.
 */
export async function findSimilarNearVisitor(options: {
  db: DbExecutor;
  storage: Storage;
  listingId: string;
  postalCode: string;
  city?: string;
}): Promise<ListingCardData[] | null> {
  const { db, listingId } = options;
  if (!isUuid(listingId)) return null;
  const [listing] = await db
    .select()
    .from(listings)
    .where(and(eq(listings.id, listingId), isNotNull(listings.publishedAt), inArray(listings.status, ["published", ...GONE_STATUSES])))
    .limit(1);
  if (!listing) return null;
  const near = await locatePostalCode({ db, postalCode: options.postalCode, city: options.city });
  if (!near) return null;
  return findSimilarListings({ db, storage: options.storage, to: similarTo(listing), near });
}

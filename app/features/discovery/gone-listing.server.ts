import { and, asc, eq } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listingPhotos, listings, type ListingStatus } from "~/db/schema";
import { photoUrls } from "~/features/listings/listing-cards.server";
import { approvedPhoto } from "~/features/listings/photo-access.server";
import { isUuid } from "~/db/ids";
import type { Storage } from "~/server/storage.server";
import type { GoneListing } from "./gone-listing-data";
import { findSimilarListings, similarTo } from "./similar-listings.server";

export type { GoneListing };

/** A published listing no longer on the site: its URL answers 410 (route annonce.tsx). */
export const GONE_STATUSES: readonly ListingStatus[] = ["sold", "deleted", "withdrawn"];

/** The 410 page of a sold or removed listing (gone-listing-data.ts), or null for a 404. */
export async function findGoneListing(options: { db: DbExecutor; storage: Storage; listingId: string }): Promise<GoneListing | null> {
  if (!isUuid(options.listingId)) return null;
  const [listing] = await options.db.select().from(listings).where(eq(listings.id, options.listingId)).limit(1);
  if (!listing || !listing.publishedAt || !GONE_STATUSES.includes(listing.status)) return null;
  const similar = await findSimilarListings({
    db: options.db,
    storage: options.storage,
    to: similarTo(listing),
  });
  // Taken offline by its seller (decision 0058): like a removed listing, nothing of its content.
  if (listing.status === "deleted" || listing.status === "withdrawn") return { kind: "removed", similar };
  const [photo] = await options.db
    .select({ storageKey: listingPhotos.storageKey, variantWidths: listingPhotos.variantWidths })
    .from(listingPhotos)
    .where(and(eq(listingPhotos.listingId, listing.id), approvedPhoto))
    .orderBy(asc(listingPhotos.position))
    .limit(1);
  return {
    kind: "sold",
    brand: listing.brand,
    model: listing.model,
    year: listing.year,
    mileage: listing.mileage,
    price: listing.price,
    // Through the app's /uploads, where photo-access.server.ts lets anyone see a sold listing's first photo.
    photo: photo ? photoUrls(options.storage, photo, listing.status) : null,
    similar,
  };
}

import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listingPhotos, listings, type ListingStatus } from "~/db/schema";
import type { Storage } from "~/server/storage.server";
import type { ListingCardData, ListingCardPhoto } from "./listing-card-data";
import { approvedPhoto, hasPublicPhotos, isPendingPhoto } from "./photo-access.server";
import { variantKey } from "./photo-variants";

export const cardColumns = {
  id: listings.id,
  brand: listings.brand,
  model: listings.model,
  year: listings.year,
  gearbox: listings.gearbox,
  mileage: listings.mileage,
  fuel: listings.fuel,
  price: listings.price,
  city: listings.city,
  postalCode: listings.postalCode,
  priceLevel: listings.priceLevel,
  sellerKind: listings.sellerKind,
  critair: listings.critair,
  publishedAt: listings.publishedAt,
};

type CardRow = { [K in keyof typeof cardColumns]: (typeof cardColumns)[K]["_"]["data"] | null } & {
  id: string;
  brand: string;
  model: string;
};

/**
 * The URLs of a photo's variants. `listingStatus` decides where they point: photos of a
 * published listing may come from PHOTO_BASE_URL (CDN, bucket), the others only from the
 * app's access-checked `/uploads` (photo-access.server.ts).
 */
export function photoUrls(
  storage: Storage,
  photo: { storageKey: string; variantWidths: number[]; pendingSince?: Date | string | null },
  listingStatus: ListingStatus,
): ListingCardPhoto {
  const widths = photo.variantWidths;
  const medium = widths.find((w) => w >= 480) ?? widths[widths.length - 1] ?? 480;
  // A photo waiting for a moderator is its seller's and the moderators' only (decision 0053).
  const restricted = !hasPublicPhotos(listingStatus) || isPendingPhoto(photo);
  const url = (width: number) => storage.url(variantKey(photo.storageKey, width), { restricted });
  return {
    src: url(medium),
    srcSet: widths.map((w) => `${url(w)} ${w}w`).join(", "),
  };
}

/**
 * Photos a card carries (its carousel): the first 3, as before issue 34 raised a listing's
 * photos to 20 — a results page of 20 cards would otherwise ship up to 400 photo URLs.
 */
export const CARD_PHOTOS = 3;

/**
 * Adds ordered photos (the first CARD_PHOTOS approved ones) to card rows with one query for the
 * whole page. A photo waiting for a moderator is skipped (decision 0053), so a card keeps its
 * approved main photo until the new one is validated: each listing's photos are read in order
 * from the (listing, position) index and the first CARD_PHOTOS approved kept (a lateral LIMIT).
 */
export async function withPhotos(options: {
  db: DbExecutor;
  storage: Storage;
  rows: CardRow[];
}): Promise<ListingCardData[]> {
  const ids = options.rows.map((r) => r.id);
  const cardPhoto = options.db
    .select({
      storageKey: listingPhotos.storageKey,
      variantWidths: listingPhotos.variantWidths,
      position: listingPhotos.position,
    })
    .from(listingPhotos)
    .where(and(eq(listingPhotos.listingId, listings.id), approvedPhoto))
    .orderBy(asc(listingPhotos.position))
    .limit(CARD_PHOTOS)
    .as("card_photo");
  const photos = ids.length
    ? await options.db
        .select({
          listingId: listings.id,
          storageKey: cardPhoto.storageKey,
          variantWidths: cardPhoto.variantWidths,
          listingStatus: listings.status,
        })
        .from(listings)
        .innerJoinLateral(cardPhoto, sql`true`)
        .where(inArray(listings.id, ids))
        .orderBy(asc(listings.id), asc(cardPhoto.position))
    : [];
  const byListing = new Map<string, ListingCardPhoto[]>();
  for (const photo of photos) {
    const list = byListing.get(photo.listingId) ?? [];
    list.push(photoUrls(options.storage, photo, photo.listingStatus));
    byListing.set(photo.listingId, list);
  }
  return options.rows.map((row) => ({
    ...row,
    // A string on the wire and in the card ('Publiée il y a 3 jours').
    publishedAt: row.publishedAt instanceof Date ? row.publishedAt.toISOString() : (row.publishedAt ?? null),
    photos: byListing.get(row.id) ?? [],
  }));
}

/** The newest published listings, for the home page. */
export async function listLatestListings(options: {
  db: DbExecutor;
  storage: Storage;
  limit: number;
}): Promise<ListingCardData[]> {
  const rows = await options.db
    .select(cardColumns)
    .from(listings)
    .where(and(eq(listings.status, "published")))
    // Same ordering as the search index (desc nulls last), so the newest come from it directly.
    .orderBy(sql`${listings.publishedAt} desc nulls last`, sql`${listings.id} desc nulls last`)
    .limit(options.limit);
  return withPhotos({ ...options, rows });
}

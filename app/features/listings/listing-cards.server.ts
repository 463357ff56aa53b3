import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listingPhotos, listings } from "~/db/schema";
import type { Storage } from "~/server/storage.server";
import type { ListingCardData, ListingCardPhoto } from "./listing-card-data";
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
};

type CardRow = { [K in keyof typeof cardColumns]: (typeof cardColumns)[K]["_"]["data"] | null } & {
  id: string;
  brand: string;
  model: string;
};

export function photoUrls(storage: Storage, photo: { storageKey: string; variantWidths: number[] }): ListingCardPhoto {
  const widths = photo.variantWidths;
  const medium = widths.find((w) => w >= 480) ?? widths[widths.length - 1] ?? 480;
  return {
    src: storage.url(variantKey(photo.storageKey, medium)),
    srcSet: widths.map((w) => `${storage.url(variantKey(photo.storageKey, w))} ${w}w`).join(", "),
  };
}

/** Adds ordered photos to card rows with one query for the whole page. */
export async function withPhotos(options: {
  db: DbExecutor;
  storage: Storage;
  rows: CardRow[];
}): Promise<ListingCardData[]> {
  const ids = options.rows.map((r) => r.id);
  const photos = ids.length
    ? await options.db
        .select({
          listingId: listingPhotos.listingId,
          storageKey: listingPhotos.storageKey,
          variantWidths: listingPhotos.variantWidths,
        })
        .from(listingPhotos)
        .where(inArray(listingPhotos.listingId, ids))
        .orderBy(asc(listingPhotos.listingId), asc(listingPhotos.position))
    : [];
  const byListing = new Map<string, ListingCardPhoto[]>();
  for (const photo of photos) {
    const list = byListing.get(photo.listingId) ?? [];
    list.push(photoUrls(options.storage, photo));
    byListing.set(photo.listingId, list);
  }
  return options.rows.map((row) => ({ ...row, photos: byListing.get(row.id) ?? [] }));
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

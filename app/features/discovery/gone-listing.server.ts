import { asc, eq } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listingPhotos, listings } from "~/db/schema";
import type { ListingCardData, ListingCardPhoto } from "~/features/listings/listing-card-data";
import { photoUrls } from "~/features/listings/listing-cards.server";
import { isUuid } from "~/db/ids";
import type { Storage } from "~/server/storage.server";
import { findSimilarListings } from "./similar-listings.server";

/**
 * What the URL of a listing that is no longer for sale answers (issue 36), instead of a bare 404
 * for the buyers who saved or shared it. Status 410 and `noindex` either way (route annonce.tsx).
 * - **sold**: 'Ce véhicule a été vendu' with its title, main photo, year, mileage and last price;
 * - **removed** (deleted by its seller or by a moderator): 'Cette annonce n'est plus en ligne',
 *   nothing of its content;
 * both with 'Annonces similaires' of the same model. A listing that was never published (a
 * draft, one refused or withdrawn before publication) stays a 404: it never had a public URL.
 */
export type GoneListing =
  | {
      kind: "sold";
      brand: string;
      model: string;
      year: number | null;
      mileage: number | null;
      price: number | null;
      photo: ListingCardPhoto | null;
      similar: ListingCardData[];
    }
  | { kind: "removed"; similar: ListingCardData[] };

export async function findGoneListing(options: { db: DbExecutor; storage: Storage; listingId: string }): Promise<GoneListing | null> {
  if (!isUuid(options.listingId)) return null;
  const [listing] = await options.db.select().from(listings).where(eq(listings.id, options.listingId)).limit(1);
  if (!listing || !listing.publishedAt || (listing.status !== "sold" && listing.status !== "deleted")) return null;
  const similar = await findSimilarListings({
    db: options.db,
    storage: options.storage,
    to: {
      listingId: listing.id,
      ownerId: listing.ownerId,
      brand: listing.brand,
      model: listing.model,
      vehicleType: listing.vehicleType,
      price: listing.price,
      latitude: listing.latitude,
      longitude: listing.longitude,
    },
  });
  if (listing.status === "deleted") return { kind: "removed", similar };
  const [photo] = await options.db
    .select({ storageKey: listingPhotos.storageKey, variantWidths: listingPhotos.variantWidths })
    .from(listingPhotos)
    .where(eq(listingPhotos.listingId, listing.id))
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

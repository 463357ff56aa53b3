import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { MAX_LISTING_PHOTOS, listingPhotos, listings } from "~/db/schema";
import { photoUrls } from "~/features/listings/listing-cards.server";
import { isPendingPhoto } from "~/features/listings/photo-access.server";
import { AppError } from "~/server/app-error";
import type { Storage } from "~/server/storage.server";
import {
  LISTING_MESSAGES,
  PHOTO_STATUSES,
  assertEditable,
  findOwnedListing,
  requireUserId,
} from "./listing-access.server";
import { countPhotos, type ListingPhotoView } from "./listing-values.server";
import { deleteStoredPhoto, processUploadedPhoto, storeListingPhoto } from "./photo-upload.server";

/**
 * Step 7 (and editing): checks and re-encodes one uploaded file, stores it under a
 * server-generated key and gives it the first free position. The image work happens
 * before the transaction (it takes seconds); the position is allocated under a row lock
 * on the listing, so concurrent uploads can neither exceed MAX_LISTING_PHOTOS (20) nor collide.
 */
export async function addListingPhoto(options: {
  db: Database;
  storage: Storage;
  userId: string | null | undefined;
  listingId: unknown;
  file: Buffer;
}): Promise<{ photo: ListingPhotoView; photoCount: number }> {
  const userId = requireUserId(options.userId);
  const listing = await findOwnedListing({ db: options.db, userId, listingId: options.listingId });
  assertEditable(listing, PHOTO_STATUSES);
  // Cheap early refusal, before spending CPU on the image; re-checked under the lock below.
  if ((await countPhotos(options.db, listing.id)) >= MAX_LISTING_PHOTOS) {
    throw new AppError("conflict", LISTING_MESSAGES.tooManyPhotos);
  }
  const encoded = await processUploadedPhoto(options.file);
  const stored = await storeListingPhoto({ storage: options.storage, listingId: listing.id, photo: encoded });
  try {
    return await options.db.transaction(async (tx) => {
      const locked = await findOwnedListing({ db: tx, userId, listingId: listing.id, lock: true });
      assertEditable(locked, PHOTO_STATUSES);
      const taken = await tx
        .select({ position: listingPhotos.position })
        .from(listingPhotos)
        .where(eq(listingPhotos.listingId, listing.id));
      const used = new Set(taken.map((p) => p.position));
      const position = [...Array(MAX_LISTING_PHOTOS).keys()].find((p) => !used.has(p));
      if (position === undefined) throw new AppError("conflict", LISTING_MESSAGES.tooManyPhotos);
      const [row] = await tx
        .insert(listingPhotos)
        .values({
          listingId: listing.id,
          position,
          ...stored,
          contentHash: createHash("sha256").update(options.file).digest("hex"),
          // Buyers saw the approved listing: a photo added now waits for a moderator like any
          // material change (decision 0053). A draft or pending listing is moderated whole.
          pendingSince: locked.status === "published" ? sql`now()` : null,
        })
        .returning();
      if (!row) throw new Error("addListingPhoto: aucune ligne insérée");
      await tx
        .update(listings)
        .set({ updatedAt: sql`now()` })
        .where(eq(listings.id, listing.id));
      return {
        photo: {
          id: row.id,
          position: row.position,
          width: row.width,
          height: row.height,
          pending: isPendingPhoto(row),
          ...photoUrls(options.storage, row, locked.status),
        },
        photoCount: taken.length + 1,
      };
    });
  } catch (error) {
    await deleteStoredPhoto({ storage: options.storage, ...stored });
    throw error;
  }
}

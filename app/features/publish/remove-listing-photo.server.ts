import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { isUuid } from "~/db/ids";
import { listingPhotos, listings } from "~/db/schema";
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
import { listPhotos, type ListingPhotoView } from "./listing-values.server";
import { deleteStoredPhoto } from "./photo-upload.server";

/**
 * Removes one photo, closes the gap in positions and deletes its stored variants. A
 * submitted listing keeps at least one photo; a draft may go down to none.
 */
export async function removeListingPhoto(options: {
  db: Database;
  storage: Storage;
  userId: string | null | undefined;
  listingId: unknown;
  photoId: unknown;
}): Promise<{ photos: ListingPhotoView[] }> {
  const userId = requireUserId(options.userId);
  const removed = await options.db.transaction(async (tx) => {
    const listing = await findOwnedListing({ db: tx, userId, listingId: options.listingId, lock: true });
    assertEditable(listing, PHOTO_STATUSES);
    const photos = await tx
      .select()
      .from(listingPhotos)
      .where(eq(listingPhotos.listingId, listing.id))
      .orderBy(asc(listingPhotos.position));
    const target =
      typeof options.photoId === "string" && isUuid(options.photoId)
        ? photos.find((p) => p.id === options.photoId)
        : undefined;
    if (!target) throw new AppError("not_found", LISTING_MESSAGES.photoNotFound);
    if (listing.status !== "draft" && photos.length <= 1) throw new AppError("conflict", LISTING_MESSAGES.lastPhoto);
    // Buyers must not be left with no photo while the new ones wait for a moderator (decision 0053).
    if (
      listing.status === "published" &&
      !isPendingPhoto(target) &&
      photos.every((p) => p === target || isPendingPhoto(p))
    ) {
      throw new AppError("conflict", LISTING_MESSAGES.lastApprovedPhoto);
    }
    await tx.delete(listingPhotos).where(eq(listingPhotos.id, target.id));
    // One row at a time, lowest first: the (listing, position) unique index is checked per
    // row, and each row moves into a slot that is already free.
    const remaining = photos.filter((p) => p.id !== target.id);
    for (const [index, photo] of remaining.entries()) {
      if (photo.position !== index) {
        await tx.update(listingPhotos).set({ position: index }).where(eq(listingPhotos.id, photo.id));
      }
    }
    await tx
      .update(listings)
      .set({ updatedAt: sql`now()` })
      .where(eq(listings.id, listing.id));
    return { target, listing };
  });
  // Files go only after the commit: a rolled-back removal must still find its photo.
  await deleteStoredPhoto({ storage: options.storage, ...removed.target });
  return { photos: await listPhotos(options.db, options.storage, removed.listing) };
}

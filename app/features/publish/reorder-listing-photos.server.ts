import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { listingPhotos, listings } from "~/db/schema";
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

/**
 * 'Avancer' / 'Reculer', drag and drop and 'Définir comme principale' (issue 34): the seller
 * sends the full new order of the listing's photo ids; position 0 is the main photo (the
 * card's). All or nothing, under the listing's row lock (the lock uploads and removals take):
 * an order that does not name exactly the listing's photos — one was added or removed
 * meanwhile in another tab — is refused with `conflict`, nothing moved.
 *
 * The (listing, position) unique index is checked row by row and cannot be deferred, and the
 * position check (0–19) leaves no free slot for a swap when 20 photos are stored: the rows are
 * deleted and inserted again with their ids, files and dates, in one transaction. Nothing
 * references a photo row (no foreign key), and no file moves.
 */
export async function reorderListingPhotos(options: {
  db: Database;
  storage: Storage;
  userId: string | null | undefined;
  listingId: unknown;
  photoIds: unknown;
}): Promise<{ photos: ListingPhotoView[] }> {
  const userId = requireUserId(options.userId);
  const listing = await options.db.transaction(async (tx) => {
    const locked = await findOwnedListing({ db: tx, userId, listingId: options.listingId, lock: true });
    assertEditable(locked, PHOTO_STATUSES);
    const rows = await tx
      .select()
      .from(listingPhotos)
      .where(eq(listingPhotos.listingId, locked.id))
      .orderBy(asc(listingPhotos.position));
    const order = validOrder(options.photoIds, rows.map((r) => r.id));
    if (order.every((id, index) => rows[index]!.id === id)) return locked;
    const byId = new Map(rows.map((r) => [r.id, r]));
    await tx.delete(listingPhotos).where(eq(listingPhotos.listingId, locked.id));
    await tx.insert(listingPhotos).values(order.map((id, position) => ({ ...byId.get(id)!, position })));
    await tx
      .update(listings)
      .set({ updatedAt: sql`now()` })
      .where(eq(listings.id, locked.id));
    return locked;
  });
  return { photos: await listPhotos(options.db, options.storage, listing) };
}

/** The ids sent, if they are exactly the stored ones (each once); else `invalid` or `conflict`. */
function validOrder(sent: unknown, stored: string[]): string[] {
  if (!Array.isArray(sent) || !sent.every((id): id is string => typeof id === "string")) {
    throw new AppError("invalid", LISTING_MESSAGES.badPhotoOrder);
  }
  const wanted = new Set(stored);
  if (sent.length !== stored.length || new Set(sent).size !== sent.length || !sent.every((id) => wanted.has(id))) {
    throw new AppError("conflict", LISTING_MESSAGES.photosChanged);
  }
  return sent;
}

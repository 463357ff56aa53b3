import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { listings } from "~/db/schema";
import { findOwnedListing, requireUserId } from "~/features/publish/listing-access.server";
import { enqueueSellerStats } from "~/features/sellers/refresh-seller-stats.server";
import { AppError } from "~/server/app-error";
import type { JobQueue } from "~/server/jobs.server";

/**
 * 'Retirer de la vente' and 'Remettre en vente' (decision 0058): a published listing taken
 * offline for a while (in repair, reserved, awaiting papers) and put back as it was.
 * - Only a published listing goes offline (status `withdrawn`): it leaves search, the dealer
 *   page, similar listings, the sitemap and alerts like any listing not published; its URL
 *   answers 410 'Cette annonce n'est plus en ligne'; favourites and conversations show it
 *   unavailable; its stock reference stays reserved (a re-import updates the same listing).
 * - Offline, its approved content cannot change: the edit form refuses it, and an import's
 *   material change waits for a moderator as for a published listing (listing_revisions).
 * - Put back, it is published at once with the same id, publication date, counters,
 *   favourites and conversations; a change waiting for a moderator keeps waiting.
 */
export const OFFLINE_MESSAGES = {
  unauthenticated: "Vous devez être connecté pour gérer vos annonces.",
  withdrawNotPublished: "Seule une annonce publiée peut être retirée de la vente.",
  restoreNotWithdrawn: "Seule une annonce retirée de la vente peut y être remise.",
} as const;

type OfflineStatus = "published" | "withdrawn";

/** Moves the owner's listings among `ids` that are in `from` to `to`; how many moved. */
async function moveListings(tx: DbExecutor, ownerId: string, ids: string[], from: OfflineStatus, to: OfflineStatus, jobs?: JobQueue): Promise<number> {
  if (ids.length === 0) return 0;
  const changed = await tx
    .update(listings)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(listings.ownerId, ownerId), inArray(listings.id, ids), eq(listings.status, from)))
    .returning({ id: listings.id });
  if (changed.length > 0) await enqueueSellerStats(jobs, tx, [ownerId]);
  return changed.length;
}

/** Takes these published listings offline (the caller checked owner and status); how many went. */
export function takeListingsOffline(tx: DbExecutor, ownerId: string, ids: string[], jobs?: JobQueue): Promise<number> {
  return moveListings(tx, ownerId, ids, "published", "withdrawn", jobs);
}

/** Puts these withdrawn listings back on sale, published as they were approved; how many came back. */
export function putListingsBackOnSale(tx: DbExecutor, ownerId: string, ids: string[], jobs?: JobQueue): Promise<number> {
  return moveListings(tx, ownerId, ids, "withdrawn", "published", jobs);
}

interface OneListing {
  db: Database;
  userId: string | null | undefined;
  listingId: unknown;
  jobs?: JobQueue;
}

/** One listing of 'Mes annonces' (its owner only) moved from `from` to `to`; twice is harmless. */
async function moveOwnListing<T extends OfflineStatus>(options: OneListing, from: OfflineStatus, to: T, refusal: string) {
  const userId = requireUserId(options.userId, OFFLINE_MESSAGES.unauthenticated);
  return options.db.transaction(async (tx) => {
    const listing = await findOwnedListing({ db: tx, userId, listingId: options.listingId, lock: true });
    if (listing.status !== to) {
      if (listing.status !== from) throw new AppError("conflict", refusal);
      await moveListings(tx, userId, [listing.id], from, to, options.jobs);
    }
    return { listingId: listing.id, status: to };
  });
}

/** 'Retirer de la vente' on one listing of 'Mes annonces'. */
export function withdrawListing(options: OneListing): Promise<{ listingId: string; status: "withdrawn" }> {
  return moveOwnListing(options, "published", "withdrawn", OFFLINE_MESSAGES.withdrawNotPublished);
}

/** 'Remettre en vente' on one listing of 'Mes annonces'. */
export function restoreListing(options: OneListing): Promise<{ listingId: string; status: "published" }> {
  return moveOwnListing(options, "withdrawn", "published", OFFLINE_MESSAGES.restoreNotWithdrawn);
}

import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { listings } from "~/db/schema";
import { findOwnedListing, requireUserId } from "~/features/publish/listing-access.server";
import { enqueueSellerStats } from "~/features/sellers/refresh-seller-stats.server";
import { AppError } from "~/server/app-error";
import type { JobQueue } from "~/server/jobs.server";
import { SALE_UNDO_DAYS } from "./hosting-flash";

import { isSoldChannel, SOLD_CHANNEL_MESSAGE, type SoldChannel } from "./sold-channels";

export { SOLD_CHANNELS, type SoldChannel } from "./sold-channels";

export { SALE_UNDO_DAYS };

export const SALE_MESSAGES = {
  unauthenticated: "Vous devez être connecté pour gérer vos annonces.",
  soldNotPublished: "Seule une annonce publiée peut être marquée comme vendue.",
  channel: SOLD_CHANNEL_MESSAGE,
  notSold: "Cette annonce n'est pas marquée comme vendue.",
  undoExpired: `La vente ne peut plus être annulée : elle date de plus de ${SALE_UNDO_DAYS} jours.`,
} as const;

function soldChannel(value: unknown): SoldChannel {
  if (isSoldChannel(value)) return value;
  throw new AppError("invalid", SALE_MESSAGES.channel);
}

/**
 * The seller sold the vehicle: a published listing leaves search, its URL answers 'Ce véhicule
 * a été vendu' (410), and the answer to 'Vendu sur Occazio ?' is kept — only 'oui' counts in the
 * seller's 'N véhicules vendus sur Occazio' (decision 0042). Twice is harmless.
 */
export async function markListingSold(options: {
  db: Database;
  userId: string | null | undefined;
  listingId: unknown;
  /** 'Vendu sur Occazio ?'; absent (callers that do not ask: the demo data) counts like a sale before the question. */
  channel?: unknown;
  jobs?: JobQueue;
}): Promise<{ listingId: string; status: "sold" }> {
  const userId = requireUserId(options.userId, SALE_MESSAGES.unauthenticated);
  return options.db.transaction(async (tx) => {
    const listing = await findOwnedListing({ db: tx, userId, listingId: options.listingId, lock: true });
    // A car taken offline while reserved (decision 0058) may be sold too.
    if (listing.status === "published" || listing.status === "withdrawn") {
      // Asked once the listing is known to be the seller's and for sale.
      const channel = options.channel === undefined ? null : soldChannel(options.channel);
      await tx
        .update(listings)
        .set({ status: "sold", soldAt: sql`now()`, soldChannel: channel, updatedAt: sql`now()` })
        .where(eq(listings.id, listing.id));
      await enqueueSellerStats(options.jobs, tx, [userId]);
    } else if (listing.status !== "sold") {
      throw new AppError("conflict", SALE_MESSAGES.soldNotPublished);
    }
    return { listingId: listing.id, status: "sold" as const };
  });
}

/**
 * 'Annuler la vente' within SALE_UNDO_DAYS of marking it: the listing is published again as it
 * was (no new moderation: nothing of it changed), back in search and at its URL.
 */
export async function undoListingSale(options: {
  db: Database;
  userId: string | null | undefined;
  listingId: unknown;
  jobs?: JobQueue;
}): Promise<{ listingId: string; status: "published" }> {
  const userId = requireUserId(options.userId, SALE_MESSAGES.unauthenticated);
  return options.db.transaction(async (tx) => {
    const listing = await findOwnedListing({ db: tx, userId, listingId: options.listingId, lock: true });
    if (listing.status !== "sold") throw new AppError("conflict", SALE_MESSAGES.notSold);
    const [undone] = await tx
      .update(listings)
      .set({ status: "published", soldAt: null, soldChannel: null, updatedAt: sql`now()` })
      .where(sql`${listings.id} = ${listing.id} and ${listings.soldAt} > now() - make_interval(days => ${SALE_UNDO_DAYS})`)
      .returning({ id: listings.id });
    if (!undone) throw new AppError("conflict", SALE_MESSAGES.undoExpired);
    await enqueueSellerStats(options.jobs, tx, [userId]);
    return { listingId: listing.id, status: "published" as const };
  });
}

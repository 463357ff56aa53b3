import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { isUuid } from "~/db/ids";
import { listingReviewSamples, listings, moderationEvents, proProfiles } from "~/db/schema";
import { enqueueSellerStats } from "~/features/sellers/refresh-seller-stats.server";
import { AppError } from "~/server/app-error";
import { changeProTrust } from "./change-pro-trust.server";
import { decideListing } from "./decide-listing.server";
import { sampleRemovedEmail } from "./moderation-emails";
import { requireModerator, type Notifier, type Viewer } from "./moderator.server";
import { emailRejection, readRejectionReason } from "./rejection-reason.server";
import { tellSellerLive } from "./tell-seller.server";

/**
 * The moderator's decision on a listing drawn for 'Contrôle après publication' (decision 0054).
 * The sample row is taken (`DELETE … RETURNING`) in the decision's transaction: two moderators
 * get one outcome, the second 'déjà contrôlée'. The journal row names the listing and the dealer.
 */

export const REVIEW_SAMPLE_MESSAGES = {
  notFound: "Annonce introuvable.",
  decided: "Cette annonce a déjà été contrôlée (ou n'est plus en ligne) : rechargez la page.",
} as const;

async function noSample(db: Database, listingId: string): Promise<never> {
  const [listing] = await db.select({ id: listings.id }).from(listings).where(eq(listings.id, listingId));
  throw listing
    ? new AppError("conflict", REVIEW_SAMPLE_MESSAGES.decided)
    : new AppError("not_found", REVIEW_SAMPLE_MESSAGES.notFound);
}

/** 'Conforme': the listing stays online as it is; the review is recorded. */
export async function confirmReviewSample(options: { db: Database; viewer: Viewer | null; listingId: string }) {
  const viewer = requireModerator(options.viewer);
  if (!isUuid(options.listingId)) throw new AppError("not_found", REVIEW_SAMPLE_MESSAGES.notFound);
  const confirmed = await options.db.transaction(async (tx) => {
    const [sample] = await tx
      .delete(listingReviewSamples)
      .where(eq(listingReviewSamples.listingId, options.listingId))
      .returning({ ownerId: listingReviewSamples.ownerId });
    if (!sample) return null;
    await tx.insert(moderationEvents).values({
      listingId: options.listingId,
      targetUserId: sample.ownerId,
      moderatorId: viewer.id,
      action: "sample_confirmed",
    });
    return sample;
  });
  if (!confirmed) return noSample(options.db, options.listingId);
  return confirmed;
}

/**
 * 'Retirer l'annonce': offline at once as a refused listing ('rejected', to be corrected — the
 * dealer's next import of a changed row or its edit sends it back to the moderators, an
 * unchanged row leaves it offline), the dealer e-mailed the reason; with `withdrawTrust`, the
 * dealer's trust goes in the same transaction, the reason recorded for both.
 */
export async function removeReviewSample(options: {
  db: Database;
  viewer: Viewer | null;
  listingId: string;
  reasonCode: string;
  reasonText?: string;
  withdrawTrust?: boolean;
  notifier: Notifier;
}) {
  const viewer = requireModerator(options.viewer);
  const { text, reason } = readRejectionReason(options.reasonCode, options.reasonText);
  if (!isUuid(options.listingId)) throw new AppError("not_found", REVIEW_SAMPLE_MESSAGES.notFound);
  let trustWithdrawn = false;
  const listing = await decideListing({
    db: options.db,
    viewer,
    listingId: options.listingId,
    from: "published",
    set: { status: "rejected", rejectionReason: reason },
    action: "sample_removed",
    reasonCode: options.reasonCode,
    reasonText: text,
    journalOwner: true,
    inTransaction: async (tx, row) => {
      const [sample] = await tx
        .delete(listingReviewSamples)
        .where(eq(listingReviewSamples.listingId, row.id))
        .returning({ ownerId: listingReviewSamples.ownerId });
      // Confirmed meanwhile by another moderator: this removal rolls back.
      if (!sample) throw new AppError("conflict", REVIEW_SAMPLE_MESSAGES.decided);
      await emailRejection(options.notifier, tx, row, sampleRemovedEmail, reason, false);
      await enqueueSellerStats(options.notifier.jobs, tx, [row.ownerId]);
      if (options.withdrawTrust) {
        const [profile] = await tx
          .select({ trusted: proProfiles.trusted })
          .from(proProfiles)
          .where(and(eq(proProfiles.userId, row.ownerId), eq(proProfiles.trusted, 1)));
        // Already withdrawn (by another moderator, or from another sample): nothing more to do.
        if (profile) {
          await changeProTrust(tx, {
            viewer,
            userId: row.ownerId,
            trusted: false,
            reason: `Annonce ${row.brand} ${row.model} retirée après contrôle : ${reason}`,
            notifier: options.notifier,
          });
          trustWithdrawn = true;
        }
      }
    },
  });
  tellSellerLive(options.notifier, listing);
  return { listing, trustWithdrawn };
}

import { sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listingReviewSamples, type ListingRevisionChanges, type ReviewSampleKind } from "~/db/schema";
import { DEFAULT_REVIEW_SAMPLE_PERCENT, isSampledForReview } from "./review-sampling";

/**
 * A 'de confiance' dealer's import published a listing, or a material change of one, without a
 * moderator: the draw (review-sampling.ts) decides whether it joins 'Contrôle après publication'.
 * Runs in the transaction that publishes. A listing already waiting for its review keeps its
 * place in the queue and its first 'before' values; what this change adds joins them.
 * Returns whether the listing is (now) sampled.
 */
export async function recordTrustedPublication(
  tx: DbExecutor,
  options: {
    listingId: string;
    ownerId: string;
    /** The listing's import row version (import_fingerprint) after the change. */
    revision: string;
    kind: ReviewSampleKind;
    /** The replaced values of the material fields the change touched. */
    previous?: ListingRevisionChanges;
    photosChanged?: boolean;
    /** TRUSTED_REVIEW_SAMPLE_PERCENT. */
    percent?: number;
  },
): Promise<boolean> {
  const percent = options.percent ?? DEFAULT_REVIEW_SAMPLE_PERCENT;
  if (!isSampledForReview({ listingId: options.listingId, revision: options.revision, percent })) return false;
  const previous = options.previous ?? {};
  const photosChanged = options.photosChanged ?? false;
  await tx
    .insert(listingReviewSamples)
    .values({
      listingId: options.listingId,
      ownerId: options.ownerId,
      kind: options.kind,
      revision: options.revision,
      previous,
      photosChanged,
    })
    .onConflictDoUpdate({
      target: listingReviewSamples.listingId,
      set: {
        revision: options.revision,
        // The older 'before' value of a field wins: the moderator compares with what was reviewed or first published.
        previous: sql`excluded.previous || ${listingReviewSamples.previous}`,
        photosChanged: sql`${listingReviewSamples.photosChanged} or excluded.photos_changed`,
      },
    });
  return true;
}

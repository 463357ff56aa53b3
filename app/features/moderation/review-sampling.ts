import { createHash } from "node:crypto";

/**
 * Which publications of a 'de confiance' dealer are reviewed after the fact (issue 35,
 * decision 0054). The draw is a hash of the listing and of the version of its import row,
 * not a random number: the same change always gives the same answer (the row and the photo job
 * decide the same way, a retried job does not draw again, a test can name the sampled listings),
 * and each new version of a listing is a fresh, independent draw.
 */

/** TRUSTED_REVIEW_SAMPLE_PERCENT's default: one publication in ten. */
export const DEFAULT_REVIEW_SAMPLE_PERCENT = 10;

/** The draw's resolution: 1/100 of a percent (0.01 % is the smallest share that can be set). */
const SCALE = 10_000;

/** A number in [0, 10 000), uniform over listings and versions. */
export function reviewDraw(listingId: string, revision: string): number {
  const digest = createHash("sha256").update(`occazio-review-sample\n${listingId}\n${revision}`).digest();
  return digest.readUInt32BE(0) % SCALE;
}

/** Whether this version of this listing is reviewed when `percent` % of publications are. */
export function isSampledForReview(options: { listingId: string; revision: string; percent: number }): boolean {
  const threshold = Math.round(Math.min(100, Math.max(0, options.percent)) * (SCALE / 100));
  return reviewDraw(options.listingId, options.revision) < threshold;
}

import { createHash } from "node:crypto";
import { and, asc, eq, notInArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  listingPhotos,
  listings,
  stockImportRuns,
  stockPhotoSources,
  type StockPhotoStatus,
} from "~/db/schema";
import { recordTrustedPublication } from "~/features/moderation/record-review-sample.server";
import { recordSearchMatches } from "~/features/saved-searches/match-saved-searches.server";
import { enqueueSellerStats } from "~/features/sellers/refresh-seller-stats.server";
import { deleteStoredPhoto, processUploadedPhoto, storeListingPhoto } from "~/features/publish/photo-upload.server";
import { AppError } from "~/server/app-error";
import type { JobQueue } from "~/server/jobs.server";
import type { Logger } from "~/server/logger.server";
import type { Storage } from "~/server/storage.server";
import { fetchPhoto, PhotoFetchError, type PhotoFetchOptions } from "./safe-fetch.server";
import { isTrustedDealer } from "./trusted-dealer.server";

/**
 * The `stock-photos` job (issue 35): fetches the photos by URL of one imported listing
 * (safe-fetch.server.ts, decision 0047), re-encodes each through the wizard's photo pipeline
 * and puts it at its position. A photo whose server answers 304 to its ETag, or whose bytes
 * hash as last time, is neither stored nor processed again. Once every photo is settled, a new
 * imported listing (a draft) is submitted as the wizard's last step does: pending, or published
 * at once for a 'de confiance' dealer or with AUTO_PUBLISH.
 *
 * A photo that lands on a listing already online waits for a moderator, like one its seller adds
 * in the edit form (decision 0053), unless the dealer is 'de confiance': then it is shown at once
 * and the change is drawn for an after-the-fact review, as a new trusted listing is (decision 0054).
 */

/** Photos fetched by one `stock-photos` job (8 × 20 s at worst: under the queue's 5-minute expiry). */
export const PHOTOS_PER_JOB = 8;

export interface PhotoJobDeps {
  db: Database;
  storage: Storage;
  jobs?: JobQueue;
  logger?: Logger;
  autoPublish?: boolean;
  /** TRUSTED_REVIEW_SAMPLE_PERCENT (decision 0054). */
  reviewSamplePercent?: number;
  /** PHOTO_FETCH_ALLOW_PRIVATE (tests only). */
  allowPrivate?: boolean;
  /** Tests: name resolution. */
  resolve?: PhotoFetchOptions["resolve"];
}

async function countOnRun(db: Database, runId: string | null, fetched: number, failed: number): Promise<void> {
  if (!runId || (fetched === 0 && failed === 0)) return;
  await db
    .update(stockImportRuns)
    .set({
      photosFetched: sql`${stockImportRuns.photosFetched} + ${fetched}`,
      photosFailed: sql`${stockImportRuns.photosFailed} + ${failed}`,
    })
    .where(eq(stockImportRuns.id, runId));
}

export async function fetchListingPhotos(
  deps: PhotoJobDeps,
  payload: { listingId: string; runId: string | null },
): Promise<void> {
  const { db, storage } = deps;
  const [listing] = await db.select().from(listings).where(eq(listings.id, payload.listingId));
  if (!listing || listing.status === "sold" || listing.status === "deleted") return;
  const sources = await db
    .select()
    .from(stockPhotoSources)
    .where(eq(stockPhotoSources.listingId, listing.id))
    .orderBy(asc(stockPhotoSources.position));
  let fetched = 0;
  let failed = 0;
  const pending = sources.filter((source) => source.status === "pending");
  // At most PHOTOS_PER_JOB photos per job (20 s each at worst): a job stays well inside the
  // queue's 5-minute expiry; the rest goes to the next job of this listing.
  for (const source of pending.slice(0, PHOTOS_PER_JOB)) {
    const settle = (status: StockPhotoStatus, set: Partial<typeof stockPhotoSources.$inferInsert> = {}) =>
      db
        .update(stockPhotoSources)
        .set({ status, fetchedAt: sql`now()`, ...set })
        .where(and(eq(stockPhotoSources.id, source.id), eq(stockPhotoSources.url, source.url)));
    try {
      const result = await fetchPhoto(source.url, {
        allowPrivate: deps.allowPrivate,
        etag: source.photoId ? source.etag : null,
        lastModified: source.photoId ? source.lastModified : null,
        resolve: deps.resolve,
      });
      if (result.notModified) {
        await settle("fetched", { failureReason: null });
        continue;
      }
      const contentHash = createHash("sha256").update(result.body).digest("hex");
      const meta = { etag: result.etag, lastModified: result.lastModified, contentHash, failureReason: null };
      if (source.photoId && source.contentHash === contentHash) {
        // Same bytes as the photo already made from this address: nothing to process.
        await settle("fetched", meta);
        continue;
      }
      // A new address for the very photo already at this position (a dealer's software that signs
      // or renames its links at each export): nothing changed for buyers, nothing to re-moderate.
      const [atPosition] = await db
        .select({ id: listingPhotos.id, contentHash: listingPhotos.contentHash })
        .from(listingPhotos)
        .where(and(eq(listingPhotos.listingId, listing.id), eq(listingPhotos.position, source.position)));
      if (atPosition && atPosition.contentHash === contentHash) {
        await settle("fetched", { ...meta, photoId: atPosition.id });
        continue;
      }
      const encoded = await processUploadedPhoto(result.body);
      const stored = await storeListingPhoto({ storage, listingId: listing.id, photo: encoded });
      let replaced: { storageKey: string; variantWidths: number[] } | undefined;
      try {
        await db.transaction(async (tx) => {
          // Under the listing's lock, as addListingPhoto: its status now decides whether the photo waits.
          const [current] = await tx
            .select({ status: listings.status, ownerId: listings.ownerId, revision: listings.importFingerprint })
            .from(listings)
            .where(eq(listings.id, listing.id))
            .for("update");
          const online = current?.status === "published";
          const trusted = online && (await isTrustedDealer(tx, current.ownerId));
          const [old] = await tx
            .delete(listingPhotos)
            .where(and(eq(listingPhotos.listingId, listing.id), eq(listingPhotos.position, source.position)))
            .returning({ storageKey: listingPhotos.storageKey, variantWidths: listingPhotos.variantWidths });
          replaced = old;
          const [photo] = await tx
            .insert(listingPhotos)
            .values({
              listingId: listing.id,
              position: source.position,
              ...stored,
              contentHash,
              pendingSince: online && !trusted ? sql`now()` : null,
            })
            .returning({ id: listingPhotos.id });
          await tx
            .update(stockPhotoSources)
            .set({ status: "fetched", fetchedAt: sql`now()`, photoId: photo!.id, ...meta })
            .where(eq(stockPhotoSources.id, source.id));
          await tx
            .update(listings)
            .set({ updatedAt: sql`now()` })
            .where(eq(listings.id, listing.id));
          if (trusted) {
            await recordTrustedPublication(tx, {
              listingId: listing.id,
              ownerId: current.ownerId,
              revision: current.revision ?? contentHash,
              kind: "updated",
              photosChanged: true,
              percent: deps.reviewSamplePercent,
            });
          }
        });
      } catch (error) {
        await deleteStoredPhoto({ storage, ...stored });
        throw error;
      }
      if (replaced) await deleteStoredPhoto({ storage, ...replaced });
      fetched++;
    } catch (error) {
      if (!(error instanceof PhotoFetchError) && !(error instanceof AppError)) throw error;
      deps.logger?.info({ listingId: listing.id, url: source.url, reason: error.message }, "photo importée refusée");
      await settle("failed", { failureReason: error.message.slice(0, 300) });
      failed++;
    }
  }
  await countOnRun(db, payload.runId, fetched, failed);
  if (pending.length > PHOTOS_PER_JOB && deps.jobs) {
    await deps.jobs.enqueue("stock-photos", payload, { singletonKey: listing.id });
    return;
  }
  await removeDroppedPhotos(deps, listing.id);
  await submitWhenReady(deps, listing.id);
}

/** Photos at positions the file no longer lists (their source rows were removed by the import). */
async function removeDroppedPhotos(deps: PhotoJobDeps, listingId: string): Promise<void> {
  const kept = (
    await deps.db
      .select({ position: stockPhotoSources.position })
      .from(stockPhotoSources)
      .where(eq(stockPhotoSources.listingId, listingId))
  ).map((s) => s.position);
  if (kept.length === 0) return;
  const removed = await deps.db
    .delete(listingPhotos)
    .where(and(eq(listingPhotos.listingId, listingId), notInArray(listingPhotos.position, kept)))
    .returning({ storageKey: listingPhotos.storageKey, variantWidths: listingPhotos.variantWidths });
  for (const photo of removed) await deleteStoredPhoto({ storage: deps.storage, ...photo });
}

/** An imported draft with at least one photo, all its photos settled: submitted as the wizard's last step. */
async function submitWhenReady(deps: PhotoJobDeps, listingId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [listing] = await tx.select().from(listings).where(eq(listings.id, listingId)).for("update");
    if (!listing || listing.status !== "draft" || listing.stockReference === null) return;
    const pending = await tx
      .select({ id: stockPhotoSources.id })
      .from(stockPhotoSources)
      .where(and(eq(stockPhotoSources.listingId, listingId), eq(stockPhotoSources.status, "pending")));
    if (pending.length > 0) return;
    const [photos] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(listingPhotos)
      .where(eq(listingPhotos.listingId, listingId));
    if (!photos || photos.n < 1) return;
    const trusted = await isTrustedDealer(tx, listing.ownerId);
    const publish = deps.autoPublish || trusted;
    const status = publish ? "published" : "pending";
    await tx
      .update(listings)
      .set({ status, submittedAt: sql`now()`, publishedAt: publish ? sql`now()` : null, updatedAt: sql`now()` })
      .where(eq(listings.id, listingId));
    if (publish) {
      await recordSearchMatches({ db: tx, listingId, jobs: deps.jobs });
      await enqueueSellerStats(deps.jobs, tx, [listing.ownerId]);
    }
    // Published without a moderator because the dealer is trusted: drawn for a review.
    if (trusted) {
      await recordTrustedPublication(tx, {
        listingId,
        ownerId: listing.ownerId,
        revision: listing.importFingerprint ?? listingId,
        kind: "created",
        percent: deps.reviewSamplePercent,
      });
    }
  });
}

export function stockPhotosHandler(deps: PhotoJobDeps) {
  return async (payload: { listingId: string; runId: string | null }) => fetchListingPhotos(deps, payload);
}

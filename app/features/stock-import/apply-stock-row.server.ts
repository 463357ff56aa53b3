import { and, eq, inArray, isNotNull, notInArray, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listingRevisions, listings, stockPhotoSources, type Listing, type ListingRevisionChanges } from "~/db/schema";
import {
  MATERIAL_FIELDS,
  materialChanges,
  recordPriceChange,
  savePendingRevision,
} from "~/features/moderation/listing-revisions.server";
import { recordTrustedPublication } from "~/features/moderation/record-review-sample.server";
import { noticePriceDrop, type PriceDropNotifier } from "~/features/price-drops/notice-price-drop.server";
import { createStockListings } from "./create-stock-listings.server";
import type { ImportedVehicle } from "./parse-stock-file";

/**
 * One imported vehicle applied to the dealer's stock, keyed by its reference (issue 35,
 * decision 0046), inside the run's batch transaction:
 * - a new reference creates a listing, complete like a wizard's last step; it waits for its
 *   photos as a draft and is submitted (pending, or published for a 'de confiance' dealer)
 *   by the photo job once they are fetched (fetch-listing-photos.server.ts);
 * - a changed row updates it as 'Modifier mon annonce' does: the price at once (price history,
 *   favourites told of a drop), material changes of a published listing wait for a moderator
 *   (listing_revisions) unless the dealer is 'de confiance', whose change is published at once
 *   and drawn for an after-the-fact review (decision 0054); a listing the dealer took offline
 *   ('Hors ligne', decision 0058) is updated like a published one and stays offline;
 * - the same row as last time (same fingerprint) writes nothing.
 */

export type RowOutcome =
  | { kind: "created" | "updated"; listingId: string; photosToFetch: boolean }
  | { kind: "unchanged"; listingId: string }
  | { kind: "rejected"; reason: string };

/** The vehicle's facts that 'Modifier mon annonce' cannot change on a published listing. */
const FIXED_WHEN_PUBLISHED = [
  "year",
  "firstRegistration",
  "vehicleType",
  "fuel",
  "gearbox",
  "fiscalPower",
  "dinPower",
  "doors",
  "seats",
  "color",
  "licenseStatus",
  "vehicleCondition",
] as const;

const FIXED_LABELS: Record<(typeof FIXED_WHEN_PUBLISHED)[number], string> = {
  year: "année",
  firstRegistration: "mise en circulation",
  vehicleType: "carrosserie",
  fuel: "énergie",
  gearbox: "boîte",
  fiscalPower: "puissance fiscale",
  dinPower: "puissance",
  doors: "portes",
  seats: "places",
  color: "couleur",
  licenseStatus: "permis",
  vehicleCondition: "état",
};

export interface ApplyContext {
  ownerId: string;
  /** 'De confiance' (pro_profiles.trusted): material changes of published listings apply at once. */
  trusted: boolean;
  /** TRUSTED_REVIEW_SAMPLE_PERCENT: the share of those changes reviewed after publication. */
  reviewSamplePercent?: number;
  priceDrops?: PriceDropNotifier;
}

/** The dealer's live listings (not sold, not deleted) carrying these references, by reference. */
export async function listingsByReference(
  tx: DbExecutor,
  ownerId: string,
  references: string[],
): Promise<Map<string, Listing>> {
  if (references.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(listings)
    .where(
      and(
        eq(listings.ownerId, ownerId),
        isNotNull(listings.stockReference),
        inArray(listings.stockReference, references),
        notInArray(listings.status, ["sold", "deleted"]),
      ),
    )
    .for("update");
  return new Map(rows.map((row) => [row.stockReference!, row]));
}

/** Records the photo addresses of a listing; true when some must be fetched (new or moved). */
async function savePhotoSources(
  tx: DbExecutor,
  listingId: string,
  urls: string[],
  runId: string | null,
): Promise<boolean> {
  // No address in the row (a file of price updates, an empty cell): the car keeps its photos.
  if (urls.length === 0) return false;
  const existing = await tx.select().from(stockPhotoSources).where(eq(stockPhotoSources.listingId, listingId));
  let toFetch = false;
  for (const [position, url] of urls.entries()) {
    const current = existing.find((s) => s.position === position);
    if (current?.url === url && current.status !== "failed") continue;
    toFetch = true;
    await tx
      .insert(stockPhotoSources)
      .values({ listingId, position, url, runId })
      .onConflictDoUpdate({
        target: [stockPhotoSources.listingId, stockPhotoSources.position],
        // Another address at this position: its ETag and hash no longer apply.
        set: {
          url,
          runId,
          status: "pending",
          failureReason: null,
          etag: null,
          lastModified: null,
          contentHash: current?.url === url ? current.contentHash : null,
        },
      });
  }
  // Positions the file no longer lists: forgotten here, their listing photos removed by the photo job.
  const dropped = existing.filter((s) => s.position >= urls.length).map((s) => s.id);
  if (dropped.length > 0) {
    await tx.delete(stockPhotoSources).where(inArray(stockPhotoSources.id, dropped));
    toFetch = true;
  }
  return toFetch;
}

export async function applyStockRow(
  tx: DbExecutor,
  context: ApplyContext,
  vehicle: ImportedVehicle,
  existing: Listing | undefined,
  runId: string | null,
): Promise<RowOutcome> {
  // A new reference: created as a batch's new references are (one code path, decision 0055).
  if (!existing) return (await createStockListings(tx, context, [vehicle], runId)).get(vehicle.reference)!;
  // sellerKind is the schema's input for the warranty rule, not a column written here (the listing's is kept).
  const { sellerKind: _sellerKind, ...values } = vehicle.values;
  if (existing.importFingerprint === vehicle.fingerprint) return { kind: "unchanged", listingId: existing.id };

  // A listing taken offline (decision 0058) keeps its approved content like a published one.
  const approved = existing.status === "published" || existing.status === "withdrawn";
  if (approved) {
    const fixed = FIXED_WHEN_PUBLISHED.filter((field) => (existing[field] ?? null) !== (values[field] ?? null));
    if (fixed.length > 0) {
      return {
        kind: "rejected",
        reason: `ligne ${vehicle.line} : ${fixed.map((f) => FIXED_LABELS[f]).join(", ")} d'une annonce publiée ne se modifie pas ; retirez-la et importez le véhicule sous une nouvelle référence`,
      };
    }
  }
  const priceChangeId = await recordPriceChange(tx, existing.id, existing.price, values.price);
  await noticePriceDrop(tx, { listing: existing, newPrice: values.price, priceChangeId, notifier: context.priceDrops });
  const material: ListingRevisionChanges = {};
  for (const field of MATERIAL_FIELDS) (material as Record<string, unknown>)[field] = values[field];
  if (approved && !context.trusted) {
    // Bait-and-switch guard, as for the edit form: buyers keep the approved version meanwhile.
    await savePendingRevision(tx, existing, material);
    await tx
      .update(listings)
      .set({ price: values.price, importFingerprint: vehicle.fingerprint, updatedAt: sql`now()` })
      .where(eq(listings.id, existing.id));
  } else {
    const resubmit = existing.status === "rejected";
    // A trusted dealer's material change goes live now: what it replaces is kept for the review.
    const liveChanges = approved ? materialChanges(existing, material) : {};
    await tx
      .update(listings)
      .set({
        ...values,
        importFingerprint: vehicle.fingerprint,
        ...(resubmit ? { status: "pending" as const, submittedAt: sql`now()`, rejectionReason: null } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(listings.id, existing.id));
    if (approved) {
      await tx.delete(listingRevisions).where(eq(listingRevisions.listingId, existing.id));
      const changed = Object.keys(liveChanges) as (keyof ListingRevisionChanges)[];
      if (changed.length > 0) {
        await recordTrustedPublication(tx, {
          listingId: existing.id,
          ownerId: existing.ownerId,
          revision: vehicle.fingerprint,
          kind: "updated",
          previous: Object.fromEntries(changed.map((field) => [field, existing[field] ?? null])) as ListingRevisionChanges,
          percent: context.reviewSamplePercent,
        });
      }
    }
  }
  const photosToFetch = await savePhotoSources(tx, existing.id, vehicle.photoUrls, runId);
  return { kind: "updated", listingId: existing.id, photosToFetch };
}

import { and, eq, inArray, isNotNull, notInArray, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listingRevisions, listings, stockPhotoSources, type Listing, type ListingRevisionChanges } from "~/db/schema";
import {
  MATERIAL_FIELDS,
  recordPriceChange,
  savePendingRevision,
} from "~/features/moderation/listing-revisions.server";
import { noticePriceDrop, type PriceDropNotifier } from "~/features/price-drops/notice-price-drop.server";
import type { ImportedVehicle } from "./parse-stock-file";

/**
 * One imported vehicle applied to the dealer's stock, keyed by its reference (issue 35,
 * decision 0046), inside the run's batch transaction:
 * - a new reference creates a listing, complete like a wizard's last step; it waits for its
 *   photos as a draft and is submitted (pending, or published for a 'de confiance' dealer)
 *   by the photo job once they are fetched (fetch-listing-photos.server.ts);
 * - a changed row updates it as 'Modifier mon annonce' does: the price at once (price history,
 *   favourites told of a drop), material changes of a published listing wait for a moderator
 *   (listing_revisions) unless the dealer is 'de confiance';
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
  // sellerKind is the schema's input for the warranty rule, not a column written here (the listing's is set below / kept).
  const { sellerKind: _sellerKind, ...values } = vehicle.values;
  if (!existing) {
    if (vehicle.photoUrls.length === 0) {
      return {
        kind: "rejected",
        reason: `ligne ${vehicle.line} : au moins une photo est obligatoire (colonne photos)`,
      };
    }
    const [row] = await tx
      .insert(listings)
      .values({
        ...values,
        ownerId: context.ownerId,
        sellerKind: "pro",
        // A draft until its photos are fetched: the photo job submits it (as the wizard's last step).
        status: "draft",
        draftStep: 8,
        stockReference: vehicle.reference,
        importFingerprint: vehicle.fingerprint,
      })
      .returning({ id: listings.id });
    if (!row) throw new Error("applyStockRow: aucune ligne insérée");
    await savePhotoSources(tx, row.id, vehicle.photoUrls, runId);
    return { kind: "created", listingId: row.id, photosToFetch: true };
  }
  if (existing.importFingerprint === vehicle.fingerprint) return { kind: "unchanged", listingId: existing.id };

  if (existing.status === "published") {
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
  if (existing.status === "published" && !context.trusted) {
    // Bait-and-switch guard, as for the edit form: buyers keep the approved version meanwhile.
    await savePendingRevision(tx, existing, material);
    await tx
      .update(listings)
      .set({ price: values.price, importFingerprint: vehicle.fingerprint, updatedAt: sql`now()` })
      .where(eq(listings.id, existing.id));
  } else {
    const resubmit = existing.status === "rejected";
    await tx
      .update(listings)
      .set({
        ...values,
        importFingerprint: vehicle.fingerprint,
        ...(resubmit ? { status: "pending" as const, submittedAt: sql`now()`, rejectionReason: null } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(listings.id, existing.id));
    if (existing.status === "published")
      await tx.delete(listingRevisions).where(eq(listingRevisions.listingId, existing.id));
  }
  const photosToFetch = await savePhotoSources(tx, existing.id, vehicle.photoUrls, runId);
  return { kind: "updated", listingId: existing.id, photosToFetch };
}

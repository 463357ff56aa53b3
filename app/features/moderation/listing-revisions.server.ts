/**
 * Re-moderation of published listings (issue 11, "bait-and-switch"): a seller's material
 * changes to a published listing wait in `listing_revisions` while buyers keep seeing the
 * approved version; a moderator applies or discards them. Price changes apply at once and
 * are kept in `listing_price_history`; large ones are flagged in the moderation queue.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { isUuid } from "~/db/ids";
import {
  listingPhotos,
  listingPriceHistory,
  listingRevisions,
  listings,
  moderationEvents,
  type Listing,
  type ListingRevisionChanges,
} from "~/db/schema";
import { INSPECTION_RESULT_LABELS, type InspectionResult } from "~/features/catalogue/inspection-results";
import { listingPath } from "~/features/listings/listing-seo";
import { photoUrls } from "~/features/listings/listing-cards.server";
import { isPendingPhoto } from "~/features/listings/photo-access.server";
import type { Storage } from "~/server/storage.server";
import { deleteStoredPhoto } from "~/features/publish/photo-upload.server";
import { AppError } from "~/server/app-error";
import { revisionRejectedEmail, revisionValidatedEmail } from "./moderation-emails";
import { requireModerator, type Notifier, type Viewer } from "./moderator.server";
import { emailRejection, readRejectionReason } from "./rejection-reason.server";
import { emailSeller, tellSellerLive } from "./tell-seller.server";
import { equipmentLabel } from "~/features/catalogue/equipment";
import type { PendingRevisionItem, PriceChangeItem } from "./moderation-data";

/** Fields whose change on a published listing needs a moderator again (the price does not). */
export const MATERIAL_FIELDS = [
  "brand",
  "model",
  "description",
  "mileage",
  "city",
  "postalCode",
  "latitude",
  "longitude",
  // Issue 34: the Euro standard moves the Crit'Air class buyers filter on; the inspection and
  // the owners are facts a buyer relies on.
  "euroNorm",
  "inspectionDate",
  "inspectionResult",
  "ownerCount",
  // Issue 34, second slice (decision 0043): equipment buyers filter on, warranty, history.
  "equipment",
  "serviceHistory",
  "warrantyMonths",
  "warrantyKind",
  "nonSmoker",
  "histovecUrl",
] as const;
type MaterialField = (typeof MATERIAL_FIELDS)[number];

export const MATERIAL_FIELD_LABELS: Record<MaterialField, string> = {
  brand: "Marque",
  model: "Modèle",
  description: "Description",
  mileage: "Kilométrage",
  city: "Ville",
  postalCode: "Code postal",
  latitude: "Latitude",
  longitude: "Longitude",
  euroNorm: "Norme Euro",
  inspectionDate: "Date du contrôle technique",
  inspectionResult: "Résultat du contrôle technique",
  ownerCount: "Nombre de propriétaires",
  equipment: "Équipements",
  serviceHistory: "Carnet d'entretien à jour",
  warrantyMonths: "Garantie (mois)",
  warrantyKind: "Type de garantie",
  nonSmoker: "Véhicule non fumeur",
  histovecUrl: "Rapport HistoVec",
};

/** A price change by more than this share (either way) is flagged to moderators. */
export const LARGE_PRICE_CHANGE = 0.3;

/** The material fields of `wanted` that differ from the approved `current` row. */
export function materialChanges(current: Listing, wanted: ListingRevisionChanges): ListingRevisionChanges {
  const changes: Record<string, unknown> = {};
  for (const field of MATERIAL_FIELDS) {
    const value = wanted[field];
    if (value === undefined) continue;
    // Arrays (the equipment) compare by their items whatever their order: the form sends the
    // vocabulary's order, imports and older listings stored theirs.
    const comparable = (v: unknown) => JSON.stringify(Array.isArray(v) ? [...(v as unknown[])].map(String).sort() : (v ?? null));
    if (comparable(current[field]) !== comparable(value)) changes[field] = value;
  }
  // Coordinates come from the postal-code reference: they move with the place, not alone.
  if (changes.city === undefined && changes.postalCode === undefined) {
    delete changes.latitude;
    delete changes.longitude;
  }
  return changes as ListingRevisionChanges;
}

/**
 * Stores the material changes of a published listing as its pending revision (replacing an
 * older one), or drops the pending revision when the seller went back to the approved values.
 * Runs inside the edit's transaction.
 */
export async function savePendingRevision(tx: DbExecutor, current: Listing, wanted: ListingRevisionChanges): Promise<boolean> {
  const changes = materialChanges(current, wanted);
  if (Object.keys(changes).length === 0) {
    await tx.delete(listingRevisions).where(eq(listingRevisions.listingId, current.id));
    return false;
  }
  await tx
    .insert(listingRevisions)
    .values({ listingId: current.id, changes })
    .onConflictDoUpdate({ target: listingRevisions.listingId, set: { changes, submittedAt: sql`now()` } });
  return true;
}

/** Records a price change (applied at once by the caller); the history row's id, or null when the price is unchanged. */
export async function recordPriceChange(
  tx: DbExecutor,
  listingId: string,
  oldPrice: number | null,
  newPrice: number | null,
): Promise<string | null> {
  if ((oldPrice ?? null) === (newPrice ?? null)) return null;
  const [row] = await tx.insert(listingPriceHistory).values({ listingId, oldPrice, newPrice }).returning({ id: listingPriceHistory.id });
  return row?.id ?? null;
}

export async function pendingRevisionOf(db: DbExecutor, listingId: string): Promise<ListingRevisionChanges | null> {
  const [row] = await db
    .select({ changes: listingRevisions.changes })
    .from(listingRevisions)
    .where(eq(listingRevisions.listingId, listingId));
  return row?.changes ?? null;
}

const shown = (value: unknown): string => (value === null || value === undefined || value === "" ? "—" : String(value));

/** The inspection's result as the seller chose it ('Favorable'…), not its stored code. */
export const shownField = (field: MaterialField, value: unknown): string =>
  field === "inspectionResult" && typeof value === "string" && value in INSPECTION_RESULT_LABELS
    ? INSPECTION_RESULT_LABELS[value as InspectionResult]
    : Array.isArray(value)
      ? value.length
        ? value.map((slug) => equipmentLabel(String(slug))).join(", ")
        : "—"
      : typeof value === "boolean"
        ? value
          ? "Oui"
          : "Non"
        : shown(value);

/**
 * Pending changes of published listings, oldest first: material fields (a diff against the
 * approved version) and photos added since the approval (decision 0053), one item per listing.
 */
export async function listPendingRevisions(options: {
  db: DbExecutor;
  storage: Storage;
  viewer: Viewer | null;
}): Promise<PendingRevisionItem[]> {
  requireModerator(options.viewer);
  const [revisionRows, photoListings] = await Promise.all([
    options.db
      .select({ listing: listings, changes: listingRevisions.changes, submittedAt: listingRevisions.submittedAt })
      .from(listingRevisions)
      .innerJoin(listings, eq(listings.id, listingRevisions.listingId))
      .where(eq(listings.status, "published"))
      .orderBy(listingRevisions.submittedAt)
      .limit(100),
    options.db
      .select({
        listingId: listingPhotos.listingId,
        since: sql<Date>`min(${listingPhotos.pendingSince})`.mapWith(listingPhotos.pendingSince),
      })
      .from(listingPhotos)
      .innerJoin(listings, eq(listings.id, listingPhotos.listingId))
      .where(and(isNotNull(listingPhotos.pendingSince), eq(listings.status, "published")))
      .groupBy(listingPhotos.listingId)
      .orderBy(sql`min(${listingPhotos.pendingSince})`)
      .limit(100),
  ]);
  const withRevision = new Set(revisionRows.map((r) => r.listing.id));
  const photosOnly = photoListings.filter((p) => !withRevision.has(p.listingId));
  const photoOnlyRows = photosOnly.length
    ? await options.db
        .select()
        .from(listings)
        .where(
          inArray(
            listings.id,
            photosOnly.map((p) => p.listingId),
          ),
        )
    : [];
  const photoSince = new Map(photoListings.map((p) => [p.listingId, p.since]));
  const items = [
    ...revisionRows,
    ...photoOnlyRows.map((listing) => ({
      listing,
      changes: {} as ListingRevisionChanges,
      submittedAt: photoSince.get(listing.id)!,
    })),
  ];
  const ids = items.map((i) => i.listing.id);
  // Every photo of the listings that have new ones, in the seller's order: the moderator sees
  // where each new photo would go, the main photo included.
  const withNewPhotos = ids.filter((id) => photoSince.has(id));
  const photos = withNewPhotos.length
    ? await options.db
        .select()
        .from(listingPhotos)
        .where(inArray(listingPhotos.listingId, withNewPhotos))
        .orderBy(asc(listingPhotos.listingId), asc(listingPhotos.position))
    : [];
  return items
    .map(({ listing, changes, submittedAt }) => {
      const since = photoSince.get(listing.id);
      const changedAt = since && since < submittedAt ? since : submittedAt;
      return {
        listingId: listing.id,
        brand: listing.brand,
        model: listing.model,
        year: listing.year,
        city: listing.city,
        path: listingPath(listing),
        submittedAt: changedAt.toISOString(),
        diff: MATERIAL_FIELDS.filter((f) => changes[f] !== undefined && f !== "latitude" && f !== "longitude").map(
          (f) => ({
            field: f,
            label: MATERIAL_FIELD_LABELS[f],
            before: shownField(f, listing[f]),
            after: shownField(f, changes[f]),
          }),
        ),
        photos: photos
          .filter((p) => p.listingId === listing.id)
          .map((p) => ({ id: p.id, isNew: isPendingPhoto(p), ...photoUrls(options.storage, p, listing.status) })),
      };
    })
    .sort((a, b) => a.submittedAt.localeCompare(b.submittedAt));
}

/** Price changes of published listings by more than LARGE_PRICE_CHANGE in the last 30 days, newest first. */
export async function listLargePriceChanges(options: { db: DbExecutor; viewer: Viewer | null }): Promise<PriceChangeItem[]> {
  requireModerator(options.viewer);
  const since = new Date(Date.now() - 30 * 24 * 3600_000);
  const rows = await options.db
    .select({ listing: listings, history: listingPriceHistory })
    .from(listingPriceHistory)
    .innerJoin(listings, eq(listings.id, listingPriceHistory.listingId))
    .where(
      and(
        eq(listings.status, "published"),
        gte(listingPriceHistory.changedAt, since),
        sql`${listingPriceHistory.oldPrice} > 0 and abs(${listingPriceHistory.newPrice} - ${listingPriceHistory.oldPrice}) > ${LARGE_PRICE_CHANGE}::numeric * ${listingPriceHistory.oldPrice}`,
      ),
    )
    .orderBy(desc(listingPriceHistory.changedAt))
    .limit(50);
  return rows.map(({ listing, history }) => ({
    listingId: listing.id,
    brand: listing.brand,
    model: listing.model,
    year: listing.year,
    city: listing.city,
    path: listingPath(listing),
    oldPrice: history.oldPrice,
    newPrice: history.newPrice,
    change: ((history.newPrice ?? 0) - (history.oldPrice ?? 0)) / (history.oldPrice || 1),
    changedAt: history.changedAt.toISOString(),
  }));
}

const ALREADY_HANDLED = "Cette modification a déjà été traitée.";

/**
 * Takes the listing's pending change — its revision and the new photos the moderator saw
 * (`photoIds`; all of them when not given) — and records the decision, in one transaction under
 * the listing's row lock, so two moderators get one outcome. Validation applies the revision and
 * makes the photos public; refusal discards both (the photos' rows here, their files after the
 * commit). A photo the seller added after the page was loaded stays pending.
 */
async function decideRevision(
  db: Database,
  viewer: Viewer,
  listingId: string,
  action: "revision_validated" | "revision_rejected",
  photoIds: readonly string[] | undefined,
  reason?: { code: string; text: string | null },
  /** Runs in the decision's transaction (the seller's e-mail). */
  inTransaction?: (tx: DbExecutor, listing: typeof listings.$inferSelect) => Promise<void>,
) {
  if (!isUuid(listingId)) throw new AppError("not_found", "Annonce introuvable.");
  const seen = photoIds?.filter(isUuid);
  return db.transaction(async (tx) => {
    const [listing] = await tx.select().from(listings).where(eq(listings.id, listingId)).for("update");
    if (!listing) throw new AppError("not_found", "Annonce introuvable.");
    const [revision] = await tx
      .delete(listingRevisions)
      .where(eq(listingRevisions.listingId, listingId))
      .returning({ changes: listingRevisions.changes });
    const newPhotos =
      seen && seen.length === 0
        ? []
        : await tx
            .select({ id: listingPhotos.id })
            .from(listingPhotos)
            .where(
              and(
                eq(listingPhotos.listingId, listingId),
                isNotNull(listingPhotos.pendingSince),
                seen ? inArray(listingPhotos.id, seen) : undefined,
              ),
            );
    if (!revision && newPhotos.length === 0) throw new AppError("conflict", ALREADY_HANDLED);
    const newIds = newPhotos.map((p) => p.id);
    let applied = listing;
    let removedFiles: { storageKey: string; variantWidths: number[] }[] = [];
    if (action === "revision_validated" && listing.status === "published") {
      if (revision) {
        const [row] = await tx
          .update(listings)
          .set({ ...revision.changes, updatedAt: sql`now()` })
          .where(eq(listings.id, listingId))
          .returning();
        if (row) applied = row;
      }
      if (newIds.length)
        await tx.update(listingPhotos).set({ pendingSince: null }).where(inArray(listingPhotos.id, newIds));
    } else if (newIds.length) {
      removedFiles = await tx
        .delete(listingPhotos)
        .where(inArray(listingPhotos.id, newIds))
        .returning({ storageKey: listingPhotos.storageKey, variantWidths: listingPhotos.variantWidths });
      await repackPositions(tx, listingId);
    }
    await tx.insert(moderationEvents).values({
      listingId,
      moderatorId: viewer.id,
      action,
      reasonCode: reason?.code ?? null,
      reasonText: reason?.text ?? null,
    });
    await inTransaction?.(tx, applied);
    return { listing: applied, removedFiles };
  });
}

/** Positions 0…n-1 again after refused photos left holes (one row at a time, lowest first). */
async function repackPositions(tx: DbExecutor, listingId: string) {
  const rest = await tx
    .select({ id: listingPhotos.id, position: listingPhotos.position })
    .from(listingPhotos)
    .where(eq(listingPhotos.listingId, listingId))
    .orderBy(asc(listingPhotos.position));
  for (const [index, photo] of rest.entries()) {
    if (photo.position !== index)
      await tx.update(listingPhotos).set({ position: index }).where(eq(listingPhotos.id, photo.id));
  }
}

/** Applies the pending revision and new photos: buyers see the new version from now on. */
export async function validateRevision(options: {
  db: Database;
  viewer: Viewer | null;
  listingId: string;
  /** The new photos shown to the moderator; undefined = every photo waiting. */
  photoIds?: readonly string[];
  notifier: Notifier;
}) {
  const viewer = requireModerator(options.viewer);
  const { listing } = await decideRevision(
    options.db,
    viewer,
    options.listingId,
    "revision_validated",
    options.photoIds,
    undefined,
    (tx, row) => {
      const url = `${options.notifier.publicUrl}${listingPath(row)}`;
      return emailSeller(
        options.notifier,
        tx,
        row,
        (name) => revisionValidatedEmail({ name, listing: { ...row, url } }),
        false,
      );
    },
  );
  tellSellerLive(options.notifier, listing);
  return listing;
}

/** Discards the pending revision and new photos: the approved version stays online; the seller is told why. */
export async function rejectRevision(options: {
  db: Database;
  storage: Storage;
  viewer: Viewer | null;
  listingId: string;
  /** The new photos shown to the moderator; undefined = every photo waiting. */
  photoIds?: readonly string[];
  reasonCode: string;
  reasonText?: string;
  notifier: Notifier;
}) {
  const viewer = requireModerator(options.viewer);
  const { text, reason } = readRejectionReason(options.reasonCode, options.reasonText);
  const { listing, removedFiles } = await decideRevision(
    options.db,
    viewer,
    options.listingId,
    "revision_rejected",
    options.photoIds,
    { code: options.reasonCode, text },
    (tx, row) => emailRejection(options.notifier, tx, row, revisionRejectedEmail, reason, false),
  );
  // Files go only after the commit: a rolled-back refusal must still find its photos.
  for (const photo of removedFiles) await deleteStoredPhoto({ storage: options.storage, ...photo });
  tellSellerLive(options.notifier, listing);
  return listing;
}

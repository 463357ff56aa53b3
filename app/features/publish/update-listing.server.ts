import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { listings, type ListingRevisionChanges } from "~/db/schema";
import {
  pendingRevisionOf,
  recordPriceChange,
  savePendingRevision,
} from "~/features/moderation/listing-revisions.server";
import { noticePriceDrop, type PriceDropNotifier } from "~/features/price-drops/notice-price-drop.server";
import { AppError } from "~/server/app-error";
import type { Storage } from "~/server/storage.server";
import { LISTING_MESSAGES, assertEditable, findOwnedListing, invalid, requireUserId } from "./listing-access.server";
import { editListingSchema } from "./listing-schemas";
import {
  canonicalBrandModel,
  editableListing,
  listPhotos,
  resolvePlace,
  type EditableListing,
} from "./listing-values.server";

/**
 * 'Enregistrer les modifications': only the edit form's fields are read (brand, model,
 * price, location, and description, mileage, Euro standard, inspection and owners when sent) — owner, status and counters never
 * come from input. A published listing stays published (spec §4) as approved: its price
 * changes at once (price history), its material changes wait for a moderator
 * (listing-revisions.server.ts). A rejected one goes back to moderation, as a resubmission.
 */
export async function updateListing(options: {
  db: Database;
  storage: Storage;
  userId: string | null | undefined;
  listingId: unknown;
  values: unknown;
  /**
   * Schedules the 'Prix en baisse sur vos favoris' e-mails (the route gives the job queue).
   * Without it the notices are still recorded, but no e-mail job is scheduled.
   */
  priceDrops?: PriceDropNotifier;
}): Promise<EditableListing> {
  const userId = requireUserId(options.userId, LISTING_MESSAGES.unauthenticatedEdit);
  const updated = await options.db.transaction(async (tx) => {
    const listing = await findOwnedListing({ db: tx, userId, listingId: options.listingId, lock: true });
    assertEditable(listing);
    const input = typeof options.values === "object" && options.values !== null ? options.values : {};
    // The inspection is checked against the stored first registration (not editable here).
    const parsed = editListingSchema.safeParse({
      ...input,
      firstRegistration: listing.firstRegistration,
      storedInspectionResult: listing.inspectionResult,
      sellerKind: listing.sellerKind,
    });
    if (!parsed.success) throw invalid(parsed.error);
    const { brand, model, price, description, mileage, euroNorm, inspectionDate, inspectionResult, ownerCount } = parsed.data;
    const place = await resolvePlace(tx, parsed.data);
    // Fields the form did not send (undefined) stay as they are.
    const facts: ListingRevisionChanges = {};
    if (description !== undefined) facts.description = description;
    if (mileage !== undefined) facts.mileage = mileage;
    if (euroNorm !== undefined) facts.euroNorm = euroNorm;
    if (inspectionDate !== undefined) facts.inspectionDate = inspectionDate;
    if (inspectionResult !== undefined) facts.inspectionResult = inspectionResult;
    if (ownerCount !== undefined) facts.ownerCount = ownerCount;
    // Issue 34, second slice: equipment, service history, non-smoker, warranty, HistoVec.
    for (const field of ["equipment", "serviceHistory", "nonSmoker", "warrantyMonths", "warrantyKind", "histovecUrl"] as const) {
      const value = parsed.data[field];
      if (value !== undefined) (facts as Record<string, unknown>)[field] = value;
    }
    const material = {
      ...canonicalBrandModel(brand, model),
      ...place,
      ...facts,
    };
    // The price applies at once, whatever the status, and is kept in the price history.
    const priceChangeId = await recordPriceChange(tx, listing.id, listing.price, price);
    // A drop on a published listing: its favourites' owners are told (same transaction).
    await noticePriceDrop(tx, { listing, newPrice: price, priceChangeId, notifier: options.priceDrops });
    if (listing.status === "published") {
      // Bait-and-switch guard: material changes wait for a moderator; buyers keep seeing
      // the approved version meanwhile.
      const pending = await savePendingRevision(tx, listing, material);
      const [row] = await tx
        .update(listings)
        .set({ price, updatedAt: sql`now()` })
        .where(eq(listings.id, listing.id))
        .returning();
      if (!row) throw new AppError("not_found", LISTING_MESSAGES.notFound);
      return { row, revision: pending ? await pendingRevisionOf(tx, listing.id) : null };
    }
    const resubmit = listing.status === "rejected";
    const [row] = await tx
      .update(listings)
      .set({
        ...material,
        price,
        ...(resubmit ? { status: "pending" as const, submittedAt: sql`now()`, rejectionReason: null } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(listings.id, listing.id))
      .returning();
    if (!row) throw new AppError("not_found", LISTING_MESSAGES.notFound);
    return { row, revision: null };
  });
  return editableListing(updated.row, await listPhotos(options.db, options.storage, updated.row), updated.revision);
}

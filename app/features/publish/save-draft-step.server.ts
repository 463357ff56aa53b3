import { eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { listings, type Listing } from "~/db/schema";
import { AppError } from "~/server/app-error";
import { LISTING_MESSAGES, assertDraft, findOwnedListing, invalid, requireUserId } from "./listing-access.server";
import { STEP_SCHEMAS, isWizardStep, type WizardStep } from "./listing-schemas";
import { canonicalBrandModel, clampStep, countPhotos, resolvePlace } from "./listing-values.server";

/**
 * 'Suivant' on steps 1–8: validates the step's fields with the same schema as the browser,
 * saves them, and records the furthest step reached. Step 7 has no fields: it checks the
 * stored photos. A step beyond the one reached is refused, as the wizard would.
 */
export async function saveDraftStep(options: {
  db: Database;
  userId: string | null | undefined;
  listingId: unknown;
  step: unknown;
  values: unknown;
}): Promise<{ listingId: string; draftStep: WizardStep }> {
  const userId = requireUserId(options.userId);
  const step = options.step;
  if (!isWizardStep(step)) throw new AppError("invalid", LISTING_MESSAGES.unknownStep);
  return options.db.transaction(async (tx) => {
    const listing = await findOwnedListing({ db: tx, userId, listingId: options.listingId, lock: true });
    assertDraft(listing);
    if (step > listing.draftStep) throw new AppError("conflict", LISTING_MESSAGES.stepNotReached);
    const set = await stepUpdate(tx, listing, step, options.values);
    const draftStep = clampStep(Math.max(listing.draftStep, step + 1));
    await tx
      .update(listings)
      .set({ ...set, draftStep, updatedAt: sql`now()` })
      .where(eq(listings.id, listing.id));
    return { listingId: listing.id, draftStep };
  });
}

/** The columns one step writes, validated. */
async function stepUpdate(
  tx: Transaction,
  listing: Listing,
  step: WizardStep,
  input: unknown,
): Promise<Partial<Listing>> {
  const listingId = listing.id;
  const values = typeof input === "object" && input !== null ? input : {};
  switch (step) {
    case 1: {
      const parsed = STEP_SCHEMAS[1].safeParse(values);
      if (!parsed.success) throw invalid(parsed.error);
      return canonicalBrandModel(parsed.data.brand, parsed.data.model);
    }
    case 2: {
      const parsed = STEP_SCHEMAS[2].safeParse(values);
      if (!parsed.success) throw invalid(parsed.error);
      return parsed.data;
    }
    case 3: {
      const parsed = STEP_SCHEMAS[3].safeParse(values);
      if (!parsed.success) throw invalid(parsed.error);
      return parsed.data;
    }
    case 4: {
      // The inspection is checked against the stored first registration, not the form's copy.
      // …and the warranty's kind against the seller's stored kind.
      const parsed = STEP_SCHEMAS[4].safeParse({
        ...values,
        firstRegistration: listing.firstRegistration,
        sellerKind: listing.sellerKind,
      });
      if (!parsed.success) throw invalid(parsed.error);
      const { firstRegistration: _context, sellerKind: _kind, ...set } = parsed.data;
      return set;
    }
    case 5: {
      const parsed = STEP_SCHEMAS[5].safeParse(values);
      if (!parsed.success) throw invalid(parsed.error);
      return parsed.data;
    }
    case 6: {
      const parsed = STEP_SCHEMAS[6].safeParse(values);
      if (!parsed.success) throw invalid(parsed.error);
      return resolvePlace(tx, parsed.data);
    }
    case 7: {
      // The photos themselves were stored by addListingPhoto; the server's count decides.
      const parsed = STEP_SCHEMAS[7].safeParse({ photoCount: await countPhotos(tx, listingId) });
      if (!parsed.success) throw invalid(parsed.error);
      return {};
    }
    case 8: {
      const parsed = STEP_SCHEMAS[8].safeParse(values);
      if (!parsed.success) throw invalid(parsed.error);
      return parsed.data;
    }
  }
}

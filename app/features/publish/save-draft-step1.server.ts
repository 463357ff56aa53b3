import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { listings, user } from "~/db/schema";
import { EMAIL_VERIFICATION_TEXTS } from "~/features/auth/email-verification";
import { assertMayPost } from "~/features/auth/email-verification.server";
import { AppError } from "~/server/app-error";
import { LISTING_MESSAGES, invalid, requireUserId } from "./listing-access.server";
import { STEP_SCHEMAS, type WizardStep } from "./listing-schemas";
import { canonicalBrandModel, clampStep } from "./listing-values.server";

/**
 * Step 1 'Suivant' (spec §4): creates the seller's draft, or updates the brand and model
 * of the draft they already have — one open draft per user.
 */
export async function saveDraftStep1(options: {
  db: Database;
  userId: string | null | undefined;
  brand: unknown;
  model: unknown;
}): Promise<{ listingId: string; draftStep: WizardStep; created: boolean }> {
  const userId = requireUserId(options.userId);
  await assertMayPost(options.db, userId, EMAIL_VERIFICATION_TEXTS.publish);
  const parsed = STEP_SCHEMAS[1].safeParse({ brand: options.brand, model: options.model });
  if (!parsed.success) throw invalid(parsed.error);
  const values = canonicalBrandModel(parsed.data.brand, parsed.data.model);
  return options.db.transaction(async (tx) => {
    // Locking the user row serialises two step-1 submissions of one seller (double click,
    // two tabs), so they cannot create two drafts; the schema has no unique index for it.
    const [owner] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
    if (!owner) throw new AppError("unauthenticated", LISTING_MESSAGES.unauthenticated);
    const [draft] = await tx
      .select({ id: listings.id, draftStep: listings.draftStep })
      .from(listings)
      .where(and(eq(listings.ownerId, userId), eq(listings.status, "draft")))
      .orderBy(desc(listings.updatedAt))
      .limit(1);
    if (draft) {
      const draftStep = clampStep(Math.max(draft.draftStep, 2));
      await tx
        .update(listings)
        .set({ ...values, draftStep, updatedAt: sql`now()` })
        .where(eq(listings.id, draft.id));
      return { listingId: draft.id, draftStep, created: false };
    }
    const [created] = await tx
      .insert(listings)
      .values({ ownerId: userId, status: "draft", draftStep: 2, ...values })
      .returning({ id: listings.id });
    if (!created) throw new Error("saveDraftStep1: aucune ligne insérée");
    return { listingId: created.id, draftStep: 2 as WizardStep, created: true };
  });
}

import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { listings } from "~/db/schema";
import { EMAIL_VERIFICATION_TEXTS } from "~/features/auth/email-verification";
import { assertMayPost } from "~/features/auth/email-verification.server";
import { recordSearchMatches } from "~/features/saved-searches/match-saved-searches.server";
import { enqueueSellerStats } from "~/features/sellers/refresh-seller-stats.server";
import { AppError } from "~/server/app-error";
import type { JobQueue } from "~/server/jobs.server";
import { LISTING_MESSAGES, assertDraft, findOwnedListing, invalid, requireUserId } from "./listing-access.server";
import { LAST_WIZARD_STEP, fullListingSchema } from "./listing-schemas";
import { canonicalBrandModel, countPhotos, draftValues, resolvePlace } from "./listing-values.server";

/**
 * 'Publier l'annonce': validates every field of the draft again and at least one photo,
 * then the listing awaits moderation (`pending`), or goes live at once with `autoPublish`
 * (deployments without moderators). A second click finds it already submitted and gets
 * the same answer, so double submissions create nothing.
 */
export async function submitListing(options: {
  db: Database;
  userId: string | null | undefined;
  listingId: unknown;
  /** Optional step-8 price, so the last step and the submission can be one request. */
  price?: unknown;
  autoPublish?: boolean;
  /** Schedules the saved-search alerts of an auto-published listing. */
  jobs?: JobQueue;
}): Promise<{ listingId: string; status: "pending" | "published" }> {
  const userId = requireUserId(options.userId);
  await assertMayPost(options.db, userId, EMAIL_VERIFICATION_TEXTS.publish);
  return options.db.transaction(async (tx) => {
    const listing = await findOwnedListing({ db: tx, userId, listingId: options.listingId, lock: true });
    if (listing.status === "pending" || listing.status === "published") {
      return { listingId: listing.id, status: listing.status };
    }
    assertDraft(listing);
    const values =
      options.price === undefined ? draftValues(listing) : { ...draftValues(listing), price: options.price };
    const parsed = fullListingSchema.safeParse(values);
    if (!parsed.success) throw invalid(parsed.error, LISTING_MESSAGES.incomplete);
    if ((await countPhotos(tx, listing.id)) < 1) {
      throw new AppError("invalid", `${LISTING_MESSAGES.incomplete} : ${LISTING_MESSAGES.noPhoto}`, {
        fieldErrors: { photoCount: LISTING_MESSAGES.noPhoto },
        step: 7,
      });
    }
    // Re-check the location against the reference: it may have changed since step 6.
    const place = await resolvePlace(tx, parsed.data);
    const status = options.autoPublish ? "published" : "pending";
    await tx
      .update(listings)
      .set({
        ...withoutContext(parsed.data),
        ...canonicalBrandModel(parsed.data.brand, parsed.data.model),
        ...place,
        status,
        draftStep: LAST_WIZARD_STEP,
        rejectionReason: null,
        submittedAt: sql`now()`,
        publishedAt: status === "published" ? sql`now()` : null,
        updatedAt: sql`now()`,
      })
      .where(eq(listings.id, listing.id));
    if (status === "published") {
      await recordSearchMatches({ db: tx, listingId: listing.id, jobs: options.jobs });
      await enqueueSellerStats(options.jobs, tx, [userId]);
    }
    return { listingId: listing.id, status };
  });
}

/** The seller's kind is context for the warranty's check, never written by the wizard. */
function withoutContext<T extends { sellerKind?: unknown }>(data: T): Omit<T, "sellerKind"> {
  const { sellerKind: _context, ...rest } = data;
  return rest;
}

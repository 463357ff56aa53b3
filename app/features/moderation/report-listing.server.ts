import { eq } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { isUuid } from "~/db/ids";
import { listings, reports } from "~/db/schema";
import { AppError } from "~/server/app-error";
import { REPORT_REASONS } from "./moderation-reasons";

/** 'Signaler l'annonce': anyone may report a published listing (rate-limited by the route). */
export async function reportListing(options: {
  db: DbExecutor;
  reporterId: string | null;
  listingId: string;
  reasonCode: string;
  message?: string;
}): Promise<{ id: string }> {
  // Own keys only: "constructor" or "__proto__" is no reason (issue 37).
  if (typeof options.reasonCode !== "string" || !Object.hasOwn(REPORT_REASONS, options.reasonCode)) {
    throw new AppError("invalid", "Choisissez un motif de signalement.", {
      fieldErrors: { reasonCode: "Choisissez un motif de signalement." },
    });
  }
  if (!isUuid(options.listingId)) throw new AppError("not_found", "Annonce introuvable.");
  const [listing] = await options.db
    .select({ status: listings.status })
    .from(listings)
    .where(eq(listings.id, options.listingId));
  if (!listing || listing.status !== "published") throw new AppError("not_found", "Annonce introuvable.");
  const [row] = await options.db
    .insert(reports)
    .values({
      listingId: options.listingId,
      reporterId: options.reporterId,
      reasonCode: options.reasonCode,
      message: options.message?.trim().slice(0, 2000) || null,
    })
    .returning({ id: reports.id });
  return { id: row!.id };
}

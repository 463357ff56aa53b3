import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { isUuid } from "~/db/ids";
import { reports } from "~/db/schema";
import { AppError } from "~/server/app-error";
import { enqueueSellerStats } from "~/features/sellers/refresh-seller-stats.server";
import { decideListing } from "./decide-listing.server";
import { listingRemovedEmail } from "./moderation-emails";
import { reasonSentence, REPORT_REASONS, type ReportReasonCode } from "./moderation-reasons";
import { requireModerator, type Notifier, type Viewer } from "./moderator.server";
import { emailSeller, tellSellerLive } from "./tell-seller.server";

/** Takes a reported listing down: deleted for the public, the seller told why. */
export async function removeReportedListing(options: {
  db: Database;
  viewer: Viewer | null;
  reportId: string;
  reasonText?: string;
  notifier: Notifier;
}) {
  const viewer = requireModerator(options.viewer);
  const [report] = isUuid(options.reportId)
    ? await options.db
        .select({ listingId: reports.listingId, reasonCode: reports.reasonCode, status: reports.status })
        .from(reports)
        .where(eq(reports.id, options.reportId))
    : [];
  if (!report) throw new AppError("not_found", "Signalement introuvable.");
  if (report.status !== "open") throw new AppError("conflict", "Ce signalement a déjà été traité.");
  if (!report.listingId) throw new AppError("invalid", "Ce signalement concerne une conversation, pas une annonce.");
  const reason = reasonSentence(
    REPORT_REASONS[report.reasonCode as ReportReasonCode] ?? "Signalement",
    options.reasonText,
  );
  const listing = await decideListing({
    db: options.db,
    viewer,
    listingId: report.listingId,
    from: "published",
    set: { status: "deleted", deletedAt: new Date(), rejectionReason: reason },
    action: "removed",
    reasonCode: report.reasonCode,
    reasonText: options.reasonText?.trim() || null,
    inTransaction: async (tx, row) => {
      // Every open report on this listing is settled by the removal.
      await tx
        .update(reports)
        .set({ status: "actioned", handledBy: viewer.id, handledAt: new Date() })
        .where(and(eq(reports.listingId, row.id), eq(reports.status, "open")));
      const url = `${options.notifier.publicUrl}/hosting`;
      await emailSeller(options.notifier, tx, row, (name) => listingRemovedEmail({ name, listing: { ...row, url }, reason }), false);
      await enqueueSellerStats(options.notifier.jobs, tx, [row.ownerId]);
    },
  });
  tellSellerLive(options.notifier, listing);
  return listing;
}

import { moderationEvents } from "~/db/schema";
import type { Database } from "~/db/client.server";
import { closeReport } from "./close-report.server";
import { requireModerator, type Viewer } from "./moderator.server";

/** 'Classer sans suite': the report is closed, and the decision recorded in the journal. */
export async function dismissReport(options: { db: Database; viewer: Viewer | null; reportId: string }) {
  const viewer = requireModerator(options.viewer);
  return options.db.transaction(async (tx) => {
    const report = await closeReport(tx, viewer, options.reportId, "dismissed");
    await tx.insert(moderationEvents).values({
      listingId: report.listingId,
      conversationId: report.conversationId,
      moderatorId: viewer.id,
      action: "report_dismissed",
      reasonCode: report.reasonCode,
    });
    return report;
  });
}

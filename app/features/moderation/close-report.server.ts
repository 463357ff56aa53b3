import { and, eq } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { isUuid } from "~/db/ids";
import { conversations, reports } from "~/db/schema";
import { AppError } from "~/server/app-error";
import type { Viewer } from "./moderator.server";

/** Settles an open report once: a second moderator acting on it gets "already handled". */
export async function closeReport(db: DbExecutor, viewer: Viewer, reportId: string, status: "dismissed" | "actioned") {
  if (!isUuid(reportId)) throw new AppError("not_found", "Signalement introuvable.");
  const [row] = await db
    .update(reports)
    .set({ status, handledBy: viewer.id, handledAt: new Date() })
    .where(and(eq(reports.id, reportId), eq(reports.status, "open")))
    .returning({
      listingId: reports.listingId,
      conversationId: reports.conversationId,
      reporterId: reports.reporterId,
      reasonCode: reports.reasonCode,
    });
  if (!row) {
    const [exists] = await db.select({ id: reports.id }).from(reports).where(eq(reports.id, reportId));
    if (!exists) throw new AppError("not_found", "Signalement introuvable.");
    throw new AppError("conflict", "Ce signalement a déjà été traité.");
  }
  return row;
}

/**
 * The account a conversation report is about: the participant who did not report it. Null
 * when that account is gone.
 */
export async function reportedParticipant(
  db: DbExecutor,
  report: { conversationId: string | null; reporterId: string | null },
): Promise<string | null> {
  if (!report.conversationId) throw new AppError("invalid", "Ce signalement concerne une annonce, pas une conversation.");
  const [conversation] = await db
    .select({ buyerId: conversations.buyerId, sellerId: conversations.sellerId })
    .from(conversations)
    .where(eq(conversations.id, report.conversationId));
  if (!conversation) return null;
  return report.reporterId === conversation.buyerId ? conversation.sellerId : conversation.buyerId;
}

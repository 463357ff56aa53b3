import { and, eq } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { reports } from "~/db/schema";
import {
  CONVERSATION_REPORT_REASONS,
  type ConversationReportReasonCode,
} from "~/features/moderation/moderation-reasons";
import { AppError } from "~/server/app-error";
import { participantConversation, requireSignedIn } from "./conversation-access.server";

/**
 * 'Signaler la conversation': a participant sends it to the moderators' Reports tab. A second
 * report by the same person while the first is open changes nothing.
 */
export async function reportConversation(options: {
  db: DbExecutor;
  userId: string | null | undefined;
  conversationId: string;
  reasonCode: string;
  message?: string;
}): Promise<{ id: string }> {
  const userId = requireSignedIn(options.userId);
  const found = await participantConversation(options.db, userId, options.conversationId);
  if (!Object.hasOwn(CONVERSATION_REPORT_REASONS, options.reasonCode)) {
    throw new AppError("invalid", "Choisissez un motif de signalement.", {
      fieldErrors: { reasonCode: "Choisissez un motif de signalement." },
    });
  }
  const [open] = await options.db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.conversationId, found.conversation.id),
        eq(reports.reporterId, userId),
        eq(reports.status, "open"),
      ),
    );
  if (open) return open;
  const [row] = await options.db
    .insert(reports)
    .values({
      conversationId: found.conversation.id,
      reporterId: userId,
      reasonCode: options.reasonCode as ConversationReportReasonCode,
      message: options.message?.trim().slice(0, 2000) || null,
    })
    .returning({ id: reports.id });
  return { id: row!.id };
}

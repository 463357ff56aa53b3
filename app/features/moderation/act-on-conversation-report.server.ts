import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { greetingName } from "~/features/account/display-name";
import { moderationEvents, proProfiles, session, user } from "~/db/schema";
import { AppError } from "~/server/app-error";
import { closeReport, reportedParticipant } from "./close-report.server";
import { accountSuspendedEmail, accountWarnedEmail } from "./moderation-emails";
import {
  CONVERSATION_REPORT_REASONS,
  type ConversationReportReasonCode,
} from "./moderation-reasons";
import type { Notifier, Viewer } from "./moderator.server";

export type AccountSanction = "warn" | "suspend";

/** What 'Avertir' and 'Suspendre' receive from the moderation page. */
export interface SanctionRequest {
  db: Database;
  viewer: Viewer | null;
  reportId: string;
  note?: string;
  notifier: Notifier;
}

/**
 * The common path of 'Avertir' and 'Suspendre' on a conversation report: in one transaction
 * the report is closed, the reported participant (the one who did not report) is sanctioned
 * and the decision is written to the journal; the e-mail goes after the commit.
 */
export async function sanctionReportedParticipant(options: {
  db: Database;
  viewer: Viewer;
  reportId: string;
  note?: string;
  sanction: AccountSanction;
  notifier: Notifier;
}): Promise<{ userId: string }> {
  const note = options.note?.trim().slice(0, 1000) || null;
  const outcome = await options.db.transaction(async (tx) => {
    const report = await closeReport(tx, options.viewer, options.reportId, "actioned");
    const targetId = await reportedParticipant(tx, report);
    if (!targetId) throw new AppError("conflict", "Le compte signalé n'existe plus.");
    const [target] = await tx
      .select({
        role: user.role,
        suspendedAt: user.suspendedAt,
        email: user.email,
        emailVerified: user.emailVerified,
        firstname: user.firstname,
        displayName: user.displayName,
      })
      .from(user)
      .where(eq(user.id, targetId));
    if (!target) throw new AppError("conflict", "Le compte signalé n'existe plus.");
    if (options.sanction === "suspend") {
      if (target.role === "moderator") throw new AppError("forbidden", "Un compte de modérateur ne peut pas être suspendu.");
      if (!target.suspendedAt) await tx.update(user).set({ suspendedAt: new Date() }).where(eq(user.id, targetId));
      // A professional's profile goes with it: no 'vérifié' badge, no dealer page (decision 0032).
      await tx.update(proProfiles).set({ status: "suspended", updatedAt: new Date() }).where(eq(proProfiles.userId, targetId));
      // Its open sessions end now: the next request of that browser is signed out.
      await tx.delete(session).where(eq(session.userId, targetId));
    }
    await tx.insert(moderationEvents).values({
      conversationId: report.conversationId,
      targetUserId: targetId,
      moderatorId: options.viewer.id,
      action: options.sanction === "suspend" ? "account_suspended" : "account_warned",
      reasonCode: report.reasonCode,
      reasonText: note,
    });
    return { targetId, target, reasonCode: report.reasonCode };
  });
  const reason =
    CONVERSATION_REPORT_REASONS[outcome.reasonCode as ConversationReportReasonCode] ?? "Signalement d'une conversation";
  const name = greetingName(outcome.target);
  const email =
    options.sanction === "suspend"
      ? accountSuspendedEmail({ name, reason, note })
      : accountWarnedEmail({ name, reason, note, guidelinesUrl: `${options.notifier.publicUrl}/messages` });
  try {
    // Never to an unconfirmed address (issue 37); the sanction itself applies all the same.
    if (outcome.target.emailVerified) await options.notifier.mailer.send({ to: outcome.target.email, ...email });
  } catch (error) {
    options.notifier.logger.error({ err: error, userId: outcome.targetId }, "e-mail de sanction non envoyé");
  }
  if (options.sanction === "suspend") options.notifier.events.publish(outcome.targetId, { type: "messages-changed" });
  return { userId: outcome.targetId };
}

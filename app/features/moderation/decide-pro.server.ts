import { eq } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { moderationEvents, proProfiles, user, type ModerationAction, type ProStatus } from "~/db/schema";
import { greetingName } from "~/features/account/display-name";
import { siretHeldByOtherVerifiedPro } from "~/features/pro/save-pro-profile.server";
import { AppError } from "~/server/app-error";
import type { Notifier, Viewer } from "./moderator.server";

export const PRO_DECISION_MESSAGES = {
  notFound: "Ce profil professionnel n'existe plus.",
  own: "Vous ne pouvez pas décider de votre propre profil professionnel : un autre modérateur doit le vérifier.",
  decided: "Ce profil professionnel a déjà été traité (ou modifié) : rechargez la page.",
  siretTaken:
    "Ce SIRET est déjà celui d'un autre professionnel vérifié : ce profil ne peut pas être validé. Refusez-le en expliquant pourquoi.",
} as const;

const isUniqueViolation = (error: unknown) =>
  String((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) === "23505";

export interface ProDecisionRow {
  userId: string;
  companyName: string;
  slug: string;
  siret: string;
  email: string;
  emailVerified: boolean;
  displayName: string | null;
  firstname: string | null;
}

/**
 * The common path of 'Valider' and 'Refuser' on a pending professional: in one transaction the
 * profile row is locked and checked (still pending, not the moderator's own, and for a
 * validation its SIRET held by no other verified professional), updated, written to the
 * journal, and the e-mail queued (outbox pattern: it exists exactly when the decision does).
 */
export async function decidePro(options: {
  db: Database;
  viewer: Viewer;
  userId: string;
  set: { status: ProStatus; refusalReason: string | null };
  action: Extract<ModerationAction, "pro_verified" | "pro_refused">;
  notifier: Notifier;
  email: (row: ProDecisionRow, name: string) => { subject: string; text: string; html: string };
}): Promise<ProDecisionRow> {
  const { viewer } = options;
  if (typeof options.userId !== "string" || options.userId === "") throw new AppError("not_found", PRO_DECISION_MESSAGES.notFound);
  try {
    return await options.db.transaction(async (tx: Transaction) => {
      const [row] = await tx
        .select({
          userId: proProfiles.userId,
          status: proProfiles.status,
          companyName: proProfiles.companyName,
          slug: proProfiles.slug,
          siret: proProfiles.siret,
          email: user.email,
          emailVerified: user.emailVerified,
          displayName: user.displayName,
          firstname: user.firstname,
        })
        .from(proProfiles)
        .innerJoin(user, eq(user.id, proProfiles.userId))
        .where(eq(proProfiles.userId, options.userId))
        .for("update", { of: proProfiles });
      if (!row) throw new AppError("not_found", PRO_DECISION_MESSAGES.notFound);
      if (row.userId === viewer.id) throw new AppError("forbidden", PRO_DECISION_MESSAGES.own);
      if (row.status !== "pending") throw new AppError("conflict", PRO_DECISION_MESSAGES.decided);
      if (options.set.status === "verified" && (await siretHeldByOtherVerifiedPro(tx, row.siret, row.userId))) {
        throw new AppError("conflict", PRO_DECISION_MESSAGES.siretTaken);
      }
      const now = new Date();
      await tx
        .update(proProfiles)
        .set({
          status: options.set.status,
          refusalReason: options.set.refusalReason,
          decidedAt: now,
          decidedBy: viewer.id,
          ...(options.set.status === "verified" ? { verifiedAt: now } : {}),
          updatedAt: now,
        })
        .where(eq(proProfiles.userId, row.userId));
      await tx.insert(moderationEvents).values({
        targetUserId: row.userId,
        moderatorId: viewer.id,
        action: options.action,
        reasonText: options.set.refusalReason,
      });
      // Never to an unconfirmed address (issue 37); submitting needs a confirmed one anyway.
      if (row.emailVerified) {
        await options.notifier.mailer.send({ to: row.email, ...options.email(row, greetingName(row)) }, { db: tx });
      }
      return row;
    });
  } catch (error) {
    // Two moderators validating two claims of one SIRET at once: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError("conflict", PRO_DECISION_MESSAGES.siretTaken);
    throw error;
  }
}

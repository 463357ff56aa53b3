import { eq } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { moderationEvents, proProfiles, user } from "~/db/schema";
import { greetingName } from "~/features/account/display-name";
import { STOCK_PAGE_PATH } from "~/features/stock-import/stock-import-paths";
import { AppError } from "~/server/app-error";
import { proTrustedEmail, proTrustWithdrawnEmail } from "./moderation-emails";
import { requireModerator, type Notifier, type Viewer } from "./moderator.server";

/**
 * 'De confiance' (issue 35, decision 0054): a verified professional whose stock imports are
 * published without waiting for a moderator, a share of them being reviewed afterwards
 * ('Contrôle après publication'). Moderators give it and withdraw it, each time with a reason
 * kept in their journal (who, when, why); the professional is told by e-mail and sees it on
 * 'Mon stock'.
 */

export const PRO_TRUST_MESSAGES = {
  notFound: "Ce professionnel n'existe plus.",
  own: "Vous ne pouvez pas décider de la confiance accordée à votre propre compte professionnel : un autre modérateur doit le faire.",
  notVerified: "Seul un professionnel vérifié peut être marqué « de confiance ».",
  alreadyTrusted: "Ce professionnel est déjà « de confiance » : rechargez la page.",
  notTrusted: "Ce professionnel n'est pas « de confiance » : rechargez la page.",
  reason: "Indiquez le motif (5 caractères au moins) : il est gardé dans l'historique de modération.",
} as const;

export const TRUST_REASON_MAX = 1000;

/** The moderator's reason, spaces tidied; a French 400 on the `reason` field when too short or too long. */
export function readTrustReason(raw: unknown): string {
  const reason = String(raw ?? "")
    .replace(/\s+/g, " ")
    .trim();
  if (reason.length < 5)
    throw new AppError("invalid", PRO_TRUST_MESSAGES.reason, { fieldErrors: { reason: PRO_TRUST_MESSAGES.reason } });
  if (reason.length > TRUST_REASON_MAX) {
    const message = `Le motif ne peut pas dépasser ${TRUST_REASON_MAX} caractères.`;
    throw new AppError("invalid", message, { fieldErrors: { reason: message } });
  }
  return reason;
}

/**
 * Gives or withdraws the trust inside the caller's transaction (a sample's removal withdraws it
 * in the same one): the profile row locked and checked, the flag, the journal row and the
 * professional's e-mail (queued: sent exactly when the decision commits).
 */
export async function changeProTrust(
  tx: DbExecutor,
  options: { viewer: Viewer; userId: string; trusted: boolean; reason: string; notifier: Notifier },
): Promise<{ userId: string; companyName: string }> {
  const { viewer } = options;
  const [row] = options.userId
    ? await tx
        .select({
          userId: proProfiles.userId,
          status: proProfiles.status,
          trusted: proProfiles.trusted,
          companyName: proProfiles.companyName,
          email: user.email,
          emailVerified: user.emailVerified,
          displayName: user.displayName,
          firstname: user.firstname,
        })
        .from(proProfiles)
        .innerJoin(user, eq(user.id, proProfiles.userId))
        .where(eq(proProfiles.userId, options.userId))
        .for("update", { of: proProfiles })
    : [];
  if (!row) throw new AppError("not_found", PRO_TRUST_MESSAGES.notFound);
  if (row.userId === viewer.id) throw new AppError("forbidden", PRO_TRUST_MESSAGES.own);
  if (options.trusted) {
    if (row.status !== "verified") throw new AppError("conflict", PRO_TRUST_MESSAGES.notVerified);
    if (row.trusted === 1) throw new AppError("conflict", PRO_TRUST_MESSAGES.alreadyTrusted);
  } else if (row.trusted !== 1) {
    throw new AppError("conflict", PRO_TRUST_MESSAGES.notTrusted);
  }
  await tx
    .update(proProfiles)
    .set({ trusted: options.trusted ? 1 : 0, updatedAt: new Date() })
    .where(eq(proProfiles.userId, row.userId));
  await tx.insert(moderationEvents).values({
    targetUserId: row.userId,
    moderatorId: viewer.id,
    action: options.trusted ? "pro_trusted" : "pro_untrusted",
    reasonText: options.reason,
  });
  if (row.emailVerified) {
    const content = (options.trusted ? proTrustedEmail : proTrustWithdrawnEmail)({
      name: greetingName(row),
      companyName: row.companyName,
      stockUrl: `${options.notifier.publicUrl}${STOCK_PAGE_PATH}`,
    });
    await options.notifier.mailer.send({ to: row.email, ...content }, { db: tx });
  }
  return { userId: row.userId, companyName: row.companyName };
}

/** 'Marquer de confiance' / 'Retirer la confiance' on a verified professional's card. */
export async function setProTrust(options: {
  db: Database;
  viewer: Viewer | null;
  userId: string;
  trusted: boolean;
  reason: unknown;
  notifier: Notifier;
}) {
  const viewer = requireModerator(options.viewer);
  const reason = readTrustReason(options.reason);
  const row = await options.db.transaction((tx) =>
    changeProTrust(tx, {
      viewer,
      userId: options.userId,
      trusted: options.trusted,
      reason,
      notifier: options.notifier,
    }),
  );
  // 'Mon stock' open in the professional's browser says the new rule.
  options.notifier.events.publish(row.userId, { type: "listings-changed" });
  return row;
}

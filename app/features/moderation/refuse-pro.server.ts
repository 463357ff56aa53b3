import type { Database } from "~/db/client.server";
import { PRO_PAGE_PATH } from "~/features/pro/pro-status";
import { AppError } from "~/server/app-error";
import { decidePro } from "./decide-pro.server";
import { proRefusedEmail } from "./moderation-emails";
import { requireModerator, type Notifier, type Viewer } from "./moderator.server";

export const PRO_REFUSAL_REASON_MAX = 1000;

/**
 * 'Refuser' in the 'Professionnels' tab, with the reason the professional reads (page and
 * e-mail); it can correct its profile and send it again.
 */
export async function refusePro(options: { db: Database; viewer: Viewer | null; userId: string; reason: string; notifier: Notifier }) {
  const viewer = requireModerator(options.viewer);
  const reason = options.reason.replace(/\s+/g, " ").trim();
  if (reason.length < 5) {
    const message = "Indiquez le motif du refus : le professionnel le recevra par e-mail pour corriger son profil.";
    throw new AppError("invalid", message, { fieldErrors: { reason: message } });
  }
  if (reason.length > PRO_REFUSAL_REASON_MAX) {
    const message = `Le motif ne peut pas dépasser ${PRO_REFUSAL_REASON_MAX} caractères.`;
    throw new AppError("invalid", message, { fieldErrors: { reason: message } });
  }
  const row = await decidePro({
    db: options.db,
    viewer,
    userId: options.userId,
    set: { status: "refused", refusalReason: reason },
    action: "pro_refused",
    notifier: options.notifier,
    email: (pro, name) =>
      proRefusedEmail({ name, companyName: pro.companyName, reason, editUrl: `${options.notifier.publicUrl}${PRO_PAGE_PATH}` }),
  });
  options.notifier.events.publish(row.userId, { type: "listings-changed" });
  return row;
}

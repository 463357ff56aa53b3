import type { DbExecutor } from "~/db/client.server";
import { AppError } from "~/server/app-error";
import { reasonSentence, REJECTION_REASONS, type RejectionReasonCode } from "./moderation-reasons";
import type { Notifier } from "./moderator.server";
import { emailSeller } from "./tell-seller.server";

/**
 * Checks a refusal's reason (a known code; a note when the code is « Autre motif ») and returns
 * the note kept in the journal and the sentence shown to the seller.
 */
export function readRejectionReason(reasonCode: string, reasonText: string | undefined): { text: string | null; reason: string } {
  // Own keys only: "constructor" or "__proto__" is no reason (issue 37).
  const label = Object.hasOwn(REJECTION_REASONS, reasonCode) ? REJECTION_REASONS[reasonCode as RejectionReasonCode] : undefined;
  if (!label) throw new AppError("invalid", "Choisissez un motif de refus.", { fieldErrors: { reasonCode: "Choisissez un motif de refus." } });
  const text = reasonText?.trim().slice(0, 1000) || null;
  if (reasonCode === "other" && !text) {
    throw new AppError("invalid", "Précisez le motif.", { fieldErrors: { reasonText: "Précisez le motif." } });
  }
  return { text, reason: reasonSentence(label, text) };
}

type RejectionEmail = (options: {
  name: string;
  listing: { brand: string; model: string; url: string };
  reason: string;
  editUrl: string;
}) => { subject: string; text: string; html: string };

/** E-mails the seller a refusal (of the listing or of a change) with the link to edit it. */
export function emailRejection<Row extends { id: string; ownerId: string; brand: string; model: string }>(
  notifier: Notifier,
  tx: DbExecutor,
  row: Row,
  email: RejectionEmail,
  reason: string,
  respectPreference: boolean,
) {
  const editUrl = `${notifier.publicUrl}/edit-annonce/${row.id}`;
  return emailSeller(notifier, tx, row, (name) => email({ name, listing: { ...row, url: editUrl }, reason, editUrl }), respectPreference);
}

import type { Database } from "~/db/client.server";
import { AppError } from "~/server/app-error";
import { decideListing } from "./decide-listing.server";
import { listingRejectedEmail } from "./moderation-emails";
import { reasonSentence, REJECTION_REASONS, type RejectionReasonCode } from "./moderation-reasons";
import { requireModerator, type Notifier, type Viewer } from "./moderator.server";
import { emailSeller, tellSellerLive } from "./tell-seller.server";

export async function rejectListing(options: {
  db: Database;
  viewer: Viewer | null;
  listingId: string;
  reasonCode: string;
  reasonText?: string;
  notifier: Notifier;
}) {
  const viewer = requireModerator(options.viewer);
  const label = REJECTION_REASONS[options.reasonCode as RejectionReasonCode];
  if (!label)
    throw new AppError("invalid", "Choisissez un motif de refus.", {
      fieldErrors: { reasonCode: "Choisissez un motif de refus." },
    });
  const text = options.reasonText?.trim().slice(0, 1000) || null;
  if (options.reasonCode === "other" && !text) {
    throw new AppError("invalid", "Précisez le motif.", { fieldErrors: { reasonText: "Précisez le motif." } });
  }
  const reason = reasonSentence(label, text);
  const listing = await decideListing({
    db: options.db,
    viewer,
    listingId: options.listingId,
    from: "pending",
    set: { status: "rejected", rejectionReason: reason },
    action: "rejected",
    reasonCode: options.reasonCode,
    reasonText: text,
    inTransaction: (tx, row) => {
      const editUrl = `${options.notifier.publicUrl}/edit-annonce/${row.id}`;
      return emailSeller(
        options.notifier,
        tx,
        row,
        (name) => listingRejectedEmail({ name, listing: { ...row, url: editUrl }, reason, editUrl }),
        true,
      );
    },
  });
  tellSellerLive(options.notifier, listing);
  return listing;
}

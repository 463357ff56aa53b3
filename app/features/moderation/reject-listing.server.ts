import type { Database } from "~/db/client.server";
import { decideListing } from "./decide-listing.server";
import { listingRejectedEmail } from "./moderation-emails";
import { requireModerator, type Notifier, type Viewer } from "./moderator.server";
import { emailRejection, readRejectionReason } from "./rejection-reason.server";
import { tellSellerLive } from "./tell-seller.server";

export async function rejectListing(options: {
  db: Database;
  viewer: Viewer | null;
  listingId: string;
  reasonCode: string;
  reasonText?: string;
  notifier: Notifier;
}) {
  const viewer = requireModerator(options.viewer);
  const { text, reason } = readRejectionReason(options.reasonCode, options.reasonText);
  const listing = await decideListing({
    db: options.db,
    viewer,
    listingId: options.listingId,
    from: "pending",
    set: { status: "rejected", rejectionReason: reason },
    action: "rejected",
    reasonCode: options.reasonCode,
    reasonText: text,
    inTransaction: (tx, row) => emailRejection(options.notifier, tx, row, listingRejectedEmail, reason, true),
  });
  tellSellerLive(options.notifier, listing);
  return listing;
}

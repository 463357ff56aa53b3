import type { Database } from "~/db/client.server";
import { listingPath } from "~/features/listings/listing-seo";
import { recordSearchMatches } from "~/features/saved-searches/match-saved-searches.server";
import { enqueueSellerStats } from "~/features/sellers/refresh-seller-stats.server";
import { decideListing } from "./decide-listing.server";
import { listingPublishedEmail } from "./moderation-emails";
import { requireModerator, type Notifier, type Viewer } from "./moderator.server";
import { emailSeller, tellSellerLive } from "./tell-seller.server";

export async function validateListing(options: {
  db: Database;
  viewer: Viewer | null;
  listingId: string;
  notifier: Notifier;
}) {
  const viewer = requireModerator(options.viewer);
  const now = new Date();
  const listing = await decideListing({
    db: options.db,
    viewer,
    listingId: options.listingId,
    from: "pending",
    set: { status: "published", publishedAt: now, rejectionReason: null },
    action: "validated",
    inTransaction: async (tx, row) => {
      const url = `${options.notifier.publicUrl}${listingPath(row)}`;
      await emailSeller(options.notifier, tx, row, (name) => listingPublishedEmail({ name, listing: { ...row, url } }), true);
      // Saved-search alerts: recorded with the publication, never lost, never twice.
      await recordSearchMatches({ db: tx, listingId: row.id, jobs: options.notifier.jobs });
      // 'N annonces en ligne' (decision 0035).
      await enqueueSellerStats(options.notifier.jobs, tx, [row.ownerId]);
    },
  });
  tellSellerLive(options.notifier, listing);
  return listing;
}

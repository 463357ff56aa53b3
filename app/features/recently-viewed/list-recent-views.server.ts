import { and, desc, eq, inArray } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listings, recentlyViewed } from "~/db/schema";
import type { ListingCardData } from "~/features/listings/listing-card-data";
import { cardColumns, withPhotos } from "~/features/listings/listing-cards.server";
import type { Storage } from "~/server/storage.server";
import { parseRecentViews, RECENTLY_VIEWED_LIMIT } from "./recently-viewed-ids";

/**
 * The cards of 'Vus récemment' (issue 36), newest view first: a signed-in user's from the
 * account, a visitor's from the ids their browser sent. Sold, withdrawn or deleted listings drop
 * out (published ones only), so a visitor's list never reveals anything a stranger could not see.
 */
export async function listRecentViews(options: {
  db: DbExecutor;
  storage: Storage;
  userId: string | null | undefined;
  /** A visitor's views, as kept by the browser (ignored when signed in). */
  visitorViews?: unknown;
}): Promise<ListingCardData[]> {
  const { db } = options;
  let order: string[];
  if (options.userId) {
    const rows = await db
      .select({ id: recentlyViewed.listingId })
      .from(recentlyViewed)
      .where(eq(recentlyViewed.userId, options.userId))
      .orderBy(desc(recentlyViewed.viewedAt), desc(recentlyViewed.listingId))
      .limit(RECENTLY_VIEWED_LIMIT);
    order = rows.map((r) => r.id);
  } else {
    order = parseRecentViews(options.visitorViews).map((v) => v.id);
  }
  if (order.length === 0) return [];
  const rows = await db
    .select(cardColumns)
    .from(listings)
    .where(and(inArray(listings.id, order), eq(listings.status, "published")));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = order.flatMap((id) => byId.get(id) ?? []);
  return withPhotos({ db, storage: options.storage, rows: ordered });
}

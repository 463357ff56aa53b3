import { and, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { listings, recentlyViewed } from "~/db/schema";
import { AppError } from "~/server/app-error";
import { parseRecentViews, RECENTLY_VIEWED_LIMIT } from "./recently-viewed-ids";

/**
 * Remembers listings a signed-in user opened ('Vus récemment', issue 36): one view from the
 * listing page, or at sign-in the views the browser kept while signed out. Only listings
 * anyone may open (published) are recorded; each keeps its latest time, and the account keeps
 * its RECENTLY_VIEWED_LIMIT newest. Acts on the acting user's own list only.
 */
export async function recordRecentViews(options: {
  db: Database;
  userId: string | null | undefined;
  views: unknown;
  now?: Date;
}): Promise<void> {
  const userId = options.userId;
  if (!userId)
    throw new AppError("unauthenticated", "Veuillez vous connecter pour garder vos annonces vues sur votre compte.");
  const now = (options.now ?? new Date()).getTime();
  // A time from the browser is never in the future (a clock set ahead would pin a listing first).
  const views = parseRecentViews(options.views).map((v) => ({ ...v, at: Math.min(v.at, now) }));
  if (views.length === 0) return;
  await options.db.transaction(async (tx) => {
    const published = new Set(
      (
        await tx
          .select({ id: listings.id })
          .from(listings)
          .where(
            and(
              inArray(
                listings.id,
                views.map((v) => v.id),
              ),
              eq(listings.status, "published"),
            ),
          )
      ).map((r) => r.id),
    );
    const rows = views
      .filter((v) => published.has(v.id))
      .map((v) => ({ userId, listingId: v.id, viewedAt: new Date(v.at) }));
    if (rows.length === 0) return;
    await tx
      .insert(recentlyViewed)
      .values(rows)
      .onConflictDoUpdate({
        target: [recentlyViewed.userId, recentlyViewed.listingId],
        set: { viewedAt: sql`greatest(${recentlyViewed.viewedAt}, excluded.viewed_at)` },
      });
    const kept = tx
      .select({ listingId: recentlyViewed.listingId })
      .from(recentlyViewed)
      .where(eq(recentlyViewed.userId, userId))
      .orderBy(desc(recentlyViewed.viewedAt), desc(recentlyViewed.listingId))
      .limit(RECENTLY_VIEWED_LIMIT);
    await tx
      .delete(recentlyViewed)
      .where(and(eq(recentlyViewed.userId, userId), notInArray(recentlyViewed.listingId, kept)));
  });
}

import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { preparedOn } from "~/db/prepared.server";
import { favorites, listingPriceHistory, listings } from "~/db/schema";
import type { PriceDropBadge } from "~/features/listings/listing-card-data";
import { currentPriceDrop, DAY_MS, PRICE_DROP_WINDOW_DAYS, type PriceChange } from "./price-drop";

/**
 * A drop is shown for 30 days and its reference looks 30 days further back; one more window
 * for successive reductions (an older run is judged from the part of it in these 90 days).
 */
const LOOKBACK_DAYS = 3 * PRICE_DROP_WINDOW_DAYS;

/** Price changes of these listings in the look-back window, grouped by listing. */
export async function recentPriceChanges(db: DbExecutor, listingIds: string[], now = new Date()): Promise<Map<string, PriceChange[]>> {
  const byListing = new Map<string, PriceChange[]>();
  if (listingIds.length === 0) return byListing;
  const rows = await db
    .select({
      listingId: listingPriceHistory.listingId,
      oldPrice: listingPriceHistory.oldPrice,
      newPrice: listingPriceHistory.newPrice,
      changedAt: listingPriceHistory.changedAt,
    })
    .from(listingPriceHistory)
    .where(
      and(
        inArray(listingPriceHistory.listingId, listingIds),
        gte(listingPriceHistory.changedAt, new Date(now.getTime() - LOOKBACK_DAYS * DAY_MS)),
      ),
    )
    .orderBy(asc(listingPriceHistory.changedAt));
  for (const { listingId, ...change } of rows) {
    const list = byListing.get(listingId) ?? [];
    list.push(change);
    byListing.set(listingId, list);
  }
  return byListing;
}

/**
 * The price drops this user sees among a page of listings: only their favourites, only
 * published listings (decision 0016). One query for the favourites, one for the history.
 */
export async function priceDropsAmong(options: {
  db: DbExecutor;
  userId: string | null | undefined;
  listingIds: string[];
  now?: Date;
}): Promise<Record<string, PriceDropBadge>> {
  return (await favoritesAndDropsAmong(options)).priceDrops;
}

/**
 * A page of published listings (search results): which are this user's favourites, and their
 * price drops, from the same favourites query (decision 0030: one round trip fewer per
 * signed-in search page than `favoriteIdsAmong` + `priceDropsAmong`).
 */
export async function favoritesAndDropsAmong(options: {
  db: DbExecutor;
  userId: string | null | undefined;
  listingIds: string[];
  now?: Date;
}): Promise<{ favoriteIds: string[]; priceDrops: Record<string, PriceDropBadge> }> {
  const drops: Record<string, PriceDropBadge> = {};
  if (!options.userId || options.listingIds.length === 0) return { favoriteIds: [], priceDrops: drops };
  // Every signed-in search page runs it: prepared once per database handle (issue 37), the page's
  // ids as one array parameter.
  const saved = await preparedOn(options.db, "occazio_favorites_among", favoritesAmongStatement).execute({
    userId: options.userId,
    listingIds: options.listingIds,
  });
  const history = await recentPriceChanges(options.db, saved.map((l) => l.id), options.now);
  for (const listing of saved) {
    const drop = currentPriceDrop({ ...listing, changes: history.get(listing.id) ?? [], now: options.now });
    if (drop) drops[listing.id] = { previousPrice: drop.previousPrice, droppedAt: drop.droppedAt.toISOString() };
  }
  return { favoriteIds: saved.map((l) => l.id), priceDrops: drops };
}

function favoritesAmongStatement(db: DbExecutor) {
  return db
    .select({ id: listings.id, price: listings.price, publishedAt: listings.publishedAt })
    .from(favorites)
    .innerJoin(listings, eq(listings.id, favorites.listingId))
    .where(
      and(
        eq(favorites.userId, sql.placeholder("userId")),
        sql`${favorites.listingId} = any(${sql.placeholder("listingIds")}::uuid[])`,
        eq(listings.status, "published"),
      ),
    )
    .prepare("occazio_favorites_among");
}

export interface PriceHistoryEntry {
  changedAt: string;
  oldPrice: number | null;
  newPrice: number | null;
}

/**
 * 'Historique du prix' of the detail page: every change since the listing was published
 * (edits before publication were never offered), newest first, at most `limit`.
 */
export async function listPriceHistory(options: {
  db: DbExecutor;
  listingId: string;
  publishedAt: Date | string | null;
  limit?: number;
}): Promise<PriceHistoryEntry[]> {
  if (!options.publishedAt) return [];
  const rows = await options.db
    .select({ oldPrice: listingPriceHistory.oldPrice, newPrice: listingPriceHistory.newPrice, changedAt: listingPriceHistory.changedAt })
    .from(listingPriceHistory)
    .where(and(eq(listingPriceHistory.listingId, options.listingId), gte(listingPriceHistory.changedAt, new Date(options.publishedAt))))
    .orderBy(asc(listingPriceHistory.changedAt));
  return rows
    .reverse()
    .slice(0, options.limit ?? 20)
    .map((r) => ({ changedAt: r.changedAt.toISOString(), oldPrice: r.oldPrice, newPrice: r.newPrice }));
}

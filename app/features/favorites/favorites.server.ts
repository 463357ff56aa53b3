import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { favorites, listings } from "~/db/schema";
import { cardColumns, withPhotos } from "~/features/listings/listing-cards.server";
import { AppError } from "~/server/app-error";
import type { Storage } from "~/server/storage.server";
import type { ListingCardData } from "~/features/listings/listing-card-data";
import { isUuid } from "~/db/ids";
import { dailyStatsWrites } from "~/features/dealer-dashboard/daily-stats.server";

function requireSignedIn(userId: string | null | undefined): string {
  if (!userId) throw new AppError("unauthenticated", "Veuillez vous connecter pour gérer vos favoris.");
  return userId;
}

/**
 * Sets whether `listingId` is one of the user's favourites (spec §4: record created with the
 * date, removed on the second click). Setting the wanted state rather than toggling makes a
 * double click or a replayed request harmless; the heart counter moves only when a row was
 * really added or removed, in the same transaction.
 */
export async function setFavorite(options: {
  db: Database;
  userId: string | null | undefined;
  listingId: unknown;
  favorite: boolean;
}): Promise<{ favorite: boolean; heartCount: number }> {
  const userId = requireSignedIn(options.userId);
  const listingId = typeof options.listingId === "string" && isUuid(options.listingId) ? options.listingId : null;
  if (!listingId) throw new AppError("not_found", "Annonce introuvable.");
  return options.db.transaction(async (tx) => {
    const [listing] = await tx
      .select({ status: listings.status })
      .from(listings)
      .where(eq(listings.id, listingId))
      .for("update");
    if (!listing) throw new AppError("not_found", "Annonce introuvable.");
    if (options.favorite) {
      // Only published listings can be saved; removing stays possible once it is sold or deleted.
      if (listing.status !== "published") throw new AppError("conflict", "Cette annonce n'est plus disponible.");
      const added = await tx
        .insert(favorites)
        .values({ userId, listingId })
        .onConflictDoNothing()
        .returning({ listingId: favorites.listingId });
      if (added.length) {
        // The heart counter and the day's 'Favoris' of the listing and its seller (decision 0052).
        await tx.execute(sql`
          with stats_src as (
            update ${listings} set heart_count = heart_count + 1 where id = ${listingId}::uuid
            returning id as listing_id, owner_id
          )
          ${dailyStatsWrites("favorites")}
          select 1`);
      }
    } else {
      const removed = await tx
        .delete(favorites)
        .where(and(eq(favorites.userId, userId), eq(favorites.listingId, listingId)))
        .returning({ listingId: favorites.listingId });
      if (removed.length) {
        await tx
          .update(listings)
          .set({ heartCount: sql`greatest(${listings.heartCount} - 1, 0)` })
          .where(eq(listings.id, listingId));
      }
    }
    const [after] = await tx
      .select({ heartCount: listings.heartCount })
      .from(listings)
      .where(eq(listings.id, listingId));
    return { favorite: options.favorite, heartCount: after?.heartCount ?? 0 };
  });
}

/** Which of these listings the user has saved (for hearts on a page of cards). */
export async function favoriteIdsAmong(options: {
  db: DbExecutor;
  userId: string | null | undefined;
  listingIds: string[];
}): Promise<Set<string>> {
  if (!options.userId || options.listingIds.length === 0) return new Set();
  const rows = await options.db
    .select({ listingId: favorites.listingId })
    .from(favorites)
    .where(and(eq(favorites.userId, options.userId), inArray(favorites.listingId, options.listingIds)));
  return new Set(rows.map((r) => r.listingId));
}

export interface FavoriteCard extends ListingCardData {
  savedAt: string;
  /** False once the listing was sold, deleted or withdrawn: shown as no longer available. */
  available: boolean;
  status: string;
}

/** Favourites per page of /wishlists (4 columns × 12 rows on a wide screen). */
export const FAVORITES_PAGE_SIZE = 48;

export interface FavoritePage {
  items: FavoriteCard[];
  total: number;
  /** The page shown: the one asked for, or the last one when it asked for more. */
  page: number;
  pageCount: number;
}

/**
 * One page of the user's favourites, newest first (spec §2 Favourites). A page past the end
 * (favourites removed meanwhile, an old link) shows the last one.
 */
export async function listFavorites(options: {
  db: DbExecutor;
  storage: Storage;
  userId: string | null | undefined;
  page?: number;
  pageSize?: number;
}): Promise<FavoritePage> {
  const userId = requireSignedIn(options.userId);
  const pageSize = options.pageSize ?? FAVORITES_PAGE_SIZE;
  const [counted] = await options.db.select({ n: count() }).from(favorites).where(eq(favorites.userId, userId));
  const total = counted?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pageCount);
  const rows = await options.db
    .select({ ...cardColumns, savedAt: favorites.createdAt, status: listings.status })
    .from(favorites)
    .innerJoin(listings, eq(listings.id, favorites.listingId))
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt), desc(favorites.listingId))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const cards = await withPhotos({ db: options.db, storage: options.storage, rows });
  const items = cards.map((card, i) => {
    const row = rows[i]!;
    return { ...card, savedAt: row.savedAt.toISOString(), status: row.status, available: row.status === "published" };
  });
  return { items, total, page, pageCount };
}

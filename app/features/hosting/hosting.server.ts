/**
 * 'Mes annonces' (spec §2): the seller's listings in three tabs with counts, and the
 * seller's own state changes (delete, mark as sold). Every function checks the acting user.
 */
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { listingCounters, listingRevisions, listings, type ListingStatus } from "~/db/schema";
import { cardColumns, withPhotos } from "~/features/listings/listing-cards.server";
import type { ListingCardData } from "~/features/listings/listing-card-data";
import { findOwnedListing, requireUserId } from "~/features/publish/listing-access.server";
import { enqueueSellerStats } from "~/features/sellers/refresh-seller-stats.server";
import type { JobQueue } from "~/server/jobs.server";
import type { Storage } from "~/server/storage.server";

export const HOSTING_MESSAGES = {
  unauthenticated: "Vous devez être connecté pour gérer vos annonces.",
  soldNotPublished: "Seule une annonce publiée peut être marquée comme vendue.",
} as const;

export type HostingTab = "pending" | "published" | "deleted";

/** Which tab shows each status; drafts live in the wizard, not here. */
const TAB_OF_STATUS: Partial<Record<ListingStatus, HostingTab>> = {
  pending: "pending",
  // A rejected listing awaits the seller's correction: it stays under 'En cours de validation', with its reason.
  rejected: "pending",
  published: "published",
  // Sold listings left search but remain the seller's history: shown as sold under 'Annonce publiée'.
  sold: "published",
  // Taken offline for a while (decision 0058): shown 'Hors ligne' under 'Annonce publiée', with 'Remettre en vente'.
  withdrawn: "published",
  deleted: "deleted",
};

const LISTED_STATUSES = Object.keys(TAB_OF_STATUS) as ListingStatus[];

export interface HostingListing extends ListingCardData {
  status: ListingStatus;
  rejectionReason: string | null;
  /** A published listing whose material changes wait for a moderator. */
  revisionPending: boolean;
  /** `phone`: signed-in buyers who revealed the seller's number (once each). */
  counters: { click: number; view: number; heart: number; phone: number };
  /** ISO timestamps, so the data also travels as JSON (live updates). */
  submittedAt: string | null;
  publishedAt: string | null;
  soldAt: string | null;
  deletedAt: string | null;
  updatedAt: string;
}

export interface HostingGroup {
  count: number;
  /** One page of the tab's listings (none for a tab that was not asked for). */
  items: HostingListing[];
  page: number;
  pageCount: number;
}

/** Listings per page of a tab of 'Mes annonces'. */
export const HOSTING_PAGE_SIZE = 20;

const HOSTING_TAB_KEYS: HostingTab[] = ["pending", "published", "deleted"];

export type MyListings = Record<HostingTab, HostingGroup>;
export type MyListingCounts = Record<HostingTab, number>;

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

/**
 * The seller's listings grouped by tab, newest change first, with photos and counters: the
 * three tab counts, and one page (HOSTING_PAGE_SIZE) of the tab asked for — or of every tab
 * when none is. A page past the end shows the tab's last page.
 */
export async function listMyListings(options: {
  db: DbExecutor;
  storage: Storage;
  userId: string | null | undefined;
  tab?: HostingTab;
  page?: number;
}): Promise<MyListings> {
  const userId = requireUserId(options.userId, HOSTING_MESSAGES.unauthenticated);
  const counts = await countMyListings({ db: options.db, userId });
  const result = {} as MyListings;
  const tabs = options.tab ? [options.tab] : HOSTING_TAB_KEYS;
  for (const tab of HOSTING_TAB_KEYS) {
    const pageCount = Math.max(1, Math.ceil(counts[tab] / HOSTING_PAGE_SIZE));
    const asked = tab === options.tab && Number.isFinite(options.page) ? Math.floor(options.page ?? 1) : 1;
    result[tab] = { count: counts[tab], items: [], page: Math.min(Math.max(1, asked), pageCount), pageCount };
  }
  await Promise.all(
    tabs.map(async (tab) => {
      const group = result[tab];
      if (group.count === 0) return;
      group.items = await tabPage(options.db, options.storage, userId, tab, group.page);
    }),
  );
  return result;
}

/** One page of a tab's listings, newest change first. */
async function tabPage(
  db: DbExecutor,
  storage: Storage,
  userId: string,
  tab: HostingTab,
  page: number,
): Promise<HostingListing[]> {
  const statuses = LISTED_STATUSES.filter((status) => TAB_OF_STATUS[status] === tab);
  const rows = await db
    .select({
      ...cardColumns,
      status: listings.status,
      rejectionReason: listings.rejectionReason,
      // Material changes or photos added since the approval (decision 0053) wait for a moderator.
      revisionPending: sql<boolean>`(exists (select 1 from ${listingRevisions} where ${listingRevisions.listingId} = ${listings.id})
        or exists (select 1 from listing_photos p where p.listing_id = ${listings.id} and p.pending_since is not null))`,
      clickCount: sql<number>`coalesce(${listingCounters.clickCount}, 0)`,
      viewCount: sql<number>`coalesce(${listingCounters.viewCount}, 0)`,
      heartCount: listings.heartCount,
      phoneRevealCount: listings.phoneRevealCount,
      submittedAt: listings.submittedAt,
      publishedAt: listings.publishedAt,
      soldAt: listings.soldAt,
      deletedAt: listings.deletedAt,
      updatedAt: listings.updatedAt,
    })
    .from(listings)
    .leftJoin(listingCounters, eq(listingCounters.listingId, listings.id))
    .where(and(eq(listings.ownerId, userId), inArray(listings.status, statuses)))
    .orderBy(desc(listings.updatedAt), desc(listings.id))
    .limit(HOSTING_PAGE_SIZE)
    .offset((page - 1) * HOSTING_PAGE_SIZE);
  // withPhotos returns its rows in the same order, so index i is rows[i] plus its photos.
  const cards = await withPhotos({ db, storage, rows });
  const items: HostingListing[] = [];
  rows.forEach((row, index) => {
    const card = cards[index];
    if (!card) return;
    items.push({
      id: card.id,
      brand: card.brand,
      model: card.model,
      year: card.year,
      gearbox: card.gearbox,
      mileage: card.mileage,
      fuel: card.fuel,
      price: card.price,
      city: card.city,
      postalCode: card.postalCode,
      photos: card.photos,
      status: row.status,
      rejectionReason: row.status === "rejected" ? row.rejectionReason : null,
      revisionPending: row.status === "published" && Boolean(row.revisionPending),
      counters: { click: row.clickCount, view: row.viewCount, heart: row.heartCount, phone: row.phoneRevealCount },
      submittedAt: iso(row.submittedAt),
      publishedAt: iso(row.publishedAt),
      soldAt: iso(row.soldAt),
      deletedAt: iso(row.deletedAt),
      updatedAt: row.updatedAt.toISOString(),
    });
  });
  return items;
}

/** The three tab counts only: one cheap query, for live updates of the open /hosting page. */
export async function countMyListings(options: {
  db: DbExecutor;
  userId: string | null | undefined;
}): Promise<MyListingCounts> {
  const userId = requireUserId(options.userId, HOSTING_MESSAGES.unauthenticated);
  const rows = await options.db
    .select({ status: listings.status, n: count() })
    .from(listings)
    .leftJoin(listingCounters, eq(listingCounters.listingId, listings.id))
    .where(and(eq(listings.ownerId, userId), inArray(listings.status, LISTED_STATUSES)))
    .groupBy(listings.status);
  const counts: MyListingCounts = { pending: 0, published: 0, deleted: 0 };
  for (const row of rows) {
    const tab = TAB_OF_STATUS[row.status];
    if (tab) counts[tab] += row.n;
  }
  return counts;
}

/**
 * The seller deletes a listing: it moves to 'Annonce supprimée' and leaves search (which
 * shows published listings only). Deleting twice is harmless.
 */
export async function deleteListing(options: {
  db: Database;
  userId: string | null | undefined;
  listingId: unknown;
  /** The seller's trust figures are computed again ('seller-stats' job, decision 0035). */
  jobs?: JobQueue;
}): Promise<{ listingId: string; status: "deleted" }> {
  const userId = requireUserId(options.userId, HOSTING_MESSAGES.unauthenticated);
  return options.db.transaction(async (tx) => {
    const listing = await findOwnedListing({ db: tx, userId, listingId: options.listingId, lock: true });
    if (listing.status !== "deleted") {
      await tx
        .update(listings)
        .set({ status: "deleted", deletedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(listings.id, listing.id));
      await enqueueSellerStats(options.jobs, tx, [userId]);
    }
    return { listingId: listing.id, status: "deleted" as const };
  });
}

// Selling and undoing a sale: one use case per file (listing-sale.server.ts).
export { markListingSold, undoListingSale, SALE_UNDO_DAYS, SOLD_CHANNELS, type SoldChannel } from "./listing-sale.server";

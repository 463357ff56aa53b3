import { estimateMarketPrice } from "~/features/pricing/estimate-market-price.server";
import { checkAgainstModel } from "~/features/catalogue/model-specs";
import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listingPhotos, listings, user } from "~/db/schema";
import { photoUrls } from "~/features/listings/listing-cards.server";
import type { Storage } from "~/server/storage.server";
import { listingHistoryRows } from "./get-listing-history.server";
import { requireModerator, type Viewer } from "./moderator.server";
import type { ModerationQueue, QueueItem } from "./moderation-data";

/** Contact details in a description: sellers must use the site's messaging and phone button. */
const PHONE_PATTERN = /(?:\+33\s?|0)[1-9](?:[\s.-]?\d{2}){4}/;
const EMAIL_PATTERN = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/i;

export const QUEUE_PAGE_SIZE = 20;

/**
 * Pending listings, oldest first (the order they were submitted), with what helps decide; one
 * page at a time so a backlog of any size can be worked through.
 */
export async function listModerationQueue(options: {
  db: DbExecutor;
  storage: Storage;
  viewer: Viewer | null;
  page?: number;
  pageSize?: number;
}): Promise<ModerationQueue> {
  requireModerator(options.viewer);
  const { db } = options;
  const pageSize = options.pageSize ?? QUEUE_PAGE_SIZE;
  const pending = eq(listings.status, "pending");
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(listings).where(pending);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(pageCount, Math.max(1, Math.trunc(options.page ?? 1) || 1));
  const rows = await db
    .select({ listing: listings, seller: { id: user.id, username: user.username, createdAt: user.createdAt } })
    .from(listings)
    .innerJoin(user, eq(user.id, listings.ownerId))
    .where(pending)
    .orderBy(asc(listings.submittedAt), asc(listings.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const ids = rows.map((r) => r.listing.id);
  const sellerIds = [...new Set(rows.map((r) => r.seller.id))];
  const [photos, sellerStats, history] = await Promise.all([
    ids.length
      ? db
          .select()
          .from(listingPhotos)
          .where(inArray(listingPhotos.listingId, ids))
          .orderBy(asc(listingPhotos.position))
      : [],
    sellerIds.length
      ? db
          .select({ ownerId: listings.ownerId, status: listings.status, n: sql<number>`count(*)::int` })
          .from(listings)
          .where(inArray(listings.ownerId, sellerIds))
          .groupBy(listings.ownerId, listings.status)
      : [],
    ids.length ? listingHistoryRows(db, ids) : [],
  ]);
  // The per-listing checks of the page run at once (the pool spreads them over its connections):
  // one after the other they cost 40 round trips per page (issue 16: 136 ms for 20 items).
  const checks = await Promise.all(
    rows.map(async ({ listing }) => {
      const own = photos.filter((p) => p.listingId === listing.id);
      // The market estimate the published listings are rated with (app/features/pricing): the
      // model's fitted curve at this listing's year, mileage, energy and gearbox, through the same
      // SQL function as the stored ratings. None under MIN_COMPARABLES, as on the detail page.
      const [market, duplicates] = await Promise.all([
        estimateMarketPrice({ db, listing }),
        own.length
          ? duplicatePhotoListings(
              db,
              listing.id,
              own.map((p) => p.contentHash).filter((h): h is string => Boolean(h)),
            )
          : 0,
      ]);
      return { own, market, duplicates };
    }),
  );
  const items: QueueItem[] = [];
  for (const [index, { listing, seller }] of rows.entries()) {
    const { own, market, duplicates } = checks[index]!;
    const stats = (status: string) => sellerStats.find((s) => s.ownerId === seller.id && s.status === status)?.n ?? 0;
    // The estimate's middle (the range is symmetric around it in log price).
    const reference = market ? Math.sqrt(market.estimateLow * market.estimateHigh) : null;
    items.push({
      id: listing.id,
      brand: listing.brand,
      model: listing.model,
      year: listing.year,
      mileage: listing.mileage,
      price: listing.price,
      fuel: listing.fuel,
      gearbox: listing.gearbox,
      vehicleType: listing.vehicleType,
      color: listing.color,
      vehicleCondition: listing.vehicleCondition,
      firstRegistration: listing.firstRegistration,
      fiscalPower: listing.fiscalPower,
      dinPower: listing.dinPower,
      doors: listing.doors,
      seats: listing.seats,
      licenseStatus: listing.licenseStatus,
      description: listing.description,
      city: listing.city,
      postalCode: listing.postalCode,
      submittedAt: listing.submittedAt?.toISOString() ?? null,
      photos: own.map((p) => photoUrls(options.storage, p, listing.status)),
      seller: {
        username: seller.username ?? "?",
        memberSince: seller.createdAt.toISOString(),
        published: stats("published") + stats("sold"),
        rejected: stats("rejected"),
        removed: history.filter((h) => h.action === "removed").length,
      },
      checks: {
        marketEstimate: market,
        priceOutlier:
          reference !== null && listing.price !== null && (listing.price < reference * 0.5 || listing.price > reference * 2),
        contactInDescription:
          PHONE_PATTERN.test(listing.description ?? "") || EMAIL_PATTERN.test(listing.description ?? ""),
        duplicatePhotoListings: duplicates,
        modelMismatches: checkAgainstModel(listing),
      },
      history: history
        .filter((h) => h.listingId === listing.id)
        .map((h) => ({ action: h.action, reason: h.reason, at: h.at.toISOString(), moderator: h.moderator })),
    });
  }
  return { count: total, page, pageCount, pageSize, remaining: Math.max(0, total - (page - 1) * pageSize - items.length), items };
}

async function duplicatePhotoListings(db: DbExecutor, listingId: string, hashes: string[]): Promise<number> {
  if (hashes.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${listingPhotos.listingId})::int` })
    .from(listingPhotos)
    .where(and(inArray(listingPhotos.contentHash, hashes), ne(listingPhotos.listingId, listingId)));
  return row?.n ?? 0;
}

import { estimateMarketPrices } from "~/features/pricing/estimate-market-price.server";
import { checkAgainstModel } from "~/features/catalogue/model-specs";
import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbExecutor } from "~/db/client.server";
import { listingPhotos, listings, moderationEvents, user, type Listing } from "~/db/schema";
import { proProfiles, sellerStats as sellerStatsTable } from "~/db/pro-schema";
import { publicNameOf } from "~/features/account/display-name";
import { publicNameColumns } from "~/features/account/public-name.server";
import { isVeryActivePrivateSeller } from "~/features/sellers/very-active";
import { photoUrls } from "~/features/listings/listing-cards.server";
import { critAirLabel } from "~/features/catalogue/critair-label";
import { isOverFourYears, todayInFrance } from "~/features/catalogue/vehicle-age";
import { listingExtras } from "~/features/listings/listing-extras.server";
import { inspectionText, ownersText } from "~/features/listings/vehicle-facts";
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
    .select({
      listing: listings,
      seller: { id: user.id, createdAt: user.createdAt, ...publicNameColumns(user) },
      companyName: proProfiles.companyName,
      // Listings published in 12 months, kept by the 'seller-stats' job (decision 0035).
      publishedLast12Months: sellerStatsTable.publishedLast12Months,
    })
    .from(listings)
    .innerJoin(user, eq(user.id, listings.ownerId))
    .leftJoin(sellerStatsTable, eq(sellerStatsTable.userId, listings.ownerId))
    .leftJoin(proProfiles, eq(proProfiles.userId, listings.ownerId))
    .where(pending)
    .orderBy(asc(listings.submittedAt), asc(listings.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const ids = rows.map((r) => r.listing.id);
  const sellerIds = [...new Set(rows.map((r) => r.seller.id))];
  // Every check of the page in one round of statements, each covering the whole page (one
  // estimate and one duplicate count per listing cost 40 round trips per page: issue 16).
  const [photos, sellerStats, sellerRemovals, history, estimates, duplicates] = await Promise.all([
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
    sellerIds.length ? sellerRemovalCounts(db, sellerIds) : new Map<string, number>(),
    ids.length ? listingHistoryRows(db, ids) : [],
    // The market estimate the published listings are rated with (app/features/pricing): the
    // model's fitted curve at this listing's year, mileage, energy and gearbox, through the same
    // SQL function as the stored ratings. None under MIN_COMPARABLES, as on the detail page.
    estimateMarketPrices({ db, listingIds: ids }),
    duplicatePhotoCounts(db, ids),
  ]);
  const items: QueueItem[] = [];
  for (const { listing, seller, companyName, publishedLast12Months } of rows) {
    const own = photos.filter((p) => p.listingId === listing.id);
    const market = estimates.get(listing.id) ?? null;
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
      ...vehicleClaims(listing),
      city: listing.city,
      postalCode: listing.postalCode,
      submittedAt: listing.submittedAt?.toISOString() ?? null,
      photos: own.map((p) => photoUrls(options.storage, p, listing.status)),
      seller: {
        id: seller.id,
        name: publicNameOf(seller),
        // The shop's name when the listing is a professional's (its profile, validated or not).
        companyName: listing.sellerKind === "pro" ? companyName : null,
        memberSince: seller.createdAt.toISOString(),
        published: stats("published") + stats("sold"),
        rejected: stats("rejected"),
        removed: sellerRemovals.get(seller.id) ?? 0,
        veryActivePrivate: isVeryActivePrivateSeller(listing.sellerKind, publishedLast12Months),
      },
      checks: {
        marketEstimate: market,
        priceOutlier:
          reference !== null && listing.price !== null && (listing.price < reference * 0.5 || listing.price > reference * 2),
        contactInDescription:
          PHONE_PATTERN.test(listing.description ?? "") || EMAIL_PATTERN.test(listing.description ?? ""),
        duplicatePhotoListings: duplicates.get(listing.id) ?? 0,
        modelMismatches: checkAgainstModel(listing),
      },
      history: history
        .filter((h) => h.listingId === listing.id)
        .map((h) => ({ action: h.action, reason: h.reason, at: h.at.toISOString(), moderator: h.moderator })),
    });
  }
  return { count: total, page, pageCount, pageSize, remaining: Math.max(0, total - (page - 1) * pageSize - items.length), items };
}

/**
 * For each listing of the page, how many other listings carry one of its photos (same content
 * hash): a stolen or recycled advert. One self-join for the whole page.
 */
async function duplicatePhotoCounts(db: DbExecutor, listingIds: string[]): Promise<Map<string, number>> {
  if (listingIds.length === 0) return new Map();
  const other = alias(listingPhotos, "other");
  const rows = await db
    .select({ listingId: listingPhotos.listingId, n: sql<number>`count(distinct ${other.listingId})::int` })
    .from(listingPhotos)
    .innerJoin(
      other,
      and(eq(other.contentHash, listingPhotos.contentHash), ne(other.listingId, listingPhotos.listingId)),
    )
    .where(inArray(listingPhotos.listingId, listingIds))
    .groupBy(listingPhotos.listingId);
  return new Map(rows.map((r) => [r.listingId, r.n]));
}

/**
 * The facts of issue 34 a seller claims (Crit'Air, contrôle technique, owners, equipment,
 * HistoVec…), as buyers will read them: the moderator checks them against the description and
 * the photos. null values read 'Non spécifié'.
 */
function vehicleClaims(listing: Listing): Pick<QueueItem, "claims" | "histovecUrl"> {
  const extras = listingExtras(listing);
  return {
    claims: [
      ["Norme Euro", listing.euroNorm],
      ["Crit'Air", listing.critair != null ? critAirLabel(listing.critair) : null],
      [
        "Contrôle technique",
        inspectionText(listing.inspectionDate, listing.inspectionResult, isOverFourYears(listing.firstRegistration, todayInFrance())),
      ],
      ["Propriétaires", ownersText(listing.ownerCount)],
      ...extras.moreFacts,
    ],
    histovecUrl: extras.histovecUrl,
  };
}

/** How many listings of each seller moderators have removed after a report (any listing, not just this page's). */
async function sellerRemovalCounts(db: DbExecutor, sellerIds: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ ownerId: listings.ownerId, n: sql<number>`count(distinct ${listings.id})::int` })
    .from(moderationEvents)
    .innerJoin(listings, eq(listings.id, moderationEvents.listingId))
    .where(and(eq(moderationEvents.action, "removed"), inArray(listings.ownerId, sellerIds)))
    .groupBy(listings.ownerId);
  return new Map(rows.map((r) => [r.ownerId, r.n]));
}

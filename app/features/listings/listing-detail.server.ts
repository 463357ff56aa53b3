import { isOverFourYears, todayInFrance } from "~/features/catalogue/vehicle-age";
import { inspectionText, ownersText } from "./vehicle-facts";
import { listingExtras } from "./listing-extras.server";
import { createHash } from "node:crypto";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { publicNameColumns } from "~/features/account/public-name.server";
import type { Database, DbExecutor } from "~/db/client.server";
import { listingCounters, listingPhotos, listings, moderationEvents, proProfiles, user } from "~/db/schema";
import { sellerStats } from "~/db/pro-schema";
import { sellerTrustOf } from "~/features/sellers/seller-trust.server";
import { AppError } from "~/server/app-error";
import type { Storage } from "~/server/storage.server";
import { photoUrls } from "./listing-cards.server";
import { approvedPhoto, hasPublicPhotos } from "./photo-access.server";
import type { ListingDetail } from "./listing-detail-data";
import { variantKey } from "./photo-variants";
import { dailyStatsWrites } from "~/features/dealer-dashboard/daily-stats.server";
import { isUuid } from "~/db/ids";
import { isPriceLevel } from "~/features/pricing/price-rating";
import { publicNameOf } from "~/features/account/display-name";

export const NOT_FOUND_MESSAGE = "Cette annonce n'existe pas ou n'est plus en ligne.";

/**
 * The moderation removal of a deleted listing, if that is how it was deleted. The seller is
 * told it was "l'équipe de modération"; moderators see which of them it was.
 */
async function removalOf(db: DbExecutor, listingId: string, forModerator: boolean) {
  const [row] = await db
    .select({
      at: moderationEvents.createdAt,
      moderator: user.username,
    })
    .from(moderationEvents)
    .leftJoin(user, eq(user.id, moderationEvents.moderatorId))
    .where(and(eq(moderationEvents.listingId, listingId), eq(moderationEvents.action, "removed")))
    .orderBy(desc(moderationEvents.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    at: row.at.toISOString(),
    by: forModerator ? (row.moderator ?? "un modérateur supprimé") : "l'équipe de modération",
  };
}

/**
 * One listing for its detail page. The public sees published listings only; the owner and
 * moderators also see pending, rejected, sold and deleted ones (the page says so, and for a
 * listing removed by moderation who removed it, when and why). Drafts, unknown or malformed
 * ids are "not found" for everybody.
 */
export async function getListingDetail(options: {
  db: DbExecutor;
  storage: Storage;
  listingId: string;
  viewer: { id: string; role: string } | null;
}): Promise<ListingDetail> {
  if (!isUuid(options.listingId)) throw new AppError("not_found", NOT_FOUND_MESSAGE);
  const [row] = await options.db
    .select({
      listing: listings,
      seller: {
        id: user.id,
        username: user.username,
        ...publicNameColumns(user),
        createdAt: user.createdAt,
        emailVerified: user.emailVerified,
        phoneNumber: user.phoneNumber,
        suspendedAt: user.suspendedAt,
      },
      // Trust figures: stored by the 'seller-stats' job, read here by primary key (decision 0035).
      stats: {
        publishedCount: sellerStats.publishedCount,
        soldCount: sellerStats.soldCount,
        conversations90d: sellerStats.conversations90d,
        answered90d: sellerStats.answered90d,
        medianResponseSeconds: sellerStats.medianResponseSeconds,
      },
      pro: { companyName: proProfiles.companyName, status: proProfiles.status, slug: proProfiles.slug, phone: proProfiles.phone },
    })
    .from(listings)
    .innerJoin(user, eq(user.id, listings.ownerId))
    .leftJoin(sellerStats, eq(sellerStats.userId, listings.ownerId))
    .leftJoin(proProfiles, eq(proProfiles.userId, listings.ownerId))
    .where(eq(listings.id, options.listingId));
  if (!row) throw new AppError("not_found", NOT_FOUND_MESSAGE);
  const { listing, seller, stats, pro } = row;
  const isOwner = options.viewer?.id === listing.ownerId;
  const isModerator = options.viewer?.role === "moderator";
  const visible =
    listing.status === "published" ||
    ((isOwner || isModerator) &&
      (listing.status === "pending" ||
        listing.status === "rejected" ||
        listing.status === "sold" ||
        listing.status === "withdrawn" ||
        listing.status === "deleted"));
  if (!visible) throw new AppError("not_found", NOT_FOUND_MESSAGE);
  const removal = listing.status === "deleted" ? await removalOf(options.db, listing.id, isModerator) : null;

  // What buyers see, for everyone (the seller too): a photo added since the approval waits for a
  // moderator (decision 0053); the seller finds it in the edit form, moderators in the queue.
  const photos = await options.db
    .select()
    .from(listingPhotos)
    .where(and(eq(listingPhotos.listingId, listing.id), approvedPhoto))
    .orderBy(asc(listingPhotos.position));
  return {
    id: listing.id,
    status: listing.status,
    brand: listing.brand,
    model: listing.model,
    year: listing.year,
    firstRegistration: listing.firstRegistration,
    fuel: listing.fuel,
    gearbox: listing.gearbox,
    vehicleType: listing.vehicleType,
    doors: listing.doors,
    seats: listing.seats,
    fiscalPower: listing.fiscalPower,
    dinPower: listing.dinPower,
    licenseStatus: listing.licenseStatus,
    mileage: listing.mileage,
    color: listing.color,
    vehicleCondition: listing.vehicleCondition,
    euroNorm: listing.euroNorm,
    critair: listing.critair,
    inspectionDate: listing.inspectionDate,
    inspectionResult: listing.inspectionResult,
    ownerCount: listing.ownerCount,
    inspection: inspectionText(
      listing.inspectionDate,
      listing.inspectionResult,
      isOverFourYears(listing.firstRegistration, todayInFrance()),
    ),
    owners: ownersText(listing.ownerCount),
    ...listingExtras(listing),
    description: listing.description,
    price: listing.price,
    city: listing.city,
    postalCode: listing.postalCode,
    latitude: listing.latitude,
    longitude: listing.longitude,
    heartCount: listing.heartCount,
    rejectionReason: isOwner || isModerator ? listing.rejectionReason : null,
    deletedAt: listing.deletedAt?.toISOString() ?? null,
    // The removal sets rejection_reason to the sentence the seller was e-mailed.
    removal: removal && { ...removal, reason: listing.rejectionReason },
    publishedAt: listing.publishedAt?.toISOString() ?? null,
    updatedAt: listing.updatedAt.toISOString(),
    photos: photos.map((p) => ({
      ...photoUrls(options.storage, p, listing.status),
      large: options.storage.url(variantKey(p.storageKey, p.variantWidths[p.variantWidths.length - 1] ?? 480), {
        restricted: !hasPublicPhotos(listing.status),
      }),
      width: p.width,
      height: p.height,
    })),
    seller: {
      id: seller.id,
      username: seller.username ?? "Vendeur",
      // A professional is shown by its company name (its page's legal mentions say who it is).
      name: pro ? pro.companyName : publicNameOf(seller),
      memberSince: seller.createdAt.toISOString(),
      hasPhone: Boolean(pro?.phone.trim() || seller.phoneNumber),
      // Verified and not suspended: the dealer page exists (get-dealer-page.server.ts).
      pro: pro ? { companyName: pro.companyName, slug: pro.slug, verified: pro.status === "verified" && !seller.suspendedAt } : null,
      trust: sellerTrustOf(seller, stats),
    },
    isOwner,
    priceRating: {
      level: isPriceLevel(listing.priceLevel) ? listing.priceLevel : null,
      estimate:
        listing.priceEstimateLow != null && listing.priceEstimateHigh != null
          ? { low: listing.priceEstimateLow, high: listing.priceEstimateHigh }
          : null,
      comparables: listing.priceComparables ?? 0,
      ratedAt: listing.priceRatedAt?.toISOString() ?? null,
    },
  };
}

/**
 * Remembers which visitor already counted for which listing, for a while, so reloading a
 * page or replaying a request cannot inflate counters.
 */
export interface CounterDedupe {
  /** True the first time (key) is seen within the window, whichever process sees it. */
  firstTime(key: string, now?: number): Promise<boolean>;
}

/**
 * The dedupe in this process's memory: the embedded default (one process). With PostgreSQL
 * the `counter_dedupe` table replaces it (createSqlCounterDedupe), shared by every process.
 */
export function createCounterDedupe(options: { windowMs: number; maxEntries?: number }): CounterDedupe {
  const seen = new Map<string, number>();
  const max = options.maxEntries ?? 100_000;
  return {
    async firstTime(key: string, now = Date.now()): Promise<boolean> {
      const at = seen.get(key);
      if (at !== undefined && now - at < options.windowMs) return false;
      seen.delete(key);
      seen.set(key, now);
      // Oldest entries first in a Map: drop them beyond the cap.
      while (seen.size > max) seen.delete(seen.keys().next().value!);
      return true;
    },
  };
}

/** A visitor counts once per listing per half hour. */
export const COUNTER_WINDOW_MS = 30 * 60_000;

/** A stable, non-reversible key for a visitor: the account, else address + browser. */
export function visitorKey(options: { userId?: string | null; ip?: string | null; userAgent?: string | null }): string {
  if (options.userId) return `u:${options.userId}`;
  return `a:${createHash("sha256")
    .update(`${options.ip ?? ""}|${options.userAgent ?? ""}`)
    .digest("base64url")
    .slice(0, 22)}`;
}

/**
 * Counts a detail view or a card click (spec §3 counters): not for the owner, not for bots,
 * once per visitor and listing within the dedupe window. Published listings only.
 */
export async function recordListingCounter(options: {
  db: Database;
  dedupe: CounterDedupe;
  counter: "view" | "click";
  listingId: string;
  visitor: string;
  ownerId?: string | null;
  viewerId?: string | null;
  isBot: boolean;
}): Promise<boolean> {
  if (options.isBot || !isUuid(options.listingId)) return false;
  if (options.viewerId && options.viewerId === options.ownerId) return false;
  if (!(await options.dedupe.firstTime(`${options.counter}:${options.listingId}:${options.visitor}`))) return false;
  // One statement, atomic under concurrent views: the listing row is only read (published,
  // not the viewer's own), the narrow counter row is created or incremented in place, and the
  // day's figures of the listing and its seller (dealer dashboard, decision 0052) with it.
  const isView = options.counter === "view";
  const counterColumn = sql.raw(isView ? "view_count" : "click_count");
  const result = (await options.db.execute(sql`
    with stats_src as (
      select ${listings.id} as listing_id, ${listings.ownerId} as owner_id from ${listings}
      where ${listings.id} = ${options.listingId}::uuid and ${listings.status} = 'published'
        and ${listings.ownerId} <> ${options.viewerId ?? ""}
    ),
    counted as (
      insert into ${listingCounters} (listing_id, view_count, click_count)
      select listing_id, ${isView ? 1 : 0}, ${isView ? 0 : 1} from stats_src
      on conflict (listing_id) do update set ${counterColumn} = ${listingCounters}.${counterColumn} + 1
      returning listing_id
    )
    ${dailyStatsWrites(isView ? "views" : "resultClicks")}
    select listing_id from counted`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

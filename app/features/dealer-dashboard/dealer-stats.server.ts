import { and, eq, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { isUuid } from "~/db/ids";
import { listings, type ListingStatus } from "~/db/schema";
import { isPriceLevel, type PriceLevel } from "~/features/pricing/price-rating";
import { requireVerifiedPro } from "~/features/stock-import/stock-import-access.server";
import { AppError } from "~/server/app-error";
import { STATS_DAY } from "./daily-stats.server";
import { DAILY_METRICS, type DailyFigures, type DailyStatsPoint, type StatsPeriod, type StatsSeries } from "./stats-data";

export const DEALER_STATS_MESSAGES = {
  listingNotFound: "Cette annonce n'existe pas ou n'est pas dans votre stock.",
} as const;

interface DayRow {
  day: string;
  views: number | string;
  result_clicks: number | string;
  phone_reveals: number | string;
  messages: number | string;
  favorites: number | string;
}

function series(days: StatsPeriod, rows: DayRow[]): StatsSeries {
  const totals: DailyFigures = { views: 0, resultClicks: 0, phoneReveals: 0, messages: 0, favorites: 0 };
  const points: DailyStatsPoint[] = rows.map((row) => {
    const point: DailyStatsPoint = {
      day: String(row.day).slice(0, 10),
      views: Number(row.views),
      resultClicks: Number(row.result_clicks),
      phoneReveals: Number(row.phone_reveals),
      messages: Number(row.messages),
      favorites: Number(row.favorites),
    };
    for (const metric of DAILY_METRICS) totals[metric] += point[metric];
    return point;
  });
  return { days, points, totals };
}

/** Every day of the period, oldest first, zero where nothing was counted: ≤ 90 rows by primary key. */
async function readDays(db: DbExecutor, table: "owner_daily_stats" | "listing_daily_stats", key: string, days: StatsPeriod) {
  const keyColumn = sql.raw(table === "owner_daily_stats" ? "owner_id" : "listing_id");
  const keyValue = table === "owner_daily_stats" ? sql`${key}` : sql`${key}::uuid`;
  const result = (await db.execute(sql`
    select to_char(d.day, 'YYYY-MM-DD') as day,
      coalesce(s.views, 0) as views, coalesce(s.result_clicks, 0) as result_clicks,
      coalesce(s.phone_reveals, 0) as phone_reveals, coalesce(s.messages, 0) as messages,
      coalesce(s.favorites, 0) as favorites
    from generate_series(0, ${days - 1}::int) as n(i)
    cross join lateral (select (${STATS_DAY} - (${days - 1}::int - n.i)) as day) d
    left join ${sql.raw(table)} s on s.${keyColumn} = ${keyValue} and s.day = d.day
    order by d.day`)) as unknown as { rows: DayRow[] };
  return series(days, result.rows);
}

/**
 * The shop's figures per day (the sum over its listings, kept in `owner_daily_stats` by the
 * counting statements, decision 0052). Verified professionals only, their own shop only: the
 * owner is the acting account.
 */
export async function getShopStats(options: {
  db: DbExecutor;
  userId: string | null | undefined;
  days: StatsPeriod;
}): Promise<StatsSeries> {
  const pro = await requireVerifiedPro(options.db, options.userId);
  return readDays(options.db, "owner_daily_stats", pro.userId, options.days);
}

export interface ListingStats {
  listing: {
    id: string;
    title: string;
    price: number | null;
    status: ListingStatus;
    priceLevel: PriceLevel | null;
    priceEstimateLow: number | null;
    priceEstimateHigh: number | null;
  };
  stats: StatsSeries;
}

/** One listing's figures per day and its market position, for its owner only (else 404). */
export async function getListingStats(options: {
  db: DbExecutor;
  userId: string | null | undefined;
  listingId: string;
  days: StatsPeriod;
}): Promise<ListingStats> {
  const pro = await requireVerifiedPro(options.db, options.userId);
  if (!isUuid(options.listingId)) throw new AppError("not_found", DEALER_STATS_MESSAGES.listingNotFound);
  const [row] = await options.db
    .select({
      id: listings.id,
      brand: listings.brand,
      model: listings.model,
      price: listings.price,
      status: listings.status,
      priceLevel: listings.priceLevel,
      priceEstimateLow: listings.priceEstimateLow,
      priceEstimateHigh: listings.priceEstimateHigh,
    })
    .from(listings)
    .where(and(eq(listings.id, options.listingId), eq(listings.ownerId, pro.userId)));
  if (!row) throw new AppError("not_found", DEALER_STATS_MESSAGES.listingNotFound);
  const stats = await readDays(options.db, "listing_daily_stats", row.id, options.days);
  return {
    listing: {
      id: row.id,
      title: `${row.brand} ${row.model}`,
      price: row.price,
      status: row.status,
      priceLevel: isPriceLevel(row.priceLevel) ? row.priceLevel : null,
      priceEstimateLow: row.priceEstimateLow,
      priceEstimateHigh: row.priceEstimateHigh,
    },
    stats,
  };
}

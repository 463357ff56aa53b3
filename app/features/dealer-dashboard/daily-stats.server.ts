import { sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import type { DailyMetric } from "./stats-data";

/** The column of each figure in `listing_daily_stats` and `owner_daily_stats` (decision 0052). */
const COLUMNS: Record<DailyMetric, string> = {
  views: "views",
  resultClicks: "result_clicks",
  phoneReveals: "phone_reveals",
  messages: "messages",
  favorites: "favorites",
};

/** A dealer's day is the French calendar day (a view at 00:30 in Paris belongs to that day). */
export const STATS_DAY = sql.raw(`(now() at time zone 'Europe/Paris')::date`);

/**
 * The two upserts of a counted event, as CTEs appended to a statement that defines
 * `stats_src (listing_id, owner_id)` — one row per counted event, usually the row the counting
 * statement itself returned. They run whether or not the statement reads them (PostgreSQL runs
 * every data-modifying CTE once), in the counting statement's transaction: a figure exists
 * exactly when the counter moved.
 */
export function dailyStatsWrites(metric: DailyMetric): SQL {
  const column = sql.raw(COLUMNS[metric]);
  return sql`,
    stats_listing_day as (
      insert into listing_daily_stats (listing_id, day, ${column})
      select listing_id, ${STATS_DAY}, 1 from stats_src
      on conflict (listing_id, day) do update set ${column} = listing_daily_stats.${column} + 1
      returning 1
    ),
    stats_owner_day as (
      insert into owner_daily_stats (owner_id, day, ${column})
      select owner_id, ${STATS_DAY}, 1 from stats_src where owner_id is not null
      on conflict (owner_id, day) do update set ${column} = owner_daily_stats.${column} + 1
      returning 1
    )`;
}

/** Counts one event of a listing today, for callers whose counting statement is already done. */
export async function bumpDailyStat(db: DbExecutor, listingId: string, metric: DailyMetric): Promise<void> {
  await db.execute(sql`
    with stats_src as (select id as listing_id, owner_id from listings where id = ${listingId}::uuid)
    ${dailyStatsWrites(metric)}
    select 1`);
}

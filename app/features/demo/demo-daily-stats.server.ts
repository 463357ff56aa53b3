import { sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { STATS_DAY } from "~/features/dealer-dashboard/daily-stats.server";

/**
 * The demo's per-day figures (issue 35's dashboard, decision 0052): each published listing's
 * seeded views, result clicks and favourites spread over the days since its publication (90 at
 * most, up to today), with a few phone reveals, per listing and summed per seller — so that
 * 'Mon stock' and its statistics show a shop's life on first start instead of flat zeros. The
 * spread is a hash of the listing and the day (no faker draw: the rest of the demo keeps its
 * values); the shares are rounded down, so a listing's days add up to at most its counters.
 */
export async function insertDemoDailyStats(db: DbExecutor): Promise<void> {
  await db.execute(sql`
    with days as (
      select l.id as listing_id, l.owner_id, c.view_count, c.click_count, l.heart_count, d::date as day,
             1 + abs(hashtext(l.id::text || d::date::text)) % 5 as weight
      from listings l
      join listing_counters c on c.listing_id = l.id
      cross join lateral generate_series(
        greatest((l.published_at at time zone 'Europe/Paris')::date, ${STATS_DAY} - 89),
        ${STATS_DAY},
        interval '1 day'
      ) d
      where l.status = 'published' and l.published_at is not null
    ),
    shares as (
      select listing_id, owner_id, day,
             floor(view_count * weight::numeric / sum(weight) over (partition by listing_id))::int as views,
             floor(click_count * weight::numeric / sum(weight) over (partition by listing_id))::int as result_clicks,
             floor(heart_count * weight::numeric / sum(weight) over (partition by listing_id))::int as favorites,
             -- About one reveal for 25 views.
             floor(view_count * weight::numeric / sum(weight) over (partition by listing_id) / 25)::int as phone_reveals
      from days
    ),
    listing_rows as (
      insert into listing_daily_stats (listing_id, day, views, result_clicks, favorites, phone_reveals)
      select listing_id, day, views, result_clicks, favorites, phone_reveals from shares
      where views + result_clicks + favorites + phone_reveals > 0
      returning 1
    )
    insert into owner_daily_stats (owner_id, day, views, result_clicks, favorites, phone_reveals)
    select owner_id, day, sum(views)::int, sum(result_clicks)::int, sum(favorites)::int, sum(phone_reveals)::int
    from shares group by owner_id, day
    having sum(views + result_clicks + favorites + phone_reveals) > 0
  `);
}

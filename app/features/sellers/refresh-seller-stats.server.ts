import { sql } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import type { JobQueue } from "~/server/jobs.server";

/**
 * Computes sellers' trust figures from the listings and conversations and stores them in
 * seller_stats (one statement, an upsert), so that pages read them by primary key (decision
 * 0035). Run by the 'seller-stats' job after a change, and by the daily refresh for the 90-day
 * and 12-month windows.
 * - published / sold: the seller's listings in those statuses now;
 * - published in 12 months: listings whose publication date is within 12 months, whatever
 *   became of them (the moderators' 'Vendeur particulier très actif');
 * - conversations of 90 days: those created (by a buyer's first message) in the last 90 days
 *   on the seller's listings; answered: the seller wrote after the buyer's first message;
 *   the median of the time from that first message to the seller's first reply (answered ones).
 */
export async function refreshSellerStats(db: DbExecutor, userIds: string | string[]): Promise<void> {
  const ids = typeof userIds === "string" ? [userIds] : userIds;
  if (ids.length === 0) return;
  // Several sellers in one statement (the refresh's batches, the demo data).
  await db.execute(sql`
    insert into seller_stats as s (user_id, published_count, sold_count, published_last12_months,
      conversations90d, answered90d, median_response_seconds, refreshed_at)
    select u.id,
      (select count(*) from listings l where l.owner_id = u.id and l.status = 'published'),
      -- 'N véhicules vendus sur Occazio': the seller said 'oui', or sold before the question (decision 0042).
      (select count(*) from listings l where l.owner_id = u.id and l.status = 'sold' and (l.sold_channel is null or l.sold_channel = 'occazio')),
      (select count(*) from listings l where l.owner_id = u.id and l.status <> 'draft'
         and l.published_at > now() - interval '12 months'),
      r.conversations, r.answered, r.median, now()
    from "user" u,
      lateral (
        select count(*)::int as conversations,
          count(f.replied_at)::int as answered,
          round(percentile_cont(0.5) within group (order by extract(epoch from f.replied_at - f.asked_at)))::int as median
        from (
          select a.asked_at,
            (select min(m.created_at) from messages m
              where m.conversation_id = c.id and m.sender_id = u.id and m.created_at >= a.asked_at) as replied_at
          from conversations c,
            lateral (select min(m.created_at) as asked_at from messages m
              where m.conversation_id = c.id and m.sender_id is distinct from u.id) a
          where c.seller_id = u.id and c.created_at > now() - interval '90 days' and a.asked_at is not null
        ) f
      ) r
    where u.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    on conflict (user_id) do update set
      published_count = excluded.published_count,
      sold_count = excluded.sold_count,
      published_last12_months = excluded.published_last12_months,
      conversations90d = excluded.conversations90d,
      answered90d = excluded.answered90d,
      median_response_seconds = excluded.median_response_seconds,
      refreshed_at = excluded.refreshed_at
  `);
}

/**
 * Asks for a recompute of these sellers' figures, in the caller's transaction (the job exists
 * exactly when the change that caused it was committed). One waiting job per seller: a burst
 * of messages makes one recompute. No queue (scripts, some tests): the daily refresh catches up.
 */
export async function enqueueSellerStats(
  jobs: JobQueue | undefined,
  db: DbExecutor,
  userIds: (string | null | undefined)[],
): Promise<void> {
  if (!jobs) return;
  const ids = [...new Set(userIds.filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return;
  await jobs.enqueueMany("seller-stats", ids.map((userId) => ({ payload: { userId }, singletonKey: userId })), { db });
}

/** The 'seller-stats' job. */
export function sellerStatsHandler(options: { db: Database }) {
  return async ({ userId }: { userId: string }) => {
    await refreshSellerStats(options.db, userId);
  };
}

/** Figures older than this are computed again (the 90-day and 12-month windows move). */
export const SELLER_STATS_MAX_AGE_HOURS = 24;

/**
 * The refresher's step: sellers whose figures are older than SELLER_STATS_MAX_AGE_HOURS, and
 * sellers of published listings who have none yet (accounts from before the figures), at most
 * `limit` of them, oldest first. Returns how many were computed.
 */
export async function refreshStaleSellerStats(options: { db: Database; limit?: number }): Promise<number> {
  const limit = options.limit ?? 500;
  const result = (await options.db.execute(sql`
    (select user_id from seller_stats
      where refreshed_at < now() - make_interval(hours => ${SELLER_STATS_MAX_AGE_HOURS})
      order by refreshed_at limit ${limit})
    union
    (select distinct l.owner_id from listings l
      where l.status = 'published' and not exists (select 1 from seller_stats s where s.user_id = l.owner_id)
      limit ${limit})
  `)) as unknown as { rows: { user_id: string }[] };
  const ids = result.rows.map((row) => row.user_id);
  for (let i = 0; i < ids.length; i += 100) await refreshSellerStats(options.db, ids.slice(i, i + 100));
  return ids.length;
}

/** Every hour, in the processes that run jobs: the stale figures, a batch at a time. */
export function startSellerStatsRefresher(options: {
  db: Database;
  intervalSeconds?: number;
  onError: (err: unknown) => void;
}): () => Promise<void> {
  const intervalSeconds = options.intervalSeconds ?? 3600;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = refreshStaleSellerStats({ db: options.db })
      .catch(options.onError)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalSeconds * 1000);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}

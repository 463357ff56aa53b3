import { eq, sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listings } from "~/db/schema";
import { EARTH_RADIUS_KM } from "~/features/places/geo";
import type { JobQueue } from "~/server/jobs.server";
import { SEATS_OR_MORE } from "~/features/search/search-params";
import { listingMatchKeys } from "./saved-search-columns.server";

/** 'Quotidienne' digests leave at this hour (UTC: 08:00 in Paris in winter, 09:00 in summer). */
export const DIGEST_HOUR_UTC = 7;
/** 'Immédiate': at most one e-mail per saved search in this window. */
export const IMMEDIATE_WINDOW_MS = 60 * 60 * 1000;

/** The next digest time strictly after `now`. */
export function nextDigestAt(now: Date): Date {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DIGEST_HOUR_UTC));
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

export interface SearchMatch {
  savedSearchId: string;
  userId: string;
  frequency: "immediate" | "daily";
  lastAlertAt: Date | null;
}

/**
 * The saved searches a published listing matches: the search's predicates (search-where.server.ts
 * `searchWhere`) turned around, one statement. `match_keys && …` picks the candidates through
 * the GIN index (brand, model and geographic cell); every other filter is a column test, NULL
 * meaning 'Tous'; the radius is the bounding box then the exact haversine distance, on the same
 * 6 371 km sphere as the search; the words as /recherche matches them (`matchStatement`). Left out: the owner's own searches, searches whose alerts are
 * off, and searches of accounts that turned 'Alertes de recherche' off or are suspended.
 */
export async function findMatchingSearches(db: DbExecutor, listingId: string): Promise<SearchMatch[]> {
  const statement = await listingMatchStatement(db, listingId);
  if (!statement) return [];
  return toMatches(await db.execute(statement));
}

/** The match of a listing, or null when it is not published (nothing to match). */
async function listingMatchStatement(db: DbExecutor, listingId: string): Promise<SQL | null> {
  const [listing] = await db
    .select({ brand: listings.brand, model: listings.model, latitude: listings.latitude, longitude: listings.longitude, status: listings.status })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!listing || listing.status !== "published") return null;
  return matchStatement(listingId, listingMatchKeys(listing));
}

type MatchRow = { savedSearchId: string; userId: string; frequency: "immediate" | "daily"; lastAlertAt: string | Date | null };

function toMatches(result: unknown): SearchMatch[] {
  return (result as { rows: MatchRow[] }).rows.map((r) => ({
    savedSearchId: r.savedSearchId,
    userId: r.userId,
    frequency: r.frequency,
    lastAlertAt: r.lastAlertAt === null ? null : new Date(r.lastAlertAt),
  }));
}

/**
 * The saved search `s`'s filters (all but the words), tested on the listing aliased `l`: every
 * filter a column test, NULL meaning 'Tous'; the radius the bounding box then the exact
 * haversine distance.
 */
function filtersHold(l: SQL): SQL {
  return sql`(s.brands is null or ${l}.brand = any(s.brands))
      and (s.models is null or ${l}.model = any(s.models))
      and (s.energies is null or ${l}.fuel = any(s.energies))
      and (s.fuel is null or s.fuel = ${l}.fuel)
      and (s.vehicle_type is null or s.vehicle_type = ${l}.vehicle_type)
      and (s.gearbox is null or s.gearbox = ${l}.gearbox)
      and (s.color is null or s.color = ${l}.color)
      and (s.price_min is null or ${l}.price >= s.price_min)
      and (s.price_max is null or ${l}.price <= s.price_max)
      and (s.year_min is null or ${l}.year >= s.year_min)
      and (s.year_max is null or ${l}.year <= s.year_max)
      and (s.mileage_max is null or ${l}.mileage <= s.mileage_max)
      and (s.mileage_min is null or ${l}.mileage >= s.mileage_min)
      and (s.power_min is null or ${l}.din_power >= s.power_min)
      and (s.power_max is null or ${l}.din_power <= s.power_max)
      and (s.doors is null or ${l}.doors = any(s.doors))
      and (s.seats is null or ${l}.seats = any(s.seats) or (${SEATS_OR_MORE} = any(s.seats) and ${l}.seats >= ${SEATS_OR_MORE}))
      and (not s.first_hand or ${l}.owner_count = 1)
      and (not s.good_deals or ${l}.price_level <= 2)
      and (s.seller_kind is null or s.seller_kind = ${l}.seller_kind)
      and (s.critair_max is null or ${l}.critair <= s.critair_max)
      and (s.equipment is null or ${l}.equipment @> s.equipment)
      and (s.latitude is null or (
        ${l}.latitude between s.min_latitude and s.max_latitude
        and (${l}.longitude between s.min_longitude and s.max_longitude
          or ${l}.longitude + 360 between s.min_longitude and s.max_longitude
          or ${l}.longitude - 360 between s.min_longitude and s.max_longitude)
        and 2 * ${EARTH_RADIUS_KM} * asin(least(1, sqrt(
          power(sin(radians(${l}.latitude - s.latitude) / 2), 2)
          + cos(radians(s.latitude)) * cos(radians(${l}.latitude))
            * power(sin(radians(${l}.longitude - s.longitude) / 2), 2)))) <= s.radius_km))`;
}

/**
 * The matching statement itself (exported for EXPLAIN in scripts/bench-alerts.ts). The words
 * match as /recherche matches them (text-match.server.ts): as text, or as a spelling of brand +
 * model only when the words find nothing as text among the search's published listings — so a
 * listing that only resembles the words is announced exactly when the search would show it.
 * The accounts left out are tested with the predicate of the partial index
 * `user_search_alerts_excluded_idx` (migration 0018), word for word: the anti-join then reads
 * the few excluded accounts, not every account. Keep the two identical.
 */
export function matchStatement(listingId: string, keys: string[]): SQL {
  return sql`
    select s.id as "savedSearchId", s.user_id as "userId", s.frequency, s.last_alert_at as "lastAlertAt"
    from saved_searches s
    join listings l on l.id = ${listingId}
    where s.match_keys && ${sql`array[${sql.join(keys.map((k) => sql`${k}`), sql`, `)}]::text[]`}
      and s.frequency <> 'off'
      and s.user_id <> l.owner_id
      and ${filtersHold(sql`l`)}
      and (s.text_query is null
        or numnode(websearch_to_tsquery('occazio_fr', s.text_query)) = 0
        or l.search_vector @@ websearch_to_tsquery('occazio_fr', s.text_query)
        or (occazio_fold(s.text_query) <% l.search_name
          and not exists (
            select 1 from listings t
            where t.status = 'published'
              and t.search_vector @@ websearch_to_tsquery('occazio_fr', s.text_query)
              and ${filtersHold(sql`t`)})))
      and not exists (select 1 from "user" u where u.id = s.user_id and (u.notify_search_alerts = false or u.suspended_at is not null))
  `;
}

/**
 * Called in the transaction that publishes a listing (moderator validation, AUTO_PUBLISH):
 * records one pending notice per matching saved search — committed with the publication or
 * not at all, and never twice (primary key) — and schedules the jobs that will send them:
 * 'Immédiate' now or when the search's hour is up, 'Quotidienne' at the next digest time.
 * The jobs are enqueued in the same transaction (outbox), one waiting job per search
 * ('search-alert') or per account ('search-digest') at most: their queues have the "short"
 * policy and the job's key is the search or the account, so a waiting job takes the new
 * notices too instead of a second job piling up. Without a queue (tests), the notices wait
 * for `sendSearchAlert`/`sendSearchDigest`.
 */
export async function recordSearchMatches(options: {
  db: DbExecutor;
  listingId: string;
  jobs?: JobQueue;
  now?: Date;
}): Promise<{ recorded: number }> {
  const { db } = options;
  const now = options.now ?? new Date();
  const statement = await listingMatchStatement(db, options.listingId);
  if (!statement) return { recorded: 0 };
  // Match and record in one statement: the matches never travel to JavaScript and back.
  const fresh = toMatches(
    await db.execute(sql`
      with m as (${statement}),
      recorded as (
        insert into saved_search_notices (saved_search_id, listing_id, user_id)
        select m."savedSearchId", ${options.listingId}::uuid, m."userId" from m
        on conflict do nothing
        returning saved_search_id
      )
      select m.* from m join recorded r on r.saved_search_id = m."savedSearchId"
    `),
  );
  if (options.jobs) {
    // Two statements whatever the number of matches (the publishing transaction stays short).
    const alerts: { payload: { savedSearchId: string }; singletonKey: string; startAfter?: Date }[] = [];
    const digests = new Map<string, { payload: { userId: string }; singletonKey: string; startAfter: Date }>();
    for (const match of fresh) {
      if (match.frequency === "daily") {
        digests.set(match.userId, { payload: { userId: match.userId }, singletonKey: match.userId, startAfter: nextDigestAt(now) });
      } else {
        const due = match.lastAlertAt ? new Date(match.lastAlertAt.getTime() + IMMEDIATE_WINDOW_MS) : now;
        alerts.push({ payload: { savedSearchId: match.savedSearchId }, singletonKey: match.savedSearchId, startAfter: due > now ? due : undefined });
      }
    }
    await options.jobs.enqueueMany("search-alert", alerts, { db });
    await options.jobs.enqueueMany("search-digest", [...digests.values()], { db });
  }
  return { recorded: fresh.length };
}

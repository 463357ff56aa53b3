import { inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listings } from "~/db/schema";
import { cardColumns, withPhotos } from "~/features/listings/listing-cards.server";
import type { Storage } from "~/server/storage.server";
import { MAX_PAGE, PAGE_SIZE, type SearchFilters } from "./search-params";
import type { SearchResult } from "./search-types";
import {
  cappedCount,
  clampPage,
  narrowsBesidesPlace,
  ORDER_BY,
  orderBy,
  ranked,
  RELEVANCE_WINDOW,
  resolveArea,
  safeFilters,
  searchWhere,
  SPATIAL_COUNT_MIN_KM,
  type RadiusArea,
} from "./search-where.server";
import { listingsInCircle, placeDensity, walkBeatsBand } from "./place-density.server";
import { countCap, firstMatching, textMatches, textWords, tsQuery, type TextMatch } from "./text-match.server";
import { facetCount, facetKey } from "./facet-count.server";
import { nearestArea } from "./nearest-area.server";
import { refreshEquipmentShares } from "./equipment-shares.server";

/**
 * The search page of /recherche: one page of 24 cards and the capped number of matches
 * (spec §2 Search; the shared WHERE and ORDER BY are in search-where.server.ts).
 */

/**
 * The two statements of one search page: the cards of the page, and the number of matches:
 * exact from the facet table when the search's filters are only equalities on its columns
 * (`facetKey`, decision 0029: one row, whatever the number of matches), otherwise counted up to
 * `countCap(text) + 1` (so a broad search reads at most that many index entries instead of
 * every match).
 */
function pageStatements(
  db: DbExecutor,
  filters: SearchFilters,
  area: RadiusArea | undefined,
  text: TextMatch,
  /** Where the page's ids are read: a smaller circle holding the page's nearest ('Distance', `nearestArea`). */
  pageArea: RadiusArea | undefined = area,
) {
  const spatialCount = area !== undefined && area.radiusKm >= SPATIAL_COUNT_MIN_KM && !narrowsBesidesPlace(filters);
  const where = searchWhere(filters, pageArea, "band", text);
  const page = clampPage(filters.page);
  // No page past the last linkable one is ever read: OFFSET stays below MAX_PAGE × PAGE_SIZE.
  const offset = (Math.min(page, MAX_PAGE + 1) - 1) * PAGE_SIZE;
  const order = orderBy(filters, text, offset, pageArea);
  const limit = page > MAX_PAGE ? 0 : PAGE_SIZE;
  // Deferred join: the page's ids first, from an index alone (every filter column is INCLUDEd
  // in the search indexes, and a plain index scan would read each candidate's heap row before
  // testing those columns); then the 24 cards by primary key.
  let pageIds;
  if (ranked(filters, text, offset)) {
    pageIds = rankedPageIds(filters, area, text, limit, offset);
  } else {
    pageIds = db
      .select({ id: listings.id })
      .from(listings)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  }
  const items = db
    .select(cardColumns)
    .from(listings)
    .where(inArray(listings.id, pageIds))
    .orderBy(...order);
  const facets = text ? undefined : facetKey(filters, area !== undefined);
  const count = facets
    ? facetCount(db, facets)
    : cappedCount(db, searchWhere(filters, area, spatialCount ? "point" : "band", text, true), countCap(text));
  return { page, offset, items, count, exact: facets !== undefined };
}

/**
 * Whether the page of a search by place alone, newest first, walks the recency index
 * (`walkedPage`) instead of leaving the plan to PostgreSQL. The planner estimates a
 * circle's matches from the latitude and longitude histograms as if they were independent
 * (~10 000 for the 31 000 listings within 50 km of Paris at 1 000 000), so deep pages of dense
 * circles collected and sorted every match of the band (31.6 ms for page 100) where the walk
 * takes 7 ms; sparse circles keep the band, as the walk would read most of the index. The
 * in-memory density of published listings per place decides (place-density.server.ts); until
 * it is built, and for page 1 (24 rows: the planner walks dense circles itself, in one
 * statement where the walk takes a transaction and two), the planner does.
 */
export function walksByPlace(db: DbExecutor, filters: SearchFilters, area: RadiusArea | undefined): boolean {
  if (!area || narrowsBesidesPlace(filters)) return false;
  if (filters.sort !== "recent" && filters.sort !== "relevance") return false;
  const page = clampPage(filters.page);
  // Page 1 stays one statement: for 24 rows the planner walks dense circles already.
  if (page === 1 || page > MAX_PAGE) return false;
  const density = placeDensity(db);
  if (!density) return false;
  return walkBeatsBand({
    total: density.total,
    inCircle: listingsInCircle(density, area),
    rowsNeeded: page * PAGE_SIZE,
  });
}

/**
 * The settings a walked page's ids are read with (`set_config(…, true)` is `SET LOCAL`, in one
 * statement for both engines). Without a sort to choose, PostgreSQL reads the recency index
 * newest first and tests the circle's latitude and longitude on each entry inside the index
 * scan, before any visibility check: 7 ms for page 100 of 50 km around Paris at 1 000 000
 * listings (3 315 buffers), where the band and top-N sort take 31.6 ms and the same walk
 * written as a subquery (`offset 0` fence, the circle tested above it) 18 ms (62 741 buffers:
 * every entry's visibility checked first). No parallel workers, as for any deep page.
 */
export const PLACE_WALK_SETTING = sql`select set_config('max_parallel_workers_per_gather', '0', true), set_config('enable_sort', 'off', true)`;

/** The ids of a walked page (`walksByPlace`), to be read with PLACE_WALK_SETTING. */
function placeWalkIds(db: DbExecutor, filters: SearchFilters, area: RadiusArea) {
  const page = clampPage(filters.page);
  return db
    .select({ id: listings.id })
    .from(listings)
    .where(searchWhere(filters, area, "band"))
    .orderBy(...ORDER_BY.recent)
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
}

/**
 * A walked page: its ids in their own transaction (the setting must not reach the cards'
 * statement, whose sort of 24 rows it would turn into a scan of the whole index), then the
 * cards by primary key, in the ids' order.
 */
async function walkedPage(db: DbExecutor, filters: SearchFilters, area: RadiusArea) {
  const ids = await db.transaction(async (tx) => {
    await tx.execute(PLACE_WALK_SETTING);
    return await placeWalkIds(tx, filters, area);
  });
  if (ids.length === 0) return [];
  const rows = await db
    .select(cardColumns)
    .from(listings)
    .where(
      inArray(
        listings.id,
        ids.map((row) => row.id),
      ),
    );
  const rank = new Map(ids.map((row, i) => [row.id, i]));
  return rows.sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
}

/**
 * How many of the newest listings (of the other filters) 'Pertinence' reads first, looking for
 * the RELEVANCE_WINDOW newest matches of the words: enough for words in ≥ 3 % of them.
 */
export const RELEVANCE_WALK = 8_000;

/**
 * The ids of a 'Pertinence' page: the RELEVANCE_WINDOW newest matches, ranked (cover density),
 * then newest first; the later pages list the older matches newest first (ORDER_BY.relevance,
 * same OFFSET). The newest matches are looked for first among the RELEVANCE_WALK newest
 * listings of the other filters, walked in the 'recent' order of their B-tree index; only when
 * those hold fewer than RELEVANCE_WINDOW matches are all the matches read through the GIN
 * index and sorted. Both give the same window: the walk is a prefix of that order. The planner
 * cannot make that choice itself: it estimates several words as independent ("toit" AND
 * "panoramique" AND "automatique": far fewer than the 53 000 matches of 1 M listings) and
 * ranked from a bitmap of every match (329 ms) instead of walking the date index.
 */
function rankedPageIds(
  filters: SearchFilters,
  area: RadiusArea | undefined,
  text: NonNullable<TextMatch>,
  limit: number,
  offset: number,
): SQL {
  const query = tsQuery(text.words);
  const recent = sql.join(ORDER_BY.recent, sql`, `);
  return sql`(
    with walked as materialized (
      select w.id, w.sv, w.pa from (
        select ${listings.id} as id, ${listings.searchVector} as sv, ${listings.publishedAt} as pa
        from ${listings} where ${searchWhere(filters, area, "band")}
        order by ${recent} limit ${RELEVANCE_WALK}
      ) w
      where w.sv @@ ${query}
      order by w.pa desc nulls last, w.id desc nulls last
      limit ${RELEVANCE_WINDOW}
    ),
    windowed as (
      select id, sv, pa from walked where (select count(*) from walked) >= ${RELEVANCE_WINDOW}
      union all
      select f.id, f.sv, f.pa from (
        select ${listings.id} as id, ${listings.searchVector} as sv, ${listings.publishedAt} as pa
        from ${listings} where ${searchWhere(filters, area, "band", text)}
        order by ${recent} limit ${RELEVANCE_WINDOW}
      ) f
      where (select count(*) from walked) < ${RELEVANCE_WINDOW}
    )
    select id from windowed
    order by ts_rank_cd(sv, ${query}) desc, pa desc nulls last, id desc nulls last
    limit ${limit} offset ${offset}
  )`;
}

/**
 * The setting the page's ids are read with, on every page but the first. Past page 1 the planner may collect
 * every match of a dense filter and sort it (page 100 of 50 km around Paris: 31 000 entries of
 * the latitude band, then a top-2 400 sort) and, that sort looking costly, split it over
 * parallel workers. On the 2-core target the workers' start-up and Gather Merge made it slower,
 * not faster: 88–194 ms against 49–94 ms for the same scan and sort in one process, at 1 M
 * listings (docs/PERFORMANCE.md, issue 16). `SET LOCAL` keeps the setting to that statement's
 * transaction; page 1 and the counts keep the server's settings.
 */
export const DEEP_PAGE_SETTING = sql`set local max_parallel_workers_per_gather = 0`;

/**
 * The SQL of a search page without running it, for `EXPLAIN` in scripts/bench-search.ts;
 * null when the postal code is unknown (no statement would run).
 */
export async function searchStatementsForExplain(options: {
  db: DbExecutor;
  filters: SearchFilters;
}): Promise<{ items: SQLWrapper; count: SQLWrapper; setting?: SQL } | null> {
  const filters = safeFilters(options.filters);
  const resolved = await resolveArea(options.db, filters);
  if (!resolved.ok) return null;
  const [text] = await textMatches(options.db, filters);
  const pageArea = await distancePageArea(options.db, filters, resolved.area, text);
  const { items, count, offset } = pageStatements(options.db, filters, resolved.area, text, pageArea);
  // The items as the service reads them: a walked page's ids, or the page with its setting.
  if (resolved.area && walksByPlace(options.db, filters, resolved.area)) {
    return { items: placeWalkIds(options.db, filters, resolved.area), count, setting: PLACE_WALK_SETTING };
  }
  return { items, count, ...(offset > 0 ? { setting: DEEP_PAGE_SETTING } : {}) };
}

/** 'Distance': the circle a page's ids are read from (`nearestArea`); the search's own otherwise. */
async function distancePageArea(db: DbExecutor, filters: SearchFilters, area: RadiusArea | undefined, text: TextMatch) {
  if (filters.sort !== "distance" || !area) return area;
  const page = clampPage(filters.page);
  const needed = page > MAX_PAGE ? 0 : page * PAGE_SIZE;
  return nearestArea({ db, filters, area, text, needed });
}

export async function searchListings(options: {
  db: DbExecutor;
  storage: Storage;
  filters: SearchFilters;
}): Promise<SearchResult> {
  const { db, storage } = options;
  const filters = safeFilters(options.filters);
  refreshEquipmentShares(db, filters);
  const textErrors: string[] = [];
  if (filters.q && !textWords(filters.q)) {
    textErrors.push("La recherche ne contient aucun mot (lettres ou chiffres) : elle a été ignorée.");
    delete filters.q;
  }
  const resolved = await resolveArea(db, filters);
  if (!resolved.ok) {
    const page = clampPage(filters.page);
    return { items: [], total: 0, totalCapped: false, page, pageCount: 0, errors: [...textErrors, ...resolved.errors] };
  }
  const area = resolved.area;
  const walk = walksByPlace(db, filters, area);
  // The words as text, then (when the text finds nothing) as a spelling of brand + model.
  const { page, rows, n, cap } = await firstMatching(
    await textMatches(db, filters),
    async (text) => {
      const pageArea = await distancePageArea(db, filters, area, text);
      const statements = pageStatements(db, filters, area, text, pageArea);
      const pageRows =
        walk && area
          ? walkedPage(db, filters, area)
          : statements.offset === 0
            ? statements.items
            : db.transaction(async (tx) => {
                await tx.execute(DEEP_PAGE_SETTING);
                return await pageStatements(tx, filters, area, text, pageArea).items;
              });
      // Two statements: on PostgreSQL they run on two pooled connections at once.
      const [rows, [counted]] = await Promise.all([pageRows, statements.count]);
      const n = Number(counted?.n ?? 0);
      // An exact count (facet table) is never capped.
      return { page: statements.page, rows, n, cap: statements.exact ? Math.max(n, countCap(text)) : countCap(text) };
    },
    (result) => result.n > 0,
  );
  const totalCapped = n > cap;
  const total = totalCapped ? cap : n;
  const items = await withPhotos({ db, storage, rows });
  return {
    items,
    total,
    totalCapped,
    page,
    pageCount: Math.min(MAX_PAGE, Math.ceil(total / PAGE_SIZE)),
    ...(resolved.area ? { center: resolved.area.center } : {}),
    errors: textErrors,
  };
}

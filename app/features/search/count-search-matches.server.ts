import { sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listings } from "~/db/schema";
import { SEARCH_COUNT_CAP, type SearchFilters } from "./search-params";
import { ORDER_BY, safeFilters, searchWhere, type RadiusArea } from "./search-where.server";

export interface MatchCountRequest {
  filters: SearchFilters;
  /** The circle, already resolved (saved searches store their centre and radius). */
  area: RadiusArea | undefined;
  /** 'N nouvelles' counts the matches published after this. */
  publishedAfter: Date;
}

export interface MatchCount {
  count: number;
  capped: boolean;
  /** Matches published after `publishedAfter` (exact up to the cap). */
  newCount: number;
}

/**
 * 'Mes recherches': for each search, how many published listings match now (capped like the
 * search's count) and how many of them are new — one statement for every search of the page.
 * Each search reads at most `SEARCH_COUNT_CAP + 1` of its matches, newest first (the search's
 * 'recent' order, served by its index), so the new ones are always among those read.
 */
export async function countSearchMatches(options: { db: DbExecutor; searches: MatchCountRequest[] }): Promise<MatchCount[]> {
  if (options.searches.length === 0) return [];
  const parts: SQL[] = options.searches.map((search, i) => {
    const where = searchWhere(safeFilters(search.filters), search.area);
    return sql`(select ${i}::int as i, count(*)::int as n,
        count(*) filter (where m.published_at > ${search.publishedAfter.toISOString()}::timestamptz)::int as fresh
      from (select ${listings.publishedAt} as published_at from ${listings} where ${where}
        order by ${sql.join(ORDER_BY.recent, sql`, `)} limit ${SEARCH_COUNT_CAP + 1}) m)`;
  });
  const result = (await options.db.execute(sql.join(parts, sql` union all `))) as unknown as {
    rows: { i: number; n: number; fresh: number }[];
  };
  const counts: MatchCount[] = options.searches.map(() => ({ count: 0, capped: false, newCount: 0 }));
  for (const row of result.rows) {
    const n = Number(row.n);
    counts[Number(row.i)] = { count: Math.min(n, SEARCH_COUNT_CAP), capped: n > SEARCH_COUNT_CAP, newCount: Math.min(Number(row.fresh), SEARCH_COUNT_CAP) };
  }
  return counts;
}

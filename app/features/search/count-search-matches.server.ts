import { sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listings } from "~/db/schema";
import { SEARCH_COUNT_CAP, type SearchFilters } from "./search-params";
import { ORDER_BY, safeFilters, searchWhere, type RadiusArea } from "./search-where.server";
import { TEXT_COUNT_CAP, textMatches, type TextMatch } from "./text-match.server";
import { refreshEquipmentShares } from "./equipment-shares.server";

/**
 * 'Mes recherches' counts up to 10 000 matches (2 400 with words), as /recherche did before
 * issue 37: its 'N nouvelles' needs the matches themselves (their dates), which the facet
 * table does not keep, and the page counts a handful of searches, not every visitor's.
 */
function countCap(text: TextMatch): number {
  return text ? TEXT_COUNT_CAP : SEARCH_COUNT_CAP;
}

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
 * Each search reads at most `countCap + 1` of its matches (as /recherche counts them: 10 001, or
 * 2 401 for a search with words), newest first (the search's 'recent' order, served by its
 * index), so the new ones are always among those read.
 * Words are matched as /recherche matches them (`textMatches`): as text, and, for the searches
 * whose text finds nothing, as a spelling of brand + model in a second statement.
 */
export async function countSearchMatches(options: { db: DbExecutor; searches: MatchCountRequest[] }): Promise<MatchCount[]> {
  const { db, searches } = options;
  if (searches.length === 0) return [];
  const filters = searches.map((search) => safeFilters(search.filters));
  for (const f of filters) refreshEquipmentShares(db, f);
  const texts = await Promise.all(filters.map((f) => textMatches(db, f)));
  const counts = await countEach(
    db,
    searches.map((search, i) => ({ search, filters: filters[i]!, text: texts[i]![0] })),
  );
  const retry = searches.flatMap((_, i) => (counts[i]!.count === 0 && texts[i]!.length > 1 ? [i] : []));
  if (retry.length > 0) {
    const again = await countEach(
      db,
      retry.map((i) => ({ search: searches[i]!, filters: filters[i]!, text: texts[i]![1] })),
    );
    retry.forEach((i, k) => (counts[i] = again[k]!));
  }
  return counts;
}

async function countEach(
  db: DbExecutor,
  requests: { search: MatchCountRequest; filters: SearchFilters; text: TextMatch }[],
): Promise<MatchCount[]> {
  const parts: SQL[] = requests.map(({ search, filters, text }, i) => {
    const where = searchWhere(filters, search.area, "band", text, true);
    return sql`(select ${i}::int as i, count(*)::int as n,
        count(*) filter (where m.published_at > ${search.publishedAfter.toISOString()}::timestamptz)::int as fresh
      from (select ${listings.publishedAt} as published_at from ${listings} where ${where}
        order by ${sql.join(ORDER_BY.recent, sql`, `)} limit ${countCap(text) + 1}) m)`;
  });
  const result = (await db.execute(sql.join(parts, sql` union all `))) as unknown as {
    rows: { i: number; n: number; fresh: number }[];
  };
  const counts: MatchCount[] = requests.map(() => ({ count: 0, capped: false, newCount: 0 }));
  for (const row of result.rows) {
    const n = Number(row.n);
    const cap = countCap(requests[Number(row.i)]!.text);
    counts[Number(row.i)] = {
      count: Math.min(n, cap),
      capped: n > cap,
      newCount: Math.min(Number(row.fresh), cap),
    };
  }
  return counts;
}

import { and, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listings } from "~/db/schema";
import { SEARCH_COUNT_CAP, type SearchFilters } from "./search-params";
import { cappedCount, firstMatching, resolveArea, safeFilters, searchWhere, textMatches } from "./search-where.server";

/**
 * How many published listings match the filters now (capped like the search's count), or
 * only those published after `publishedAfter` (saved searches' 'N nouvelles').
 * An unknown postal code matches nothing, as on /recherche.
 */
export async function countSearchMatches(options: {
  db: DbExecutor;
  filters: SearchFilters;
  publishedAfter?: Date;
}): Promise<{ count: number; capped: boolean }> {
  const { db } = options;
  const filters = safeFilters(options.filters);
  const resolved = await resolveArea(db, filters);
  if (!resolved.ok) return { count: 0, capped: false };
  const n = await firstMatching(
    await textMatches(db, filters),
    async (text) => {
      const where = and(
        searchWhere(filters, resolved.area, "band", text, true),
        options.publishedAfter
          ? sql`${listings.publishedAt} > ${options.publishedAfter.toISOString()}::timestamptz`
          : undefined,
      );
      const [row] = await cappedCount(db, where);
      return Number(row?.n ?? 0);
    },
    (count) => count > 0,
  );
  return { count: Math.min(n, SEARCH_COUNT_CAP), capped: n > SEARCH_COUNT_CAP };
}

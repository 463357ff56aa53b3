import { and, eq, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listings } from "~/db/schema";
import { SEARCH_COUNT_CAP } from "./search-params";

export interface BrandCount {
  brand: string;
  /** Published listings of the brand; a lower bound when `capped` ("10 000+ annonces"). */
  count: number;
  capped: boolean;
}

/**
 * Published listings per brand for the home page's tiles, each count stopped after
 * SEARCH_COUNT_CAP matches like the search's (an index-only scan of the brand + model index,
 * see decision 0004).
 */
export async function countPublishedByBrand(options: {
  db: DbExecutor;
  brands: readonly string[];
}): Promise<BrandCount[]> {
  const { db } = options;
  return Promise.all(
    options.brands.map(async (brand) => {
      const matches = db
        .select({ one: sql`1`.as("one") })
        .from(listings)
        .where(and(eq(listings.status, "published"), eq(listings.brand, brand)))
        .limit(SEARCH_COUNT_CAP + 1)
        .as("matches");
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matches);
      const n = Number(row?.n ?? 0);
      return { brand, count: Math.min(n, SEARCH_COUNT_CAP), capped: n > SEARCH_COUNT_CAP };
    }),
  );
}

const TTL_MS = 60_000;
const cache = new WeakMap<object, { key: string; at: number; value: Promise<BrandCount[]> }>();

/**
 * The same, remembered for a minute per database: the home page is the most visited page and
 * these numbers need not be exact to the second.
 */
export function cachedBrandCounts(options: { db: DbExecutor; brands: readonly string[] }): Promise<BrandCount[]> {
  const key = options.brands.join(",");
  const hit = cache.get(options.db);
  if (hit && hit.key === key && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = countPublishedByBrand(options);
  cache.set(options.db, { key, at: Date.now(), value });
  // A failed count is not remembered: the next visit tries again.
  value.catch(() => cache.delete(options.db));
  return value;
}

import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { ANY_FACET, listingFacetCounts } from "~/db/schema";
import type { SearchFilters } from "./search-params";

/**
 * Exact counts of the searches the facet table answers (issue 37, decision 0029): a search
 * whose only filters are equalities (or lists) on brand, model, fuel, gearbox, body type and
 * colour — no place, no range, no words, no 'Bonne affaire' — has its number of matches in
 * `listing_facet_counts` (one row per combination of those values, '*' for 'Tous', kept by
 * the triggers of migration 0017). Any other search counts its matches up to the cap
 * (`cappedCount`, search-where.server.ts).
 */

type FacetColumn = "brand" | "model" | "fuel" | "gearbox" | "vehicleType" | "color";

/**
 * The values each facet column may take, or undefined when a filter is not a facet; an empty
 * list when a single value and a list contradict each other (nothing matches). `ANY_FACET` for
 * a column left at 'Tous'.
 */
export function facetKey(filters: SearchFilters, hasArea: boolean): Record<FacetColumn, string[]> | undefined {
  if (
    hasArea ||
    filters.ownerId !== undefined ||
    filters.q ||
    filters.priceMin !== undefined ||
    filters.priceMax !== undefined ||
    filters.yearMin !== undefined ||
    filters.yearMax !== undefined ||
    filters.mileageMax !== undefined ||
    filters.goodDeals
  ) {
    return undefined;
  }
  // A single value and a list both set (brand=X&brands=Y,Z) allow their intersection, as the
  // search's two predicates do.
  const allowed = (single: string | undefined, many?: string[]): string[] => {
    const list = many?.length ? [...new Set(many)] : undefined;
    if (single) return list ? (list.includes(single) ? [single] : []) : [single];
    return list ?? [ANY_FACET];
  };
  return {
    brand: allowed(filters.brand, filters.brands),
    model: allowed(filters.model, filters.models),
    fuel: allowed(filters.fuel, filters.energies),
    gearbox: allowed(filters.gearbox),
    vehicleType: allowed(filters.vehicleType),
    color: allowed(filters.color),
  };
}

/** A search's exact number of matches from the facet table (one primary-key probe per combination of values). */
export function facetCount(db: DbExecutor, key: Record<FacetColumn, string[]>) {
  const columns = Object.keys(key) as FacetColumn[];
  const conditions: SQL[] = columns.map((column) => {
    const values = key[column];
    return values.length === 1 ? eq(listingFacetCounts[column], values[0]!) : inArray(listingFacetCounts[column], values);
  });
  // An empty list matches nothing (inArray of [] is false).
  return db
    .select({ n: sql<number>`coalesce(sum(${listingFacetCounts.n}), 0)::int` })
    .from(listingFacetCounts)
    .where(and(...conditions));
}

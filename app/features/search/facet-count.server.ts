import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { ANY_FACET, listingFacetCounts, listingSellerFacetCounts } from "~/db/schema";
import type { SearchFilters, SellerKind } from "./search-params";

/**
 * Exact counts of the searches the facet tables answer (issue 37, decision 0029): a search
 * whose only filters are equalities (or lists) on brand, model, fuel, gearbox, body type and
 * colour, and who sells (issue 33, decision 0034) — no place, no range, no words, no 'Bonne
 * affaire' — has its number of matches in `listing_facet_counts` (one row per combination of
 * those values, '*' for 'Tous', kept by the triggers of migration 0017), or for one kind of
 * seller in `listing_seller_facet_counts` (the same rows per seller kind, migration 0021). Any
 * other search counts its matches up to the cap (`cappedCount`, search-where.server.ts).
 */

type FacetColumn = "brand" | "model" | "fuel" | "gearbox" | "vehicleType" | "color";

export interface FacetKey {
  /** The values each facet column may take (`ANY_FACET` for 'Tous'; empty: nothing matches). */
  values: Record<FacetColumn, string[]>;
  /** One kind of seller, or undefined for 'Tous'. */
  seller?: SellerKind;
}

/**
 * The facet key of a search, or undefined when a filter is not a facet; an empty list when a
 * single value and a list contradict each other (nothing matches).
 */
export function facetKey(filters: SearchFilters, hasArea: boolean): FacetKey | undefined {
  if (
    hasArea ||
    filters.ownerId !== undefined ||
    filters.q ||
    filters.priceMin !== undefined ||
    filters.priceMax !== undefined ||
    filters.yearMin !== undefined ||
    filters.yearMax !== undefined ||
    filters.mileageMax !== undefined ||
    filters.mileageMin !== undefined ||
    filters.powerMin !== undefined ||
    filters.powerMax !== undefined ||
    // Doors, seats and owners are columns of no facet table: counted on the search indexes (capped).
    Boolean(filters.doors?.length) ||
    Boolean(filters.seats?.length) ||
    filters.firstHand ||
    filters.goodDeals ||
    // Crit'Air is a range on a column of no facet table: counted on its index (capped).
    filters.critair !== undefined ||
    // Equipment is an array of no facet table: counted on the search's own plan (capped).
    Boolean(filters.equipment?.length)
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
    values: {
      brand: allowed(filters.brand, filters.brands),
      model: allowed(filters.model, filters.models),
      fuel: allowed(filters.fuel, filters.energies),
      gearbox: allowed(filters.gearbox),
      vehicleType: allowed(filters.vehicleType),
      color: allowed(filters.color),
    },
    seller: filters.seller,
  };
}

/** A search's exact number of matches from a facet table (one primary-key probe per combination of values). */
export function facetCount(db: DbExecutor, key: FacetKey) {
  const table = key.seller ? listingSellerFacetCounts : listingFacetCounts;
  const columns = Object.keys(key.values) as FacetColumn[];
  const conditions: SQL[] = columns.map((column) => {
    const values = key.values[column];
    return values.length === 1 ? eq(table[column], values[0]!) : inArray(table[column], values);
  });
  if (key.seller) conditions.push(eq(listingSellerFacetCounts.sellerKind, key.seller));
  // An empty list matches nothing (inArray of [] is false).
  return db
    .select({ n: sql<number>`coalesce(sum(${table.n}), 0)::int` })
    .from(table)
    .where(and(...conditions));
}

import type { DbExecutor } from "~/db/client.server";
import type { SearchFilters } from "./search-params";
import { narrowsBesidesPlace, cappedCount, resolveArea, safeFilters, searchWhere, SPATIAL_COUNT_MIN_KM } from "./search-where.server";
import { countCap, firstMatching, textMatches, textWords } from "./text-match.server";
import { facetCount, facetKey } from "./facet-count.server";
import { interpretQuery } from "./interpret-query.server";
import { refreshEquipmentShares } from "./equipment-shares.server";

export interface SearchCount {
  /** Matching listings, a lower bound when `capped` ("10 000+ annonces"). */
  total: number;
  capped: boolean;
}

/**
 * The number /recherche would show for these filters, without the page of cards (issue 36: the
 * filter dialog's 'Voir N annonces' and the sidebar's live count). The same statement as the
 * page's count (search-listings.server.ts): the facet table for equality filters, else the
 * capped count on the search indexes; words naming a brand or a place are interpreted first,
 * as the page redirects to them. An unknown postal code counts 0 (the page says why).
 */
export async function countSearchResults(options: { db: DbExecutor; filters: SearchFilters }): Promise<SearchCount> {
  const { db } = options;
  const interpreted = await interpretQuery({ db, filters: options.filters });
  const filters = safeFilters(interpreted.filters);
  refreshEquipmentShares(db, filters);
  if (filters.q && !textWords(filters.q)) delete filters.q;
  const resolved = await resolveArea(db, filters);
  if (!resolved.ok) return { total: 0, capped: false };
  const area = resolved.area;
  const spatial = area !== undefined && area.radiusKm >= SPATIAL_COUNT_MIN_KM && !narrowsBesidesPlace(filters);
  const { n, cap } = await firstMatching(
    await textMatches(db, filters),
    async (text) => {
      const facets = text ? undefined : facetKey(filters, area !== undefined);
      const [counted] = facets
        ? await facetCount(db, facets)
        : await cappedCount(db, searchWhere(filters, area, spatial ? "point" : "band", text, true), countCap(text));
      const n = Number(counted?.n ?? 0);
      return { n, cap: facets ? Math.max(n, countCap(text)) : countCap(text) };
    },
    (result) => result.n > 0,
  );
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

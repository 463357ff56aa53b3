import type { DbExecutor } from "~/db/client.server";
import type { SearchFilters } from "./search-params";
import { cappedCount, searchWhere, type RadiusArea } from "./search-where.server";
import type { TextMatch } from "./text-match.server";

/** Radii tried, in km, before the search's own circle: each a capped count of its band. */
const PROBE_RADII_KM = [2, 5, 10, 20, 50, 100];

/**
 * 'Distance : les plus proches' (issue 36) without sorting every listing of the circle: the
 * smallest circle around the same centre holding at least the `needed` matches the page reaches
 * (offset + page size) — then the `needed` nearest of the search are all in it, and sorting that
 * circle's matches gives exactly the page sorting the whole circle would. Each probe is a capped
 * count (at most `needed` + 1 entries of a narrower latitude band of the geo index); a dense
 * circle stops at the first probes, a sparse one ends on the search's own circle. At 1 000 000
 * listings, 50 km around Lyon sorted 30 000 matches for page 1 (p95 36.6 ms, docs/PERFORMANCE.md).
 */
export async function nearestArea(options: {
  db: DbExecutor;
  filters: SearchFilters;
  area: RadiusArea;
  text: TextMatch;
  needed: number;
}): Promise<RadiusArea> {
  const { db, filters, area, text, needed } = options;
  if (needed <= 0) return area;
  for (const radiusKm of PROBE_RADII_KM) {
    if (radiusKm >= area.radiusKm) break;
    const probe = { ...area, radiusKm };
    const [row] = await cappedCount(db, searchWhere(filters, probe, "band", text, true), needed);
    if (Number(row?.n ?? 0) >= needed) return probe;
  }
  return area;
}

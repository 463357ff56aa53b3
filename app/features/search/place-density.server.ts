import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listings } from "~/db/schema";
import { distanceKmBetween, EARTH_RADIUS_KM } from "~/features/places/geo";
import type { RadiusArea } from "./search-where.server";

/**
 * How many published listings stand at each place (a listing's coordinates are its postal
 * code's), held in memory per database handle, so that a search by place can tell a dense circle
 * (50 km around Paris: 3 % of the market) from a sparse one without asking the database
 * (decision 0007, third amendment). It only chooses between two plans that return the same
 * page, so a stale figure costs speed, never a wrong result. One aggregate over the geo index:
 * 35 000 places, ~0.5 s at 1 000 000 listings on PostgreSQL, where it runs on a pooled
 * connection off the request path and is rebuilt in the background once older than
 * DENSITY_MAX_AGE_MS (a search meanwhile reads the previous figures). The embedded PGlite runs
 * in the web thread (0.3 s at 100 000 listings): there it is built at boot and rebuilt when the
 * embedded autovacuum analyses `listings` (decision 0023: once ~10 % of the rows changed), never
 * by a search (`maxAgeMs: Infinity`).
 */

export const DENSITY_MAX_AGE_MS = 10 * 60_000;

export interface PlaceDensity {
  /** (latitude, longitude, published listings) triples, by latitude. */
  points: Float64Array;
  /** Published listings in all. */
  total: number;
  builtAt: number;
}

interface Entry {
  current?: PlaceDensity;
  building?: Promise<PlaceDensity>;
  /** Age past which a search starts a rebuild. */
  maxAgeMs: number;
}

const cache = new WeakMap<object, Entry>();

async function build(db: DbExecutor): Promise<PlaceDensity> {
  const list = await db
    .select({ latitude: listings.latitude, longitude: listings.longitude, n: sql<number>`count(*)::int` })
    .from(listings)
    .where(and(eq(listings.status, "published"), isNotNull(listings.latitude), isNotNull(listings.longitude)))
    .groupBy(listings.latitude, listings.longitude)
    .orderBy(listings.latitude, listings.longitude);
  const points = new Float64Array(list.length * 3);
  let total = 0;
  list.forEach((row, i) => {
    points[i * 3] = Number(row.latitude);
    points[i * 3 + 1] = Number(row.longitude);
    points[i * 3 + 2] = Number(row.n);
    total += Number(row.n);
  });
  return { points, total, builtAt: Date.now() };
}

/** Starts a (re)build unless one is under way; resolves with the new index. */
function rebuild(db: DbExecutor, entry: Entry): Promise<PlaceDensity> {
  if (entry.building) return entry.building;
  const building = build(db).then(
    (density) => {
      entry.current = density;
      entry.building = undefined;
      return density;
    },
    (error: unknown) => {
      entry.building = undefined;
      throw error;
    },
  );
  entry.building = building;
  return building;
}

function entryOf(db: DbExecutor): Entry {
  let entry = cache.get(db);
  if (!entry) {
    entry = { maxAgeMs: DENSITY_MAX_AGE_MS };
    cache.set(db, entry);
  }
  return entry;
}

/**
 * The density index as it stands, without waiting: undefined until the first build has ended
 * (that call starts it), stale ones start a rebuild and are still answered.
 */
export function placeDensity(db: DbExecutor, now = Date.now()): PlaceDensity | undefined {
  const entry = entryOf(db);
  if (!entry.current || now - entry.current.builtAt > entry.maxAgeMs) {
    // A failed build (database restarting) is retried by the next search.
    rebuild(db, entry).catch(() => undefined);
  }
  return entry.current;
}

/**
 * Builds (or rebuilds) the index now: at boot off the request path, after the embedded
 * autovacuum analysed `listings`, and in tests. `maxAgeMs` sets when searches rebuild it
 * (Infinity: never; the embedded engine).
 */
export async function warmPlaceDensity(db: DbExecutor, options: { maxAgeMs?: number } = {}): Promise<PlaceDensity> {
  const entry = entryOf(db);
  if (options.maxAgeMs !== undefined) entry.maxAgeMs = options.maxAgeMs;
  return rebuild(db, entry);
}

/** Published listings within the circle, by the same great-circle distance as the search's SQL. */
export function listingsInCircle(density: PlaceDensity, area: RadiusArea): number {
  const { points } = density;
  const { latitude, longitude } = area.center;
  const dLat = (area.radiusKm / EARTH_RADIUS_KM) * (180 / Math.PI);
  const minLat = latitude - dLat - 1e-9;
  const maxLat = latitude + dLat + 1e-9;
  // The points are ordered by latitude: start at the band's first one.
  let low = 0;
  let high = points.length / 3;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (points[mid * 3]! < minLat) low = mid + 1;
    else high = mid;
  }
  let n = 0;
  for (let i = low * 3; i < points.length && points[i]! <= maxLat; i += 3) {
    if (distanceKmBetween(latitude, longitude, points[i]!, points[i + 1]!) <= area.radiusKm) n += points[i + 2]!;
  }
  return n;
}

/**
 * Entries of the recency index walked per entry of the circle collected and sorted, at equal
 * cost: at 1 000 000 listings the walk reads 78 000 entries in 11.5–14.8 ms, the band and
 * top-N sort 31 000 entries of the circle in 31.6 ms (docs/PERFORMANCE.md, issue 16).
 */
export const WALK_COST_RATIO = 5;

/**
 * Whether a page of a search by place alone, newest first, is read faster by walking the
 * recency index newest first and keeping the listings inside the circle until the page is
 * complete (≈ (offset + page) × total / inCircle entries) than by collecting the circle's
 * listings through the geo index and sorting them (≈ inCircle entries, each dearer).
 */
export function walkBeatsBand(options: { total: number; inCircle: number; rowsNeeded: number }): boolean {
  const { total, inCircle, rowsNeeded } = options;
  if (inCircle < rowsNeeded || inCircle <= 0) return false;
  return (rowsNeeded * total) / inCircle <= WALK_COST_RATIO * inCircle;
}

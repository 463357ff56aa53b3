import { and, asc, desc, eq, gte, inArray, lte, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listings } from "~/db/schema";
import { cardColumns, withPhotos } from "~/features/listings/listing-cards.server";
import { locatePostalCode } from "~/features/places/places.server";
import type { Storage } from "~/server/storage.server";
import {
  DEFAULT_RADIUS_KM,
  MAX_PAGE,
  PAGE_SIZE,
  roundRadius,
  SEARCH_COUNT_CAP,
  type SearchFilters,
  type SearchSort,
} from "./search-params";
import type { GeoPoint, MapCard, MapPoint, MapPointsResult, SearchResult } from "./search-types";
import { isUuid } from "~/db/ids";
import { foldText, tokenize } from "./query-recognition";

/**
 * Server-side search of published listings (spec §2 Search, §7 search query; GUIDE §6.6):
 * every filter is a SQL predicate served by the partial indexes on `status = 'published'`
 * (see docs/decisions/0004-search-indexes.md), one page of 24 cards at a time.
 */

export { SEARCH_COUNT_CAP };

/** The map receives at most this many markers (the newest), as compact tuples. */
export const MAP_POINTS_CAP = 5_000;

/** Mean earth radius of the spec (§9), in km. */
export const EARTH_RADIUS_KM = 6371;

const unknownPostalCode = (postalCode: string) =>
  /^\d{5}$/.test(postalCode)
    ? `Le code postal ${postalCode} est introuvable : aucune annonce ne peut être située autour de lui.`
    : "Le code postal doit comporter exactement 5 chiffres : aucune annonce ne peut être située autour de lui.";

interface RadiusArea {
  center: GeoPoint;
  radiusKm: number;
}

type ResolvedArea = { ok: true; area?: RadiusArea } | { ok: false; errors: string[] };

/** Postal code → coordinates from the reference table (GUIDE §6.5). Unknown code: no results. */
async function resolveArea(db: DbExecutor, filters: SearchFilters): Promise<ResolvedArea> {
  if (!filters.postalCode) return { ok: true };
  const center = await locatePostalCode({ db, postalCode: filters.postalCode });
  if (!center) return { ok: false, errors: [unknownPostalCode(filters.postalCode)] };
  // Filters built by hand skip the parser: keep the radius on the slider's scale anyway.
  return { ok: true, area: { center, radiusKm: roundRadius(filters.radius ?? DEFAULT_RADIUS_KM) } };
}

/** A page number ≥ 1; pages past MAX_PAGE are kept (they have no items, the route answers 404). */
function clampPage(page: number | undefined): number {
  if (page === undefined || !Number.isFinite(page)) return 1;
  return Math.min(Number.MAX_SAFE_INTEGER, Math.max(1, Math.trunc(page)));
}

/**
 * Latitude/longitude box that contains the circle, so a B-tree range can pre-filter before the
 * exact distance. Δlat = r/R; the widest longitude span of a spherical cap is
 * asin(sin(r/R) / cos(lat)) (a tight bound, not the looser r/(R·cos(lat ± Δlat))).
 */
export function boundingBox(area: RadiusArea): { minLat: number; maxLat: number; minLon: number; maxLon: number } {
  const angular = area.radiusKm / EARTH_RADIUS_KM;
  const lat = (area.center.latitude * Math.PI) / 180;
  const dLat = (angular * 180) / Math.PI;
  const ratio = Math.sin(angular) / Math.cos(lat);
  // Circles reaching a pole span every longitude.
  const dLon = ratio >= 1 || Math.abs(area.center.latitude) + dLat >= 90 ? 180 : (Math.asin(ratio) * 180) / Math.PI;
  // A hair of margin so that float rounding never drops a listing exactly on the circle.
  const margin = 1e-9;
  return {
    minLat: area.center.latitude - dLat - margin,
    maxLat: area.center.latitude + dLat + margin,
    minLon: area.center.longitude - dLon - margin,
    maxLon: area.center.longitude + dLon + margin,
  };
}

/** Great-circle distance (haversine, R = 6371 km) from a point to the listing, in km. */
function distanceKmSql(center: GeoPoint): SQL {
  const lat = sql`${center.latitude}::float8`;
  const lon = sql`${center.longitude}::float8`;
  // least(1, …) guards asin against a rounding error just above 1 for antipodal points.
  return sql`(2 * ${EARTH_RADIUS_KM} * asin(least(1, sqrt(
    power(sin(radians(${listings.latitude} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${listings.latitude}))
      * power(sin(radians(${listings.longitude} - ${lon}) / 2), 2)))))`;
}

function radiusPredicate(area: RadiusArea): SQL {
  const box = boundingBox(area);
  const latitude = and(gte(listings.latitude, box.minLat), lte(listings.latitude, box.maxLat));
  // Across the antimeridian (Wallis-et-Futuna, Polynesia) the longitude range wraps in two.
  let longitude: SQL | undefined;
  if (box.maxLon - box.minLon >= 360) longitude = undefined;
  else if (box.minLon < -180) {
    longitude = or(gte(listings.longitude, box.minLon + 360), lte(listings.longitude, box.maxLon));
  } else if (box.maxLon > 180) {
    longitude = or(gte(listings.longitude, box.minLon), lte(listings.longitude, box.maxLon - 360));
  } else {
    longitude = and(gte(listings.longitude, box.minLon), lte(listings.longitude, box.maxLon));
  }
  return and(latitude, longitude, sql`${distanceKmSql(area.center)} <= ${area.radiusKm}::float8`) as SQL;
}

/**
 * The same circle for the spatial index `listings_published_point_idx` (GiST R-tree of
 * point(longitude, latitude)): the bounding box as an R-tree search (all longitudes when the
 * circle crosses the antimeridian or reaches a pole: one box, still index-only), then the same
 * exact haversine, tested on the index entry.
 */
function radiusPointPredicate(area: RadiusArea): SQL {
  const box = boundingBox(area);
  const wraps = box.minLon < -180 || box.maxLon > 180;
  const minLon = wraps ? -180 : box.minLon;
  const maxLon = wraps ? 180 : box.maxLon;
  return sql`point(${listings.longitude}, ${listings.latitude}) <@ box(point(${minLon}::float8, ${box.minLat}::float8), point(${maxLon}::float8, ${box.maxLat}::float8)) and ${distanceKmSql(area.center)} <= ${area.radiusKm}::float8`;
}

/**
 * Which index serves the circle (decision 0007, measured at 1 000 000 listings). PostgreSQL
 * estimates any R-tree restriction at a fixed 0.1 % of the rows, so it would always prefer the
 * spatial index; the service chooses instead. The capped count of a search by place alone
 * (no other filter) over a circle of SPATIAL_COUNT_MIN_KM or more reads the GiST R-tree: it
 * visits only the circle's bounding box where the latitude band crosses the whole country, and
 * stops after 10 001 entries. Smaller circles, and circles with other filters, count faster on
 * the B-trees (the band, or the filters' own index carrying latitude and longitude); the page's
 * ids always walk the ordered B-tree of the sort, which stops after the page.
 */
export const SPATIAL_COUNT_MIN_KM = 150;

function narrowsBesidesPlace(filters: SearchFilters): boolean {
  return Boolean(
    filters.brand ||
    filters.model ||
    filters.brands?.length ||
    filters.models?.length ||
    filters.energies?.length ||
    filters.vehicleType ||
    filters.fuel ||
    filters.gearbox ||
    filters.color ||
    filters.priceMin !== undefined ||
    filters.priceMax !== undefined ||
    filters.yearMin !== undefined ||
    filters.yearMax !== undefined ||
    filters.mileageMax !== undefined ||
    filters.goodDeals ||
    Boolean(filters.q),
  );
}

type GeoPath = "band" | "point";

/** An integer parameter inside the column's range, or undefined for NaN/±Infinity. */
function int(value: number | undefined, max = 2_147_483_647): number | undefined {
  if (value === undefined || !Number.isFinite(value)) return undefined;
  return Math.min(max, Math.max(-max, Math.round(value)));
}

/** Text PostgreSQL accepts (no NUL byte), bounded; lists bounded too. */
function text<T extends string>(value: T | undefined): T | undefined {
  return value === undefined || value.includes("\u0000") ? undefined : (value.slice(0, 200) as T);
}
function texts<T extends string>(values: T[] | undefined): T[] | undefined {
  return values?.slice(0, 50).flatMap((v) => text(v) ?? []);
}

/**
 * Filters as the parser would leave them, for callers that built them by hand: values that
 * would make PostgreSQL raise (NaN for an integer, a NUL byte, a smallint overflow, 70 000 bind
 * parameters) are dropped or clamped here, so a search never fails on its input.
 */
function safeFilters(filters: SearchFilters): SearchFilters {
  return {
    q: text(filters.q),
    brand: text(filters.brand),
    model: text(filters.model),
    brands: texts(filters.brands),
    models: texts(filters.models),
    energies: texts(filters.energies),
    postalCode: text(filters.postalCode),
    radius: filters.radius,
    vehicleType: text(filters.vehicleType),
    fuel: text(filters.fuel),
    gearbox: text(filters.gearbox),
    color: text(filters.color),
    priceMin: int(filters.priceMin),
    priceMax: int(filters.priceMax),
    yearMin: int(filters.yearMin, 32_767),
    yearMax: int(filters.yearMax, 32_767),
    mileageMax: int(filters.mileageMax),
    goodDeals: filters.goodDeals === true ? true : undefined,
    sort: filters.sort && Object.hasOwn(ORDER_BY, filters.sort) ? filters.sort : "recent",
    page: clampPage(filters.page),
  };
}

/** Words searched as text: at most 12, as `tokenize` cuts them (no operator, quote or bracket survives). */
export function textWords(q: string | undefined): string {
  return tokenize(q ?? "").slice(0, 12).join(" ");
}

/**
 * The text query (issue 14, decision 0018): the words in the French configuration with
 * accents folded (`occazio_fr`), all required (`websearch_to_tsquery` never raises, whatever
 * the input; `textWords` already dropped its operators). Stop words alone ("de la") make an
 * empty query, which matches everything rather than nothing.
 */
function tsQuery(words: string): SQL {
  return sql`websearch_to_tsquery('occazio_fr', ${words})`;
}

/**
 * Free text: the search document (GIN index), or brand + model within one typo of the words
 * (trigram word similarity ≥ 0.6, GIN trigram index) for sellers' spellings the catalogue
 * recognition did not know.
 */
function textPredicate(words: string): SQL {
  const query = tsQuery(words);
  return sql`(numnode(${query}) = 0 or ${listings.searchVector} @@ ${query} or ${foldText(words)} <% ${listings.searchName})`;
}

/** The WHERE clause of a search: published, and every filter as an exact or range predicate. */
function searchWhere(filters: SearchFilters, area: RadiusArea | undefined, geo: GeoPath = "band"): SQL {
  const conditions: (SQL | undefined)[] = [eq(listings.status, "published")];
  const words = textWords(filters.q);
  if (words) conditions.push(textPredicate(words));
  if (filters.brand) conditions.push(eq(listings.brand, filters.brand));
  if (filters.model) conditions.push(eq(listings.model, filters.model));
  if (filters.brands?.length) conditions.push(inArray(listings.brand, filters.brands));
  if (filters.models?.length) conditions.push(inArray(listings.model, filters.models));
  if (filters.energies?.length) conditions.push(inArray(listings.fuel, filters.energies));
  if (filters.vehicleType) conditions.push(eq(listings.vehicleType, filters.vehicleType));
  if (filters.fuel) conditions.push(eq(listings.fuel, filters.fuel));
  if (filters.gearbox) conditions.push(eq(listings.gearbox, filters.gearbox));
  if (filters.color) conditions.push(eq(listings.color, filters.color));
  if (filters.priceMin !== undefined) conditions.push(gte(listings.price, filters.priceMin));
  if (filters.priceMax !== undefined) conditions.push(lte(listings.price, filters.priceMax));
  if (filters.yearMin !== undefined) conditions.push(gte(listings.year, filters.yearMin));
  if (filters.yearMax !== undefined) conditions.push(lte(listings.year, filters.yearMax));
  if (filters.mileageMax !== undefined) conditions.push(lte(listings.mileage, filters.mileageMax));
  // 'Bonne affaire' and 'Très bonne affaire' (stored by app/features/pricing; listings_published_deal_idx).
  if (filters.goodDeals) conditions.push(lte(listings.priceLevel, 2));
  if (area) conditions.push(geo === "point" ? radiusPointPredicate(area) : radiusPredicate(area));
  return and(...conditions) as SQL;
}

/**
 * ORDER BY per sort, each ending with the id so pages never overlap. Each matches one of the
 * partial indexes of app/db/schema.ts exactly, NULLS placement included (drizzle-kit writes
 * `DESC NULLS LAST` for descending index columns), so the first page stops after 24 entries.
 * "price_desc" reads the (price, id) index backwards, which puts NULL prices first;
 * published listings always have a price (publishing requires one), so this never shows.
 */
const ORDER_BY: Record<SearchSort, SQL[]> = {
  recent: [sql`${listings.publishedAt} desc nulls last`, sql`${listings.id} desc nulls last`],
  price_asc: [asc(listings.price), asc(listings.id)],
  price_desc: [desc(listings.price), desc(listings.id)],
  mileage_asc: [asc(listings.mileage), asc(listings.id)],
  year_desc: [sql`${listings.year} desc nulls last`, sql`${listings.id} desc nulls last`],
  // Best market price level first, unrated listings last, newest first within a level.
  deals: [
    sql`${listings.priceLevel} asc nulls last`,
    sql`${listings.publishedAt} desc nulls last`,
    sql`${listings.id} desc nulls last`,
  ],
  // Replaced by `orderBy` when there are words to rank by.
  relevance: [sql`${listings.publishedAt} desc nulls last`, sql`${listings.id} desc nulls last`],
};

/** ORDER BY of a search: 'Pertinence' ranks by the text match (cover density), then the newest. */
function orderBy(filters: SearchFilters): SQL[] {
  const sort = filters.sort ?? "recent";
  const words = textWords(filters.q);
  if (sort !== "relevance" || !words) return ORDER_BY[sort];
  return [sql`ts_rank_cd(${listings.searchVector}, ${tsQuery(words)}) desc`, ...ORDER_BY.recent];
}

/**
 * The two statements of one search page: the cards of the page, and the number of matches
 * counted up to `SEARCH_COUNT_CAP + 1` (so a broad search reads at most that many index
 * entries instead of every match).
 */
function pageStatements(db: DbExecutor, filters: SearchFilters, area: RadiusArea | undefined) {
  const spatialCount = area !== undefined && area.radiusKm >= SPATIAL_COUNT_MIN_KM && !narrowsBesidesPlace(filters);
  const where = searchWhere(filters, area);
  const page = clampPage(filters.page);
  const order = orderBy(filters);
  // No page past the last linkable one is ever read: OFFSET stays below MAX_PAGE × PAGE_SIZE.
  const offset = (Math.min(page, MAX_PAGE + 1) - 1) * PAGE_SIZE;
  // Deferred join: the page's ids first, from an index alone (every filter column is INCLUDEd
  // in the search indexes, and a plain index scan would read each candidate's heap row before
  // testing those columns); then the 24 cards by primary key.
  const pageIds = db
    .select({ id: listings.id })
    .from(listings)
    .where(where)
    .orderBy(...order)
    .limit(page > MAX_PAGE ? 0 : PAGE_SIZE)
    .offset(offset);
  const items = db
    .select(cardColumns)
    .from(listings)
    .where(inArray(listings.id, pageIds))
    .orderBy(...order);
  const matches = db
    .select({ one: sql`1`.as("one") })
    .from(listings)
    .where(spatialCount ? searchWhere(filters, area, "point") : where)
    .limit(SEARCH_COUNT_CAP + 1)
    .as("matches");
  const count = db.select({ n: sql<number>`count(*)::int` }).from(matches);
  return { page, items, count };
}

/**
 * The SQL of a search page without running it, for `EXPLAIN` in scripts/bench-search.ts;
 * null when the postal code is unknown (no statement would run).
 */
export async function searchStatementsForExplain(options: {
  db: DbExecutor;
  filters: SearchFilters;
}): Promise<{ items: SQLWrapper; count: SQLWrapper } | null> {
  const filters = safeFilters(options.filters);
  const resolved = await resolveArea(options.db, filters);
  if (!resolved.ok) return null;
  const { items, count } = pageStatements(options.db, filters, resolved.area);
  return { items, count };
}

export async function searchListings(options: {
  db: DbExecutor;
  storage: Storage;
  filters: SearchFilters;
}): Promise<SearchResult> {
  const { db, storage } = options;
  const filters = safeFilters(options.filters);
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
  const { page, items: itemsQuery, count: countQuery } = pageStatements(db, filters, resolved.area);
  // Two statements: on PostgreSQL they run on two pooled connections at once.
  const [rows, [counted]] = await Promise.all([itemsQuery, countQuery]);
  const n = Number(counted?.n ?? 0);
  const totalCapped = n > SEARCH_COUNT_CAP;
  const total = totalCapped ? SEARCH_COUNT_CAP : n;
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
  const where = and(
    searchWhere(filters, resolved.area),
    options.publishedAfter ? sql`${listings.publishedAt} > ${options.publishedAfter.toISOString()}::timestamptz` : undefined,
  );
  const matches = db
    .select({ one: sql`1`.as("one") })
    .from(listings)
    .where(where)
    .limit(SEARCH_COUNT_CAP + 1)
    .as("matches");
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matches);
  const n = Number(row?.n ?? 0);
  return { count: Math.min(n, SEARCH_COUNT_CAP), capped: n > SEARCH_COUNT_CAP };
}

/**
 * Every matching listing that has coordinates, for the map (not one page): the newest
 * MAP_POINTS_CAP as `[id, lat, lon, price]`, coordinates rounded to ~1 m to keep JSON small.
 */
export async function searchMapPoints(options: { db: DbExecutor; filters: SearchFilters }): Promise<MapPointsResult> {
  const { db } = options;
  const filters = safeFilters(options.filters);
  const resolved = await resolveArea(db, filters);
  if (!resolved.ok) return { points: [], truncated: false, errors: resolved.errors };
  const where = and(
    searchWhere(filters, resolved.area),
    sql`${listings.latitude} is not null`,
    sql`${listings.longitude} is not null`,
  );
  const rows = await db
    .select({ id: listings.id, latitude: listings.latitude, longitude: listings.longitude, price: listings.price })
    .from(listings)
    .where(where)
    .orderBy(...ORDER_BY.recent)
    .limit(MAP_POINTS_CAP + 1);
  const round = (n: number) => Math.round(n * 1e5) / 1e5;
  const points: MapPoint[] = rows
    .slice(0, MAP_POINTS_CAP)
    .map((r) => [r.id, round(r.latitude ?? 0), round(r.longitude ?? 0), r.price]);
  return {
    points,
    truncated: rows.length > MAP_POINTS_CAP,
    ...(resolved.area ? { center: resolved.area.center } : {}),
    errors: [],
  };
}

/** The info card of a map marker; null for an unknown, malformed or unpublished id. */
export async function getMapCard(options: { db: DbExecutor; storage: Storage; id: string }): Promise<MapCard | null> {
  const { db, storage, id } = options;
  // A malformed id would make PostgreSQL raise "invalid input syntax for type uuid" (a 500).
  if (!isUuid(id)) return null;
  const rows = await db
    .select(cardColumns)
    .from(listings)
    .where(and(eq(listings.id, id), eq(listings.status, "published")))
    .limit(1);
  const [card] = await withPhotos({ db, storage, rows });
  if (!card) return null;
  return {
    id: card.id,
    brand: card.brand,
    model: card.model,
    price: card.price,
    city: card.city,
    postalCode: card.postalCode,
    photo: card.photos[0] ?? null,
    priceLevel: card.priceLevel ?? null,
  };
}

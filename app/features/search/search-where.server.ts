import { isEquipmentSlug } from "~/features/catalogue/equipment";
import { equipmentMask } from "~/features/catalogue/equipment-mask";
import { and, arrayContains, asc, desc, eq, gte, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listings } from "~/db/schema";
import { EARTH_RADIUS_KM } from "~/features/places/geo";
import { locatePostalCode } from "~/features/places/places.server";
import {
  DEFAULT_RADIUS_KM,
  PAGE_SIZE,
  roundRadius,
  SEARCH_COUNT_CAP,
  SEATS_OR_MORE,
  type SearchFilters,
  type SearchSort,
} from "./search-params";
import { equipmentPath, type EquipmentPath } from "./equipment-shares.server";
import type { GeoPoint } from "./search-types";
import { textPredicate, tsQuery, type TextMatch } from "./text-match.server";

/**
 * What every search use case shares (spec §2 Search, §7 search query; GUIDE §6.6): the filters
 * made safe, the postal code resolved to a circle, and the WHERE and ORDER BY of published
 * listings, every filter a SQL predicate served by the partial indexes on
 * `status = 'published'` (docs/decisions/0004-search-indexes.md). The use cases:
 * search-listings.server.ts (a page of cards), count-search-matches.server.ts (saved
 * searches' counts), search-map.server.ts (markers and their card).
 */


const unknownPostalCode = (postalCode: string) =>
  /^\d{5}$/.test(postalCode)
    ? `Le code postal ${postalCode} est introuvable : aucune annonce ne peut être située autour de lui.`
    : "Le code postal doit comporter exactement 5 chiffres : aucune annonce ne peut être située autour de lui.";

export interface RadiusArea {
  center: GeoPoint;
  radiusKm: number;
}

type ResolvedArea = { ok: true; area?: RadiusArea } | { ok: false; errors: string[] };

/** Postal code → coordinates from the reference table (GUIDE §6.5). Unknown code: no results. */
export async function resolveArea(db: DbExecutor, filters: SearchFilters): Promise<ResolvedArea> {
  if (!filters.postalCode) return { ok: true };
  const center = await locatePostalCode({ db, postalCode: filters.postalCode, city: filters.city });
  if (!center) return { ok: false, errors: [unknownPostalCode(filters.postalCode)] };
  // Filters built by hand skip the parser: keep the radius on the slider's scale anyway.
  return { ok: true, area: { center, radiusKm: roundRadius(filters.radius ?? DEFAULT_RADIUS_KM) } };
}

/** A page number ≥ 1; pages past MAX_PAGE are kept (they have no items, the route answers 404). */
export function clampPage(page: number | undefined): number {
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

export function narrowsBesidesPlace(filters: SearchFilters): boolean {
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
    filters.mileageMin !== undefined ||
    filters.powerMin !== undefined ||
    filters.powerMax !== undefined ||
    Boolean(filters.doors?.length) ||
    Boolean(filters.seats?.length) ||
    filters.firstHand ||
    filters.goodDeals ||
    filters.ownerId !== undefined ||
    filters.seller ||
    filters.critair !== undefined ||
    Boolean(filters.equipment?.length) ||
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

/** Small whole numbers (doors, seats), each once; none left: no filter. */
function smallints(values: number[] | undefined): number[] | undefined {
  const kept = [...new Set(values?.filter((n) => Number.isInteger(n) && n >= 0 && n <= 99))].slice(0, 20);
  return kept.length ? kept : undefined;
}

/**
 * Filters as the parser would leave them, for callers that built them by hand: values that
 * would make PostgreSQL raise (NaN for an integer, a NUL byte, a smallint overflow, 70 000 bind
 * parameters) are dropped or clamped here, so a search never fails on its input.
 */
export function safeFilters(filters: SearchFilters): SearchFilters {
  return {
    q: text(filters.q),
    brand: text(filters.brand),
    model: text(filters.model),
    brands: texts(filters.brands),
    models: texts(filters.models),
    energies: texts(filters.energies),
    postalCode: text(filters.postalCode),
    city: text(filters.city),
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
    mileageMin: int(filters.mileageMin),
    powerMin: int(filters.powerMin, 32_767),
    powerMax: int(filters.powerMax, 32_767),
    doors: smallints(filters.doors),
    seats: smallints(filters.seats),
    firstHand: filters.firstHand === true ? true : undefined,
    goodDeals: filters.goodDeals === true ? true : undefined,
    seller: filters.seller === "private" || filters.seller === "pro" ? filters.seller : undefined,
    critair: Number.isInteger(filters.critair) && filters.critair! >= 0 && filters.critair! <= 3 ? filters.critair : undefined,
    // Only the vocabulary's items (the browser's parse checks their form only): an unknown
    // one is dropped, as /recherche says (equipmentErrors).
    equipment: filters.equipment?.filter(isEquipmentSlug).slice(0, 50),
    sort: filters.sort && (Object.hasOwn(ORDER_BY, filters.sort) || filters.sort === "distance") ? filters.sort : "recent",
    page: clampPage(filters.page),
    ownerId: text(filters.ownerId),
  };
}

/**
 * The WHERE clause of a search: published, and every filter as an exact or range predicate;
 * the words as `text` says (see `textMatches`; without it, `q` is not matched).
 */
export function searchWhere(
  filters: SearchFilters,
  area: RadiusArea | undefined,
  geo: GeoPath = "band",
  text?: TextMatch,
  /** A count's WHERE: the text query also carries the filters' lexemes (`filterLexemes`). */
  forCount = false,
): SQL {
  const conditions: (SQL | undefined)[] = [eq(listings.status, "published")];
  // A seller's own listings (dealer page): listings_published_owner_idx (owner, newest first).
  if (filters.ownerId !== undefined) conditions.push(eq(listings.ownerId, filters.ownerId));
  if (text) conditions.push(textPredicate(text, filters, forCount));
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
  // Issue 34's last filters (decision 0049): trailing key columns of every ordered search
  // index (migration 0029), so they are tested inside the B-tree like price or year.
  if (filters.mileageMin !== undefined) conditions.push(gte(listings.mileage, filters.mileageMin));
  if (filters.powerMin !== undefined) conditions.push(gte(listings.dinPower, filters.powerMin));
  if (filters.powerMax !== undefined) conditions.push(lte(listings.dinPower, filters.powerMax));
  if (filters.doors?.length) conditions.push(inArray(listings.doors, filters.doors));
  if (filters.seats?.length) conditions.push(seatsPredicate(filters.seats));
  if (filters.firstHand) conditions.push(eq(listings.ownerCount, 1));
  // 'Bonne affaire' and 'Très bonne affaire' (stored by app/features/pricing; listings_published_deal_idx).
  if (filters.goodDeals) conditions.push(lte(listings.priceLevel, 2));
  // Who sells (issue 33): a trailing key column of the ordered indexes, a dimension of the facet table.
  if (filters.seller) conditions.push(eq(listings.sellerKind, filters.seller));
  // 'Crit'Air : N ou mieux' (issue 34): a range on the stored class; 'Non classé' is 6 and an
  // unknown class is NULL, so neither matches. Led by listings_published_critair_idx.
  if (filters.critair !== undefined) conditions.push(lte(listings.critair, filters.critair));
  // 'Équipements' (issue 34): all the items asked, as bits of the stored mask (decision 0056),
  // tested on the entries of the ordered indexes like the other filters.
  if (filters.equipment?.length) conditions.push(equipmentPredicate(filters.equipment, searchEquipmentPath(filters, area, forCount)));
  if (area) conditions.push(geo === "point" ? radiusPointPredicate(area) : radiusPredicate(area));
  return and(...conditions) as SQL;
}

/**
 * 'Équipements' (decision 0056): the listing has every item asked, tested as `path` says
 * (`equipmentPath`, from PostgreSQL's statistics) — the same test for items of the vocabulary,
 * the only ones `safeFilters` keeps:
 * - "mask", items many cars have: `equipment_mask & m >= m`, tested on the entries of the
 *   ordered search indexes (the mask is their last key column), so the page and the capped count
 *   stop after a short index-only walk. `>=` is `=` here (`mask & m` never exceeds m: no sign
 *   bit), and makes PostgreSQL estimate a third of the entries (an inequality on an expression it
 *   has no statistics for) instead of 0.5 % (an equality): with 0.5 % it expected a capped count
 *   to read half an index and split it between parallel workers (67 ms for 'GPS + caméra' alone
 *   at load 11, where one process reads its 12 000 entries in 17 ms). The mask is sent as text
 *   (a bigint may exceed JavaScript's safe integers);
 * - "gin", a rare combination counted alone or within a brand: `equipment @> array[…]` on the
 *   (brand, equipment) GIN index (decision 0060: 'toit ouvrant + attelage' among Peugeot's 140 000
 *   cars, 167–310 ms walking the brand's entries, 11–29 ms from the two posting lists at load 10);
 * - "ids", an item almost no car has: the ids of its listings, read once from the GIN index
 *   (`= any(array(select …))`, an InitPlan planned on its own), then found by primary key. Given
 *   `equipment @> …` with other filters, PostgreSQL estimates an item outside its most common
 *   elements at 0.5 % of the rows (`min(0.005, least common / 2)`) and read every heap row of
 *   'Renault Clio' (33 000, 370–560 ms at load 9) to find none.
 */
export function equipmentPredicate(slugs: readonly string[], path: EquipmentPath): SQL {
  if (path === "gin") return arrayContains(listings.equipment, [...slugs]);
  if (path === "ids") {
    return sql`${listings.id} = any(array(select ${listings.id} from ${listings}
      where ${listings.status} = 'published' and ${arrayContains(listings.equipment, [...slugs])}))`;
  }
  const mask = sql`${equipmentMask(slugs).toString()}::bigint`;
  return sql`(${listings.equipmentMask} & ${mask}) >= ${mask}`;
}

/** How this statement of a search tests its equipment (`equipmentPath`); "mask" without equipment. */
export function searchEquipmentPath(filters: SearchFilters, area: RadiusArea | undefined, forCount: boolean): EquipmentPath {
  if (!filters.equipment?.length) return "mask";
  const alone = !area && !narrowsBesidesPlace({ ...filters, equipment: undefined });
  return equipmentPath(filters.equipment, { forCount, alone, byBrand: !area && Boolean(filters.brand) });
}

/** 'Places': exactly one of the numbers, SEATS_OR_MORE meaning that many or more ("5 ou 7 places et plus"). */
function seatsPredicate(seats: number[]): SQL {
  const exact = seats.filter((n) => n < SEATS_OR_MORE);
  const orMore = seats.some((n) => n >= SEATS_OR_MORE);
  const parts = [exact.length ? inArray(listings.seats, exact) : undefined, orMore ? gte(listings.seats, SEATS_OR_MORE) : undefined];
  return or(...parts) as SQL;
}

/**
 * ORDER BY per sort, each ending with the id so pages never overlap. Each matches one of the
 * partial indexes of app/db/schema.ts exactly, NULLS placement included (drizzle-kit writes
 * `DESC NULLS LAST` for descending index columns), so the first page stops after 24 entries.
 * "price_desc" reads the (price, id) index backwards, which puts NULL prices first;
 * published listings always have a price (publishing requires one), so this never shows.
 */
export const ORDER_BY: Record<Exclude<SearchSort, "distance">, SQL[]> = {
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

/**
 * 'Pertinence' ranks the newest RELEVANCE_WINDOW matches (the first ten pages) and lists the
 * older ones after them, newest first: ranking reads each ranked listing's search document, so
 * a word matching a large share of the market ("automatique") would otherwise read all its
 * matches for every page. A whole number of pages, so that no page straddles the two orders.
 */
export const RELEVANCE_WINDOW = 10 * PAGE_SIZE;

/** Whether the page is ordered by rank: 'Pertinence' of matched words, within RELEVANCE_WINDOW. */
export function ranked(filters: SearchFilters, text: TextMatch, offset: number): text is NonNullable<TextMatch> {
  return filters.sort === "relevance" && text?.mode === "text" && offset < RELEVANCE_WINDOW;
}

/**
 * 'Distance' (issue 36): nearest first by the same great-circle distance as the circle's
 * predicate, then the id. Only with a place (the parser drops the sort without a postal code;
 * a hand-built search without one falls back to the newest first). No index holds the distance
 * to an arbitrary point: the page's ids come from the circle's latitude band of
 * `listings_published_geo_idx` (latitude, longitude, the filters' columns, published_at, id),
 * index-only, the haversine computed on each entry of the circle and a top-N sort of them.
 */
function distanceOrder(area: RadiusArea | undefined): SQL[] {
  if (!area) return ORDER_BY.recent;
  return [sql`${distanceKmSql(area.center)} asc`, asc(listings.id)];
}

/**
 * ORDER BY of a search's page: 'Pertinence' ranks by the text match (cover density), then the
 * newest (pages past RELEVANCE_WINDOW: the newest first); 'Distance' nearest first.
 */
export function orderBy(filters: SearchFilters, text?: TextMatch, offset = 0, area?: RadiusArea): SQL[] {
  const sort = filters.sort ?? "recent";
  if (sort === "distance") return distanceOrder(area);
  if (sort !== "relevance") return ORDER_BY[sort];
  if (!ranked(filters, text, offset)) return ORDER_BY.relevance;
  return [sql`ts_rank_cd(${listings.searchVector}, ${tsQuery(text.words)}) desc`, ...ORDER_BY.recent];
}

/**
 * The number of matches of `where`, counted up to `cap + 1` (a broad search reads at most that
 * many index entries instead of every match; `countCap` of text-match.server.ts gives the cap).
 */
export function cappedCount(db: DbExecutor, where: SQL | undefined, cap: number = SEARCH_COUNT_CAP) {
  const matches = db
    .select({ one: sql`1`.as("one") })
    .from(listings)
    .where(where)
    .limit(cap + 1)
    .as("matches");
  return db.select({ n: sql<number>`count(*)::int` }).from(matches);
}

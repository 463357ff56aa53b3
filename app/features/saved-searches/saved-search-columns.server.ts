import type { savedSearches } from "~/db/schema";
import { boundingBox, type RadiusArea } from "~/features/search/search-where.server";
import { textWords } from "~/features/search/text-match.server";
import type { SavedFilters } from "./saved-search-filters";

/**
 * How a saved search is stored for matching (decision 0019): typed columns, NULL meaning
 * 'Tous', and the `match_keys` that the GIN index finds candidates by. One function writes
 * both from the parsed filters and the area the search itself resolves (search-where.server.ts
 * `resolveArea`: the postal code's centre, the radius on the slider's scale), so a saved search
 * draws exactly the circle /recherche draws. Used by `saveSearch` and scripts/bench-alerts.ts.
 */

/** Side of the geographic cells of the match keys, in degrees (≈ 111 × 75 km in mainland France: a département's size). */
export const GEO_CELL_DEGREES = 1;
/**
 * A circle touching more cells than this (only near a pole) is stored with the '*' cell: it
 * is then a candidate everywhere, and the exact distance test still decides.
 */
const MAX_CELLS = 400;

/** The cell of a point: "lat:lon" of its south-west corner, the longitude wrapped to [-180, 180). */
export function geoCell(latitude: number, longitude: number): string {
  const lat = Math.floor(latitude / GEO_CELL_DEGREES);
  const lon = Math.floor(wrapLongitude(longitude) / GEO_CELL_DEGREES);
  return `${lat}:${lon}`;
}

function wrapLongitude(longitude: number): number {
  return ((((longitude + 180) % 360) + 360) % 360) - 180;
}

/**
 * Every cell the circle's bounding box touches (a superset of the circle: the box and the
 * haversine are still tested on the candidates), across the antimeridian too.
 */
export function circleCells(area: RadiusArea): string[] {
  const box = boundingBox(area);
  if (box.maxLon - box.minLon >= 360) return ["*"];
  const lat0 = Math.floor(box.minLat / GEO_CELL_DEGREES);
  const lat1 = Math.floor(box.maxLat / GEO_CELL_DEGREES);
  const lon0 = Math.floor(box.minLon / GEO_CELL_DEGREES);
  const lon1 = Math.floor(box.maxLon / GEO_CELL_DEGREES);
  if ((lat1 - lat0 + 1) * (lon1 - lon0 + 1) > MAX_CELLS) return ["*"];
  const cells = new Set<string>();
  for (let lat = lat0; lat <= lat1; lat++) {
    for (let lon = lon0; lon <= lon1; lon++) {
      // The cell of a point inside it, so that the wrap is the same as `geoCell`'s.
      cells.add(geoCell((lat + 0.5) * GEO_CELL_DEGREES, (lon + 0.5) * GEO_CELL_DEGREES));
    }
  }
  return [...cells];
}

/**
 * The keys a listing is looked up by: "brand|model|cell" with '*' for each part a saved
 * search may leave at 'Tous' — 4 brand/model pairs × (its cell, '*'). A listing without
 * coordinates can only match searches without a place.
 */
export function listingMatchKeys(listing: { brand: string; model: string; latitude: number | null; longitude: number | null }): string[] {
  const pairs = [`${listing.brand}|${listing.model}`, `${listing.brand}|*`, `*|${listing.model}`, "*|*"];
  const cells = listing.latitude !== null && listing.longitude !== null ? [geoCell(listing.latitude, listing.longitude), "*"] : ["*"];
  return pairs.flatMap((pair) => cells.map((cell) => `${pair}|${cell}`));
}

/**
 * The keys a saved search is found by: every allowed brand × every allowed model × every cell
 * its circle touches, '*' for 'Tous'. A single brand and a list both set (brand=X&brands=Y,Z)
 * allow their intersection, like the search's two predicates; an empty intersection gives no
 * key (nothing can match).
 */
export function searchMatchKeys(filters: SavedFilters, area: RadiusArea | undefined): string[] {
  const allowed = (single: string | undefined, many: string[] | undefined): string[] => {
    if (single !== undefined) return many?.length ? (many.includes(single) ? [single] : []) : [single];
    return many?.length ? many : ["*"];
  };
  const brands = allowed(filters.brand, filters.brands);
  const models = allowed(filters.model, filters.models);
  const cells = area ? circleCells(area) : ["*"];
  return brands.flatMap((b) => models.flatMap((m) => cells.map((c) => `${b}|${m}|${c}`)));
}

/** The columns of a saved search (everything but its owner, name, query and token). */
export function savedSearchColumns(filters: SavedFilters, area: RadiusArea | undefined) {
  const box = area ? boundingBox(area) : undefined;
  return {
    brands: filters.brands?.length ? filters.brands : null,
    models: filters.models?.length ? filters.models : null,
    energies: filters.energies?.length ? filters.energies : null,
    vehicleType: filters.vehicleType ?? null,
    fuel: filters.fuel ?? null,
    gearbox: filters.gearbox ?? null,
    color: filters.color ?? null,
    priceMin: filters.priceMin ?? null,
    priceMax: filters.priceMax ?? null,
    yearMin: filters.yearMin ?? null,
    yearMax: filters.yearMax ?? null,
    mileageMax: filters.mileageMax ?? null,
    mileageMin: filters.mileageMin ?? null,
    powerMin: filters.powerMin ?? null,
    powerMax: filters.powerMax ?? null,
    doors: filters.doors?.length ? filters.doors : null,
    seats: filters.seats?.length ? filters.seats : null,
    firstHand: filters.firstHand ?? false,
    textQuery: textWords(filters.q) || null,
    goodDeals: filters.goodDeals ?? false,
    sellerKind: filters.seller ?? null,
    critairMax: filters.critair ?? null,
    equipment: filters.equipment?.length ? filters.equipment : null,
    postalCode: area ? (filters.postalCode ?? null) : null,
    radiusKm: area?.radiusKm ?? null,
    latitude: area?.center.latitude ?? null,
    longitude: area?.center.longitude ?? null,
    minLatitude: box?.minLat ?? null,
    maxLatitude: box?.maxLat ?? null,
    minLongitude: box?.minLon ?? null,
    maxLongitude: box?.maxLon ?? null,
    matchKeys: searchMatchKeys(filters, area),
  } satisfies Partial<typeof savedSearches.$inferInsert>;
}

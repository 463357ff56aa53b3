import { places } from "~/db/schema";
import type { DbExecutor } from "~/db/client.server";
import { foldText, recogniseQuery, type RecognisedPlace } from "./query-recognition";
import type { SearchFilters } from "./search-params";

/**
 * The city side of free-text search (issue 14): the postal-code reference folded into two
 * lookups kept in memory per database (about 35 000 rows, read once, a few MB):
 * - `cities`: recognisable city names → their first postal code. Only communes with several
 *   postal codes or arrondissements (the large towns: "lyon", "tours", "aix en provence"): a
 *   village name is too often also a word of a description ("Confort", "Rougé", "Ligné"), so
 *   those are matched as text (the city is in the search document) instead of becoming a filter;
 * - `names`: every commune, for the suggestions while typing.
 */

/** Radius of a city recognised in the words ("golf gti lyon" → within 20 km of Lyon). */
export const CITY_RADIUS_KM = 20;

export interface CityEntry {
  /** Folded name ("saint etienne"). */
  key: string;
  /** Display name without arrondissement ("Lyon", "Saint-Étienne"). */
  city: string;
  postalCode: string;
  /** Distinct postal codes of the commune: the larger towns first in suggestions. */
  postalCodes: number;
}

interface CityIndex {
  at: number;
  cities: Map<string, RecognisedPlace>;
  postalCodes: Map<string, RecognisedPlace>;
  names: CityEntry[];
}

const TTL_MS = 10 * 60_000;
const cache = new WeakMap<object, Promise<CityIndex>>();
const loadedAt = new WeakMap<object, number>();

/** "Lyon 3e" → "Lyon", "Paris 1er" → "Paris", "Marseille 16e" → "Marseille". */
const withoutArrondissement = (city: string) => city.replace(/\s+\d{1,2}(er|e)$/u, "");

async function buildIndex(db: DbExecutor): Promise<CityIndex> {
  const rows = await db.select({ city: places.city, postalCode: places.postalCode }).from(places);
  const byKey = new Map<string, { city: string; codes: Set<string> }>();
  for (const row of rows) {
    const city = withoutArrondissement(row.city);
    const key = foldText(city);
    const entry = byKey.get(key) ?? { city, codes: new Set<string>() };
    entry.codes.add(row.postalCode);
    byKey.set(key, entry);
  }
  const cities = new Map<string, RecognisedPlace>();
  const postalCodes = new Map<string, RecognisedPlace>();
  const names: CityEntry[] = [];
  for (const [key, entry] of byKey) {
    const codes = [...entry.codes].sort();
    const postalCode = codes[0]!;
    names.push({ key, city: entry.city, postalCode, postalCodes: codes.length });
    if (codes.length >= 2) cities.set(key, { city: entry.city, postalCode });
    for (const code of codes) if (!postalCodes.has(code)) postalCodes.set(code, { city: entry.city, postalCode: code });
  }
  names.sort((a, b) => b.postalCodes - a.postalCodes || a.key.localeCompare(b.key));
  return { at: Date.now(), cities, postalCodes, names };
}

/** The city index of this database, built on first use and refreshed every ten minutes. */
export function cityIndex(db: DbExecutor): Promise<CityIndex> {
  const hit = cache.get(db);
  const at = loadedAt.get(db) ?? 0;
  if (hit && Date.now() - at < TTL_MS) return hit;
  const value = buildIndex(db).then((index) => {
    // An empty reference (a test database without places) is not kept.
    if (index.names.length === 0) cache.delete(db);
    return index;
  });
  cache.set(db, value);
  loadedAt.set(db, Date.now());
  value.catch(() => cache.delete(db));
  return value;
}

/**
 * Moves the recognisable words of `filters.q` into filters: brand, model, energies, and a
 * place (postal code + CITY_RADIUS_KM). `changed` is false when nothing was recognised (the
 * words stay as typed). The result is what /recherche redirects to, so the badges show the
 * recognised filters and removing one is removing a URL parameter.
 */
export async function interpretQuery(options: {
  db: DbExecutor;
  filters: SearchFilters;
}): Promise<{ filters: SearchFilters; changed: boolean }> {
  const { filters } = options;
  if (!filters.q) return { filters, changed: false };
  const index = await cityIndex(options.db);
  const found = recogniseQuery(filters.q, filters, (key) =>
    /^\d{5}$/.test(key) ? index.postalCodes.get(key) : index.cities.get(key),
  );
  const next: SearchFilters = { ...filters };
  let changed = false;
  if (found.brand && !filters.brand) {
    // A brand of the home page's list is replaced by the one typed.
    next.brand = found.brand;
    delete next.brands;
    changed = true;
  }
  if (found.model && !filters.model) {
    next.model = found.model;
    delete next.models;
    changed = true;
  }
  if (found.energies.length) {
    next.energies = [...new Set([...(filters.energies ?? []), ...found.energies])];
    changed = true;
  }
  if (found.place && !filters.postalCode) {
    next.postalCode = found.place.postalCode;
    next.radius = CITY_RADIUS_KM;
    changed = true;
  }
  if (!changed) return { filters, changed: false };
  if (found.rest) next.q = found.rest;
  else delete next.q;
  // The sort asked for relevance of words that are now filters: back to the default order.
  if (!next.q && next.sort === "relevance") delete next.sort;
  delete next.page;
  return { filters: next, changed: true };
}

import { places } from "~/db/schema";
import type { DbExecutor } from "~/db/client.server";
import { townName } from "~/features/places/postal-code";
import { foldText, type RecognisedPlace } from "./query-recognition";

/**
 * The towns of the postal-code reference for free-text search (issue 14, decision 0018), held
 * in memory per database handle (35 000 rows, a few MB). The reference only changes when the
 * server starts (`ensurePlacesLoaded`), so the index is built once per handle and shared by
 * every request: boot warms it (`warmTownIndex`) off the request path, and the first caller
 * otherwise awaits the same promise as every concurrent one. A town is a commune: its name
 * without arrondissement within its department, so "Saint-Denis" (93) and "Saint-Denis" (974)
 * stay two towns while "Lyon 1er" … "Lyon 9e" make one.
 */

export interface Town {
  /** Folded name ("saint etienne"). */
  key: string;
  /** Display name without arrondissement ("Lyon", "Saint-Étienne"). */
  city: string;
  /** Its first postal code. */
  postalCode: string;
  /** Distinct postal codes: the larger towns have several and come first in suggestions. */
  postalCodes: number;
}

export interface TownIndex {
  /** Recognisable town names → the town (see `recognisable`). */
  names: Map<string, RecognisedPlace>;
  /** Postal code → its first commune (the one the search centres on without a town name). */
  postalCodes: Map<string, RecognisedPlace>;
  /** Every town, the larger first, for suggestions by name. */
  towns: Town[];
  /** Every (postal code, town) pair in code order, for suggestions by postal code. */
  codes: { postalCode: string; town: Town }[];
}

/** INSEE department of a commune code: 2 characters, 3 overseas (97x). */
const department = (insee: string) => insee.slice(0, insee.startsWith("97") ? 3 : 2);

async function buildIndex(db: DbExecutor): Promise<TownIndex> {
  const rows = await db
    .select({ city: places.city, postalCode: places.postalCode, inseeCode: places.inseeCode })
    .from(places);
  const byTown = new Map<string, { key: string; city: string; codes: Set<string> }>();
  for (const row of rows) {
    const city = townName(row.city);
    const key = foldText(city);
    const id = `${key}\u0000${department(row.inseeCode)}`;
    const entry = byTown.get(id) ?? { key, city, codes: new Set<string>() };
    entry.codes.add(row.postalCode);
    byTown.set(id, entry);
  }
  const towns: Town[] = [];
  const codes: TownIndex["codes"] = [];
  /** Towns of several postal codes per name: a name is recognised only when one such town has it. */
  const large = new Map<string, Town[]>();
  for (const entry of byTown.values()) {
    const sorted = [...entry.codes].sort();
    const town: Town = { key: entry.key, city: entry.city, postalCode: sorted[0]!, postalCodes: sorted.length };
    towns.push(town);
    for (const postalCode of sorted) codes.push({ postalCode, town });
    if (town.postalCodes >= 2) large.set(town.key, [...(large.get(town.key) ?? []), town]);
  }
  // Only communes with several postal codes or arrondissements (the large towns: "lyon",
  // "tours", "aix en provence") become a filter: a village name is too often also a word of a
  // description ("Confort", "Ligné"), so those are matched as text (the city is in the search
  // document). A name two large towns share ("saint denis") is ambiguous and stays text too.
  const names = new Map<string, RecognisedPlace>();
  for (const [key, list] of large) {
    if (list.length === 1) names.set(key, { city: list[0]!.city, postalCode: list[0]!.postalCode, named: true });
  }
  towns.sort((a, b) => b.postalCodes - a.postalCodes || a.key.localeCompare(b.key));
  codes.sort((a, b) => a.postalCode.localeCompare(b.postalCode) || a.town.key.localeCompare(b.town.key));
  // The reference's first commune of each code alphabetically, as locatePostalCode centres on it.
  const postalCodes = new Map<string, RecognisedPlace>();
  const byCity = [...rows].sort((a, b) => a.city.localeCompare(b.city));
  for (const row of byCity) {
    if (!postalCodes.has(row.postalCode)) postalCodes.set(row.postalCode, { city: townName(row.city), postalCode: row.postalCode });
  }
  return { names, postalCodes, towns, codes };
}

const cache = new WeakMap<object, Promise<TownIndex>>();

/** The town index of this database handle: built once, every caller shares the same promise. */
export function townIndex(db: DbExecutor): Promise<TownIndex> {
  const hit = cache.get(db);
  if (hit) return hit;
  const value = buildIndex(db).then((index) => {
    // An empty reference (a test database without places) is not kept: it may be loaded later.
    if (index.towns.length === 0) cache.delete(db);
    return index;
  });
  cache.set(db, value);
  value.catch(() => cache.delete(db));
  return value;
}

/** Builds the index at boot, after the reference is loaded, so no request pays for it. */
export async function warmTownIndex(db: DbExecutor): Promise<void> {
  await townIndex(db);
}

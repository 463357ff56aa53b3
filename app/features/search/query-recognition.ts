import { findBrand, normalizeKey, type CatalogueBrand } from "~/features/catalogue/catalogue-data";
import { canonicalOption, FUELS, type Fuel } from "~/features/catalogue/vocabularies";
import { EQUIPMENT_PHRASES, MAX_EQUIPMENT_PHRASE_WORDS, sortEquipment } from "~/features/catalogue/equipment";
import { brandFor, brandsWithModel, modelFor } from "./catalogue-match";
import { recogniseQuantities, type QuantityFilters, type QuantityOptions } from "./quantity-recognition";

/**
 * Free text → structured filters (issue 14): the words of `q` that name a catalogue brand or
 * model (typos and spacing tolerated: "peugot 3008", "golf7", "clio4"), an energy ("hybride",
 * "électrique"), a city / postal code, a budget, a mileage, years ("moins de 10000", "après 2018")
 * or a Crit'Air class become filters, shown as removable badges; what is
 * left is matched as text by the search service. Pure: the city lookup is passed in
 * (interpret-query.server.ts reads the postal-code reference).
 */

export interface RecognisedPlace {
  /** Commune name as in the reference ("Lyon", "Saint-Étienne"). */
  city: string;
  postalCode: string;
  /**
   * The words named the town ("lyon"), not a postal code: the search centres on this commune
   * (a postal code shared by several communes would otherwise centre on the first of them).
   */
  named?: boolean;
}

export type CityLookup = (key: string) => RecognisedPlace | undefined;

export interface Recognition {
  brand?: string;
  model?: string;
  energies: Fuel[];
  /** Equipment slugs named by the words ("gps", "caméra de recul", "toit pano"; decision 0043). */
  equipment: string[];
  place?: RecognisedPlace;
  /**
   * Budgets, ranges, years, Crit'Air and first hand typed as phrases ("moins de 10000",
   * "après 2018", "crit'air 1"; quantity-recognition.ts, decision 0050).
   */
  quantities: QuantityFilters;
  /** The words not recognised, in their original spelling, space-separated ("" when none). */
  rest: string;
}

/** Accent- and case-folded, as `occazio_fold` in SQL; spaces and hyphens kept as one space. */
export function foldText(s: string): string {
  return s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[\s\-_'’]+/g, " ")
    .trim();
}

/** Words of the query: letters, digits and the punctuation of model names ("e-208", "up!", "206+"). */
export function tokenize(q: string): string[] {
  return q.match(/[\p{L}\p{N}][\p{L}\p{N}+!.-]*/gu)?.map((w) => w.replace(/[.-]+$/, "")) ?? [];
}

/** "golf7" → ["golf", "7"], "clio4" → ["clio", "4"]: letters glued to a generation number. */
function splitGlued(word: string): string[] {
  const m = /^(\p{L}{3,})(\d{1,2})$/u.exec(word);
  return m ? [m[1]!, m[2]!] : [word];
}

/**
 * Energies as typed ("hybrides", "électrique", "elec", "gasoil"). A Map, not an object: a word
 * such as "constructor" or "__proto__" must find nothing (issue 37), not Object.prototype's.
 */
const ENERGY_WORDS: ReadonlyMap<string, Fuel> = new Map([
  ["elec", "Electrique"],
  ["electric", "Electrique"],
  ["gasoil", "Diesel"],
  ["gazole", "Diesel"],
  ["hybrid", "Hybride"],
]);
/** The energy a word names ("essence", "gazole", "électrique"), as the search and the stock import read it. */
export function energyFor(word: string): Fuel | undefined {
  const key = foldText(word);
  if (!key || key === "autre") return undefined;
  return canonicalOption(FUELS, key) ?? canonicalOption(FUELS, key.replace(/s$/, "")) ?? ENERGY_WORDS.get(key);
}

/**
 * Recognises brand, model, energies and a place in `q`. `current` is what the other filters
 * already say: a word naming another brand than the chosen one stays text, and a place is
 * only taken when no postal code is set.
 */
export function recogniseQuery(
  q: string,
  current: { brand?: string; model?: string; postalCode?: string },
  lookupCity: CityLookup,
  options: Partial<QuantityOptions> = {},
): Recognition {
  // 0. Phrases with numbers first: "moins de 10000" is a budget, never a postal code.
  const quantities = recogniseQuantities(q, { year: options.year ?? new Date().getFullYear(), supports: options.supports });
  const words = tokenize(quantities.rest)
    .slice(0, 30)
    .flatMap((w) => {
      // A model spelt as one word ("e208", "c3", "x5") stays whole; else split "golf7".
      const key = normalizeKey(w);
      return brandsWithModel(key).length || findBrand(key) ? [w] : splitGlued(w);
    });
  const used = new Array<boolean>(words.length).fill(false);
  const result: Recognition = { energies: [], equipment: [], quantities: quantities.filters, rest: "" };
  let brand: CatalogueBrand | undefined = current.brand ? findBrand(current.brand) : undefined;
  const brandFixed = Boolean(current.brand);
  const keyOf = (i: number, n: number) => normalizeKey(words.slice(i, i + n).join(" "));
  const free = (i: number, n: number) => i + n <= words.length && used.slice(i, i + n).every((u) => !u);
  const take = (i: number, n: number) => used.fill(true, i, i + n);

  // 1. Brand (up to three words: "alfa romeo", "land rover", "mercedes benz").
  if (!brandFixed) {
    outer: for (const n of [3, 2, 1]) {
      for (let i = 0; i < words.length; i++) {
        if (!free(i, n)) continue;
        const found = brandFor(keyOf(i, n));
        if (found) {
          brand = found;
          result.brand = found.name;
          take(i, n);
          break outer;
        }
      }
    }
  } else if (brand) {
    // The chosen brand typed again ("peugeot 208" with brand=Peugeot): consumed, not text.
    for (let i = 0; i < words.length; i++) if (brandFor(keyOf(i, 1)) === brand) take(i, 1);
  }

  // 2. Energies (before models: "hybride" is no misspelt model).
  for (let i = 0; i < words.length; i++) {
    if (!free(i, 1)) continue;
    const fuel = energyFor(words[i]!);
    if (fuel) {
      if (!result.energies.includes(fuel)) result.energies.push(fuel);
      take(i, 1);
    }
  }

  // 2b. Equipment (before models: "camera" is no misspelt Camaro), longest phrase first:
  // "camera de recul" before "camera". Exact folded phrases only, no typo tolerance.
  for (let n = MAX_EQUIPMENT_PHRASE_WORDS; n >= 1; n--) {
    for (let i = 0; i + n <= words.length; i++) {
      if (!free(i, n)) continue;
      const slug = EQUIPMENT_PHRASES.get(foldText(words.slice(i, i + n).join(" ")));
      if (slug) {
        if (!result.equipment.includes(slug)) result.equipment.push(slug);
        take(i, n);
      }
    }
  }

  // 3. Model (up to three words), within the brand, else unique in the catalogue.
  if (!current.model) {
    outer: for (const n of [3, 2, 1]) {
      for (let i = 0; i < words.length; i++) {
        if (!free(i, n)) continue;
        const key = keyOf(i, n);
        let model: string | undefined;
        if (brand) model = modelFor(brand, key);
        else {
          const owners = brandsWithModel(key);
          if (owners.length === 1 && !brandFixed) {
            brand = owners[0]!.brand;
            result.brand = brand.name;
            model = owners[0]!.model;
          }
        }
        if (model) {
          result.model = model;
          take(i, n);
          // A generation number after the model ("golf 7", "clio 4", "clio iv") says nothing
          // the listings record: it is consumed rather than required in the text.
          const next = words[i + n];
          if (next !== undefined && free(i + n, 1) && /^(\d|1\d|i{1,3}|iv|v|vi{1,3})$/i.test(next)) take(i + n, 1);
          break outer;
        }
      }
    }
  }

  // 4. Place: a postal code, or a city name (up to four words: "aix en provence").
  if (!current.postalCode) {
    outer: for (const n of [4, 3, 2, 1]) {
      for (let i = 0; i < words.length; i++) {
        if (!free(i, n)) continue;
        const place = lookupCity(foldText(words.slice(i, i + n).join(" ")));
        if (place) {
          result.place = place;
          take(i, n);
          break outer;
        }
      }
    }
  }

  result.equipment = sortEquipment(result.equipment);
  result.rest = [...words.filter((_, i) => !used[i]), ...quantities.kept].join(" ");
  return result;
}

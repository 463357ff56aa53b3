import { normalizeKey } from "~/features/catalogue/catalogue-data";
import { findModelSpec } from "~/features/catalogue/model-specs";
import {
  COLORS,
  GEARBOXES,
  VEHICLE_TYPES,
  canonicalOption,
  type Color,
  type Fuel,
  type Gearbox,
  type VehicleType,
} from "~/features/catalogue/vocabularies";
import { brandFor } from "~/features/search/catalogue-match";
import { energyFor, foldText, recogniseQuery } from "~/features/search/query-recognition";

/**
 * A stock file's brand, model and vocabulary cells matched to the catalogue the way the
 * free-text search reads a query (issue 35): the same alias and typo tables
 * (app/features/search/catalogue-match.ts, query-recognition.ts, vocabularies.ts), so
 * "VW" → Volkswagen, "GOLF VII 1.5 TSI" → Golf, "gazole" → Diesel, "BVA" → Automatique.
 * Undefined when nothing in the catalogue fits: the row is rejected with the cell quoted.
 */

const noPlace = () => undefined;

/**
 * Spellings of dealers' exports that the search box never meets ("BVA", "blanche"), read before
 * the shared vocabularies. Here rather than in vocabularies.ts, which every page's JavaScript
 * loads (the listing page is at its first-load budget).
 */
const EXPORT_SPELLINGS: ReadonlyMap<string, string> = new Map([
  ["manuel", "Manuelle"],
  ["bvm", "Manuelle"],
  ["auto", "Automatique"],
  ["bva", "Automatique"],
  ["robotisee", "Semi-automatique"],
  ["blanche", "Blanc"],
  ["noire", "Noir"],
  ["grise", "Gris"],
  ["argent", "Gris"],
  ["anthracite", "Gris"],
  ["bleue", "Bleu"],
  ["verte", "Vert"],
  ["bordeaux", "Rouge"],
]);

/** canonicalOption, after the export spellings. */
function option<T extends string>(list: readonly T[], folded: string): T | undefined {
  return canonicalOption(list, EXPORT_SPELLINGS.get(folded) ?? folded);
}

/** The catalogue brand of a cell ("VW", "mercedes", "Peugot"), as its canonical name. */
export function matchBrand(cell: string): string | undefined {
  const key = normalizeKey(cell);
  return key ? brandFor(key)?.name : undefined;
}

/**
 * The catalogue model of `brand` named in a cell that may carry the generation, engine and
 * finish ("GOLF VII 1.5 TSI 130 Style" → "Golf", "Clio V" → "Clio"): the search's recognition
 * of a model within a chosen brand.
 */
export function matchModel(brand: string, cell: string): string | undefined {
  if (!cell.trim()) return undefined;
  return recogniseQuery(cell, { brand }, noPlace).model;
}

export function matchFuel(cell: string): Fuel | undefined {
  return energyFor(cell.trim());
}

export function matchGearbox(cell: string): Gearbox | undefined {
  return option(GEARBOXES, foldText(cell));
}

/** The colour: the whole cell, else its first word ("Gris platine métallisé" → Gris, "blanche" → Blanc). */
export function matchColor(cell: string): Color | undefined {
  const whole = option(COLORS, foldText(cell));
  if (whole) return whole;
  const first = foldText(cell).split(" ")[0];
  return first ? option(COLORS, first) : undefined;
}

/** The body type when given, else the model's most common one (model-specs.ts). */
export function matchVehicleType(cell: string, brand: string, model: string): VehicleType | undefined {
  if (cell.trim()) return canonicalOption(VEHICLE_TYPES, foldText(cell));
  return findModelSpec(brand, model)?.bodies[0];
}

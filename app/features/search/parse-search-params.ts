import type { CatalogueBrand } from "~/features/catalogue/catalogue-data";
import { canonicalBrand, canonicalModel, catalogueBrand, cleanQuery, MAX_LIST_LENGTH, MAX_VALUE_LENGTH, splitList } from "./search-canonical";
import { canonicalOption, COLORS, FUELS, GEARBOXES, VEHICLE_TYPES, type Fuel } from "~/features/catalogue/vocabularies";
import { parsePostalCode } from "~/features/places/postal-code";
import { formatMileage, formatPrice } from "~/ui/format";
import {
  DEFAULT_RADIUS_KM,
  sortApplies,
  defaultSort,
  GOOD_DEALS_LABEL,
  quote,
  MAX_MILEAGE_KM,
  MAX_PRICE_EUR,
  MAX_QUERY_LENGTH,
  MIN_YEAR,
  maxYear,
  RADIUS_MAX_KM,
  RADIUS_MIN_KM,
  RADIUS_STEP_KM,
  roundRadius,
  SEARCH_SORTS,
  type ParsedSearchParams,
  type SearchFilters,
  type SearchParamName,
  type SearchSort,
  type CritAirFilter,
  canonicalEquipment,
  EQUIPMENT_SLUG_PATTERN,
  canonicalNumbers,
  FIRST_HAND_LABEL,
  MAX_POWER_CH,
  SEATS_OR_MORE,
} from "./search-params";

/**
 * /recherche's query string → its filters (spec §2 Search, §3 Search filter, §9). Parsing never
 * throws: a value that cannot be used is dropped (or clamped, for the radius and the page) and
 * a French message explains it, so a shared or hand-edited URL still shows results instead of
 * an error page. The filters → query string way back is `toSearchParams` (search-params.ts).
 */

const MAX_LIST_ITEMS = 20;
/** The longest commune name of the reference is 45 characters. */
const MAX_CITY_LENGTH = 80;
// ---------------------------------------------------------------------------------------------
// Value rules (plain functions: this module is in /recherche's first-load bundle, which must not
// ship a schema library, decision 0021)

/** Digits only (French grouping spaces tolerated), as a number; no sign, no decimals. */
function integerText(raw: string): number | undefined {
  const digits = raw.replace(/[\s\u00a0\u202f]/g, "");
  return /^\d{1,10}$/.test(digits) ? Number(digits) : undefined;
}

/** An integer typed as `integerText` reads it, within [min, max]; else undefined ('Mon stock' reads its filters the same way). */
export function boundedInteger(raw: string, min: number, max: number): number | undefined {
  const value = integerText(raw);
  return value !== undefined && value >= min && value <= max ? value : undefined;
}

function isSearchSort(raw: string): raw is SearchSort {
  return (SEARCH_SORTS as readonly string[]).includes(raw);
}

// ---------------------------------------------------------------------------------------------
// Canonicalisation helpers


function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

const LIST_PARAMS = new Set<SearchParamName>(["brands", "models", "energies", "equipment", "doors", "seats"]);

export function parseSearchParams(params: URLSearchParams): ParsedSearchParams {
  const errors: string[] = [];
  const filters: SearchFilters = {};

  /** The first value of a parameter, trimmed; oversized values are refused before any work. */
  const read = (name: SearchParamName): string | undefined => {
    const value = params.get(name);
    if (value === null) return undefined;
    const limit = LIST_PARAMS.has(name) ? MAX_LIST_LENGTH : MAX_VALUE_LENGTH;
    if (value.length > limit) {
      errors.push(`Le paramètre « ${name} » est trop long : il a été ignoré.`);
      return undefined;
    }
    const trimmed = value.trim();
    return trimmed === "" ? undefined : trimmed;
  };

  const readList = (name: SearchParamName, label: string): string[] => {
    const raw = read(name);
    if (raw === undefined) return [];
    const items = splitList(raw);
    if (items.length > MAX_LIST_ITEMS) {
      errors.push(`Trop de valeurs pour ${label} : seules les ${MAX_LIST_ITEMS} premières sont prises en compte.`);
    }
    return items.slice(0, MAX_LIST_ITEMS);
  };

  const readInteger = (name: SearchParamName, min: number, max: number, message: string): number | undefined => {
    const raw = read(name);
    if (raw === undefined) return undefined;
    const parsed = boundedInteger(raw, min, max);
    if (parsed !== undefined) return parsed;
    errors.push(message);
    return undefined;
  };

  // Free text: bounded, control characters removed, spaces collapsed; never refused.
  const qRaw = params.get("q");
  if (qRaw !== null) {
    let q = cleanQuery(qRaw);
    if (q.length > MAX_QUERY_LENGTH) {
      q = q.slice(0, MAX_QUERY_LENGTH).trim();
      errors.push(`La recherche est trop longue : seuls ses ${MAX_QUERY_LENGTH} premiers caractères sont pris en compte.`);
    }
    if (q) filters.q = q;
  }

  // Brand and model (single values, spec §2).
  const brandRaw = read("brand");
  if (brandRaw !== undefined) {
    const brand = canonicalBrand(brandRaw);
    if (brand) filters.brand = brand;
    else errors.push("La marque demandée n'est pas valide : elle a été ignorée.");
  }

  // Lists from the home page's popular models.
  const brands: string[] = [];
  for (const raw of readList("brands", "les marques")) {
    const brand = canonicalBrand(raw);
    if (brand) brands.push(brand);
    else errors.push(`Marque ignorée : ${quote(raw)}.`);
  }
  if (brands.length) filters.brands = unique(brands);

  const knownBrands = [filters.brand, ...brands]
    .map((name) => catalogueBrand(name))
    .filter((b): b is CatalogueBrand => b !== undefined);

  const modelRaw = read("model");
  if (modelRaw !== undefined) {
    const model = canonicalModel(modelRaw, knownBrands);
    if (model) filters.model = model;
    else errors.push("Le modèle demandé n'est pas valide : il a été ignoré.");
  }

  const models: string[] = [];
  for (const raw of readList("models", "les modèles")) {
    const model = canonicalModel(raw, knownBrands);
    if (model) models.push(model);
    else errors.push(`Modèle ignoré : ${quote(raw)}.`);
  }
  if (models.length) filters.models = unique(models);

  const energies: Fuel[] = [];
  for (const raw of readList("energies", "les énergies")) {
    const fuel = canonicalOption(FUELS, raw);
    if (fuel) energies.push(fuel);
    else errors.push(`Énergie inconnue ignorée : ${quote(raw)}.`);
  }
  if (energies.length) filters.energies = unique(energies);

  // Location: postal code, and a radius only when there is a centre to measure it from.
  const postalCodeRaw = read("postalCode");
  if (postalCodeRaw !== undefined) {
    const postalCode = parsePostalCode(postalCodeRaw);
    if (postalCode) filters.postalCode = postalCode;
    else errors.push("Le code postal doit comporter exactement 5 chiffres : il a été ignoré.");
  }
  // The town of that postal code: text only meaningful beside one (an unknown one centres on the code's first commune).
  const cityRaw = read("city");
  if (cityRaw !== undefined && filters.postalCode !== undefined) {
    const city = cityRaw.replace(/[\p{Cc}\p{Cf}]/gu, "").slice(0, MAX_CITY_LENGTH).trim();
    if (city) filters.city = city;
  }
  const radiusRaw = read("radius");
  if (filters.postalCode !== undefined) {
    filters.radius = DEFAULT_RADIUS_KM;
    if (radiusRaw !== undefined) {
      const parsed = integerText(radiusRaw);
      if (parsed === undefined) {
        errors.push(`Le rayon doit être un nombre de kilomètres : ${DEFAULT_RADIUS_KM} km utilisés.`);
      } else {
        filters.radius = roundRadius(parsed);
        if (filters.radius !== parsed) {
          errors.push(
            `Le rayon va de ${RADIUS_MIN_KM} à ${RADIUS_MAX_KM} km par pas de ${RADIUS_STEP_KM} : ${filters.radius} km utilisés.`,
          );
        }
      }
    }
  }

  // Characteristics, in the canonical vocabulary ("Suv" → "SUV", "Séquentielle" → "Semi-automatique").
  const option = <T extends string>(name: SearchParamName, list: readonly T[], unknown: string): T | undefined => {
    const raw = read(name);
    if (raw === undefined) return undefined;
    const value = canonicalOption(list, raw);
    if (value === undefined) errors.push(`${unknown} : ${quote(raw)}.`);
    return value;
  };
  filters.vehicleType = option("vehicleType", VEHICLE_TYPES, "Type de véhicule inconnu, ignoré");
  filters.fuel = option("fuel", FUELS, "Carburant inconnu, ignoré");
  filters.gearbox = option("gearbox", GEARBOXES, "Boîte de vitesses inconnue, ignorée");
  filters.color = option("color", COLORS, "Couleur inconnue, ignorée");

  // Ranges.
  const priceMessage = (what: string) =>
    `Le prix ${what} doit être un nombre entier d'euros entre 1 et ${formatPrice(MAX_PRICE_EUR)} : il a été ignoré.`;
  filters.priceMin = readInteger("priceMin", 1, MAX_PRICE_EUR, priceMessage("minimum"));
  // `price` is the spec's name for the maximum; `priceMax` its explicit alias. Both: the lower wins.
  const maxima = [
    readInteger("price", 1, MAX_PRICE_EUR, priceMessage("maximum")),
    readInteger("priceMax", 1, MAX_PRICE_EUR, priceMessage("maximum")),
  ].filter((n): n is number => n !== undefined);
  if (maxima.length) filters.priceMax = Math.min(...maxima);

  const yearMessage = (what: string) =>
    `L'année ${what} doit être comprise entre ${MIN_YEAR} et ${maxYear()} : elle a été ignorée.`;
  filters.yearMin = readInteger("yearMin", MIN_YEAR, maxYear(), yearMessage("minimum"));
  filters.yearMax = readInteger("yearMax", MIN_YEAR, maxYear(), yearMessage("maximum"));
  filters.mileageMax = readInteger(
    "mileageMax",
    0,
    MAX_MILEAGE_KM,
    `Le kilométrage maximum doit être un nombre entier entre 0 et ${formatMileage(MAX_MILEAGE_KM)} : il a été ignoré.`,
  );

  filters.mileageMin = readInteger(
    "mileageMin",
    0,
    MAX_MILEAGE_KM,
    `Le kilométrage minimum doit être un nombre entier entre 0 et ${formatMileage(MAX_MILEAGE_KM)} : il a été ignoré.`,
  );
  const powerMessage = (what: string) =>
    `La puissance ${what} doit être un nombre entier de ch entre 1 et ${MAX_POWER_CH} : elle a été ignorée.`;
  filters.powerMin = readInteger("powerMin", 1, MAX_POWER_CH, powerMessage("minimum"));
  filters.powerMax = readInteger("powerMax", 1, MAX_POWER_CH, powerMessage("maximum"));

  if (filters.priceMin !== undefined && filters.priceMax !== undefined && filters.priceMin > filters.priceMax) {
    [filters.priceMin, filters.priceMax] = [filters.priceMax, filters.priceMin];
    errors.push("Le prix minimum dépassait le prix maximum : les deux valeurs ont été inversées.");
  }
  if (filters.yearMin !== undefined && filters.yearMax !== undefined && filters.yearMin > filters.yearMax) {
    [filters.yearMin, filters.yearMax] = [filters.yearMax, filters.yearMin];
    errors.push("L'année minimum dépassait l'année maximum : les deux valeurs ont été inversées.");
  }

  if (filters.mileageMin !== undefined && filters.mileageMax !== undefined && filters.mileageMin > filters.mileageMax) {
    [filters.mileageMin, filters.mileageMax] = [filters.mileageMax, filters.mileageMin];
    errors.push("Le kilométrage minimum dépassait le kilométrage maximum : les deux valeurs ont été inversées.");
  }
  if (filters.powerMin !== undefined && filters.powerMax !== undefined && filters.powerMin > filters.powerMax) {
    [filters.powerMin, filters.powerMax] = [filters.powerMax, filters.powerMin];
    errors.push("La puissance minimum dépassait la puissance maximum : les deux valeurs ont été inversées.");
  }

  // 'Portes' and 'Places' (issue 34, decision 0049): exact numbers, several allowed; 8 or 9
  // seats read as '7 places et plus'.
  const numbers = (name: "doors" | "seats", label: string, unknown: string, fold: (n: number) => number) => {
    const kept: number[] = [];
    for (const raw of readList(name, label)) {
      if (/^[1-9]$/.test(raw)) kept.push(fold(Number(raw)));
      else errors.push(`${unknown} : ${quote(raw)}.`);
    }
    return kept.length ? canonicalNumbers(kept) : undefined;
  };
  filters.doors = numbers("doors", "les portes", "Nombre de portes ignoré", (n) => n);
  filters.seats = numbers("seats", "les places", "Nombre de places ignoré", (n) => Math.min(n, SEATS_OR_MORE));

  const ownersRaw = read("owners");
  if (ownersRaw !== undefined) {
    if (ownersRaw === "1") filters.firstHand = true;
    else errors.push(`Le filtre « ${FIRST_HAND_LABEL} » s'écrit owners=1 : il a été ignoré.`);
  }

  const dealsRaw = read("deals");
  if (dealsRaw !== undefined) {
    if (["1", "true", "oui"].includes(dealsRaw.toLowerCase())) filters.goodDeals = true;
    else if (!["0", "false", "non"].includes(dealsRaw.toLowerCase())) {
      errors.push(`Le filtre « ${GOOD_DEALS_LABEL} » s'écrit deals=1 : il a été ignoré.`);
    }
  }

  // Who sells: 'private' or 'pro'; 'Tous' is no parameter (`seller=all` and unknown values are ignored).
  const sellerRaw = read("seller");
  if (sellerRaw !== undefined) {
    const seller = sellerRaw.trim().toLowerCase();
    if (seller === "private" || seller === "pro") filters.seller = seller;
    else if (seller !== "all" && seller !== "") {
      errors.push(`Vendeur inconnu, ignoré : ${quote(sellerRaw)} (seller=private ou seller=pro).`);
    }
  }

  // Crit'Air: 0 (électrique), or 1, 2, 3 meaning "that class or better" (issue 34).
  const critairRaw = read("critair");
  if (critairRaw !== undefined) {
    const value = critairRaw.trim();
    if (/^[0-3]$/.test(value)) filters.critair = Number(value) as CritAirFilter;
    else if (value !== "" && value.toLowerCase() !== "all") {
      errors.push(`Crit'Air inconnu, ignoré : ${quote(critairRaw)} (critair=0, 1, 2 ou 3).`);
    }
  }

  // 'Équipements' (issue 34): the listing has every item asked; unknown items are named and dropped.
  const equipment: string[] = [];
  for (const raw of readList("equipment", "les équipements")) {
    if (raw.length <= 40 && EQUIPMENT_SLUG_PATTERN.test(raw)) equipment.push(raw);
    else errors.push(`Équipement inconnu ignoré : ${quote(raw)}.`);
  }
  if (equipment.length) filters.equipment = canonicalEquipment(equipment);

  // Sort and page.
  const sortRaw = read("sort");
  filters.sort = defaultSort(filters);
  if (sortRaw !== undefined) {
    // 'Pertinence' without words to rank by, 'Distance' without a place: the default order,
    // silently (a badge removed the words or the postal code).
    if (isSearchSort(sortRaw)) filters.sort = sortApplies(sortRaw, filters) ? sortRaw : defaultSort(filters);
    else errors.push("Tri inconnu : les annonces les plus récentes sont affichées d'abord.");
  }

  const pageRaw = read("page");
  filters.page = 1;
  if (pageRaw !== undefined) {
    const parsed = integerText(pageRaw);
    if (parsed === undefined || parsed < 1) {
      errors.push("Le numéro de page doit être un entier positif : première page affichée.");
    } else {
      // Pages past the last one (at most MAX_PAGE) are kept as asked: the route answers 404.
      filters.page = parsed;
    }
  }

  return { filters: compact(filters), errors };
}

/** Drops undefined keys so parsed filters compare and serialise cleanly. */
function compact(filters: SearchFilters): SearchFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as SearchFilters;
}

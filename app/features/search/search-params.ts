import {
  CATALOGUE,
  findBrand,
  findModel,
  normalizeKey,
  type CatalogueBrand,
} from "~/features/catalogue/catalogue-data";
import {
  canonicalOption,
  COLORS,
  FUELS,
  GEARBOXES,
  VEHICLE_TYPES,
  type Color,
  type Fuel,
  type Gearbox,
  type VehicleType,
} from "~/features/catalogue/vocabularies";
import { parsePostalCode } from "~/features/places/postal-code";
import { formatMileage, formatPrice } from "~/ui/format";

/**
 * The search filters of /recherche ⇄ its query string (spec §2 Search, §3 Search filter, §9).
 * Shared by the route loader, the filter dialog and the search service: no server imports.
 *
 * Parsing never throws. A value that cannot be used is dropped (or clamped, for the radius and
 * the page) and a French message explains it, so a shared or hand-edited URL still shows
 * results instead of an error page.
 */

export const PAGE_SIZE = 24;
/**
 * Counting stops after this many matches ("10 000+ annonces"): an exact count of a broad
 * search ("Diesel", "around Paris") has to visit every match, which at a million listings costs
 * hundreds of milliseconds, while nobody pages through more than 10 000 results. A search with
 * words stops earlier, at the pages it can show (TEXT_COUNT_CAP, text-match.server.ts).
 */
export const SEARCH_COUNT_CAP = 10_000;
/**
 * The last page the pagination can link to (100 pages: the 2 400 first results of a search, as
 * large marketplaces do). Pages are served by OFFSET, and a deep page of a dense circle or a
 * rare filter walks the ordered index until it has skipped the previous pages' matches:
 * bounding the page bounds that walk (issue 16: page 417 took 50–90 ms at a million
 * listings). Deeper pages answer 404; the last page invites the visitor to narrow the search.
 */
export const MAX_PAGE = 100;

export const RADIUS_MIN_KM = 10;
export const RADIUS_MAX_KM = 200;
export const RADIUS_STEP_KM = 10;
export const DEFAULT_RADIUS_KM = 100;
/** Radius of a town typed or picked in the words ("golf gti lyon" → within 20 km of Lyon). */
export const CITY_RADIUS_KM = 20;

export const SEARCH_SORTS = ["recent", "price_asc", "price_desc", "mileage_asc", "year_desc", "deals", "relevance"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const DEFAULT_SORT: SearchSort = "recent";

export const SORT_LABELS: Record<SearchSort, string> = {
  recent: "Plus récentes",
  price_asc: "Prix croissant",
  price_desc: "Prix décroissant",
  mileage_asc: "Kilométrage croissant",
  year_desc: "Année : plus récentes d'abord",
  deals: "Bonnes affaires d'abord",
  relevance: "Pertinence",
};

/** The market price filter's badge and checkbox (levels 1–2, app/features/pricing). */
export const GOOD_DEALS_LABEL = "Bonne affaire et mieux";

/** The sorts offered for a search: 'Pertinence' only with words to rank by (`q`). */
export function availableSorts(filters: Pick<SearchFilters, "q">): SearchSort[] {
  return SEARCH_SORTS.filter((sort) => sort !== "relevance" || Boolean(filters.q));
}

/** The sort used when none is asked: relevance when words were typed, else the newest first. */
export function defaultSort(filters: Pick<SearchFilters, "q">): SearchSort {
  return filters.q ? "relevance" : DEFAULT_SORT;
}

/** Longest free-text search kept (`q`); longer text is cut, with a message. */
export const MAX_QUERY_LENGTH = 200;

export const MAX_PRICE_EUR = 10_000_000;
export const MAX_MILEAGE_KM = 2_000_000;
export const MIN_YEAR = 1900;
/** Next year's models are sold in the autumn. */
export const maxYear = (): number => new Date().getFullYear() + 1;

/** Longest accepted value of one parameter; a comma-separated list may be longer. */
const MAX_VALUE_LENGTH = 100;
const MAX_LIST_LENGTH = 1_000;
const MAX_LIST_ITEMS = 20;
/** The longest commune name of the reference is 45 characters. */
const MAX_CITY_LENGTH = 80;

/**
 * Every filter is optional; `sort` and `page` are always set by `parseSearchParams`
 * (undefined means the default when filters are built by hand).
 */
export interface SearchFilters {
  /**
   * Free-text words (issue 14). Words recognised as a brand, model, energy or city become the
   * structured filters (interpret-query.server.ts); what stays here is matched as text.
   */
  q?: string;
  brand?: string;
  model?: string;
  brands?: string[];
  models?: string[];
  /** Fuels, matched as a list (spec: energies=Electrique for the electric models of the home page). */
  energies?: Fuel[];
  postalCode?: string;
  /**
   * The commune of `postalCode` to centre on, when the search named a town (a suggestion
   * picked, a town typed): several communes can share a postal code ("01000": Bourg-en-Bresse
   * and Saint-Denis-lès-Bourg). Without it, the code's first commune.
   */
  city?: string;
  /** Kilometres, 10–200 by 10; only meaningful with `postalCode` (100 when absent there). */
  radius?: number;
  vehicleType?: VehicleType;
  fuel?: Fuel;
  gearbox?: Gearbox;
  color?: Color;
  /** Whole euros, inclusive. `priceMax` is the spec's `price` parameter. */
  priceMin?: number;
  priceMax?: number;
  yearMin?: number;
  yearMax?: number;
  mileageMax?: number;
  /** Only listings rated 'Bonne affaire' or 'Très bonne affaire' (`deals=1`). */
  goodDeals?: boolean;
  sort?: SearchSort;
  /** 1-based. */
  page?: number;
}

export interface ParsedSearchParams {
  filters: SearchFilters;
  errors: string[];
}

// ---------------------------------------------------------------------------------------------
// Value rules (plain functions: this module is in /recherche's first-load bundle, which must not
// ship a schema library, decision 0021)

/**
 * Brand or model text outside the catalogue (listings keep the seller's spelling when the
 * catalogue does not know it): letters, digits and the punctuation met in real model names.
 * No quotes-and-equals, semicolons or angle brackets: what fails is most likely an injection
 * probe, and dropping it gives a saner page than searching for it.
 */
const FREE_TEXT = /^[\p{L}\p{N}][\p{L}\p{N} .\-°+:&#!'’/()]*$/u;

function freeText(raw: string): string | undefined {
  const trimmed = raw.trim();
  return trimmed.length <= 60 && FREE_TEXT.test(trimmed) ? trimmed : undefined;
}

/** Digits only (French grouping spaces tolerated), as a number; no sign, no decimals. */
function integerText(raw: string): number | undefined {
  const digits = raw.replace(/[\s\u00a0\u202f]/g, "");
  return /^\d{1,10}$/.test(digits) ? Number(digits) : undefined;
}

function boundedInteger(raw: string, min: number, max: number): number | undefined {
  const value = integerText(raw);
  return value !== undefined && value >= min && value <= max ? value : undefined;
}

function isSearchSort(raw: string): raw is SearchSort {
  return (SEARCH_SORTS as readonly string[]).includes(raw);
}

// ---------------------------------------------------------------------------------------------
// Canonicalisation helpers

function catalogueBrand(name: string | undefined): CatalogueBrand | undefined {
  return name === undefined ? undefined : CATALOGUE.find((b) => b.name === name);
}

/** Catalogue spelling of a brand, or the cleaned free text, or undefined when unusable. */
function canonicalBrand(raw: string): string | undefined {
  const brand = findBrand(raw);
  if (brand) return brand.name;
  return freeText(raw);
}

/**
 * Catalogue spelling of a model: within the given brands first; with no known brand, a model
 * name that matches exactly one spelling in the whole catalogue ("clio" → "Clio").
 */
function canonicalModel(raw: string, brands: CatalogueBrand[]): string | undefined {
  for (const brand of brands) {
    const model = findModel(brand, raw);
    if (model) return model;
  }
  if (brands.length === 0) {
    const key = normalizeKey(raw);
    const spellings = new Set(CATALOGUE.flatMap((b) => b.models.filter((m) => normalizeKey(m) === key)));
    if (spellings.size === 1) return [...spellings][0];
  }
  return freeText(raw);
}

/** Short, safe echo of a user value inside a message. */
function quote(value: string): string {
  const clean = value.replace(/\p{Cc}/gu, "").trim();
  return `« ${clean.length > 30 ? `${clean.slice(0, 30)}…` : clean} »`;
}

function splitList(raw: string): string[] {
  const seen = new Set<string>();
  for (const part of raw.split(",")) {
    const item = part.trim();
    if (item) seen.add(item);
  }
  return [...seen];
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/** A radius on the slider's scale: 10–200 km by steps of 10 (spec §9). */
export function roundRadius(km: number): number {
  if (!Number.isFinite(km)) return DEFAULT_RADIUS_KM;
  const stepped = Math.round(km / RADIUS_STEP_KM) * RADIUS_STEP_KM;
  return Math.min(RADIUS_MAX_KM, Math.max(RADIUS_MIN_KM, stepped));
}

// ---------------------------------------------------------------------------------------------
// Query string → filters

/** Parameters read, the spec's first, in the order `toSearchParams` writes them (`priceMax` is only read). */
export const SEARCH_PARAM_NAMES = [
  "q",
  "brand",
  "model",
  "brands",
  "models",
  "energies",
  "postalCode",
  "city",
  "radius",
  "vehicleType",
  "fuel",
  "gearbox",
  "color",
  "priceMin",
  "price",
  "priceMax",
  "yearMin",
  "yearMax",
  "mileageMax",
  "deals",
  "sort",
  "page",
] as const;
type SearchParamName = (typeof SEARCH_PARAM_NAMES)[number];

const LIST_PARAMS = new Set<SearchParamName>(["brands", "models", "energies"]);

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
    let q = qRaw.replace(/[\p{Cc}\p{Cf}]/gu, " ").replace(/\s+/g, " ").trim();
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

  if (filters.priceMin !== undefined && filters.priceMax !== undefined && filters.priceMin > filters.priceMax) {
    [filters.priceMin, filters.priceMax] = [filters.priceMax, filters.priceMin];
    errors.push("Le prix minimum dépassait le prix maximum : les deux valeurs ont été inversées.");
  }
  if (filters.yearMin !== undefined && filters.yearMax !== undefined && filters.yearMin > filters.yearMax) {
    [filters.yearMin, filters.yearMax] = [filters.yearMax, filters.yearMin];
    errors.push("L'année minimum dépassait l'année maximum : les deux valeurs ont été inversées.");
  }

  const dealsRaw = read("deals");
  if (dealsRaw !== undefined) {
    if (["1", "true", "oui"].includes(dealsRaw.toLowerCase())) filters.goodDeals = true;
    else if (!["0", "false", "non"].includes(dealsRaw.toLowerCase())) {
      errors.push(`Le filtre « ${GOOD_DEALS_LABEL} » s'écrit deals=1 : il a été ignoré.`);
    }
  }

  // Sort and page.
  const sortRaw = read("sort");
  filters.sort = defaultSort(filters);
  if (sortRaw !== undefined) {
    // 'Pertinence' without words to rank by: the default order, silently (a badge removed the words).
    if (isSearchSort(sortRaw)) filters.sort = sortRaw === "relevance" && !filters.q ? DEFAULT_SORT : sortRaw;
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

// ---------------------------------------------------------------------------------------------
// Filters → query string

/**
 * The canonical query string of a search: fixed parameter order, no empty or default value
 * (no sort "recent" or page 1), so equal searches share one URL (caches, crawlers). The radius
 * is the exception: with a postal code it is always written, the default 100 km included, so a
 * shared URL says how far it searched; `postalCode=X` alone (an old or hand-made link) still
 * parses as 100 km and its canonical URL is `postalCode=X&radius=100`.
 * The maximum price is written as the spec's `price`.
 */
export function toSearchParams(filters: SearchFilters): URLSearchParams {
  const out = new URLSearchParams();
  const set = (name: SearchParamName, value: string | number | undefined) => {
    if (value !== undefined && value !== "") out.set(name, String(value));
  };
  const list = (values: readonly string[] | undefined) => (values?.length ? values.join(",") : undefined);

  set("q", filters.q);
  set("brand", filters.brand);
  set("model", filters.model);
  set("brands", list(filters.brands));
  set("models", list(filters.models));
  set("energies", list(filters.energies));
  set("postalCode", filters.postalCode);
  if (filters.postalCode) set("city", filters.city);
  if (filters.postalCode) set("radius", filters.radius ?? DEFAULT_RADIUS_KM);
  set("vehicleType", filters.vehicleType);
  set("fuel", filters.fuel);
  set("gearbox", filters.gearbox);
  set("color", filters.color);
  set("priceMin", filters.priceMin);
  set("price", filters.priceMax);
  set("yearMin", filters.yearMin);
  set("yearMax", filters.yearMax);
  set("mileageMax", filters.mileageMax);
  if (filters.goodDeals) set("deals", 1);
  if (filters.sort && filters.sort !== defaultSort(filters) && (filters.sort !== "relevance" || filters.q)) {
    set("sort", filters.sort);
  }
  if (filters.page && filters.page > 1) set("page", filters.page);
  return out;
}

/** `/recherche?…` for a search (pagination links, badges, popular brands and models). */
export function searchHref(filters: SearchFilters): string {
  const query = toSearchParams(filters).toString();
  return query ? `/recherche?${query}` : "/recherche";
}

// ---------------------------------------------------------------------------------------------
// Active-filter badges (the filter dialog) and their count (the filter button)

export interface ActiveFilterBadge {
  /** Stable React key, e.g. "fuel" or "brands:Renault". */
  key: string;
  /** French label, e.g. "Prix max : 15 000 €", "Autour de 69001 (50 km)". */
  label: string;
  /** The filters once this badge is removed (back to page 1). */
  remove: SearchFilters;
}

type FilterKey = Exclude<keyof SearchFilters, "sort" | "page">;

/** Without the given keys, and back to the first page (the result set changes). */
function without(filters: SearchFilters, ...keys: (FilterKey | "page")[]): SearchFilters {
  const next: SearchFilters = { ...filters };
  for (const key of [...keys, "page" as const]) delete next[key];
  return next;
}

/** Without one entry of a list filter; an emptied list disappears. */
function withoutItem(filters: SearchFilters, key: "brands" | "models" | "energies", item: string): SearchFilters {
  const next = without(filters, key);
  if (key === "energies") {
    const rest = (filters.energies ?? []).filter((v) => v !== item);
    if (rest.length) next.energies = rest;
  } else {
    const rest = (filters[key] ?? []).filter((v) => v !== item);
    if (rest.length) next[key] = rest;
  }
  return next;
}

/** "69001", or "Saint-Denis-lès-Bourg (01000)" when the search named the town. */
export function placeText(filters: Pick<SearchFilters, "postalCode" | "city">): string {
  return filters.city ? `${filters.city} (${filters.postalCode})` : (filters.postalCode ?? "");
}

export function activeFilterBadges(filters: SearchFilters): ActiveFilterBadge[] {
  const badges: ActiveFilterBadge[] = [];
  const add = (key: string, label: string, remove: SearchFilters) => badges.push({ key, label, remove });

  if (filters.q) add("q", `Mots : ${quote(filters.q)}`, without(filters, "q"));
  // The model select is disabled without a brand, so removing the brand clears the model too.
  if (filters.brand) add("brand", `Marque : ${filters.brand}`, without(filters, "brand", "model"));
  if (filters.model) add("model", `Modèle : ${filters.model}`, without(filters, "model"));
  for (const brand of filters.brands ?? [])
    add(`brands:${brand}`, `Marque : ${brand}`, withoutItem(filters, "brands", brand));
  for (const model of filters.models ?? [])
    add(`models:${model}`, `Modèle : ${model}`, withoutItem(filters, "models", model));
  for (const fuel of filters.energies ?? [])
    add(`energies:${fuel}`, `Énergie : ${fuel}`, withoutItem(filters, "energies", fuel));
  if (filters.postalCode) {
    add(
      "location",
      `Autour de ${placeText(filters)} (${filters.radius ?? DEFAULT_RADIUS_KM} km)`,
      without(filters, "postalCode", "city", "radius"),
    );
  }
  if (filters.vehicleType) add("vehicleType", `Type : ${filters.vehicleType}`, without(filters, "vehicleType"));
  if (filters.fuel) add("fuel", `Carburant : ${filters.fuel}`, without(filters, "fuel"));
  if (filters.gearbox) add("gearbox", `Boîte : ${filters.gearbox}`, without(filters, "gearbox"));
  if (filters.color) add("color", `Couleur : ${filters.color}`, without(filters, "color"));
  if (filters.priceMin !== undefined)
    add("priceMin", `Prix min : ${formatPrice(filters.priceMin)}`, without(filters, "priceMin"));
  if (filters.priceMax !== undefined)
    add("priceMax", `Prix max : ${formatPrice(filters.priceMax)}`, without(filters, "priceMax"));
  if (filters.yearMin !== undefined) add("yearMin", `Année min : ${filters.yearMin}`, without(filters, "yearMin"));
  if (filters.yearMax !== undefined) add("yearMax", `Année max : ${filters.yearMax}`, without(filters, "yearMax"));
  if (filters.mileageMax !== undefined) {
    add("mileageMax", `Kilométrage max : ${formatMileage(filters.mileageMax)}`, without(filters, "mileageMax"));
  }
  if (filters.goodDeals) add("goodDeals", GOOD_DEALS_LABEL, without(filters, "goodDeals"));
  return badges;
}

/** The number on the filter button: one per removable badge (sort and page are not filters). */
export function countActiveFilters(filters: SearchFilters): number {
  return activeFilterBadges(filters).length;
}

/**
 * The search with new free-text words (the search box): back to page 1, and an order that was
 * only the default follows the new default ('Pertinence' with words, the newest without).
 */
export function withQuery(filters: SearchFilters, q: string): SearchFilters {
  const next: SearchFilters = { ...filters, page: undefined };
  const words = q.trim();
  if (words) next.q = words;
  else delete next.q;
  if (!filters.sort || filters.sort === defaultSort(filters) || (filters.sort === "relevance" && !next.q)) {
    delete next.sort;
  }
  return next;
}

/** A suggestion of the search box, as picked (client-safe shape of suggestion-types.ts). */
export interface PickedSuggestion {
  q: string;
  place?: { city: string; postalCode: string };
}

/**
 * The search once a suggestion is picked: a brand or model replaces the words (the page
 * recognises them into filters); a town becomes the place itself, that commune within
 * CITY_RADIUS_KM, the typed letters dropped.
 */
export function withSuggestion(filters: SearchFilters, picked: PickedSuggestion): SearchFilters {
  if (!picked.place) return withQuery(filters, picked.q);
  const next = withQuery(filters, "");
  next.postalCode = picked.place.postalCode;
  next.city = picked.place.city;
  next.radius = CITY_RADIUS_KM;
  return next;
}

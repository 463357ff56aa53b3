import type { SellerKind } from "~/db/pro-schema";
import type { Color, Fuel, Gearbox, VehicleType } from "~/features/catalogue/vocabularies";

export type { SellerKind };
/** The filter's values as buyers read them ('Vendeur : Particulier / Professionnel'). */
export const SELLER_LABELS: Record<SellerKind, string> = { private: "Particulier", pro: "Professionnel" };

/**
 * The search filters of /recherche (spec §2 Search, §3 Search filter, §9): their constants and
 * types, the filters → query string way (`toSearchParams`, `searchHref`) and the search box's
 * edits. Shared by the route loader, the filter dialog and the search service: no server
 * imports. The query string → filters way is parse-search-params.ts; the active filters as
 * badges, active-filter-badges.ts.
 */

export const PAGE_SIZE = 24;
/**
 * Counting stops after this many matches ("10 000+ annonces") for the home page's brand tiles,
 * the suggestions and 'Mes recherches': an exact count of a broad search ("Diesel", "around
 * Paris") has to visit every match, which at a million listings costs hundreds of milliseconds.
 * /recherche counts exactly from the facet table, or stops at the pages it can show
 * (TEXT_COUNT_CAP, text-match.server.ts; issue 37, decision 0029).
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

export const SEARCH_SORTS = ["recent", "price_asc", "price_desc", "mileage_asc", "year_desc", "deals", "distance", "relevance"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const DEFAULT_SORT: SearchSort = "recent";

export const SORT_LABELS: Record<SearchSort, string> = {
  recent: "Plus récentes",
  price_asc: "Prix croissant",
  price_desc: "Prix décroissant",
  mileage_asc: "Kilométrage croissant",
  year_desc: "Année : plus récentes d'abord",
  deals: "Bonnes affaires d'abord",
  distance: "Distance : les plus proches",
  relevance: "Pertinence",
};

/** The classes the Crit'Air filter offers ('Crit'Air : 0 / 1 ou mieux / 2 ou mieux / 3 ou mieux', decision 0039). */
export const CRITAIR_FILTER_VALUES = [0, 1, 2, 3] as const;
export type CritAirFilter = (typeof CRITAIR_FILTER_VALUES)[number];

/** The filter's badge and saved-search name: "Crit'Air 2 ou mieux". */
export function critAirFilterLabel(value: CritAirFilter): string {
  return value === 0 ? "Crit'Air 0 (électrique)" : `Crit'Air ${value} ou mieux`;
}

/**
 * The 'Équipements' filter's canonical form: each slug once, in alphabetical order (the URL
 * of two equal searches is one). Slugs are checked against the vocabulary by the server
 * (`safeFilters`, the /recherche loader, saving a search): the vocabulary and its labels stay
 * out of the JavaScript every page loads (decision 0043).
 */
export function canonicalEquipment(slugs: Iterable<string>): string[] {
  return [...new Set(slugs)].sort();
}

/** A well-formed equipment slug ("camera-de-recul"). */
export const EQUIPMENT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Slug → French label of the equipment named by a search; a slug without one shows as itself. */
export type EquipmentLabels = Readonly<Record<string, string>>;

/**
 * Issue 34's last filters (decision 0049). 'Portes' : exact numbers, several allowed
 * (`doors=3,5`); 'Places' : exact numbers, SEATS_OR_MORE meaning "7 et plus" (`seats=5,7`).
 * The form offers these values; the URL accepts 1–9 doors and 1–9 seats (8 and 9 read as 7+).
 */
export const DOORS_CHOICES = [2, 3, 4, 5] as const;
export const SEATS_CHOICES = [2, 3, 4, 5, 6, 7] as const;
export const SEATS_OR_MORE = 7;
export const MAX_POWER_CH = 2_000;
/** '1re main' (`owners=1`): listings declared with one owner. */
export const FIRST_HAND_LABEL = "1re main";

/** "3", "3 ou 5", "2, 3 ou 5" */
function orList(values: readonly number[]): string {
  const words = values.map(String);
  return words.length > 1 ? `${words.slice(0, -1).join(", ")} ou ${words.at(-1)}` : (words[0] ?? "");
}

/** "5 portes", "3 ou 5 portes" */
export function doorsLabel(doors: readonly number[]): string {
  return `${orList(doors)} portes`;
}

/** "2 places", "7 places et plus", "5 ou 7 places et plus" */
export function seatsLabel(seats: readonly number[]): string {
  return `${orList(seats)} places${seats.includes(SEATS_OR_MORE) ? " et plus" : ""}`;
}

/** Each number once, ascending: the URL of two equal searches is one. */
export function canonicalNumbers(values: Iterable<number>): number[] {
  return [...new Set(values)].sort((a, b) => a - b);
}

/** The market price filter's badge and checkbox (levels 1–2, app/features/pricing). */
export const GOOD_DEALS_LABEL = "Bonne affaire et mieux";

/**
 * Whether a sort can order this search: 'Pertinence' needs words to rank by (`q`), 'Distance'
 * a place to measure from (`postalCode`, issue 36). Otherwise the search keeps its default order.
 */
export function sortApplies(sort: SearchSort, filters: Pick<SearchFilters, "q" | "postalCode">): boolean {
  if (sort === "relevance") return Boolean(filters.q);
  if (sort === "distance") return Boolean(filters.postalCode);
  return true;
}

/** The sorts offered for a search: 'Pertinence' with words, 'Distance' with a postal code. */
export function availableSorts(filters: Pick<SearchFilters, "q" | "postalCode">): SearchSort[] {
  return SEARCH_SORTS.filter((sort) => sortApplies(sort, filters));
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
  /** 'Kilométrage min.' (`mileageMin`, km, inclusive). */
  mileageMin?: number;
  /** 'Puissance (ch)' (`powerMin`/`powerMax`): listings.din_power in ch, inclusive. */
  powerMin?: number;
  powerMax?: number;
  /** 'Portes' (`doors=3,5`): exactly one of these numbers of doors. */
  doors?: number[];
  /** 'Places' (`seats=5,7`): exactly one of these numbers of seats, SEATS_OR_MORE meaning that many or more. */
  seats?: number[];
  /** '1re main' (`owners=1`): listings whose owner count is 1. */
  firstHand?: boolean;
  /** Only listings rated 'Bonne affaire' or 'Très bonne affaire' (`deals=1`). */
  goodDeals?: boolean;
  /** Who sells (`seller=private|pro`, issue 33): 'Particulier' or 'Professionnel'; absent = 'Tous'. */
  seller?: SellerKind;
  /**
   * 'Crit'Air : N ou mieux' (`critair=N`, issue 34): listings whose class is N or better (0 =
   * électrique only); 'Non classé' and unknown classes never match.
   */
  critair?: CritAirFilter;
  /**
   * 'Équipements' (`equipment=gps,camera-de-recul`, issue 34, decision 0043): slugs of
   * app/features/catalogue/equipment.ts; the listing has all of them.
   */
  equipment?: string[];
  sort?: SearchSort;
  /** 1-based. */
  page?: number;
  /**
   * Internal: only this seller's listings (the dealer page, /pro/<slug>). Never read from nor
   * written to a URL (`parseSearchParams` and `toSearchParams` ignore it).
   */
  ownerId?: string;
}

export interface ParsedSearchParams {
  filters: SearchFilters;
  errors: string[];
}

/** Short, safe echo of a user value inside a message. */
export function quote(value: string): string {
  const clean = value.replace(/\p{Cc}/gu, "").trim();
  return `« ${clean.length > 30 ? `${clean.slice(0, 30)}…` : clean} »`;
}

/** A radius on the slider's scale: 10–200 km by steps of 10 (spec §9). */
export function roundRadius(km: number): number {
  if (!Number.isFinite(km)) return DEFAULT_RADIUS_KM;
  const stepped = Math.round(km / RADIUS_STEP_KM) * RADIUS_STEP_KM;
  return Math.min(RADIUS_MAX_KM, Math.max(RADIUS_MIN_KM, stepped));
}

// ---------------------------------------------------------------------------------------------
// The query string's parameters (read by parse-search-params.ts)

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
  "mileageMin",
  "mileageMax",
  "powerMin",
  "powerMax",
  "doors",
  "seats",
  "owners",
  "deals",
  "seller",
  "critair",
  "equipment",
  "sort",
  "page",
] as const;
export type SearchParamName = (typeof SEARCH_PARAM_NAMES)[number];

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
  set("mileageMin", filters.mileageMin);
  set("mileageMax", filters.mileageMax);
  set("powerMin", filters.powerMin);
  set("powerMax", filters.powerMax);
  set("doors", filters.doors?.join(","));
  set("seats", filters.seats?.join(","));
  if (filters.firstHand) set("owners", 1);
  if (filters.goodDeals) set("deals", 1);
  set("seller", filters.seller);
  set("critair", filters.critair);
  set("equipment", list(filters.equipment));
  if (filters.sort && filters.sort !== defaultSort(filters) && sortApplies(filters.sort, filters)) {
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

/**
 * The search with new free-text words (the search box): back to page 1, and an order that was
 * only the default follows the new default ('Pertinence' with words, the newest without).
 */
export function withQuery(filters: SearchFilters, q: string): SearchFilters {
  const next: SearchFilters = { ...filters, page: undefined };
  const words = q.trim();
  if (words) next.q = words;
  else delete next.q;
  if (!filters.sort || filters.sort === defaultSort(filters) || !sortApplies(filters.sort, next)) {
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

import { formatCount, formatNumber } from "~/ui/format";
import { searchHref, type SearchFilters } from "./search-params";
import { countActiveFilters, placeText } from "./active-filter-badges";
import { deName } from "~/ui/elision";


/** List or map (spec §4 "Search view mode"), kept in the URL as `vue=carte` so it survives a reload. */
export type SearchView = "liste" | "carte";
export const VIEW_PARAM = "vue";

export function parseView(params: URLSearchParams): SearchView {
  return params.get(VIEW_PARAM) === "carte" ? "carte" : "liste";
}

/** `/recherche?…` for these filters in this view (the list is the default, so it has no parameter). */
export function searchViewHref(filters: SearchFilters, view: SearchView): string {
  const href = searchHref(filters);
  if (view === "liste") return href;
  return `${href}${href.includes("?") ? "&" : "?"}${VIEW_PARAM}=carte`;
}

/** '1 234 annonces', '1 annonce', '0 annonce', or '10 000+ annonces' when counting stopped. */
export function resultCountLabel(total: number, capped: boolean): string {
  return capped ? `${formatNumber(total)}+ annonces` : formatCount(total, "annonce", "annonces");
}

function list(values: readonly string[]): string {
  if (values.length <= 1) return values.join("");
  return `${values.slice(0, -1).join(", ")} et ${values[values.length - 1]}`;
}

/** What is searched, in words: "Peugeot 208", "Renault Zoé électrique", "SUV", "Voitures". */
export function searchSubject(filters: SearchFilters): string {
  const brands = filters.brand ? [filters.brand] : (filters.brands ?? []);
  const models = filters.model ? [filters.model] : (filters.models ?? []);
  let subject: string;
  if (brands.length === 1 && models.length > 0) subject = `${brands[0]} ${list(models)}`;
  else if (brands.length > 0 && models.length === 0) subject = list(brands);
  else if (brands.length > 0 || models.length > 0) subject = list([...brands, ...models]);
  else if (filters.vehicleType && filters.vehicleType !== "Autre")
    subject =
      filters.vehicleType === "SUV" || filters.vehicleType === "4x4" ? filters.vehicleType : `${filters.vehicleType}s`;
  else subject = "Voitures";
  const fuels = filters.fuel ? [filters.fuel] : (filters.energies ?? []);
  if (fuels.length === 1 && fuels[0] === "Electrique")
    subject += subject === "Voitures" ? " électriques" : " électrique";
  return subject;
}

/** The page's heading and title: "Peugeot 208 d'occasion autour de 69001". */
export function searchHeading(filters: SearchFilters): string {
  const where = filters.postalCode ? ` autour ${deName(placeText(filters))}` : "";
  const seller = filters.seller === "pro" ? " de professionnels" : filters.seller === "private" ? " de particuliers" : "";
  return `${searchSubject(filters)} d'occasion${seller}${where}`;
}

export function searchTitle(filters: SearchFilters): string {
  const page = filters.page && filters.page > 1 ? ` – page ${filters.page}` : "";
  return `${searchHeading(filters)}${page}`;
}

export function searchDescription(filters: SearchFilters, total: number, capped: boolean): string {
  if (total === 0) return `${searchHeading(filters)} : aucune annonce ne correspond pour le moment sur Occazio.`;
  return `${resultCountLabel(total, capped)} de ${searchHeading(filters).replace(/^Voitures/, "voitures")} : comparez les prix, le kilométrage et l'année, et contactez les vendeurs sur Occazio.`;
}

/**
 * One canonical URL per result set: no sort (a reordering of the same listings), no view, no
 * page 1 — but later pages keep their number, as they list other listings.
 */
export function canonicalSearchPath(filters: SearchFilters): string {
  return searchHref({ ...filters, sort: undefined });
}

const RANGE_KEYS = ["priceMin", "priceMax", "yearMin", "yearMax", "mileageMin", "mileageMax", "powerMin", "powerMax"] as const;

/**
 * Search engines get the broad pages (a brand, a model, a city): combinations of more than two
 * filters, ranges, empty results and URLs with errors are thin duplicates, kept out of the index
 * (`noindex, follow`: their links still count).
 */
export function shouldIndexSearch(filters: SearchFilters, total: number, errorCount: number): boolean {
  if (errorCount > 0 || total === 0) return false;
  // Free text is endless: its pages are not indexed.
  if (filters.q) return false;
  if (RANGE_KEYS.some((key) => filters[key] !== undefined)) return false;
  return countActiveFilters(filters) <= 2;
}

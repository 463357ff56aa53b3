import { fuelLabel } from "~/features/catalogue/vocabularies";
import {
  critAirFilterLabel,
  DEFAULT_RADIUS_KM,
  doorsLabel,
  FIRST_HAND_LABEL,
  SEARCH_PARAM_NAMES,
  seatsLabel,
  SELLER_LABELS,
  toSearchParams,
  type EquipmentLabels,
  type SearchFilters,
} from "~/features/search/search-params";
import { activeFilterBadges, placeText } from "~/features/search/active-filter-badges";
import { parseSearchParams } from "~/features/search/parse-search-params";
import { formatMileage, formatNumber, formatPrice } from "~/ui/format";
import { MAX_SAVED_SEARCH_NAME } from "./saved-search-texts";
import { deName } from "~/ui/elision";

/**
 * Saved searches reuse the search's own parsing and canonicalisation (search-params.ts), so
 * a saved search keeps exactly the parameters /recherche reads, in their canonical form.
 * Unlike /recherche, which drops what it cannot use and still shows results, saving refuses
 * any unknown, repeated or invalid parameter: the user would otherwise get alerts for a
 * search other than the one they think they saved. No server imports (used by the page too).
 */

/** The one-click unsubscribe page of alert e-mails (works signed out). */
export const UNSUBSCRIBE_PATH = "/alertes/desinscription";

// The limits and messages the save button needs, apart from the parser (saved-search-texts.ts).
export { MAX_SAVED_SEARCHES, MAX_SAVED_SEARCH_NAME, SAVED_SEARCH_MESSAGES } from "./saved-search-texts";

export type SavedFilters = Omit<SearchFilters, "sort" | "page">;

export type ParsedSavedQuery = { ok: true; filters: SavedFilters; query: string } | { ok: false; error: string };

const KNOWN = new Set<string>(SEARCH_PARAM_NAMES);

/** The filters of a /recherche query string, canonical, or a French reason to refuse them. */
export function parseSavedSearchQuery(raw: string): ParsedSavedQuery {
  if (raw.length > 4_000) return { ok: false, error: "Cette recherche est trop longue pour être sauvegardée." };
  const params = new URLSearchParams(raw.startsWith("?") ? raw.slice(1) : raw);
  const seen = new Set<string>();
  for (const name of params.keys()) {
    if (!KNOWN.has(name)) {
      return { ok: false, error: `Cette recherche contient un filtre inconnu (« ${name.slice(0, 30)} ») : elle ne peut pas être sauvegardée.` };
    }
    if (seen.has(name)) {
      return { ok: false, error: `Le filtre « ${name} » apparaît plusieurs fois : la recherche ne peut pas être sauvegardée.` };
    }
    seen.add(name);
  }
  const parsed = parseSearchParams(params);
  if (parsed.errors.length) {
    return { ok: false, error: `Cette recherche ne peut pas être sauvegardée : ${parsed.errors[0]}` };
  }
  // Sort and page are presentation only: they do not change which listings match.
  const filters: SavedFilters = { ...parsed.filters };
  delete (filters as SearchFilters).sort;
  delete (filters as SearchFilters).page;
  return { ok: true, filters, query: toSearchParams(filters).toString() };
}

/** The filters of a stored canonical query (always valid: it was canonicalised on save). */
export function savedFilters(query: string): SavedFilters {
  const { filters } = parseSearchParams(new URLSearchParams(query));
  delete filters.sort;
  delete filters.page;
  return filters;
}

const list = (values: readonly string[] | undefined) => (values?.length ? values.join(", ") : undefined);

/** "Peugeot 3008 · Hybride · ≤ 25 000 € · 50 km autour de 69001" */
export function proposeSearchName(filters: SavedFilters, equipmentLabels: EquipmentLabels = {}): string {
  const parts: string[] = [];
  const vehicle = [filters.brand ?? list(filters.brands), filters.model ?? list(filters.models)].filter(Boolean).join(" ");
  if (vehicle) parts.push(vehicle);
  const energy = fuelLabel(filters.fuel) ?? list(filters.energies?.map((fuel) => fuelLabel(fuel)));
  if (energy) parts.push(energy);
  if (filters.vehicleType) parts.push(filters.vehicleType);
  if (filters.gearbox) parts.push(filters.gearbox);
  if (filters.color) parts.push(filters.color);
  if (filters.priceMin !== undefined && filters.priceMax !== undefined) {
    parts.push(`${formatPrice(filters.priceMin)} – ${formatPrice(filters.priceMax)}`);
  } else if (filters.priceMax !== undefined) parts.push(`≤ ${formatPrice(filters.priceMax)}`);
  else if (filters.priceMin !== undefined) parts.push(`≥ ${formatPrice(filters.priceMin)}`);
  if (filters.yearMin !== undefined && filters.yearMax !== undefined) parts.push(`${filters.yearMin} – ${filters.yearMax}`);
  else if (filters.yearMin !== undefined) parts.push(`${filters.yearMin} ou plus récent`);
  else if (filters.yearMax !== undefined) parts.push(`${filters.yearMax} ou plus ancien`);
  if (filters.mileageMin !== undefined && filters.mileageMax !== undefined) {
    parts.push(`${formatNumber(filters.mileageMin)} – ${formatMileage(filters.mileageMax)}`);
  } else if (filters.mileageMax !== undefined) parts.push(`≤ ${formatMileage(filters.mileageMax)}`);
  else if (filters.mileageMin !== undefined) parts.push(`≥ ${formatMileage(filters.mileageMin)}`);
  if (filters.powerMin !== undefined && filters.powerMax !== undefined) {
    parts.push(`${formatNumber(filters.powerMin)} à ${formatNumber(filters.powerMax)} ch`);
  } else if (filters.powerMin !== undefined) parts.push(`≥ ${formatNumber(filters.powerMin)} ch`);
  else if (filters.powerMax !== undefined) parts.push(`≤ ${formatNumber(filters.powerMax)} ch`);
  if (filters.doors?.length) parts.push(doorsLabel(filters.doors));
  if (filters.seats?.length) parts.push(seatsLabel(filters.seats));
  if (filters.firstHand) parts.push(FIRST_HAND_LABEL);
  if (filters.postalCode) parts.push(`${filters.radius ?? DEFAULT_RADIUS_KM} km autour ${deName(placeText(filters))}`);
  if (filters.seller) parts.push(SELLER_LABELS[filters.seller]);
  if (filters.critair !== undefined) parts.push(critAirFilterLabel(filters.critair));
  if (filters.equipment?.length) parts.push(filters.equipment.map((slug) => equipmentLabels[slug] ?? slug).join(" + "));
  const name = parts.length ? parts.join(" · ") : "Toutes les annonces";
  return name.length > MAX_SAVED_SEARCH_NAME ? `${name.slice(0, MAX_SAVED_SEARCH_NAME - 1).trimEnd()}…` : name;
}

/** The filters as French badges ("Marque : Peugeot", "Autour de 69001 (50 km)"). */
export function savedSearchBadges(filters: SavedFilters, equipmentLabels: EquipmentLabels = {}): { key: string; label: string }[] {
  return activeFilterBadges(filters, equipmentLabels).map(({ key, label }) => ({ key, label }));
}

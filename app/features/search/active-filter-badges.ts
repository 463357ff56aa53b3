import { fuelLabel } from "~/features/catalogue/vocabularies";
import { formatMileage, formatPrice } from "~/ui/format";
import {
  critAirFilterLabel,
  DEFAULT_RADIUS_KM,
  doorsLabel,
  FIRST_HAND_LABEL,
  GOOD_DEALS_LABEL,
  quote,
  seatsLabel,
  SELLER_LABELS,
  type SearchFilters,
  type EquipmentLabels,
} from "./search-params";
import { formatNumber } from "~/ui/format";
import { deName } from "~/ui/elision";

/**
 * The active filters of a search as removable badges (the filter dialog, /recherche, saved
 * searches) and their count (the filter button): each badge's label in French and the search
 * once it is removed.
 */

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
function withoutItem(filters: SearchFilters, key: "brands" | "models" | "energies" | "equipment", item: string): SearchFilters;
function withoutItem(filters: SearchFilters, key: "doors" | "seats", item: number): SearchFilters;
function withoutItem(filters: SearchFilters, key: "brands" | "models" | "energies" | "equipment" | "doors" | "seats", item: string | number): SearchFilters {
  const next = without(filters, key);
  if (key === "doors" || key === "seats") {
    const rest = (filters[key] ?? []).filter((v) => v !== item);
    if (rest.length) next[key] = rest;
  } else if (key === "energies") {
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

export function activeFilterBadges(filters: SearchFilters, equipmentLabels: EquipmentLabels = {}): ActiveFilterBadge[] {
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
    add(`energies:${fuel}`, `Énergie : ${fuelLabel(fuel)}`, withoutItem(filters, "energies", fuel));
  if (filters.postalCode) {
    add(
      "location",
      `Autour ${deName(placeText(filters))} (${filters.radius ?? DEFAULT_RADIUS_KM} km)`,
      without(filters, "postalCode", "city", "radius"),
    );
  }
  if (filters.vehicleType) add("vehicleType", `Type : ${filters.vehicleType}`, without(filters, "vehicleType"));
  if (filters.fuel) add("fuel", `Énergie : ${fuelLabel(filters.fuel)}`, without(filters, "fuel"));
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
  if (filters.mileageMin !== undefined) {
    add("mileageMin", `Dès ${formatMileage(filters.mileageMin)}`, without(filters, "mileageMin"));
  }
  if (filters.powerMin !== undefined || filters.powerMax !== undefined) {
    const { powerMin: min, powerMax: max } = filters;
    const label =
      min !== undefined && max !== undefined
        ? `${formatNumber(min)} à ${formatNumber(max)} ch`
        : min !== undefined
          ? `${formatNumber(min)} ch et plus`
          : `Jusqu'à ${formatNumber(max!)} ch`;
    add("power", label, without(filters, "powerMin", "powerMax"));
  }
  for (const n of filters.doors ?? []) add(`doors:${n}`, doorsLabel([n]), withoutItem(filters, "doors", n));
  for (const n of filters.seats ?? []) add(`seats:${n}`, seatsLabel([n]), withoutItem(filters, "seats", n));
  if (filters.firstHand) add("firstHand", FIRST_HAND_LABEL, without(filters, "firstHand"));
  if (filters.goodDeals) add("goodDeals", GOOD_DEALS_LABEL, without(filters, "goodDeals"));
  if (filters.seller) add("seller", `Vendeur : ${SELLER_LABELS[filters.seller]}`, without(filters, "seller"));
  if (filters.critair !== undefined) add("critair", critAirFilterLabel(filters.critair), without(filters, "critair"));
  for (const slug of filters.equipment ?? [])
    add(`equipment:${slug}`, `Équipement : ${equipmentLabels[slug] ?? slug}`, withoutItem(filters, "equipment", slug));
  return badges;
}

/** The number on the filter button: one per removable badge (sort and page are not filters). */
export function countActiveFilters(filters: SearchFilters): number {
  return activeFilterBadges(filters).length;
}

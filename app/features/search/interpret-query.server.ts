import type { DbExecutor } from "~/db/client.server";
import { recogniseQuery } from "./query-recognition";
import { canonicalEquipment, CITY_RADIUS_KM, type SearchFilters } from "./search-params";
import { townIndex } from "./town-index.server";

/**
 * Moves the recognisable words of `filters.q` into filters: brand, model, energies, a
 * place (postal code + CITY_RADIUS_KM), price, mileage, year and Crit'Air bounds, and '1re main'. `changed` is false when nothing was recognised (the
 * words stay as typed). The result is what /recherche redirects to, so the badges show the
 * recognised filters and removing one is removing a URL parameter.
 */
export async function interpretQuery(options: {
  db: DbExecutor;
  filters: SearchFilters;
}): Promise<{ filters: SearchFilters; changed: boolean }> {
  const { filters } = options;
  if (!filters.q) return { filters, changed: false };
  const index = await townIndex(options.db);
  const found = recogniseQuery(
    filters.q,
    filters,
    (key) => (/^\d{5}$/.test(key) ? index.postalCodes.get(key) : index.names.get(key)),
    { supports: { mileageMin: true, firstHand: true } },
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
  if (found.equipment.length) {
    next.equipment = canonicalEquipment([...(filters.equipment ?? []), ...found.equipment]);
    changed = true;
  }
  // Budgets, mileages, years and Crit'Air typed as phrases (decision 0050): the typed value
  // replaces the filter's.
  const quantities = found.quantities;
  for (const key of ["priceMin", "priceMax", "mileageMin", "mileageMax", "yearMin", "yearMax", "critair"] as const) {
    if (quantities[key] === undefined) continue;
    (next as Record<typeof key, number | undefined>)[key] = quantities[key];
    changed = true;
  }
  if (quantities.firstHand) {
    next.firstHand = true;
    changed = true;
  }
  // A bound typed beside the other bound of the URL ("plus de 8000 €" with price=5000): swapped.
  if (next.priceMin !== undefined && next.priceMax !== undefined && next.priceMin > next.priceMax)
    [next.priceMin, next.priceMax] = [next.priceMax, next.priceMin];
  if (next.mileageMin !== undefined && next.mileageMax !== undefined && next.mileageMin > next.mileageMax)
    [next.mileageMin, next.mileageMax] = [next.mileageMax, next.mileageMin];
  if (next.yearMin !== undefined && next.yearMax !== undefined && next.yearMin > next.yearMax)
    [next.yearMin, next.yearMax] = [next.yearMax, next.yearMin];
  if (found.place && !filters.postalCode) {
    next.postalCode = found.place.postalCode;
    // A town typed by name is searched around that commune, whatever else shares its code.
    if (found.place.named) next.city = found.place.city;
    else delete next.city;
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

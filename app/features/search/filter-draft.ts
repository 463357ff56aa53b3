import { canonicalOption, COLORS, GEARBOXES, VEHICLE_TYPES, type Fuel } from "~/features/catalogue/vocabularies";
import {
  DEFAULT_RADIUS_KM,
  defaultSort,
  canonicalNumbers,
  MAX_MILEAGE_KM,
  MAX_POWER_CH,
  MAX_PRICE_EUR,
  maxYear,
  MIN_YEAR,
  roundRadius,
  type SearchFilters,
  type CritAirFilter,
  type SearchSort,
  type SellerKind,
} from "./search-params";
import { formatMileage, formatNumber } from "~/ui/format";

/**
 * What the 'Filtres' dialog edits before 'Appliquer': text as typed (so a half-typed price is
 * not lost), turned into filters by `filtersFromDraft`, which also says what is wrong in French.
 */
export interface FilterDraft {
  /** Free-text words (kept as they are: the dialog has no field for them, the search box has). */
  q: string;
  brand: string;
  model: string;
  /** Lists from the home page's popular models, kept as badges until removed. */
  brands: string[];
  models: string[];
  /** 'Énergie': the energies ticked (one of them); a `fuel=` of an older URL comes in here. */
  energies: Fuel[];
  postalCode: string;
  /** The town of the search's postal code (a picked or typed town), kept while the code is. */
  place?: { city: string; postalCode: string };
  radius: number;
  vehicleType: string;
  gearbox: string;
  color: string;
  priceMin: string;
  priceMax: string;
  yearMin: string;
  yearMax: string;
  mileageMin: string;
  mileageMax: string;
  powerMin: string;
  powerMax: string;
  /** 'Portes' and 'Places' ticked (exact numbers; 7 places = 7 et plus). */
  doors: number[];
  seats: number[];
  /** '1re main' (`owners=1`). */
  firstHand: boolean;
  goodDeals: boolean;
  /** 'Vendeur' : '' for 'Tous', else 'private' or 'pro'. */
  seller: "" | SellerKind;
  /** 'Crit'Air' : '' for 'Tous', else "0".."3" (N or better). */
  critair: string;
  /** 'Équipements': the slugs ticked (the listing has all of them). */
  equipment: string[];
  sort: SearchSort;
}

export type DraftField =
  | "postalCode"
  | "priceMin"
  | "priceMax"
  | "yearMin"
  | "yearMax"
  | "mileageMin"
  | "mileageMax"
  | "powerMin"
  | "powerMax";
export type DraftErrors = Partial<Record<DraftField, string>>;

const text = (n: number | undefined) => (n === undefined ? "" : String(n));

/**
 * The dialog's starting point. A single brand (and model) of the `brands`/`models` lists goes
 * into the selects: `brands=Peugeot&models=208` and `brand=Peugeot&model=208` find the same
 * listings, and the selects are easier to change than badges.
 */
export function draftFromFilters(filters: SearchFilters): FilterDraft {
  let brand = filters.brand ?? "";
  let brands = filters.brands ?? [];
  let model = filters.model ?? "";
  let models = filters.models ?? [];
  if (!brand && brands.length === 1) {
    brand = brands[0] ?? "";
    brands = [];
  }
  if (brand && !model && models.length === 1) {
    model = models[0] ?? "";
    models = [];
  }
  return {
    q: filters.q ?? "",
    brand,
    model,
    brands,
    models,
    energies: draftEnergies(filters),
    postalCode: filters.postalCode ?? "",
    place: filters.postalCode && filters.city ? { city: filters.city, postalCode: filters.postalCode } : undefined,
    radius: filters.radius ?? DEFAULT_RADIUS_KM,
    vehicleType: filters.vehicleType ?? "",
    gearbox: filters.gearbox ?? "",
    color: filters.color ?? "",
    priceMin: text(filters.priceMin),
    priceMax: text(filters.priceMax),
    yearMin: text(filters.yearMin),
    yearMax: text(filters.yearMax),
    mileageMin: text(filters.mileageMin),
    mileageMax: text(filters.mileageMax),
    powerMin: text(filters.powerMin),
    powerMax: text(filters.powerMax),
    doors: filters.doors ?? [],
    seats: filters.seats ?? [],
    firstHand: filters.firstHand ?? false,
    goodDeals: filters.goodDeals ?? false,
    seller: filters.seller ?? "",
    critair: filters.critair !== undefined ? String(filters.critair) : "",
    equipment: filters.equipment ?? [],
    sort: filters.sort ?? defaultSort(filters),
  };
}

/**
 * The 'Énergie' checklist of a search: its `energies`, or the single `fuel=` of an older URL (the
 * form writes `energies=` from then on); both set, what they both allow.
 */
function draftEnergies(filters: SearchFilters): Fuel[] {
  const energies = filters.energies ?? [];
  if (!filters.fuel) return energies;
  return energies.includes(filters.fuel) || energies.length === 0 ? [filters.fuel] : energies;
}

/** Whole number typed by a person ("15 000" included); null when it is not one. */
function wholeNumber(value: string): number | null | undefined {
  const compact = value.replace(/[\s\u00a0\u202f.]/g, "");
  if (compact === "") return undefined;
  return /^\d{1,10}$/.test(compact) ? Number(compact) : null;
}

/** Filters to write into the URL, and the French message of each field that cannot be used. */
export function filtersFromDraft(draft: FilterDraft): { filters: SearchFilters; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const filters: SearchFilters = {};
  if (draft.q.trim()) filters.q = draft.q.trim();
  if (draft.brand) filters.brand = draft.brand;
  if (draft.brand && draft.model) filters.model = draft.model;
  if (draft.brands.length) filters.brands = draft.brands;
  if (draft.models.length) filters.models = draft.models;
  if (draft.energies.length) filters.energies = draft.energies;
  if (draft.goodDeals) filters.goodDeals = true;
  if (draft.seller) filters.seller = draft.seller;
  if (/^[0-3]$/.test(draft.critair)) filters.critair = Number(draft.critair) as CritAirFilter;
  if (draft.equipment.length) filters.equipment = draft.equipment;
  if (draft.doors.length) filters.doors = canonicalNumbers(draft.doors);
  if (draft.seats.length) filters.seats = canonicalNumbers(draft.seats);
  if (draft.firstHand) filters.firstHand = true;

  const postalCode = draft.postalCode.trim();
  if (postalCode) {
    if (/^\d{5}$/.test(postalCode)) {
      filters.postalCode = postalCode;
      if (draft.place?.postalCode === postalCode) filters.city = draft.place.city;
      filters.radius = roundRadius(draft.radius);
    } else {
      errors.postalCode = "Le code postal doit comporter exactement 5 chiffres.";
    }
  }

  filters.vehicleType = canonicalOption(VEHICLE_TYPES, draft.vehicleType);
  filters.gearbox = canonicalOption(GEARBOXES, draft.gearbox);
  filters.color = canonicalOption(COLORS, draft.color);

  const range = (field: DraftField, min: number, max: number, message: string): number | undefined => {
    const n = wholeNumber(draft[field]);
    if (n === undefined) return undefined;
    if (n === null || n < min || n > max) {
      errors[field] = message;
      return undefined;
    }
    return n;
  };
  const price = `Indiquez un prix en euros, sans centimes, entre 1 et ${formatNumber(MAX_PRICE_EUR)}.`;
  const year = `Indiquez une année entre ${MIN_YEAR} et ${maxYear()}.`;
  filters.priceMin = range("priceMin", 1, MAX_PRICE_EUR, price);
  filters.priceMax = range("priceMax", 1, MAX_PRICE_EUR, price);
  filters.yearMin = range("yearMin", MIN_YEAR, maxYear(), year);
  filters.yearMax = range("yearMax", MIN_YEAR, maxYear(), year);
  filters.mileageMax = range("mileageMax", 0, MAX_MILEAGE_KM, `Indiquez un kilométrage entre 0 et ${formatMileage(MAX_MILEAGE_KM)}.`);
  const mileage = `Indiquez un kilométrage entre 0 et ${formatMileage(MAX_MILEAGE_KM)}.`;
  filters.mileageMin = range("mileageMin", 0, MAX_MILEAGE_KM, mileage);
  const power = `Indiquez une puissance en ch entre 1 et ${formatNumber(MAX_POWER_CH)}.`;
  filters.powerMin = range("powerMin", 1, MAX_POWER_CH, power);
  filters.powerMax = range("powerMax", 1, MAX_POWER_CH, power);
  if (filters.mileageMin !== undefined && filters.mileageMax !== undefined && filters.mileageMin > filters.mileageMax) {
    errors.mileageMax = "Le kilométrage maximum doit être supérieur ou égal au kilométrage minimum.";
  }
  if (filters.powerMin !== undefined && filters.powerMax !== undefined && filters.powerMin > filters.powerMax) {
    errors.powerMax = "La puissance maximum doit être supérieure ou égale à la puissance minimum.";
  }
  if (filters.priceMin !== undefined && filters.priceMax !== undefined && filters.priceMin > filters.priceMax) {
    errors.priceMax = "Le prix maximum doit être supérieur ou égal au prix minimum.";
  }
  if (filters.yearMin !== undefined && filters.yearMax !== undefined && filters.yearMin > filters.yearMax) {
    errors.yearMax = "L'année maximum doit être supérieure ou égale à l'année minimum.";
  }
  if (draft.sort !== defaultSort(filters) && (draft.sort !== "relevance" || filters.q)) filters.sort = draft.sort;

  const defined = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as SearchFilters;
  return { filters: defined, errors };
}

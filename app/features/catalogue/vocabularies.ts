/**
 * One canonical vocabulary per listing attribute, used for publishing, filters and storage
 * (GUIDE.md §6.4: the spec's publish and filter lists disagree; this is their union,
 * spelled one way, so every filter value can match a listing).
 */
export const VEHICLE_TYPES = [
  "Citadine",
  "Berline",
  "SUV",
  "Break",
  "Coupé",
  "Cabriolet",
  "Monospace",
  "Utilitaire",
  "4x4",
  "Autre",
] as const;

/**
 * 'Hybride' is a non-rechargeable petrol hybrid, 'Hybride rechargeable' a plug-in one (added
 * for Crit'Air, decision 0039: plug-in hybrids are class 1 whatever their age, the others are
 * classed as their fuel).
 */
export const FUELS = [
  "Essence",
  "Diesel",
  "Hybride",
  "Hybride rechargeable",
  "Electrique",
  "GPL",
  "Gaz naturel (CNG)",
  "Autre",
] as const;

/**
 * How an energy is written for people (issue 36): the stored value 'Electrique' (kept for old
 * links and saved searches) is shown 'Électrique' everywhere — cards, filters, badges, the
 * wizard, the listing and the comparison. Other values are shown as stored.
 */
export function fuelLabel(fuel: string): string;
export function fuelLabel(fuel: string | null | undefined): string | null | undefined;
export function fuelLabel(fuel: string | null | undefined): string | null | undefined {
  return fuel === "Electrique" ? "Électrique" : fuel;
}

/** The energies as `<select>` options: stored value, display label. */
export const FUEL_OPTIONS: readonly { value: Fuel; label: string }[] = FUELS.map((value) => ({ value, label: fuelLabel(value) }));

export const GEARBOXES = ["Manuelle", "Automatique", "Semi-automatique"] as const;

export const LICENSE_STATUSES = ["Permis", "Sans permis"] as const;

export const COLORS = ["Blanc", "Noir", "Gris", "Bleu", "Rouge", "Vert", "Jaune", "Marron", "Orange", "Autre"] as const;

export const VEHICLE_CONDITIONS = ["Non endommagé", "Endommagé"] as const;

export type VehicleType = (typeof VEHICLE_TYPES)[number];
export type Fuel = (typeof FUELS)[number];
export type Gearbox = (typeof GEARBOXES)[number];
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];
export type Color = (typeof COLORS)[number];
export type VehicleCondition = (typeof VEHICLE_CONDITIONS)[number];

/**
 * Spellings found in the spec's two lists (and so in old links), mapped to the canonical
 * value. Keys are lower case without accents.
 */
const ALIASES: ReadonlyMap<string, string> = new Map([
  ["sequentielle", "Semi-automatique"],
  ["semi automatique", "Semi-automatique"],
]);

function fold(value: string): string {
  return value.normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase();
}

/**
 * Returns the canonical spelling of `value` in `list` (case- and accent-insensitive:
 * "suv" → "SUV", "électrique" → "Electrique", "Séquentielle" → "Semi-automatique"),
 * or undefined when it is not an option.
 */
export function canonicalOption<T extends string>(list: readonly T[], value: string | null | undefined): T | undefined {
  if (!value) return undefined;
  const wanted = fold(value);
  const direct = list.find((v) => fold(v) === wanted);
  if (direct) return direct;
  const alias = ALIASES.get(wanted);
  return alias ? list.find((v) => v === alias) : undefined;
}

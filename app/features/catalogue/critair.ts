/**
 * Crit'Air, the French air-quality class of a vehicle (certificat qualité de l'air), computed —
 * never typed — from its type, energy, Euro emission standard and, when the standard is not
 * known, its first registration date. The table is the one of the arrêté du 21 juin 2016
 * établissant la nomenclature des véhicules classés en fonction de leur niveau d'émission de
 * polluants atmosphériques (JORFTEXT000032749723, annexe I, as amended), written out with its
 * sources in docs/decisions/0039-critair.md.
 *
 * The database computes the same table in SQL (function `occazio_critair`, migration 0022) for
 * the stored column `listings.critair` the search filters on; tests/integration/critair.test.ts
 * checks both give the same class for every cell. Client-safe: no server import.
 */
import { NON_CLASSE, type CritAir } from "./critair-label";
import { registrationMonth } from "./vehicle-age";
import type { Fuel, VehicleType } from "./vocabularies";

/** 'Norme Euro' as on the registration certificate (field V.9), oldest first. */
export const EURO_NORMS = [
  "Euro 1",
  "Euro 2",
  "Euro 3",
  "Euro 4",
  "Euro 5",
  "Euro 6",
  "Euro 6b",
  "Euro 6c",
  "Euro 6d-TEMP",
  "Euro 6d",
] as const;
export type EuroNorm = (typeof EURO_NORMS)[number];

/** The wizard's choice when the seller does not give the standard (the date then decides). */
export const EURO_NORM_UNKNOWN_LABEL = "Je ne sais pas";

export { critAirLabel, isCritAir, NON_CLASSE, type CritAir } from "./critair-label";

/** Energies the annexe classes by their fuel (a non-rechargeable hybrid is classed as petrol). */
const PETROL: readonly string[] = ["Essence", "Hybride"] satisfies Fuel[];
const DIESEL: readonly string[] = ["Diesel"] satisfies Fuel[];
/** Class E (0) whatever the age. */
const ZERO_EMISSION: readonly string[] = ["Electrique"] satisfies Fuel[];
/** Class 1 whatever the age: gas and plug-in hybrids. */
const GAS_OR_PLUG_IN: readonly string[] = ["GPL", "Gaz naturel (CNG)", "Hybride rechargeable"] satisfies Fuel[];

/**
 * Light commercial vehicles (N1) are classed from 1 October 1997 instead of 1 January 1997;
 * our 'Utilitaire' body type is the one that is registered as such (CTTE). Every other body
 * type is a passenger car (M1).
 */
const LIGHT_COMMERCIAL: readonly string[] = ["Utilitaire"] satisfies VehicleType[];

const month = (year: number, monthOfYear: number) => year * 12 + monthOfYear - 1;

/** The Euro stage (1–6) a given standard stands for. */
function stageOfNorm(norm: string): number | undefined {
  const index = (EURO_NORMS as readonly string[]).indexOf(norm);
  if (index < 0) return undefined;
  return Math.min(6, index + 1);
}

/**
 * The Euro stage the annexe presumes from the first registration date when the standard is
 * not given ("ou à défaut, date de première immatriculation"): the annexe's date columns.
 */
function stageOfDate(registered: number, lightCommercial: boolean): number {
  if (registered >= month(2011, 1)) return 5;
  if (registered >= month(2006, 1)) return 4;
  if (registered >= month(2001, 1)) return 3;
  if (registered >= (lightCommercial ? month(1997, 10) : month(1997, 1))) return 2;
  return 1;
}

export interface CritAirInput {
  vehicleType: string | null | undefined;
  fuel: string | null | undefined;
  euroNorm: string | null | undefined;
  /** MM/AAAA, as the wizard stores it. */
  firstRegistration: string | null | undefined;
}

/**
 * The Crit'Air class of a vehicle: 0–5, NON_CLASSE (6), or null when it cannot be computed
 * (no energy, energy 'Autre', no standard and no valid registration date).
 */
export function computeCritAir(input: CritAirInput): CritAir | null {
  const fuel = input.fuel ?? "";
  if (ZERO_EMISSION.includes(fuel)) return 0;
  if (GAS_OR_PLUG_IN.includes(fuel)) return 1;
  const petrol = PETROL.includes(fuel);
  const diesel = DIESEL.includes(fuel);
  if (!petrol && !diesel) return null;
  let stage = input.euroNorm ? stageOfNorm(input.euroNorm) : undefined;
  if (stage === undefined) {
    const registered = registrationMonth(input.firstRegistration);
    if (registered === undefined) return null;
    stage = stageOfDate(registered, LIGHT_COMMERCIAL.includes(input.vehicleType ?? ""));
  }
  if (petrol) {
    if (stage >= 5) return 1;
    if (stage === 4) return 2;
    if (stage >= 2) return 3;
    return NON_CLASSE;
  }
  if (stage >= 5) return 2;
  if (stage === 4) return 3;
  if (stage === 3) return 4;
  if (stage === 2) return 5;
  return NON_CLASSE;
}

import type { ModelSpec } from "~/features/catalogue/model-specs";
import { MODEL_YEAR_TOLERANCE } from "~/features/catalogue/model-year-tolerance";
import { FUELS, VEHICLE_TYPES } from "~/features/catalogue/vocabularies";

export interface OptionGroup {
  label: string;
  options: readonly string[];
}

/**
 * What the wizard suggests once the brand and model are known (issue 17): the model's body
 * types and energies first (every other value stays available: a converted van, an LPG
 * conversion, an import are real), the only possible value preselected, and a notice — never
 * a block — when the year falls outside the model's production.
 */
export interface ModelSuggestions {
  /** "Peugeot 208". */
  name: string;
  /** Under the year: "La Peugeot 208 est vendue depuis 2012." */
  yearHint: string;
  /** True when `year` is outside the production (with the catalogue's tolerance). */
  yearOutside: (year: number) => boolean;
  /** Shown when yearOutside. */
  yearNotice: string;
  typeGroups: OptionGroup[];
  fuelGroups: OptionGroup[];
  /** The model's only body type or energy, to preselect; "" when there are several. */
  defaultType: string;
  defaultFuel: string;
}

function grouped(name: string, own: readonly string[], all: readonly string[], others: string): OptionGroup[] {
  return [
    { label: `Pour la ${name}`, options: own },
    { label: others, options: all.filter((value) => !own.includes(value)) },
  ];
}

export function modelSuggestions(spec: ModelSpec | null | undefined, now: Date = new Date()): ModelSuggestions | null {
  if (!spec) return null;
  const name = `${spec.brand} ${spec.model}`;
  const last = spec.to ?? now.getFullYear();
  return {
    name,
    yearHint:
      spec.to === null ? `La ${name} est vendue depuis ${spec.from}.` : `La ${name} a été vendue de ${spec.from} à ${spec.to}.`,
    yearOutside: (year) => year < spec.from - MODEL_YEAR_TOLERANCE || year > last + MODEL_YEAR_TOLERANCE,
    yearNotice: `Cette année est hors de la production de la ${name} : vérifiez la carte grise.`,
    typeGroups: grouped(name, spec.bodies, VEHICLE_TYPES, "Autres types"),
    fuelGroups: grouped(name, spec.energies, FUELS, "Autres énergies"),
    defaultType: spec.bodies.length === 1 ? spec.bodies[0]! : "",
    defaultFuel: spec.energies.length === 1 ? spec.energies[0]! : "",
  };
}

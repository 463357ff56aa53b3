/**
 * How a Crit'Air class reads (decision 0039), apart from the table that computes it
 * (critair.ts): cards, the listing page and the search's badges need only this, so their
 * first-load JavaScript does not carry the table (decision 0021's budget).
 */

/** 0 (électrique / hydrogène) … 5; NON_CLASSE for vehicles the nomenclature leaves out. */
export type CritAir = 0 | 1 | 2 | 3 | 4 | 5 | typeof NON_CLASSE;
/**
 * 'Non classé' (Euro 1 and older): stored as 6 so that "Crit'Air N or better" is `critair <= N`
 * and leaves them out. Null (not this) means the class cannot be computed (energy 'Autre',
 * missing date).
 */
export const NON_CLASSE = 6;

/** "Crit'Air 2", "Crit'Air 0 (électrique)", "Non classé". */
export function critAirLabel(critair: number): string {
  if (critair === NON_CLASSE) return "Non classé";
  if (critair === 0) return "Crit'Air 0 (électrique)";
  return `Crit'Air ${critair}`;
}

export function isCritAir(value: unknown): value is CritAir {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= NON_CLASSE;
}

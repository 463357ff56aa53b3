/**
 * French administrative horsepower ("chevaux fiscaux", CV, box P.6 of the registration
 * certificate) of a passenger car, from its power and CO2 (decision 0050):
 *
 * - first registered from 1 July 1998 to 31 December 2020 (Code des impositions sur les biens
 *   et services, art. L421-15, A421-15 1° and A421-16; the rule of art. 62 of loi n° 98-546 du
 *   2 juillet 1998): PA = CO2 / 45 + (P / 40)^1.6, P the maximum net power in kW, CO2 in g/km,
 *   rounded to the nearest unit. An electric car (A421-23 1°) has no CO2: PA = (P / 40)^1.6,
 *   P being its maximum net power over 30 minutes;
 * - first registered from 1 January 2021 (art. L421-14 1° and L421-16: power only, so that
 *   WLTP's higher CO2 figures did not raise the tax): PA = 0.00018 P² + 0.0387 P + 1.34.
 *
 * At least 1 CV. Cars registered before July 1998 (cylinder-capacity formulas of 1956 and 1978)
 * are given the 1998 rule: the demo market starts later.
 */

/** 1 ch DIN = 0.7355 kW. */
export const KW_PER_DIN_HP = 0.7355;

export interface FiscalPowerInput {
  /** Maximum net power in kW (for an electric car: over 30 minutes). */
  kW: number;
  /** CO2 in g/km (0 for an electric car). */
  co2: number;
  /** Year of first registration. */
  year: number;
}

/** The exact (unrounded) administrative power; `fiscalPower` rounds it. */
export function fiscalPowerExact({ kW, co2, year }: FiscalPowerInput): number {
  if (year >= 2021) return 0.00018 * kW * kW + 0.0387 * kW + 1.34;
  return co2 / 45 + Math.pow(kW / 40, 1.6);
}

export function fiscalPower(input: FiscalPowerInput): number {
  return Math.max(1, Math.round(fiscalPowerExact(input)));
}

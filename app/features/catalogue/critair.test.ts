import { describe, expect, it } from "vitest";
import { computeCritAir, critAirLabel, EURO_NORMS, NON_CLASSE, type CritAir } from "./critair";
import { FUELS } from "./vocabularies";

/**
 * Every cell of the Crit'Air table (arrêté du 21 juin 2016, annexe I; docs/decisions/0039-critair.md),
 * written out by hand from the decision record rather than derived from the code under test.
 * NC = 'Non classé'; null = the class cannot be computed.
 */
const NC = NON_CLASSE;

/** Passenger cars (M1) by energy × Euro standard (the date is then irrelevant). */
const BY_NORM: Record<(typeof FUELS)[number], Record<(typeof EURO_NORMS)[number], CritAir | null>> = {
  Essence: { "Euro 1": NC, "Euro 2": 3, "Euro 3": 3, "Euro 4": 2, "Euro 5": 1, "Euro 6": 1, "Euro 6b": 1, "Euro 6c": 1, "Euro 6d-TEMP": 1, "Euro 6d": 1 },
  // A non-rechargeable hybrid is classed as its fuel: 'Hybride' is a petrol hybrid.
  Hybride: { "Euro 1": NC, "Euro 2": 3, "Euro 3": 3, "Euro 4": 2, "Euro 5": 1, "Euro 6": 1, "Euro 6b": 1, "Euro 6c": 1, "Euro 6d-TEMP": 1, "Euro 6d": 1 },
  Diesel: { "Euro 1": NC, "Euro 2": 5, "Euro 3": 4, "Euro 4": 3, "Euro 5": 2, "Euro 6": 2, "Euro 6b": 2, "Euro 6c": 2, "Euro 6d-TEMP": 2, "Euro 6d": 2 },
  "Hybride rechargeable": { "Euro 1": 1, "Euro 2": 1, "Euro 3": 1, "Euro 4": 1, "Euro 5": 1, "Euro 6": 1, "Euro 6b": 1, "Euro 6c": 1, "Euro 6d-TEMP": 1, "Euro 6d": 1 },
  Electrique: { "Euro 1": 0, "Euro 2": 0, "Euro 3": 0, "Euro 4": 0, "Euro 5": 0, "Euro 6": 0, "Euro 6b": 0, "Euro 6c": 0, "Euro 6d-TEMP": 0, "Euro 6d": 0 },
  GPL: { "Euro 1": 1, "Euro 2": 1, "Euro 3": 1, "Euro 4": 1, "Euro 5": 1, "Euro 6": 1, "Euro 6b": 1, "Euro 6c": 1, "Euro 6d-TEMP": 1, "Euro 6d": 1 },
  "Gaz naturel (CNG)": { "Euro 1": 1, "Euro 2": 1, "Euro 3": 1, "Euro 4": 1, "Euro 5": 1, "Euro 6": 1, "Euro 6b": 1, "Euro 6c": 1, "Euro 6d-TEMP": 1, "Euro 6d": 1 },
  Autre: { "Euro 1": null, "Euro 2": null, "Euro 3": null, "Euro 4": null, "Euro 5": null, "Euro 6": null, "Euro 6b": null, "Euro 6c": null, "Euro 6d-TEMP": null, "Euro 6d": null },
};

/** Without a standard: the first registration decides, on each side of every boundary. */
const BY_DATE: { vehicleType: string; fuel: string; firstRegistration: string; expected: CritAir | null }[] = [
  // Passenger car, petrol (and petrol hybrid): 1 from 2011, 2 for 2006–2010, 3 for 1997–2005.
  { vehicleType: "Berline", fuel: "Essence", firstRegistration: "12/1996", expected: NC },
  { vehicleType: "Berline", fuel: "Essence", firstRegistration: "01/1997", expected: 3 },
  { vehicleType: "Berline", fuel: "Essence", firstRegistration: "12/2000", expected: 3 },
  { vehicleType: "Berline", fuel: "Essence", firstRegistration: "01/2001", expected: 3 },
  { vehicleType: "Berline", fuel: "Essence", firstRegistration: "12/2005", expected: 3 },
  { vehicleType: "Berline", fuel: "Essence", firstRegistration: "01/2006", expected: 2 },
  { vehicleType: "Berline", fuel: "Essence", firstRegistration: "12/2010", expected: 2 },
  { vehicleType: "Berline", fuel: "Essence", firstRegistration: "01/2011", expected: 1 },
  { vehicleType: "Citadine", fuel: "Hybride", firstRegistration: "12/2010", expected: 2 },
  { vehicleType: "Citadine", fuel: "Hybride", firstRegistration: "01/2011", expected: 1 },
  // Passenger car, diesel: 2 from 2011, 3 for 2006–2010, 4 for 2001–2005, 5 for 1997–2000.
  { vehicleType: "SUV", fuel: "Diesel", firstRegistration: "12/1996", expected: NC },
  { vehicleType: "SUV", fuel: "Diesel", firstRegistration: "01/1997", expected: 5 },
  { vehicleType: "SUV", fuel: "Diesel", firstRegistration: "12/2000", expected: 5 },
  { vehicleType: "SUV", fuel: "Diesel", firstRegistration: "01/2001", expected: 4 },
  { vehicleType: "SUV", fuel: "Diesel", firstRegistration: "12/2005", expected: 4 },
  { vehicleType: "SUV", fuel: "Diesel", firstRegistration: "01/2006", expected: 3 },
  { vehicleType: "SUV", fuel: "Diesel", firstRegistration: "12/2010", expected: 3 },
  { vehicleType: "SUV", fuel: "Diesel", firstRegistration: "01/2011", expected: 2 },
  // Light commercial vehicles (N1): classed from 1 October 1997.
  { vehicleType: "Utilitaire", fuel: "Diesel", firstRegistration: "09/1997", expected: NC },
  { vehicleType: "Utilitaire", fuel: "Diesel", firstRegistration: "10/1997", expected: 5 },
  { vehicleType: "Utilitaire", fuel: "Essence", firstRegistration: "09/1997", expected: NC },
  { vehicleType: "Utilitaire", fuel: "Essence", firstRegistration: "10/1997", expected: 3 },
  { vehicleType: "Utilitaire", fuel: "Diesel", firstRegistration: "01/2011", expected: 2 },
  // Whatever the age: electric 0, gas and plug-in hybrids 1.
  { vehicleType: "Berline", fuel: "Electrique", firstRegistration: "05/1990", expected: 0 },
  { vehicleType: "Berline", fuel: "GPL", firstRegistration: "05/1990", expected: 1 },
  { vehicleType: "Break", fuel: "Gaz naturel (CNG)", firstRegistration: "05/1995", expected: 1 },
  { vehicleType: "SUV", fuel: "Hybride rechargeable", firstRegistration: "03/2020", expected: 1 },
  // Nothing to compute from.
  { vehicleType: "Berline", fuel: "Autre", firstRegistration: "01/2020", expected: null },
  { vehicleType: "Berline", fuel: "Essence", firstRegistration: "", expected: null },
  { vehicleType: "Berline", fuel: "Diesel", firstRegistration: "13/2010", expected: null },
];

describe("Crit'Air (arrêté du 21 juin 2016, decision 0039)", () => {
  for (const fuel of FUELS) {
    it(`${fuel}: every Euro standard`, () => {
      const got = Object.fromEntries(
        EURO_NORMS.map((euroNorm) => [euroNorm, computeCritAir({ vehicleType: "Berline", fuel, euroNorm, firstRegistration: "06/2015" })]),
      );
      expect(got).toEqual(BY_NORM[fuel]);
    });
  }

  it("the standard is the same for a light commercial vehicle", () => {
    for (const fuel of FUELS) {
      for (const euroNorm of EURO_NORMS) {
        expect(computeCritAir({ vehicleType: "Utilitaire", fuel, euroNorm, firstRegistration: null }), `${fuel} ${euroNorm}`).toBe(BY_NORM[fuel][euroNorm]);
      }
    }
  });

  it.each(BY_DATE)("$fuel $vehicleType registered $firstRegistration, no standard → $expected", ({ vehicleType, fuel, firstRegistration, expected }) => {
    expect(computeCritAir({ vehicleType, fuel, euroNorm: null, firstRegistration })).toBe(expected);
  });

  it("a given standard wins over the date (the annexe reads the date only 'à défaut')", () => {
    expect(computeCritAir({ vehicleType: "Berline", fuel: "Diesel", euroNorm: "Euro 5", firstRegistration: "12/2010" })).toBe(2);
    expect(computeCritAir({ vehicleType: "Berline", fuel: "Essence", euroNorm: "Euro 4", firstRegistration: "03/2011" })).toBe(2);
    expect(computeCritAir({ vehicleType: "Berline", fuel: "Diesel", euroNorm: "Euro 6d", firstRegistration: null })).toBe(2);
  });

  it("reads no energy as unknown", () => {
    expect(computeCritAir({ vehicleType: null, fuel: null, euroNorm: "Euro 6", firstRegistration: "01/2020" })).toBeNull();
  });

  it("labels the classes as buyers read them", () => {
    expect([0, 1, 2, 3, 4, 5, NC].map(critAirLabel)).toEqual([
      "Crit'Air 0 (électrique)",
      "Crit'Air 1",
      "Crit'Air 2",
      "Crit'Air 3",
      "Crit'Air 4",
      "Crit'Air 5",
      "Non classé",
    ]);
  });
});

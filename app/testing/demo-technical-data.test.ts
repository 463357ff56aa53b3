import { faker as fakerFR } from "@faker-js/faker/locale/fr";
import { describe, expect, it } from "vitest";
import { computeCritAir } from "~/features/catalogue/critair";
import { fiscalPower } from "~/features/catalogue/fiscal-power";
import { registrationMonth } from "~/features/catalogue/vehicle-age";
import { buildListing, CITY_CAR_MAX_DIN, demoCo2, demoFiscalKw, demoPowerRange, type BuiltListing } from "./builders";

/**
 * Issue 34: the demo's technical data hold together — power fits the model's segment, body and
 * energy, the fiscal power is the French formula of that power and CO2, the Euro standard and
 * the contrôle technique fit the registration date, and Crit'Air follows (decision 0050).
 */

/** The formula written again here, from the texts (CIBS A421-16, L421-16), not from the module. */
function formulaCv(kW: number, co2: number, year: number): number {
  const exact = year >= 2021 ? 0.00018 * kW ** 2 + 0.0387 * kW + 1.34 : co2 / 45 + (kW / 40) ** 1.6;
  return Math.max(1, Math.round(exact));
}

describe("fiscal power", () => {
  it("follows the official formulas on known cars", () => {
    // A 2018 Clio TCe 100 (74 kW, about 120 g/km): 5 CV.
    expect(fiscalPower({ kW: 74, co2: 120, year: 2018 })).toBe(5);
    // A 2016 Golf GTI (162 kW, 148 g/km): 13 CV under the 1998 rule.
    expect(fiscalPower({ kW: 162, co2: 148, year: 2016 })).toBe(13);
    // A 2022 e-208 (57 kW over 30 minutes): 4 CV under the 2021 rule.
    expect(fiscalPower({ kW: 57, co2: 0, year: 2022 })).toBe(4);
    // Never below 1 CV.
    expect(fiscalPower({ kW: 4, co2: 0, year: 2015 })).toBe(1);
  });
});

describe("2 000 built listings", () => {
  fakerFR.seed(34);
  const built: BuiltListing[] = Array.from({ length: 2000 }, () => buildListing());
  const cars = built.filter((l) => l.fiscalPower !== 1);

  it("have a power within their model's range, and no city car above 200 ch", () => {
    for (const l of cars) {
      const [low, high] = demoPowerRange({ brand: l.brand!, model: l.model!, vehicleType: l.vehicleType!, fuel: l.fuel! });
      expect(l.dinPower, `${l.brand} ${l.model} ${l.vehicleType} ${l.fuel}`).toBeGreaterThanOrEqual(low);
      expect(l.dinPower).toBeLessThanOrEqual(high);
      if (l.vehicleType === "Citadine") expect(l.dinPower).toBeLessThanOrEqual(CITY_CAR_MAX_DIN);
    }
    expect(built.filter((l) => l.vehicleType === "Citadine").length).toBeGreaterThan(100);
  });

  it("have the fiscal power of their power and CO2 (±1 CV)", () => {
    for (const l of cars) {
      const year = Math.floor(registrationMonth(l.firstRegistration)! / 12);
      const co2 = demoCo2({ ...l, brand: l.brand!, model: l.model!, fuel: l.fuel!, vehicleType: l.vehicleType!, firstRegistration: l.firstRegistration!, dinPower: l.dinPower! });
      if (l.fuel === "Electrique") expect(co2).toBe(0);
      else expect(co2).toBeGreaterThanOrEqual(25);
      const expected = formulaCv(demoFiscalKw({ fuel: l.fuel!, dinPower: l.dinPower! }), co2, year);
      expect(Math.abs(l.fiscalPower! - expected), `${l.brand} ${l.model} ${year} ${l.dinPower} ch`).toBeLessThanOrEqual(1);
    }
    // A city car is a small fiscal power; no mainstream car pays a supercar's.
    for (const l of cars.filter((c) => c.vehicleType === "Citadine" && c.fuel !== "Electrique")) expect(l.fiscalPower).toBeLessThanOrEqual(11);
  });

  it("have a Crit'Air that the Euro standard and the registration date agree on", () => {
    for (const l of built) {
      const input = { vehicleType: l.vehicleType, fuel: l.fuel, euroNorm: l.euroNorm, firstRegistration: l.firstRegistration };
      const critair = computeCritAir(input);
      expect(critair, `${l.fuel} ${l.euroNorm} ${l.firstRegistration}`).toBe(computeCritAir({ ...input, euroNorm: null }));
      if (l.fuel !== "Autre") expect(critair).not.toBeNull();
      if (l.fuel === "Electrique") {
        expect(critair).toBe(0);
        expect(l.euroNorm).toBeNull();
      }
    }
  });

  it("have a contrôle technique after the first one was due and not in the future", () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const l of built.filter((b) => b.inspectionDate)) {
      const registered = registrationMonth(l.firstRegistration)!;
      const firstDue = `${Math.floor((registered + 42) / 12)}-${String(((registered + 42) % 12) + 1).padStart(2, "0")}-01`;
      expect(l.inspectionDate! >= firstDue, `${l.firstRegistration} → ${l.inspectionDate}`).toBe(true);
      expect(l.inspectionDate! <= today).toBe(true);
    }
  });
});

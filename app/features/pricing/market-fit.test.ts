import { describe, expect, it } from "vitest";
import { fitMarket, logEstimate, refitModel, type MarketGroup } from "./market-fit";

/** Deterministic uniform and normal draws (mulberry32, Box–Muller). */
function random(seed: number) {
  let a = seed;
  const uniform = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { uniform, normal: () => Math.sqrt(-2 * Math.log(uniform() || 1e-12)) * Math.cos(2 * Math.PI * uniform()) };
}

const YEAR = 2026;
/** Known curve: 9 %/year, 2 % per 10 000 km, Diesel +5 %, automatic +8 %, noise σ = 0.1. */
function market(models: Record<string, number>, perModel: number, outliers = 0): MarketGroup[] {
  const rnd = random(42);
  return Object.entries(models).map(([model, p0]) => ({
    brand: "Marque",
    model,
    observations: Array.from({ length: perModel }, (_, i) => {
      const age = 1 + Math.floor(rnd.uniform() * 12);
      const mileage = Math.round(age * (6_000 + rnd.uniform() * 12_000));
      const fuel = rnd.uniform() < 0.5 ? "Diesel" : "Essence";
      const gearbox = rnd.uniform() < 0.3 ? "Automatique" : "Manuelle";
      const log =
        Math.log(p0) -
        0.09 * age -
        0.02 * (mileage / 10_000) +
        (fuel === "Diesel" ? 0.05 : 0) +
        (gearbox === "Automatique" ? 0.08 : 0);
      // A few typing errors: a price divided by ten.
      const typo = i < outliers ? Math.log(0.1) : 0;
      return { price: Math.round(Math.exp(log + 0.1 * rnd.normal() + typo)), year: YEAR - age, mileage, fuel, gearbox };
    }),
  }));
}

describe("fitMarket on a synthetic market with a known price curve", () => {
  const groups = market({ A: 20_000, B: 35_000, C: 60_000 }, 400, 20);
  const fitted = fitMarket(groups, YEAR);

  it("recovers the slopes and effects despite 5 % typing errors (Huber weights)", () => {
    const a = fitted.find((m) => m.model === "A")!;
    // Linear + quadratic age together give about −0.09 per year over the sampled ages.
    const perYear =
      logEstimate(a, { year: YEAR - 6, mileage: 0, fuel: "Essence", gearbox: "Manuelle" }) -
      logEstimate(a, { year: YEAR - 5, mileage: 0, fuel: "Essence", gearbox: "Manuelle" });
    expect(perYear).toBeCloseTo(-0.09, 1);
    expect(a.kmSlope).toBeCloseTo(-0.02, 1);
    expect(a.fuelEffects.Diesel ?? -(a.fuelEffects.Essence ?? 0)).toBeCloseTo(0.05, 1);
    expect(Math.abs(a.gearboxEffects.Automatique ?? -(a.gearboxEffects.Manuelle ?? 0))).toBeCloseTo(0.08, 1);
    expect(a.sigma).toBeGreaterThan(0.07);
    expect(a.sigma).toBeLessThan(0.14);
  });

  it("estimates each model's level within a few percent of the truth", () => {
    for (const [model, p0] of [
      ["A", 20_000],
      ["B", 35_000],
      ["C", 60_000],
    ] as const) {
      const m = fitted.find((f) => f.model === model)!;
      const truth = Math.log(p0) - 0.09 * 4 - 0.02 * 5;
      const estimate = logEstimate(m, { year: YEAR - 4, mileage: 50_000, fuel: "Essence", gearbox: "Manuelle" });
      expect(Math.abs(estimate - truth)).toBeLessThan(0.04);
    }
  });

  it("refits one model with the market's slopes kept", () => {
    const b = fitted.find((m) => m.model === "B")!;
    const refit = refitModel(groups[1]!, { ...b, marketSigma: 0.1 })!;
    expect(refit.intercept).toBeCloseTo(b.intercept, 1);
    expect(refit.ageSlope).toBe(b.ageSlope);
    expect(refit.sampleCount).toBe(400);
  });

  it("shrinks a small model's spread towards the market's", () => {
    const small = fitMarket([...groups, ...market({ D: 15_000 }, 6)], YEAR).find((m) => m.model === "D")!;
    expect(small.sampleCount).toBe(6);
    expect(small.sigma).toBeGreaterThan(0.05);
    expect(small.sigma).toBeLessThan(0.2);
  });
});

import { describe, expect, it } from "vitest";
import { niceTicks } from "./chart-scale";

describe("niceTicks", () => {
  it("covers every value: the first tick at or below the minimum, the last at or above the maximum", () => {
    // The tryout's Peugeot 308: comparables up to 13 900 € were drawn above a top gridline of 12 500 €.
    expect(niceTicks(6_300, 13_900, 4)).toEqual([6_000, 8_000, 10_000, 12_000, 14_000]);
    expect(niceTicks(5_000, 12_600, 4)).toEqual([4_000, 6_000, 8_000, 10_000, 12_000, 14_000]);
    for (const [min, max] of [
      [1_234, 98_765],
      [0, 291_000],
      [17_950, 18_050],
      [950, 1_050],
      [42_000, 42_000],
    ] as const) {
      const ticks = niceTicks(min, max, 4);
      expect(ticks[0]).toBeLessThanOrEqual(min);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeGreaterThanOrEqual(2);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });

  it("spaces ticks by 1, 2, 2.5 or 5 × 10ⁿ, from 0 for mileages", () => {
    expect(niceTicks(0, 188_200, 5)).toEqual([0, 50_000, 100_000, 150_000, 200_000]);
    expect(niceTicks(0, 291_000, 5)).toEqual([0, 100_000, 200_000, 300_000]);
    expect(niceTicks(0, 12_000, 5)).toEqual([0, 2_500, 5_000, 7_500, 10_000, 12_500]);
    const steps = niceTicks(1_234, 98_765, 4)
      .map((v, i, all) => (i ? v - all[i - 1]! : null))
      .slice(1);
    expect(new Set(steps).size).toBe(1);
    expect([1, 2, 2.5, 5]).toContain(steps[0]! / 10 ** Math.floor(Math.log10(steps[0]!)));
  });

  it("puts a band around a single value", () => {
    const ticks = niceTicks(42_000, 42_000, 4);
    expect(ticks[0]).toBeLessThan(42_000);
    expect(ticks.at(-1)).toBeGreaterThan(42_000);
  });
});

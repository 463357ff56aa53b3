import { describe, expect, it } from "vitest";
import { checkSiret } from "~/features/pro/siret";
import { openingHoursProblem } from "~/features/pro/opening-hours";
import { DEALER_CARS, DEMO_DEALERS, demoSiret, planDealerStock } from "./demo-dealers";

describe("demo dealers", () => {
  it("have SIRET numbers checkSiret accepts, valid hours and distinct slugs", () => {
    for (const dealer of DEMO_DEALERS) {
      const siret = demoSiret(dealer.siretStem);
      expect(checkSiret(siret)).toEqual({ ok: true, siret });
      expect(openingHoursProblem(dealer.hours)).toBeNull();
      expect(dealer.postalCode).toMatch(/^\d{5}$/);
    }
    expect(new Set(DEMO_DEALERS.map((d) => d.slug)).size).toBe(DEMO_DEALERS.length);
    expect(new Set(DEMO_DEALERS.map((d) => demoSiret(d.siretStem))).size).toBe(DEMO_DEALERS.length);
  });

  it("share two thirds of the default 320 listings between 5 and 8 dealers, 20 to 60 cars each", () => {
    const stock = planDealerStock(Math.round(((320 - 6) * 2) / 3));
    expect(stock.length).toBeGreaterThanOrEqual(5);
    expect(stock.length).toBeLessThanOrEqual(8);
    expect(stock.reduce((a, b) => a + b, 0)).toBe(209);
    for (const cars of stock) {
      expect(cars).toBeGreaterThanOrEqual(DEALER_CARS.min);
      expect(cars).toBeLessThanOrEqual(DEALER_CARS.max);
    }
    // The e2e data set (40 listings): one dealer; none below 20 cars.
    expect(planDealerStock(23)).toEqual([23]);
    expect(planDealerStock(10)).toEqual([]);
  });
});

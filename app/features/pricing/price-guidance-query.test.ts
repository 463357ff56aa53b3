import { describe, expect, it } from "vitest";
import { priceGuidanceQuery, readPriceGuidanceQuery, type GuidedCar } from "./price-guidance-query";

const car: GuidedCar = {
  brand: "Peugeot",
  model: "208",
  year: 2019,
  mileage: 45_000,
  fuel: "Essence",
  gearbox: "Manuelle",
  published: true,
};

describe("the edit form's live estimate query", () => {
  it("reads back what the form sent", () => {
    expect(readPriceGuidanceQuery(new URLSearchParams(priceGuidanceQuery(car)))).toEqual(car);
    const bare = { ...car, year: null, mileage: null, fuel: null, gearbox: null, published: false };
    expect(readPriceGuidanceQuery(new URLSearchParams(priceGuidanceQuery(bare)))).toEqual(bare);
  });

  it("refuses what it cannot estimate, never throwing", () => {
    expect(readPriceGuidanceQuery(new URLSearchParams("model=208"))).toBeNull();
    expect(readPriceGuidanceQuery(new URLSearchParams(`brand=${"x".repeat(61)}&model=208`))).toBeNull();
    const odd = readPriceGuidanceQuery(
      new URLSearchParams("brand=Peugeot&model=208&year=deux&mileage=-5&published=oui"),
    );
    expect(odd).toMatchObject({ year: null, mileage: null, published: false });
    expect(readPriceGuidanceQuery(new URLSearchParams("brand=Peugeot&model=208&mileage=99999999"))?.mileage).toBeNull();
  });
});

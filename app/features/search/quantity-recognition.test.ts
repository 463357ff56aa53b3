import { describe, expect, it } from "vitest";
import { recogniseQuery, type CityLookup } from "./query-recognition";
import { recogniseQuantities, type QuantityFilters } from "./quantity-recognition";

/** Budgets, ranges, years, Crit'Air and first hand typed as words (issue 34, decision 0050). */

// Troyes (10000) and Paris 15e (75015): a five-digit number is a postal code only when alone.
const cities: CityLookup = (key) =>
  ({ "10000": { city: "Troyes", postalCode: "10000" }, "75015": { city: "Paris", postalCode: "75015" } })[key];
const YEAR = 2026;
const all = { year: YEAR, supports: { mileageMin: true, firstHand: true } };

type Expected = {
  quantities: QuantityFilters;
  brand?: string;
  model?: string;
  rest?: string;
  postalCode?: string;
};

// prettier-ignore
const TABLE: [string, Expected][] = [
  // The phrases.
  ["clio moins de 10000", { brand: "Renault", model: "Clio", quantities: { priceMax: 10000 }, rest: "" }],
  ["clio < 10 000 €", { brand: "Renault", model: "Clio", quantities: { priceMax: 10000 }, rest: "" }],
  ["10k€", { quantities: { priceMax: 10000 }, rest: "" }],
  ["max 10 000 €", { quantities: { priceMax: 10000 }, rest: "" }],
  ["entre 5000 et 8000 €", { quantities: { priceMin: 5000, priceMax: 8000 }, rest: "" }],
  ["moins de 100 000 km", { quantities: { mileageMax: 100000 }, rest: "" }],
  ["après 2018", { quantities: { yearMin: 2019 }, rest: "" }],
  ["depuis 2019", { quantities: { yearMin: 2019 }, rest: "" }],
  ["crit'air 1", { quantities: { critair: 1 }, rest: "" }],
  ["1ere main", { quantities: { firstHand: true }, rest: "" }],
  // Maximum price, every way of saying it.
  ["golf maximum 12000", { brand: "Volkswagen", model: "Golf", quantities: { priceMax: 12000 }, rest: "" }],
  ["jusqu'à 8000 €", { quantities: { priceMax: 8000 }, rest: "" }],
  ["jusqu’à 8 000 euros", { quantities: { priceMax: 8000 }, rest: "" }],
  ["≤ 9500", { quantities: { priceMax: 9500 }, rest: "" }],
  ["<7000€", { quantities: { priceMax: 7000 }, rest: "" }],
  ["budget 8000", { quantities: { priceMax: 8000 }, rest: "" }],
  ["budget max 8 k€", { quantities: { priceMax: 8000 }, rest: "" }],
  ["pas plus de 6000 euros", { quantities: { priceMax: 6000 }, rest: "" }],
  ["208 10.000€", { brand: "Peugeot", model: "208", quantities: { priceMax: 10000 }, rest: "" }],
  ["3008 15 K €", { brand: "Peugeot", model: "3008", quantities: { priceMax: 15000 }, rest: "" }],
  ["10 000 euros", { quantities: { priceMax: 10000 }, rest: "" }],
  ["8k", { quantities: { priceMax: 8000 }, rest: "" }],
  ["7,5k€", { quantities: { priceMax: 7500 }, rest: "" }],
  ["12 000 € max", { quantities: { priceMax: 12000 }, rest: "" }],
  ["Moins De 10 000 €", { quantities: { priceMax: 10000 }, rest: "" }],
  // Minimum price.
  ["plus de 5000 €", { quantities: { priceMin: 5000 }, rest: "" }],
  ["à partir de 3000 €", { quantities: { priceMin: 3000 }, rest: "" }],
  ["min 5k", { quantities: { priceMin: 5000 }, rest: "" }],
  // Ranges.
  ["de 5 000 € à 8 000 €", { quantities: { priceMin: 5000, priceMax: 8000 }, rest: "" }],
  ["entre 5 et 8k", { quantities: { priceMin: 5000, priceMax: 8000 }, rest: "" }],
  ["5000-8000€", { quantities: { priceMin: 5000, priceMax: 8000 }, rest: "" }],
  ["entre 8000 et 5000", { quantities: { priceMin: 5000, priceMax: 8000 }, rest: "" }],
  ["entre 50 000 et 100 000 km", { quantities: { mileageMin: 50000, mileageMax: 100000 }, rest: "" }],
  ["entre 2015 et 2018", { quantities: { yearMin: 2015, yearMax: 2018 }, rest: "" }],
  ["de 2015 à 2018", { quantities: { yearMin: 2015, yearMax: 2018 }, rest: "" }],
  // Mileage.
  ["moins de 100000 kms", { quantities: { mileageMax: 100000 }, rest: "" }],
  ["80 000 km", { quantities: { mileageMax: 80000 }, rest: "" }],
  ["100k km", { quantities: { mileageMax: 100000 }, rest: "" }],
  ["max 150 000 kilomètres", { quantities: { mileageMax: 150000 }, rest: "" }],
  ["plus de 100 000 km", { quantities: { mileageMin: 100000 }, rest: "" }],
  ["208 100 000 km", { brand: "Peugeot", model: "208", quantities: { mileageMax: 100000 }, rest: "" }],
  // Years.
  ["à partir de 2019", { quantities: { yearMin: 2019 }, rest: "" }],
  ["dès 2020", { quantities: { yearMin: 2020 }, rest: "" }],
  ["2019 et plus", { quantities: { yearMin: 2019 }, rest: "" }],
  ["2019+", { quantities: { yearMin: 2019 }, rest: "" }],
  ["avant 2015", { quantities: { yearMax: 2014 }, rest: "" }],
  ["jusqu'en 2016", { quantities: { yearMax: 2016 }, rest: "" }],
  ["année 2018", { quantities: { yearMin: 2018, yearMax: 2018 }, rest: "" }],
  ["moins de 5 ans", { quantities: { yearMin: 2021 }, rest: "" }],
  ["plus de 10 ans", { quantities: { yearMax: 2016 }, rest: "" }],
  // Crit'Air.
  ["critair 2", { quantities: { critair: 2 }, rest: "" }],
  ["vignette crit air 1", { quantities: { critair: 1 }, rest: "" }],
  ["Crit’Air 0", { quantities: { critair: 0 }, rest: "" }],
  ["crit'air 4", { quantities: {}, rest: "crit air 4" }],
  // First hand.
  ["1re main", { quantities: { firstHand: true }, rest: "" }],
  ["1ère main", { quantities: { firstHand: true }, rest: "" }],
  ["première main", { quantities: { firstHand: true }, rest: "" }],
  // Everything at once, and with the other words.
  [
    "peugeot 3008 hybride entre 15000 et 25000 € moins de 80 000 km après 2019 crit'air 1 1re main gps",
    { brand: "Peugeot", model: "3008", quantities: { priceMin: 15000, priceMax: 25000, mileageMax: 80000, yearMin: 2020, critair: 1, firstHand: true }, rest: "" },
  ],
  ["clio moins de 10000 rs trophy", { brand: "Renault", model: "Clio", quantities: { priceMax: 10000 }, rest: "rs trophy" }],
  // A five-digit number next to 'moins de', '€', 'k' or 'km' is no postal code; alone it is.
  ["clio 10000 €", { brand: "Renault", model: "Clio", quantities: { priceMax: 10000 }, rest: "", postalCode: undefined }],
  ["clio 75015 km", { brand: "Renault", model: "Clio", quantities: { mileageMax: 75015 }, rest: "", postalCode: undefined }],
  ["clio 10000", { brand: "Renault", model: "Clio", quantities: {}, rest: "", postalCode: "10000" }],
  // Numbers that are no amounts stay words.
  ["clio 4 rs", { brand: "Renault", model: "Clio", quantities: {}, rest: "rs" }],
  ["moins de 50", { quantities: {}, rest: "moins de 50" }],
  ["fiat 500", { brand: "Fiat", model: "500", quantities: {}, rest: "" }],
  ["série 3 2019", { model: "Série 3", quantities: {}, rest: "2019" }],
];

describe("recogniseQuery: budgets, ranges, years, Crit'Air, first hand", () => {
  it("has a table of at least 40 phrases", () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(40);
  });

  it.each(TABLE)("%s", (q, expected) => {
    const found = recogniseQuery(q, {}, cities, all);
    expect(found.quantities).toEqual(expected.quantities);
    if ("brand" in expected) expect(found.brand).toBe(expected.brand);
    if ("model" in expected) expect(found.model).toBe(expected.model);
    if ("rest" in expected) expect(found.rest).toBe(expected.rest);
    if ("postalCode" in expected) expect(found.place?.postalCode).toBe(expected.postalCode);
  });

  it("keeps as words what the search cannot filter on yet, and never reads its number as a postal code", () => {
    const found = recogniseQuery("clio plus de 10000 km 1re main", {}, cities, { year: YEAR });
    expect(found.quantities).toEqual({});
    expect(found.place).toBeUndefined();
    expect(found.rest).toBe("plus de 10000 km 1re main");
    expect(recogniseQuery("entre 50 000 et 100 000 km", {}, cities, { year: YEAR }).quantities).toEqual({});
  });

  it("refuses values out of the filters' ranges", () => {
    expect(recogniseQuantities("moins de 99 000 000 €", { year: YEAR }).filters).toEqual({});
    expect(recogniseQuantities("après 2027", { year: YEAR }).filters).toEqual({});
    expect(recogniseQuantities("depuis 2027", { year: YEAR }).filters).toEqual({ yearMin: 2027 });
    expect(recogniseQuantities("avant 1900", { year: YEAR }).filters).toEqual({});
  });

  it("keeps the original spelling of the words left", () => {
    expect(recogniseQuantities("Clio Île-de-France < 10 000 € Attelage", { year: YEAR }).rest.replace(/\s+/g, " ")).toBe(
      "Clio Île-de-France Attelage",
    );
  });

  it("never throws on hostile text", () => {
    for (const q of ["moins de ".repeat(500), "1".repeat(10_000), "€€€ k k k", "entre  et  €", "\u0000crit'air"]) {
      expect(() => recogniseQuery(q, {}, cities, all)).not.toThrow();
    }
  });
});

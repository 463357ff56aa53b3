import { describe, expect, it } from "vitest";
import { editDistance } from "./catalogue-match";
import { recogniseQuery, tokenize, type CityLookup } from "./query-recognition";
import { toSearchParams, withQuery } from "./search-params";
import { parseSearchParams } from "./parse-search-params";

const cities: CityLookup = (key) =>
  ({ lyon: { city: "Lyon", postalCode: "69001" }, "69100": { city: "Villeurbanne", postalCode: "69100" } })[key];

describe("recogniseQuery", () => {
  it.each([
    ["peugot 3008 hybride", { brand: "Peugeot", model: "3008", energies: ["Hybride"], rest: "" }],
    [
      "golf7 gti lyon",
      { brand: "Volkswagen", model: "Golf", energies: [], rest: "gti", place: { city: "Lyon", postalCode: "69001" } },
    ],
    ["clio4", { brand: "Renault", model: "Clio", rest: "" }],
    ["clio 4 rs", { brand: "Renault", model: "Clio", rest: "rs" }],
    ["Citroen C3 électrique", { brand: "Citroën", model: "C3", energies: ["Electrique"] }],
    ["mercedes benz classe a", { brand: "Mercedes-Benz", model: "Classe A" }],
    ["e-208 69100", { brand: "Peugeot", model: "e-208", place: { city: "Villeurbanne", postalCode: "69100" } }],
    // Equipment words become the 'Équipements' filter (decision 0043); "automatique" stays text.
    ["toit panoramique automatique", { energies: [], equipment: ["toit-panoramique"], rest: "automatique" }],
    ["clio gps camera", { brand: "Renault", model: "Clio", equipment: ["camera-de-recul", "gps"], rest: "" }],
    ["golf caméra de recul attelage", { brand: "Volkswagen", model: "Golf", equipment: ["camera-de-recul", "attelage"], rest: "" }],
    ["camaro", { model: "Camaro", equipment: [] }],
    ["systeme audio", { rest: "systeme audio" }],
  ])("%s", (q, expected) => {
    expect(recogniseQuery(q, {}, cities)).toMatchObject(expected);
  });

  it("leaves a word naming another brand than the chosen one as text", () => {
    expect(recogniseQuery("golf", { brand: "Peugeot" }, cities)).toMatchObject({ rest: "golf" });
    expect(recogniseQuery("golf", { brand: "Peugeot" }, cities).brand).toBeUndefined();
  });

  it("never throws on hostile text", () => {
    for (const q of ["'; drop table x; --", "&|!:*()<->", "a".repeat(10_000), "\u0000", ""]) {
      expect(() => recogniseQuery(q, {}, cities)).not.toThrow();
    }
  });
});

describe("helpers", () => {
  it("tokenize keeps model punctuation and drops operators", () => {
    expect(tokenize("e-208 & up! (clio) 'rs'")).toEqual(["e-208", "up!", "clio", "rs"]);
  });
  it("editDistance counts a transposition as one", () => {
    expect(editDistance("peugeot", "pegueot")).toBe(1);
    expect(editDistance("peugot", "peugeot")).toBe(1);
  });
});

describe("q in the URL", () => {
  it("round-trips, and relevance is the default sort only with words", () => {
    const { filters } = parseSearchParams(new URLSearchParams("q=gti&brand=Volkswagen"));
    expect(filters).toMatchObject({ q: "gti", brand: "Volkswagen", sort: "relevance" });
    expect(toSearchParams(filters).toString()).toBe("q=gti&brand=Volkswagen");
    expect(parseSearchParams(new URLSearchParams("sort=relevance")).filters.sort).toBe("recent");
    expect(toSearchParams(withQuery({ sort: "recent" }, "toit ouvrant")).toString()).toBe("q=toit+ouvrant");
    expect(toSearchParams(withQuery({ q: "gti", sort: "price_asc" }, "")).toString()).toBe("sort=price_asc");
  });
});

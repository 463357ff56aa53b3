import { describe, expect, it } from "vitest";
import { CATALOGUE, findBrand, findModel } from "./catalogue-data";
import { canonicalOption, COLORS, FUELS, GEARBOXES, VEHICLE_TYPES } from "./vocabularies";

describe("catalogue", () => {
  it("has at least 40 brands including every brand of spec §3 and the French market ones", () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(40);
    const specKeys = [
      "Audi",
      "Bmw",
      "Chevrolet",
      "Fiat",
      "Ford",
      "Honda",
      "Hyundai",
      "Jaguar",
      "Kia",
      "Land_rover",
      "Lexus",
      "Mazda",
      "Mercedes_benz",
      "Nissan",
      "Opel",
      "Peugeot",
      "Porsche",
      "Renault",
      "Subaru",
      "Toyota",
      "Volkswagen",
      "Tesla",
      "Citroën",
      "Dacia",
      "DS",
      "Seat",
      "Cupra",
      "Skoda",
      "Volvo",
      "Mini",
      "Alfa Romeo",
      "Suzuki",
      "Mitsubishi",
      "Jeep",
      "Smart",
      "MG",
    ];
    const missing = specKeys.filter((key) => !findBrand(key));
    expect(missing).toEqual([]);
    expect(findBrand("Mercedes_benz")?.name).toBe("Mercedes-Benz");
    expect(findBrand("Land_rover")?.name).toBe("Land Rover");
  });

  it("gives Peugeot the longest model list and Tesla its four models", () => {
    const longest = [...CATALOGUE].sort((a, b) => b.models.length - a.models.length)[0];
    expect(longest?.name).toBe("Peugeot");
    expect([...(findBrand("tesla")?.models ?? [])].sort()).toEqual(["Model 3", "Model S", "Model X", "Model Y"]);
  });

  it("matches free text to the catalogue spelling", () => {
    const renault = findBrand("RENAULT");
    expect(renault && findModel(renault, "megane")).toBe("Mégane");
    expect(findBrand("citroen")?.name).toBe("Citroën");
    expect(findBrand("Trabant")).toBeUndefined();
  });

  it("has no duplicate brands or models", () => {
    expect(new Set(CATALOGUE.map((b) => b.slug)).size).toBe(CATALOGUE.length);
    for (const brand of CATALOGUE) expect(new Set(brand.models).size).toBe(brand.models.length);
  });
});

describe("vocabularies (GUIDE §6.4: one list per attribute)", () => {
  it("contains every value of the spec's publish and filter lists, in one spelling", () => {
    for (const value of [
      "Citadine",
      "Berline",
      "Suv",
      "SUV",
      "Break",
      "Utilitaire",
      "Coupé",
      "Cabriolet",
      "4x4",
      "Autre",
    ]) {
      expect(canonicalOption(VEHICLE_TYPES, value)).toBeDefined();
    }
    for (const value of ["Essence", "Diesel", "Hybride", "Electrique", "GPL", "Gaz naturel (CNG)"]) {
      expect(canonicalOption(FUELS, value)).toBe(value);
    }
    for (const value of ["Noir", "Blanc", "Gris", "Bleu", "Rouge", "Vert", "Jaune", "Marron", "Orange"]) {
      expect(canonicalOption(COLORS, value)).toBe(value);
    }
    expect(canonicalOption(VEHICLE_TYPES, "Suv")).toBe("SUV");
    expect(canonicalOption(GEARBOXES, "Séquentielle")).toBe("Semi-automatique");
    expect(canonicalOption(FUELS, "électrique")).toBe("Electrique");
    expect(canonicalOption(FUELS, "Charbon")).toBeUndefined();
  });
});

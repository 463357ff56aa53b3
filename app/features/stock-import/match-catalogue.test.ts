import { describe, expect, it } from "vitest";
import { matchBrand, matchColor, matchFuel, matchGearbox, matchModel, matchVehicleType } from "./match-catalogue";

describe("catalogue matching of a stock file's cells", () => {
  it.each([
    ["VW", "Volkswagen"],
    ["volkswagen", "Volkswagen"],
    ["MERCEDES", "Mercedes-Benz"],
    ["Mercedes Benz", "Mercedes-Benz"],
    ["CITROEN", "Citroën"],
    ["Peugot", "Peugeot"],
    ["alfa", "Alfa Romeo"],
    ["ALFA ROMEO", "Alfa Romeo"],
    ["Alpine", "Alpine"],
  ])("brand %j → %j", (cell, brand) => {
    expect(matchBrand(cell)).toBe(brand);
  });

  it("refuses a brand the catalogue does not know", () => {
    expect(matchBrand("Trabantix")).toBeUndefined();
    expect(matchBrand("")).toBeUndefined();
  });

  it.each([
    ["Volkswagen", "GOLF VII", "Golf"],
    ["Volkswagen", "Golf 7 1.5 TSI 130 Style", "Golf"],
    ["Volkswagen", "golf7", "Golf"],
    ["Renault", "Clio V Business", "Clio"],
    ["Peugeot", "e 208", "e-208"],
    ["Peugeot", "3008 GT Line", "3008"],
    ["Alfa Romeo", "GIULIA 2.2", "Giulia"],
    ["Alpine", "A110", "A110"],
  ])("model %j %j → %j", (brand, cell, model) => {
    expect(matchModel(brand, cell)).toBe(model);
  });

  it("refuses a model of another brand or unknown", () => {
    expect(matchModel("Volkswagen", "Clio")).toBeUndefined();
    expect(matchModel("Peugeot", "Zorglub")).toBeUndefined();
    expect(matchModel("Peugeot", "")).toBeUndefined();
  });

  it.each([
    ["essence", "Essence"],
    ["ESSENCE", "Essence"],
    ["Gazole", "Diesel"],
    ["gasoil", "Diesel"],
    ["électrique", "Electrique"],
    ["Hybride rechargeable", "Hybride rechargeable"],
    ["GPL", "GPL"],
  ])("energy %j → %j", (cell, fuel) => {
    expect(matchFuel(cell)).toBe(fuel);
  });

  it("refuses an unknown energy", () => {
    expect(matchFuel("charbon")).toBeUndefined();
  });

  it.each([
    ["Manuelle", "Manuelle"],
    ["manuel", "Manuelle"],
    ["BVM", "Manuelle"],
    ["BVA", "Automatique"],
    ["auto", "Automatique"],
    ["Semi-automatique", "Semi-automatique"],
    ["séquentielle", "Semi-automatique"],
  ])("gearbox %j → %j", (cell, gearbox) => {
    expect(matchGearbox(cell)).toBe(gearbox);
  });

  it.each([
    ["Gris", "Gris"],
    ["Gris platine métallisé", "Gris"],
    ["BLANCHE", "Blanc"],
    ["blanc nacré", "Blanc"],
    ["Noir", "Noir"],
    ["bleue", "Bleu"],
  ])("colour %j → %j", (cell, color) => {
    expect(matchColor(cell)).toBe(color);
  });

  it("refuses an unknown colour", () => {
    expect(matchColor("fuchsia")).toBeUndefined();
  });

  it("takes the body type given, else the model's most common one", () => {
    expect(matchVehicleType("suv", "Peugeot", "3008")).toBe("SUV");
    expect(matchVehicleType("", "Peugeot", "3008")).toBe("SUV");
    expect(matchVehicleType("Coupe", "Alpine", "A110")).toBe("Coupé");
    expect(matchVehicleType("soucoupe", "Alpine", "A110")).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { findModelSpec } from "~/features/catalogue/model-specs";
import { FUELS, VEHICLE_TYPES } from "~/features/catalogue/vocabularies";
import { modelSuggestions } from "./model-suggestions";

const NOW = new Date("2026-11-23T12:00:00Z");

describe("wizard suggestions from the catalogue model (issue 17)", () => {
  it("suggests nothing for a model the catalogue does not know", () => {
    expect(modelSuggestions(findModelSpec("Alfa Romeo", "Giulia zz9"), NOW)).toBeNull();
    expect(modelSuggestions(null, NOW)).toBeNull();
  });

  it("lists the model's body types and energies first, and keeps every other value", () => {
    const s = modelSuggestions(findModelSpec("Peugeot", "308"), NOW)!;
    expect(s.typeGroups[0]).toEqual({ label: "Pour la Peugeot 308", options: ["Berline", "Break"] });
    expect(s.typeGroups[1]!.label).toBe("Autres types");
    expect([...s.typeGroups.flatMap((g) => g.options)].sort()).toEqual([...VEHICLE_TYPES].sort());
    expect(s.fuelGroups[0]!.options).toEqual(["Essence", "Diesel", "Hybride"]);
    expect([...s.fuelGroups.flatMap((g) => g.options)].sort()).toEqual([...FUELS].sort());
    // Two body types, three energies: nothing is chosen for the seller.
    expect(s.defaultType).toBe("");
    expect(s.defaultFuel).toBe("");
  });

  it("preselects the only body type or energy of a model", () => {
    const tesla = modelSuggestions(findModelSpec("Tesla", "Model 3"), NOW)!;
    expect(tesla.defaultFuel).toBe("Electrique");
    expect(tesla.defaultType).toBe("Berline");
    expect(modelSuggestions(findModelSpec("Volkswagen", "Crafter"), NOW)!.defaultType).toBe("Utilitaire");
  });

  it("says when the model was sold and notices, without blocking, a year outside it", () => {
    const old = modelSuggestions(findModelSpec("Peugeot", "806"), NOW)!;
    expect(old.yearHint).toBe("La Peugeot 806 a été vendue de 1994 à 2002.");
    expect(old.yearOutside(2025)).toBe(true);
    expect(old.yearOutside(2003)).toBe(false);
    expect(old.yearOutside(1998)).toBe(false);
    expect(old.yearNotice).toBe("Cette année est hors de la production de la Peugeot 806 : vérifiez la carte grise.");
    expect(modelSuggestions(findModelSpec("Peugeot", "208"), NOW)!.yearHint).toBe("La Peugeot 208 est vendue depuis 2012.");
  });
});

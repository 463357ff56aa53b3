import { describe, expect, it } from "vitest";
import { CATALOGUE } from "./catalogue-data";
import { allModelSpecs, checkAgainstModel, findModelSpec, MODEL_SPEC_ROWS } from "./model-specs";
import { FUELS, VEHICLE_TYPES } from "./vocabularies";

const NOW = new Date("2026-11-23T12:00:00Z");

describe("model specs (issue 17: what each catalogue model is)", () => {
  it("covers every model of every catalogue brand exactly once, and nothing else", () => {
    expect(Object.keys(MODEL_SPEC_ROWS).sort()).toEqual(CATALOGUE.map((b) => b.name).sort());
    for (const brand of CATALOGUE) {
      const rows = MODEL_SPEC_ROWS[brand.name] ?? [];
      expect(
        rows.map(([model]) => model),
        brand.name,
      ).toEqual([...brand.models]);
    }
  });

  it("gives every model sane years, at least one energy and one body type from the vocabularies", () => {
    const currentYear = new Date().getFullYear();
    const specs = allModelSpecs();
    expect(specs.length).toBeGreaterThan(1000);
    // One expectation over a list of problems: 1 000 models × 10 checks stay fast.
    const problems: string[] = [];
    const fuels: readonly string[] = FUELS;
    const bodies: readonly string[] = VEHICLE_TYPES;
    for (const spec of specs) {
      const label = `${spec.brand} ${spec.model}`;
      if (spec.from < 1950 || spec.from > currentYear) problems.push(`${label}: from ${spec.from}`);
      if (spec.to !== null && (spec.to < spec.from || spec.to > currentYear)) problems.push(`${label}: to ${spec.to}`);
      if (spec.energies.length === 0 || new Set(spec.energies).size !== spec.energies.length)
        problems.push(`${label}: energies`);
      for (const fuel of spec.energies) if (!fuels.includes(fuel)) problems.push(`${label}: ${fuel}`);
      if (spec.bodies.length === 0 || new Set(spec.bodies).size !== spec.bodies.length)
        problems.push(`${label}: bodies`);
      for (const body of spec.bodies) if (!bodies.includes(body)) problems.push(`${label}: ${body}`);
    }
    expect(problems).toEqual([]);
  });

  it("knows the models the issue names", () => {
    expect(findModelSpec("Peugeot", "806")).toMatchObject({ from: 1994, to: 2002, bodies: ["Monospace"] });
    expect(findModelSpec("Lotus", "Eletre")?.energies).toEqual(["Electrique"]);
    expect(findModelSpec("volkswagen", "crafter")?.bodies).toEqual(["Utilitaire"]);
    expect(findModelSpec("Tesla", "Model Y")?.energies).toEqual(["Electrique"]);
    expect(findModelSpec("Renault", "zoe")?.model).toBe("Zoé");
    expect(findModelSpec("Peugeot", "Peugeot 208")?.bodies[0]).toBe("Citadine");
    expect(findModelSpec("Trabant", "601")).toBeUndefined();
    expect(findModelSpec("Peugeot", "9999")).toBeUndefined();
  });
});

describe("checkAgainstModel (moderation quick check)", () => {
  const listing = { brand: "Peugeot", model: "208", year: 2019, fuel: "Essence", vehicleType: "Citadine" };

  it("finds nothing to say about a listing that fits its model", () => {
    expect(checkAgainstModel(listing, NOW)).toEqual([]);
    expect(checkAgainstModel({ ...listing, brand: "Trabant", model: "601", fuel: "Charbon" }, NOW)).toEqual([]);
    expect(checkAgainstModel({ ...listing, fuel: "Autre", vehicleType: "Autre" }, NOW)).toEqual([]);
  });

  it("tolerates one year either side of production (stock, early imports)", () => {
    expect(checkAgainstModel({ ...listing, model: "806", year: 2003, vehicleType: "Monospace" }, NOW)).toEqual([]);
    expect(checkAgainstModel({ ...listing, year: 2011 }, NOW)).toEqual([]);
  });

  it("flags the year, energy and body the issue saw", () => {
    expect(checkAgainstModel({ ...listing, model: "806", year: 2025, vehicleType: "Monospace" }, NOW)).toEqual([
      "Année 2025 hors production de la Peugeot 806 (1994–2002).",
    ]);
    expect(
      checkAgainstModel(
        { ...listing, brand: "Lotus", model: "Eletre", year: 2024, fuel: "Diesel", vehicleType: "SUV" },
        NOW,
      ),
    ).toEqual(["Énergie « Diesel » jamais proposée sur la Lotus Eletre (Electrique)."]);
    expect(
      checkAgainstModel(
        { ...listing, brand: "Volkswagen", model: "Crafter", year: 2020, fuel: "Hybride", vehicleType: "Berline" },
        NOW,
      ),
    ).toEqual([
      "Énergie « Hybride » jamais proposée sur la Volkswagen Crafter (Diesel).",
      "Type « Berline » inhabituel pour la Volkswagen Crafter (Utilitaire).",
    ]);
    expect(checkAgainstModel({ ...listing, year: 2005 }, NOW)[0]).toBe(
      "Année 2005 hors production de la Peugeot 208 (depuis 2012).",
    );
  });
});

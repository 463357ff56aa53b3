import { describe, expect, it } from "vitest";
import { CATALOGUE } from "./catalogue-data";
import { compareModelNames, sortedModels } from "./model-order";

describe("models in French order", () => {
  it("orders every brand's models exactly as the French collator does", () => {
    const collator = new Intl.Collator("fr", { numeric: true, sensitivity: "base" });
    for (const brand of CATALOGUE) {
      expect(sortedModels(brand), brand.name).toEqual([...brand.models].sort(collator.compare));
    }
  });

  it("compares numbers by value, ignores accents and case, and puts punctuation before digits and letters", () => {
    const names = ["Zoé", "2008", "208", "e-Coupé", "Classe B", "Classe A", "ID.3", "ID. Buzz", "500C", "500", "Ë-Z"];
    expect(names.sort(compareModelNames)).toEqual([
      "208",
      "500",
      "500C",
      "2008",
      "Classe A",
      "Classe B",
      "e-Coupé",
      "Ë-Z",
      "ID. Buzz",
      "ID.3",
      "Zoé",
    ]);
  });

  it("gives a copy the caller may change", () => {
    const brand = CATALOGUE[0]!;
    sortedModels(brand).push("X");
    expect(sortedModels(brand)).not.toContain("X");
  });
});

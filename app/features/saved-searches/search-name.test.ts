import { describe, expect, it } from "vitest";
import { proposeSearchName, savedFilters } from "./saved-search-filters";

describe("the proposed name of a saved search", () => {
  it("says where in French, eliding 'de' before a vowel", () => {
    expect(proposeSearchName(savedFilters("brand=Peugeot&postalCode=69001&radius=50"))).toBe("Peugeot · 50 km autour de 69001");
    expect(proposeSearchName(savedFilters("brand=Peugeot&postalCode=45000&city=Orl%C3%A9ans&radius=20"))).toBe(
      "Peugeot · 20 km autour d'Orléans (45000)",
    );
  });
});

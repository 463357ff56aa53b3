import { describe, expect, it } from "vitest";
import { firstFreeSlug, slugifyCompanyName } from "./pro-slug";

describe("slugifyCompanyName", () => {
  it("folds accents, lower-cases and joins words with hyphens", () => {
    expect(slugifyCompanyName("Garage de l'Étoile & Fils")).toBe("garage-de-l-etoile-fils");
    expect(slugifyCompanyName("  SAS Œuvre Auto — Lyon 3e ")).toBe("sas-oeuvre-auto-lyon-3e");
    expect(slugifyCompanyName("Ça roule !")).toBe("ca-roule");
  });

  it("never returns an empty or overlong slug", () => {
    expect(slugifyCompanyName("« »")).toBe("pro");
    const long = slugifyCompanyName("Garage ".repeat(30));
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith("-")).toBe(false);
  });
});

describe("firstFreeSlug", () => {
  it("suffixes -2, -3… past the taken ones", () => {
    expect(firstFreeSlug("garage", new Set())).toBe("garage");
    expect(firstFreeSlug("garage", new Set(["garage", "garage-2"]))).toBe("garage-3");
  });
});

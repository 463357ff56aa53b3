import { faker } from "@faker-js/faker/locale/fr";
import { describe, expect, it } from "vitest";
import { lastModelYear } from "~/features/catalogue/model-specs";
import { POPULAR_MODEL_COLUMNS } from "~/features/search/popular";
import { buildListing } from "~/testing/builders";
import { planDemoVehicles } from "./demo-market";

/** The demo seed's listings without a database: the same plan and builder, the same seed. */
function demoListings(count: number) {
  faker.seed(20261121);
  return planDemoVehicles(count, { firstPublished: 2 }).map(({ spec, fuel }, i) => ({
    spec,
    published: i >= 2,
    listing: buildListing({ brand: spec.brand, model: spec.model, ...(fuel ? { fuel } : {}) }),
  }));
}

const popular = POPULAR_MODEL_COLUMNS.flatMap((column) => column.models);

describe("demo market (issue 17)", () => {
  for (const count of [40, 320]) {
    it(`publishes every popular model of the home page, with its energy, among ${count} listings`, () => {
      const listings = demoListings(count)
        .filter((l) => l.published)
        .map((l) => l.listing);
      const missing = popular.filter(
        (entry) =>
          !listings.some(
            (l) =>
              l.brand === entry.brand &&
              l.model === entry.model &&
              (!entry.energies || entry.energies.some((fuel) => fuel === l.fuel)),
          ),
      );
      expect(missing).toEqual([]);
    });

    it(`keeps each of ${count} listings inside its model's years, energies and body types`, () => {
      const currentYear = new Date().getFullYear();
      const outside = demoListings(count).flatMap(({ spec, listing }) => {
        const problems: string[] = [];
        const name = `${listing.brand} ${listing.model} ${listing.year}`;
        if (listing.year! < spec.from || listing.year! > Math.min(lastModelYear(spec), currentYear))
          problems.push(`${name}: year`);
        if (!spec.energies.some((fuel) => fuel === listing.fuel)) problems.push(`${name}: ${listing.fuel}`);
        if (!spec.bodies.some((body) => body === listing.vehicleType)) problems.push(`${name}: ${listing.vehicleType}`);
        return problems;
      });
      expect(outside).toEqual([]);
    });
  }

  it("is deterministic", () => {
    const first = demoListings(60).map((l) => [l.listing.brand, l.listing.model, l.listing.year, l.listing.fuel]);
    const second = demoListings(60).map((l) => [l.listing.brand, l.listing.model, l.listing.year, l.listing.fuel]);
    expect(second).toEqual(first);
  });

  it("lists the popular French models most, and a van as a van", () => {
    const listings = demoListings(320).map((l) => l.listing);
    const counts = new Map<string, number>();
    for (const l of listings) counts.set(`${l.brand} ${l.model}`, (counts.get(`${l.brand} ${l.model}`) ?? 0) + 1);
    const top = [...counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([name]) => name);
    expect(top).toEqual(expect.arrayContaining(["Peugeot 208", "Renault Clio"]));
    const french = listings.filter((l) => ["Peugeot", "Renault", "Citroën", "Dacia", "DS"].includes(l.brand!)).length;
    expect(french / listings.length).toBeGreaterThan(0.4);
    for (const l of listings.filter((l) =>
      ["Crafter", "Boxer", "Master", "Transporter", "Ducato"].includes(l.model!),
    )) {
      expect(l.vehicleType).toBe("Utilitaire");
    }
  });

  it("gives mileage and price that fit the age and the kind of car", () => {
    const currentYear = new Date().getFullYear();
    for (const { listing } of demoListings(320)) {
      const age = currentYear - listing.year!;
      expect(listing.mileage!).toBeLessThanOrEqual(age * 30_000 + 3_000);
      expect(listing.price!).toBeGreaterThanOrEqual(1_500);
      if (["Aixam", "Ligier", "Chatenet", "Microcar"].includes(listing.brand!)) {
        expect(listing.licenseStatus).toBe("Sans permis");
        expect(listing.mileage!).toBeLessThanOrEqual(age * 5_000 + 3_000);
      }
      if (listing.fuel === "Electrique") expect(listing.gearbox).toBe("Automatique");
    }
    // Newer cars cost more on average than cars ten years older.
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const listings = demoListings(320).map((l) => l.listing);
    const recent = listings.filter((l) => currentYear - l.year! <= 3).map((l) => l.price!);
    const old = listings.filter((l) => currentYear - l.year! >= 12).map((l) => l.price!);
    expect(mean(recent)).toBeGreaterThan(mean(old) * 2);
  });
});

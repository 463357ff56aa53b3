import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lookupPostalCode } from "~/features/places/places.server";
import { countSearchResults } from "~/features/search/count-search-results.server";
import { interpretQuery } from "~/features/search/interpret-query.server";
import { parseSearchParams } from "~/features/search/parse-search-params";
import { searchListings } from "~/features/search/search-listings.server";
import { toSearchParams } from "~/features/search/search-params";
import { createLocalStorage, type Storage } from "~/server/storage.server";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * Budgets, mileages and years typed as words (issue 34, decision 0050) find exactly what the
 * same filters in the URL find: "clio moins de 10000" is brand=Renault&model=Clio&price=10000,
 * and its five digits are no postal code (10000 is Troyes).
 */

const storage: Storage = createLocalStorage("/tmp/occazio-text-quantities-tests-uploads");
let t: TestDatabase;

// prettier-ignore
const FIXTURES = [
  { brand: "Renault", model: "Clio", price: 7900, year: 2016, mileage: 98_000 },
  { brand: "Renault", model: "Clio", price: 10_000, year: 2017, mileage: 120_000 },
  { brand: "Renault", model: "Clio", price: 10_001, year: 2019, mileage: 40_000 },
  { brand: "Renault", model: "Clio", price: 14_500, year: 2021, mileage: 22_000 },
  { brand: "Renault", model: "Captur", price: 9_500, year: 2016, mileage: 110_000 },
  { brand: "Peugeot", model: "208", price: 8_900, year: 2018, mileage: 70_000 },
  // In Troyes (10000): a search around that postal code would find it.
  { brand: "Renault", model: "Clio", price: 18_000, year: 2023, mileage: 9_000, place: "10000" },
] as const;

beforeAll(async () => {
  t = await createTestDatabase({ withPlaces: true });
  const seller = await insertUser(t.db, { canSignIn: false });
  for (const [i, f] of FIXTURES.entries()) {
    const { place: code = "69003", ...fields } = f as (typeof FIXTURES)[number] & { place?: string };
    const [place] = await lookupPostalCode({ db: t.db, postalCode: code });
    if (!place) throw new Error(`code postal absent : ${code}`);
    const when = new Date(Date.UTC(2026, 10, 1) - i * 60_000);
    await insertListing(t.db, seller.id, { ...fields, fuel: "Essence", place, status: "published", createdAt: when, publishedAt: when });
  }
});

afterAll(async () => {
  await t?.close();
});

/** What /recherche does with a URL: parse, recognise words, search. */
async function searchUrl(query: string) {
  const { filters } = parseSearchParams(new URLSearchParams(query));
  const interpreted = await interpretQuery({ db: t.db, filters });
  const result = await searchListings({ db: t.db, storage, filters: interpreted.filters });
  return { filters: interpreted.filters, ids: result.items.map((l) => l.id).sort(), total: result.total };
}

describe("words as filters, on the database", () => {
  it("'clio moins de 10000' finds exactly what brand=Renault&model=Clio&price=10000 finds", async () => {
    const typed = await searchUrl(`q=${encodeURIComponent("clio moins de 10000")}`);
    const filtered = await searchUrl("brand=Renault&model=Clio&price=10000");
    expect(toSearchParams(typed.filters).toString()).toBe("brand=Renault&model=Clio&price=10000");
    expect(typed.ids).toEqual(filtered.ids);
    expect(typed.total).toBe(2);
    // The count of the filter dialog ('Voir N annonces') reads the words the same way.
    const counted = await countSearchResults({
      db: t.db,
      filters: parseSearchParams(new URLSearchParams(`q=${encodeURIComponent("clio moins de 10000")}`)).filters,
    });
    expect(counted.total).toBe(2);
  });

  it.each([
    ["clio < 10 000 €", "brand=Renault&model=Clio&price=10000", 2],
    ["renault entre 9000 et 15000 €", "brand=Renault&priceMin=9000&price=15000", 4],
    ["clio après 2018", "brand=Renault&model=Clio&yearMin=2019", 3],
    ["moins de 100 000 km avant 2019", "yearMax=2018&mileageMax=100000", 2],
    ["clio plus de 50 000 km", "brand=Renault&model=Clio&mileageMin=50000", 2],
  ])("%s = %s", async (q, url, count) => {
    const typed = await searchUrl(`q=${encodeURIComponent(q)}`);
    const filtered = await searchUrl(url);
    expect(toSearchParams(typed.filters).toString()).toBe(url);
    expect(typed.ids).toEqual(filtered.ids);
    expect(typed.total).toBe(count);
  });

  it("'clio 1ere main' is the '1re main' filter (owners=1)", async () => {
    const typed = await searchUrl(`q=${encodeURIComponent("clio 1ere main")}`);
    const filtered = await searchUrl("brand=Renault&model=Clio&owners=1");
    expect(toSearchParams(typed.filters).toString()).toBe(toSearchParams(filtered.filters).toString());
    expect(typed.filters.firstHand).toBe(true);
    expect(typed.ids).toEqual(filtered.ids);
  });

  it("a five-digit number alone stays a postal code", async () => {
    const typed = await searchUrl("q=clio+10000");
    expect(typed.filters).toMatchObject({ brand: "Renault", model: "Clio", postalCode: "10000" });
    expect(typed.filters.priceMax).toBeUndefined();
    expect(typed.total).toBe(1);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings, savedSearches, savedSearchNotices, type Listing } from "~/db/schema";
import { recordSearchMatches } from "~/features/saved-searches/match-saved-searches.server";
import { saveSearch } from "~/features/saved-searches/save-search.server";
import { countSearchResults } from "~/features/search/count-search-results.server";
import { parseSearchParams } from "~/features/search/parse-search-params";
import { searchListings } from "~/features/search/search-listings.server";
import { searchMapPoints } from "~/features/search/search-map.server";
import type { SearchFilters } from "~/features/search/search-params";
import { createLocalStorage } from "~/server/storage.server";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * Issue 34's last filters (decision 0049): `mileageMin`, `powerMin`/`powerMax` (din_power, ch),
 * `doors` (exact, several), `seats` (exact, 7 = 7 or more), `owners=1` and `energies` find exactly
 * the published listings the rule says — counted here from the rows in JavaScript, not through
 * the search's WHERE — on the page, its count ('Voir N annonces': /api/search/count's service)
 * and the map, alone and with other filters; saved searches keep them and alert on them.
 */
const storage = createLocalStorage("/tmp/occazio-more-filters-tests");
let t: TestDatabase;
let seller: string;

const LYON = { city: "Lyon 1er", postalCode: "69001", latitude: 45.767, longitude: 4.834 };
const PARIS = { city: "Paris 11e", postalCode: "75011", latitude: 48.859, longitude: 2.38 };

beforeAll(async () => {
  t = await createTestDatabase({ withPlaces: true });
  seller = (await insertUser(t.db, { canSignIn: false })).id;
});
afterAll(async () => {
  await t?.close();
});

const DOORS = [3, 5, 2, 4, 5];
const SEATS = [5, 2, 7, 4, 9, 5, 3];
const POWERS = [75, 110, 150, 190, 250, 251, 320, 149];
const OWNERS = [1, 2, null, 1, 3];
const MILEAGES = [5_000, 19_999, 20_000, 45_000, 60_000, 60_001, 120_000];
const FUELS = ["Essence", "Diesel", "Hybride", "Electrique", "Hybride rechargeable"] as const;
const GEARBOXES = ["Manuelle", "Automatique", "Automatique"] as const;

function matches(r: Listing, f: SearchFilters): boolean {
  if (r.status !== "published") return false;
  const within = (value: number | null, min?: number, max?: number) =>
    (min === undefined || (value !== null && value >= min)) && (max === undefined || (value !== null && value <= max));
  if (!within(r.mileage, f.mileageMin, f.mileageMax)) return false;
  if (!within(r.dinPower, f.powerMin, f.powerMax)) return false;
  if (!within(r.price, undefined, f.priceMax)) return false;
  if (!within(r.year, f.yearMin, undefined)) return false;
  if (f.doors && !(r.doors !== null && f.doors.includes(r.doors))) return false;
  if (f.seats && !(r.seats !== null && (f.seats.includes(r.seats) || (f.seats.includes(7) && r.seats >= 7)))) return false;
  if (f.firstHand && r.ownerCount !== 1) return false;
  if (f.energies && !(r.fuel !== null && (f.energies as string[]).includes(r.fuel))) return false;
  if (f.gearbox && r.gearbox !== f.gearbox) return false;
  if (f.brand && r.brand !== f.brand) return false;
  if (f.postalCode && r.postalCode !== f.postalCode) return false;
  return true;
}

async function directCount(filters: SearchFilters): Promise<number> {
  const rows = await t.db.select().from(listings);
  return rows.filter((r) => matches(r, filters)).length;
}

const NEW_FILTERS: SearchFilters[] = [
  {},
  { mileageMin: 20_000 },
  { mileageMin: 20_000, mileageMax: 60_000 },
  { powerMin: 150, powerMax: 250 },
  { powerMax: 110 },
  { doors: [3] },
  { doors: [3, 5] },
  { seats: [7] },
  { seats: [2, 7] },
  { firstHand: true },
  { energies: ["Hybride", "Electrique"] },
  { powerMin: 150, powerMax: 250, mileageMin: 20_000, firstHand: true },
];
const COMBINATIONS: SearchFilters[] = [
  {},
  { brand: "Renault" },
  { gearbox: "Automatique" },
  { priceMax: 30_000 },
  { yearMin: 2019 },
  { postalCode: "69001", radius: 10 },
  { brand: "Peugeot", sort: "price_asc" },
];

describe(`mileageMin, power, doors, seats, owners=1, energies (${process.env.TEST_DB_ENGINE})`, () => {
  beforeAll(async () => {
    const brands = [
      ["Renault", "Clio"],
      ["Peugeot", "308"],
      ["Renault", "Mégane"],
      ["Peugeot", "3008"],
      ["Toyota", "Yaris"],
    ] as const;
    for (let i = 0; i < 70; i++) {
      const [brand, model] = brands[i % brands.length]!;
      await insertListing(t.db, seller, {
        brand,
        model,
        doors: DOORS[i % DOORS.length]!,
        seats: SEATS[i % SEATS.length]!,
        dinPower: POWERS[i % POWERS.length]!,
        ownerCount: OWNERS[i % OWNERS.length]!,
        mileage: MILEAGES[i % MILEAGES.length]!,
        fuel: FUELS[i % FUELS.length]!,
        gearbox: GEARBOXES[i % GEARBOXES.length]!,
        year: 2014 + (i % 11),
        price: 6_000 + ((i * 1_700) % 40_000),
        place: i % 2 ? LYON : PARIS,
        status: "published",
        publishedAt: new Date(Date.now() - i * 60_000),
      });
    }
    // Never shown: awaiting moderation, sold.
    await insertListing(t.db, seller, { brand: "Renault", model: "Clio", dinPower: 200, ownerCount: 1, status: "pending" });
    await insertListing(t.db, seller, { brand: "Renault", model: "Clio", dinPower: 200, ownerCount: 1, status: "sold", publishedAt: new Date() });
  });

  it("find exactly the published listings the rule says, with other filters, on the page, its count and the map", async () => {
    // Every new filter matches some listings, and not all of them.
    const all = await directCount({});
    for (const filters of NEW_FILTERS.slice(1)) {
      const n = await directCount(filters);
      expect(n, JSON.stringify(filters)).toBeGreaterThan(0);
      expect(n, JSON.stringify(filters)).toBeLessThan(all);
    }
    const shown: string[] = [];
    const real: string[] = [];
    for (const base of COMBINATIONS) {
      for (const extra of NEW_FILTERS) {
        const filters: SearchFilters = { ...base, ...extra };
        const result = await searchListings({ db: t.db, storage, filters });
        const count = await countSearchResults({ db: t.db, filters });
        const map = await searchMapPoints({ db: t.db, filters });
        const label = JSON.stringify(filters);
        shown.push(`${label} → ${result.total}${result.totalCapped ? "+" : ""} (count ${count.total}, cards ${result.items.length}, map ${map.points.length})`);
        const n = await directCount(filters);
        real.push(`${label} → ${n} (count ${n}, cards ${Math.min(n, 24)}, map ${n})`);
      }
    }
    expect(shown).toEqual(real);
  });

  it("the cards of a page all pass the filters (a page, not only its count)", async () => {
    const filters: SearchFilters = { powerMin: 150, powerMax: 250, seats: [5, 7], doors: [5], sort: "price_asc" };
    const result = await searchListings({ db: t.db, storage, filters });
    const ids = result.items.map((i) => i.id);
    const rows = await t.db.select().from(listings);
    const expected = rows
      .filter((r) => matches(r, filters))
      .sort((a, b) => a.price! - b.price! || (a.id < b.id ? -1 : 1))
      .map((r) => r.id);
    expect(ids).toEqual(expected.slice(0, 24));
  });

  it("an older URL's fuel= still searches (one energy), and energies= finds several at once", async () => {
    const old = parseSearchParams(new URLSearchParams("fuel=Hybride"));
    expect(old.errors).toEqual([]);
    expect((await searchListings({ db: t.db, storage, filters: old.filters })).total).toBe(await directCount({ energies: ["Hybride"] }));
    const both = parseSearchParams(new URLSearchParams("energies=Hybride,%C3%89lectrique&price=30000"));
    expect(both.errors).toEqual([]);
    expect((await countSearchResults({ db: t.db, filters: both.filters })).total).toBe(
      await directCount({ energies: ["Hybride", "Electrique"], priceMax: 30_000 }),
    );
  });

  it("a saved search keeps the new filters and alerts on a listing that passes them all, not on one that fails one", async () => {
    const buyer = await insertUser(t.db, { canSignIn: false });
    const saved = await saveSearch({
      db: t.db,
      userId: buyer.id,
      query: "brand=Skoda&powerMin=150&powerMax=250&mileageMin=20000&doors=5,3&seats=7&owners=1&energies=Hybride,Diesel",
    });
    const [row] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, saved.id));
    expect(row).toMatchObject({
      query: "brand=Skoda&energies=Hybride%2CDiesel&mileageMin=20000&powerMin=150&powerMax=250&doors=3%2C5&seats=7&owners=1",
      mileageMin: 20_000,
      powerMin: 150,
      powerMax: 250,
      doors: [3, 5],
      seats: [7],
      firstHand: true,
      energies: ["Hybride", "Diesel"],
    });
    // Named after them (cut at 80 characters).
    expect(saved.name).toMatch(/^Skoda · Hybride, Diesel · ≥ 20\u202f000 km · 150 à 250 ch · 3 ou 5 portes · 7 places/);

    type Facts = { brand: string; model: string; dinPower: number; mileage: number; doors: number; seats: number; ownerCount: number | null; fuel: string };
    const good: Facts = { brand: "Skoda", model: "Kodiaq", dinPower: 190, mileage: 45_000, doors: 5, seats: 7, ownerCount: 1, fuel: "Diesel" };
    const publish = async (overrides: Partial<Facts>) => {
      const listing = await insertListing(t.db, seller, { ...good, ...overrides, place: LYON, status: "published", publishedAt: new Date() });
      await recordSearchMatches({ db: t.db, listingId: listing.id });
      return listing.id;
    };
    const passes = await publish({});
    const eightSeats = await publish({ seats: 8 });
    const failures = [
      await publish({ dinPower: 260 }),
      await publish({ dinPower: 149 }),
      await publish({ mileage: 19_000 }),
      await publish({ doors: 4 }),
      await publish({ seats: 5 }),
      await publish({ ownerCount: 2 }),
      await publish({ ownerCount: null }),
      await publish({ fuel: "Essence" }),
    ];
    const notices = await t.db.select().from(savedSearchNotices).where(eq(savedSearchNotices.savedSearchId, saved.id));
    expect(notices.map((n) => n.listingId).sort()).toEqual([passes, eightSeats].sort());
    for (const id of failures) expect(notices.map((n) => n.listingId)).not.toContain(id);
  });

  it("refuses to save a search with a bad value of a new filter, in French", async () => {
    const buyer = await insertUser(t.db, { canSignIn: false });
    await expect(saveSearch({ db: t.db, userId: buyer.id, query: "powerMin=puissant" })).rejects.toMatchObject({
      code: "invalid",
    });
  });
});

import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings, proProfiles } from "~/db/schema";
import type { SearchFilters } from "~/features/search/search-params";
import { CLOSED_ALL_WEEK } from "~/features/pro/opening-hours";
import { resultCountLabel } from "~/features/search/search-meta";
import { searchListings } from "~/features/search/search-listings.server";
import { searchWhere } from "~/features/search/search-where.server";
import { createLocalStorage } from "~/server/storage.server";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * Issue 37, decision 0029: the number of matches /recherche shows for a search by brand,
 * model, fuel, gearbox, body type or colour comes from `listing_facet_counts`, kept by
 * statement-level triggers on `listings`. After every kind of change a seller or a moderator
 * makes, the number shown must equal the real number of published matches.
 */
const storage = createLocalStorage("/tmp/occazio-facet-count-tests-uploads");
let t: TestDatabase;
let seller: string;

/** Searches answered by the facet table (and one that is not, as a control). */
const SEARCHES: SearchFilters[] = [
  {},
  { brand: "Peugeot" },
  { brand: "Peugeot", model: "208" },
  { brand: "Renault", model: "Clio" },
  { fuel: "Diesel" },
  { fuel: "Essence", gearbox: "Manuelle" },
  { vehicleType: "SUV" },
  { color: "Jaune" },
  { brand: "Peugeot", fuel: "Essence", gearbox: "Manuelle", vehicleType: "Citadine", color: "Blanc" },
  { brands: ["Peugeot", "Renault"] },
  { brands: ["Peugeot", "Renault"], models: ["208", "Clio"] },
  { energies: ["Electrique", "Hybride"] },
  { brand: "Peugeot", brands: ["Renault"] },
  { fuel: "Diesel", sort: "price_asc", page: 2 },
  // Who sells (issue 33, migration 0021: the seventh dimension).
  { seller: "pro" },
  { seller: "private" },
  { seller: "pro", brand: "Peugeot" },
  { seller: "private", brand: "Peugeot", model: "208", fuel: "Essence" },
  { seller: "pro", brands: ["Peugeot", "Renault"], color: "Jaune" },
  // Not a facet search (a range): the capped count, the control.
  { brand: "Peugeot", priceMax: 10_000 },
];

async function realCount(filters: SearchFilters): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(listings).where(searchWhere(filters, undefined));
  return Number(row?.n ?? 0);
}

/** For every search: what the page says, and what it should say. */
async function shownAndReal() {
  const shown: string[] = [];
  const real: string[] = [];
  for (const filters of SEARCHES) {
    const result = await searchListings({ db: t.db, storage, filters });
    shown.push(`${JSON.stringify(filters)} → ${resultCountLabel(result.total, result.totalCapped)}`);
    real.push(`${JSON.stringify(filters)} → ${resultCountLabel(await realCount(filters), false)}`);
  }
  return { shown, real };
}

async function expectCountsTrue() {
  const { shown, real } = await shownAndReal();
  expect(shown).toEqual(real);
}

const base = { brand: "Peugeot", model: "208", fuel: "Essence", gearbox: "Manuelle", vehicleType: "Citadine", color: "Blanc", price: 9_000 };

beforeAll(async () => {
  t = await createTestDatabase();
  seller = (await insertUser(t.db, { canSignIn: false })).id;
});
afterAll(async () => {
  await t?.close();
});

describe("counts shown for facet searches (listing_facet_counts)", () => {
  const ids: Record<string, string> = {};

  it("counts what is published, not drafts nor listings awaiting moderation", async () => {
    const rows = [
      { name: "a", ...base },
      { name: "b", ...base, fuel: "Diesel", color: "Noir", price: 12_000 },
      { name: "c", ...base, model: "3008", vehicleType: "SUV", fuel: "Hybride", gearbox: "Automatique" },
      { name: "d", ...base, brand: "Renault", model: "Clio", color: "Jaune" },
      { name: "e", ...base, brand: "Renault", model: "Zoé", fuel: "Electrique", gearbox: "Automatique" },
      { name: "f", ...base, fuel: null, gearbox: null, color: null },
      { name: "p", ...base, status: "pending" as const },
      { name: "x", ...base, status: "draft" as const },
    ];
    for (const { name, status, ...fields } of rows.map((r) => ({ status: "published" as const, ...r }))) {
      ids[name] = (await insertListing(t.db, seller, { ...fields, status, publishedAt: status === "published" ? new Date() : null })).id;
    }
    await expectCountsTrue();
    const all = await searchListings({ db: t.db, storage, filters: {} });
    expect(resultCountLabel(all.total, all.totalCapped)).toBe("6 annonces");
  });

  it("stays true when a listing is published, edited, repriced, withdrawn, sold and deleted", async () => {
    // Published by the moderator.
    await t.db.update(listings).set({ status: "published", publishedAt: new Date() }).where(eq(listings.id, ids.p!));
    await expectCountsTrue();
    // Edited: another model, fuel, gearbox, body and colour.
    await t.db
      .update(listings)
      .set({ model: "2008", fuel: "Diesel", gearbox: "Automatique", vehicleType: "SUV", color: "Jaune" })
      .where(eq(listings.id, ids.a!));
    await expectCountsTrue();
    // Another brand.
    await t.db.update(listings).set({ brand: "Renault", model: "Clio" }).where(eq(listings.id, ids.b!));
    await expectCountsTrue();
    // A price change (not a facet: nothing moves, the range search still counts it right).
    await t.db.update(listings).set({ price: 7_500 }).where(eq(listings.id, ids.c!));
    await expectCountsTrue();
    // Withdrawn to moderation, then sold, then deleted (soft), then removed for good.
    await t.db.update(listings).set({ status: "pending" }).where(eq(listings.id, ids.d!));
    await expectCountsTrue();
    await t.db.update(listings).set({ status: "sold" }).where(eq(listings.id, ids.e!));
    await expectCountsTrue();
    await t.db.update(listings).set({ status: "deleted" }).where(eq(listings.id, ids.f!));
    await expectCountsTrue();
    await t.db.delete(listings).where(eq(listings.id, ids.c!));
    await expectCountsTrue();
    // Several rows in one statement, some of them published, some not.
    await t.db.update(listings).set({ color: "Vert" }).where(inArray(listings.id, [ids.a!, ids.b!, ids.x!]));
    await expectCountsTrue();
    await t.db.update(listings).set({ status: "published", publishedAt: new Date() }).where(inArray(listings.id, [ids.d!, ids.x!]));
    await expectCountsTrue();
  });

  it("stays true when a private seller becomes a professional, and back", async () => {
    const dealer = (await insertUser(t.db, { canSignIn: false })).id;
    await insertListing(t.db, dealer, { ...base, status: "published", publishedAt: new Date() });
    await insertListing(t.db, dealer, { ...base, brand: "Renault", model: "Clio", color: "Jaune", status: "published", publishedAt: new Date() });
    await expectCountsTrue();
    const before = await searchListings({ db: t.db, storage, filters: { seller: "pro" } });
    await t.db.insert(proProfiles).values({
      userId: dealer,
      slug: "garage-des-facettes",
      companyName: "Garage des Facettes",
      siret: "73282932000074",
      addressLine: "1 rue de la Paix",
      postalCode: "75002",
      city: "Paris",
      phone: "0102030405",
      openingHours: CLOSED_ALL_WEEK,
    });
    await expectCountsTrue();
    const after = await searchListings({ db: t.db, storage, filters: { seller: "pro" } });
    expect(after.total).toBe(before.total + 2);
    // A professional's new listing, then one sold and one deleted.
    const third = await insertListing(t.db, dealer, { ...base, status: "published", publishedAt: new Date() });
    await expectCountsTrue();
    await t.db.update(listings).set({ status: "sold" }).where(eq(listings.id, third.id));
    await expectCountsTrue();
    await t.db.delete(listings).where(eq(listings.id, third.id));
    await expectCountsTrue();
    // No longer a professional: its listings count as a private person's again.
    await t.db.delete(proProfiles).where(eq(proProfiles.userId, dealer));
    await expectCountsTrue();
    expect((await searchListings({ db: t.db, storage, filters: { seller: "pro" } })).total).toBe(before.total);
  });

  it("shows the exact number beyond 10 000 matches, and a bulk load keeps it", { timeout: 240_000 }, async () => {
    await t.db.execute(sql`insert into listings (owner_id, status, brand, model, fuel, gearbox, vehicle_type, color, price, published_at)
      select ${seller}, 'published', 'Dacia', 'Sandero', 'Essence', 'Manuelle', 'Citadine', 'Gris', 5000 + g, now()
      from generate_series(1, 10050) g`);
    const dacia = await searchListings({ db: t.db, storage, filters: { brand: "Dacia" } });
    expect(resultCountLabel(dacia.total, dacia.totalCapped)).toBe("10\u202f050 annonces");
    // A range is not a facet: counting still stops at the cap.
    const range = await searchListings({ db: t.db, storage, filters: { brand: "Dacia", priceMax: 20_000 } });
    expect(resultCountLabel(range.total, range.totalCapped)).toBe("2\u202f400+ annonces");
    await t.db.delete(listings).where(eq(listings.brand, "Dacia"));
    await expectCountsTrue();
  });
});

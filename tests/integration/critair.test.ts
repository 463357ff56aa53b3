import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings, savedSearches, savedSearchNotices } from "~/db/schema";
import { computeCritAir, EURO_NORMS } from "~/features/catalogue/critair";
import { FUELS, VEHICLE_TYPES } from "~/features/catalogue/vocabularies";
import { validateRevision } from "~/features/moderation/listing-revisions.server";
import type { Notifier } from "~/features/moderation/moderator.server";
import { getListingForEdit } from "~/features/publish/get-listing-for-edit.server";
import { updateListing } from "~/features/publish/update-listing.server";
import { recordSearchMatches } from "~/features/saved-searches/match-saved-searches.server";
import { saveSearch } from "~/features/saved-searches/save-search.server";
import { parseSearchParams } from "~/features/search/parse-search-params";
import { searchListings } from "~/features/search/search-listings.server";
import { searchMapPoints } from "~/features/search/search-map.server";
import { searchHref, type CritAirFilter, type SearchFilters } from "~/features/search/search-params";
import { createEventBus } from "~/server/events.server";
import { createLogger } from "~/server/logger.server";
import { createOutboxMailer } from "~/server/mailer.server";
import { createLocalStorage } from "~/server/storage.server";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * Issue 34 (decision 0039): the Crit'Air class is stored by PostgreSQL (`occazio_critair`, a
 * generated column) and previewed in the browser (critair.ts): both must agree on every cell.
 * `critair=N` ("N or better") must find exactly the published listings of class ≤ N — counted
 * here from the rows with the browser's function, not through the search's own WHERE — on the
 * page, its count and the map, with other filters, and in saved searches' alerts.
 */
const storage = createLocalStorage("/tmp/occazio-critair-tests");
const logger = createLogger({ level: "silent", pretty: false });
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

const DATES = ["", "13/2010", "12/1996", "01/1997", "09/1997", "10/1997", "12/2000", "01/2001", "12/2005", "01/2006", "12/2010", "01/2011", "06/2024"];

describe(`Crit'Air stored by the database (${process.env.TEST_DB_ENGINE})`, () => {
  it("computes the same class as the browser for every energy × standard × date × body type", async () => {
    const cells: [string, string, string | null, string][] = [];
    for (const vehicleType of VEHICLE_TYPES) {
      for (const fuel of FUELS) {
        for (const norm of [null, ...EURO_NORMS]) {
          for (const date of norm === null ? DATES : ["06/2015"]) cells.push([vehicleType, fuel, norm, date]);
        }
      }
    }
    const text = (values: (string | null)[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;
    const result = await t.db.execute(sql`
      select public.occazio_critair(x.t, x.f, x.e, nullif(x.r, '')) as c
      from unnest(${text(cells.map((c) => c[0]))}, ${text(cells.map((c) => c[1]))}, ${text(cells.map((c) => c[2]))}, ${text(cells.map((c) => c[3]))})
        with ordinality as x(t, f, e, r, n)
      order by x.n`);
    const fromSql = (result as unknown as { rows: { c: number | null }[] }).rows.map((r) => (r.c === null ? null : Number(r.c)));
    const fromBrowser = cells.map(([vehicleType, fuel, euroNorm, firstRegistration]) =>
      computeCritAir({ vehicleType, fuel, euroNorm, firstRegistration: firstRegistration || null }),
    );
    expect(cells.length).toBeGreaterThan(1_000);
    expect(fromSql).toEqual(fromBrowser);
  });

  it("keeps the stored column in step with the row when the standard or the energy changes", async () => {
    const listing = await insertListing(t.db, seller, { brand: "Peugeot", model: "308", fuel: "Diesel", firstRegistration: "03/2009", year: 2009, euroNorm: null, status: "draft" });
    const critair = async () => (await t.db.select({ c: listings.critair }).from(listings).where(eq(listings.id, listing.id)))[0]!.c;
    expect(await critair()).toBe(3);
    await t.db.update(listings).set({ euroNorm: "Euro 5" }).where(eq(listings.id, listing.id));
    expect(await critair()).toBe(2);
    await t.db.update(listings).set({ fuel: "Electrique" }).where(eq(listings.id, listing.id));
    expect(await critair()).toBe(0);
    await t.db.delete(listings).where(eq(listings.id, listing.id));
  });
});

/** Published listings for the filter, of every class, in two cities, plus some that must never show. */
const CARS: { brand: string; model: string; fuel: string; euroNorm: string | null; firstRegistration: string; price: number; place: typeof LYON }[] = [
  { brand: "Renault", model: "Zoe", fuel: "Electrique", euroNorm: null, firstRegistration: "05/2021", price: 14_000, place: LYON },
  { brand: "Tesla", model: "Model 3", fuel: "Electrique", euroNorm: null, firstRegistration: "02/2022", price: 31_000, place: PARIS },
  { brand: "Renault", model: "Clio", fuel: "Essence", euroNorm: "Euro 6d", firstRegistration: "04/2021", price: 13_500, place: LYON },
  { brand: "Renault", model: "Clio", fuel: "Essence", euroNorm: null, firstRegistration: "01/2011", price: 6_000, place: PARIS },
  { brand: "Toyota", model: "Yaris", fuel: "Hybride", euroNorm: null, firstRegistration: "06/2019", price: 15_000, place: LYON },
  { brand: "Peugeot", model: "3008", fuel: "Hybride rechargeable", euroNorm: null, firstRegistration: "06/2021", price: 29_000, place: LYON },
  { brand: "Renault", model: "Clio", fuel: "Essence", euroNorm: null, firstRegistration: "12/2010", price: 4_500, place: LYON },
  { brand: "Peugeot", model: "308", fuel: "Diesel", euroNorm: "Euro 6b", firstRegistration: "09/2016", price: 11_000, place: LYON },
  { brand: "Peugeot", model: "308", fuel: "Diesel", euroNorm: null, firstRegistration: "12/2010", price: 5_000, place: PARIS },
  { brand: "Peugeot", model: "206", fuel: "Essence", euroNorm: "Euro 3", firstRegistration: "03/2003", price: 2_000, place: LYON },
  { brand: "Peugeot", model: "206", fuel: "Diesel", euroNorm: null, firstRegistration: "03/2003", price: 1_800, place: LYON },
  { brand: "Renault", model: "Clio", fuel: "Diesel", euroNorm: "Euro 2", firstRegistration: "03/1999", price: 1_200, place: PARIS },
  { brand: "Renault", model: "Clio", fuel: "Essence", euroNorm: null, firstRegistration: "06/1995", price: 1_500, place: LYON },
  { brand: "Renault", model: "Clio", fuel: "Autre", euroNorm: null, firstRegistration: "06/2015", price: 3_000, place: LYON },
];

async function directCount(filters: SearchFilters): Promise<number> {
  const rows = await t.db.select().from(listings);
  return rows.filter((r) => {
    if (r.status !== "published") return false;
    const critair = computeCritAir(r);
    if (filters.critair !== undefined && (critair === null || critair > filters.critair)) return false;
    if (filters.brand && r.brand !== filters.brand) return false;
    if (filters.fuel && r.fuel !== filters.fuel) return false;
    if (filters.priceMax !== undefined && (r.price ?? Infinity) > filters.priceMax) return false;
    if (filters.postalCode && r.postalCode !== filters.postalCode) return false;
    return true;
  }).length;
}

const COMBINATIONS: SearchFilters[] = [
  {},
  { brand: "Renault" },
  { fuel: "Diesel" },
  { priceMax: 14_000 },
  // 10 km around Lyon 1er: only the Lyon listings (Paris is 390 km away).
  { postalCode: "69001", radius: 10 },
  { brand: "Peugeot", postalCode: "69001", radius: 10, sort: "price_asc" },
];

async function expectEveryCombinationTrue() {
  const shown: string[] = [];
  const real: string[] = [];
  for (const base of COMBINATIONS) {
    for (const critair of [undefined, 0, 1, 2, 3] as (CritAirFilter | undefined)[]) {
      const filters: SearchFilters = { ...base, ...(critair === undefined ? {} : { critair }) };
      const result = await searchListings({ db: t.db, storage, filters });
      const map = await searchMapPoints({ db: t.db, filters });
      const wrong = result.items.filter((item) => critair !== undefined && (item.critair == null || item.critair > critair)).length;
      const label = JSON.stringify(filters);
      shown.push(`${label} → ${result.total}${result.totalCapped ? "+" : ""} (cards ${result.items.length}, map ${map.points.length}, wrong ${wrong})`);
      const n = await directCount(filters);
      real.push(`${label} → ${n} (cards ${Math.min(n, 24)}, map ${n}, wrong 0)`);
    }
  }
  expect(shown).toEqual(real);
}

describe(`critair=N: 'Crit'Air N ou mieux' (${process.env.TEST_DB_ENGINE})`, () => {
  beforeAll(async () => {
    const published = { status: "published" as const, publishedAt: new Date() };
    for (const car of CARS) await insertListing(t.db, seller, { ...car, year: Number(car.firstRegistration.slice(3)), vehicleType: "Berline", ...published });
    // Never shown: awaiting moderation, sold.
    await insertListing(t.db, seller, { ...CARS[0]!, status: "pending" });
    await insertListing(t.db, seller, { ...CARS[2]!, status: "sold", publishedAt: new Date() });
  });

  it("finds exactly the published listings of that class or better, with other filters, on the page, its count and the map", async () => {
    expect(await directCount({ critair: 0 })).toBe(2);
    expect(await directCount({ critair: 1 })).toBe(6);
    expect(await directCount({ critair: 2 })).toBe(8);
    expect(await directCount({ critair: 3 })).toBe(10);
    await expectEveryCombinationTrue();
  });

  it("survives the URL: critair=2 is read and written back in canonical order, a bad value is ignored with a message", () => {
    const parsed = parseSearchParams(new URLSearchParams("critair=2&brand=renault&seller=pro"));
    expect(parsed.errors).toEqual([]);
    expect(searchHref(parsed.filters)).toBe("/recherche?brand=Renault&seller=pro&critair=2");
    const bad = parseSearchParams(new URLSearchParams("critair=7&brand=Renault"));
    expect(bad.filters.critair).toBeUndefined();
    expect(bad.errors).toEqual(["Crit'Air inconnu, ignoré : « 7 » (critair=0, 1, 2 ou 3)."]);
  });

  it("a saved search with critair=1 alerts on new listings of class 1 or better only", async () => {
    const buyer = await insertUser(t.db, { canSignIn: false });
    const saved = await saveSearch({ db: t.db, userId: buyer.id, query: "critair=1&brand=Renault" });
    const [row] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, saved.id));
    expect(row).toMatchObject({ query: "brand=Renault&critair=1", critairMax: 1 });
    expect(saved.name).toBe("Renault · Crit'Air 1 ou mieux");
    const publish = async (fuel: string, firstRegistration: string) => {
      const listing = await insertListing(t.db, seller, {
        brand: "Renault",
        model: "Clio",
        fuel,
        euroNorm: null,
        firstRegistration,
        year: Number(firstRegistration.slice(3)),
        place: LYON,
        status: "published",
        publishedAt: new Date(),
      });
      await recordSearchMatches({ db: t.db, listingId: listing.id });
      return listing.id;
    };
    const clean = await publish("Essence", "05/2018");
    const diesel = await publish("Diesel", "05/2018");
    const notices = await t.db.select().from(savedSearchNotices).where(eq(savedSearchNotices.savedSearchId, saved.id));
    expect(notices.map((n) => n.listingId)).toEqual([clean]);
    expect(notices.map((n) => n.listingId)).not.toContain(diesel);
  });
});

describe(`editing the facts of a published listing (${process.env.TEST_DB_ENGINE})`, () => {
  it("waits for a moderator, then moves its Crit'Air class and what the filter finds", async () => {
    const owner = await insertUser(t.db, { canSignIn: false });
    const listing = await insertListing(t.db, owner.id, {
      brand: "Peugeot",
      model: "308",
      fuel: "Diesel",
      euroNorm: null,
      firstRegistration: "03/2010",
      year: 2010,
      place: LYON,
      status: "published",
      publishedAt: new Date(),
    });
    const critairOf = async () => (await t.db.select({ c: listings.critair }).from(listings).where(eq(listings.id, listing.id)))[0]!.c;
    expect(await critairOf()).toBe(3);
    const values = {
      brand: "Peugeot",
      model: "308",
      price: String(listing.price),
      city: LYON.city,
      postalCode: LYON.postalCode,
      latitude: String(LYON.latitude),
      longitude: String(LYON.longitude),
      euroNorm: "Euro 5",
      inspectionDate: "2025-01-15",
      inspectionResult: "favorable",
      ownerCount: "2",
    };
    const edited = await updateListing({ db: t.db, storage, userId: owner.id, listingId: listing.id, values });
    expect(edited.revisionPending).toBe(true);
    expect(await critairOf()).toBe(3);
    const before = await searchListings({ db: t.db, storage, filters: { critair: 2, brand: "Peugeot", model: "308" } });
    expect(before.items.map((i) => i.id)).not.toContain(listing.id);

    const moderator = await insertUser(t.db, { role: "moderator", canSignIn: false });
    const notifier: Notifier = { mailer: createOutboxMailer({ db: t.db, logger }), events: createEventBus(), logger, publicUrl: "http://occazio.test" };
    await validateRevision({ db: t.db, viewer: moderator, listingId: listing.id, notifier });
    expect(await critairOf()).toBe(2);
    const after = await searchListings({ db: t.db, storage, filters: { critair: 2, brand: "Peugeot", model: "308" } });
    expect(after.items.map((i) => i.id)).toContain(listing.id);
    const form = await getListingForEdit({ db: t.db, storage, userId: owner.id, listingId: listing.id });
    expect(form).toMatchObject({ euroNorm: "Euro 5", inspectionDate: "2025-01-15", inspectionResult: "favorable", ownerCount: 2 });
  });

  it("refuses, in French and changing nothing, 'Non requis' for a vehicle over 4 years old", async () => {
    const owner = await insertUser(t.db, { canSignIn: false });
    const listing = await insertListing(t.db, owner.id, { brand: "Renault", model: "Clio", firstRegistration: "03/2012", year: 2012, place: LYON, status: "published", publishedAt: new Date() });
    const before = JSON.stringify(await t.db.select().from(listings).where(eq(listings.id, listing.id)));
    const values = { brand: "Renault", model: "Clio", price: String(listing.price), city: LYON.city, postalCode: LYON.postalCode, latitude: "45.77", longitude: "4.83", inspectionResult: "not_required" };
    await expect(updateListing({ db: t.db, storage, userId: owner.id, listingId: listing.id, values })).rejects.toMatchObject({
      code: "invalid",
      details: {
        fieldErrors: {
          inspectionResult: "Le contrôle technique est obligatoire pour un véhicule de plus de 4 ans : indiquez la date et le résultat du dernier contrôle.",
        },
      },
    });
    expect(JSON.stringify(await t.db.select().from(listings).where(eq(listings.id, listing.id)))).toBe(before);
  });
});

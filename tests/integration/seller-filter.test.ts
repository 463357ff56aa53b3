import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings, proProfiles, savedSearches, savedSearchNotices } from "~/db/schema";
import { EARTH_RADIUS_KM } from "~/features/places/geo";
import { CLOSED_ALL_WEEK } from "~/features/pro/opening-hours";
import { listSavedSearches, openSavedSearch } from "~/features/saved-searches/manage-saved-searches.server";
import { recordSearchMatches } from "~/features/saved-searches/match-saved-searches.server";
import { saveSearch } from "~/features/saved-searches/save-search.server";
import { parseSearchParams } from "~/features/search/parse-search-params";
import { searchListings } from "~/features/search/search-listings.server";
import { searchMapPoints } from "~/features/search/search-map.server";
import { searchHref, type SearchFilters } from "~/features/search/search-params";
import { createLocalStorage } from "~/server/storage.server";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * Issue 33: 'Vendeur : Particulier / Professionnel' (`seller=private|pro`). What /recherche,
 * its map and saved searches find must be exactly the published listings of that kind of
 * seller, counted here directly from the rows (not through the search's own WHERE), whatever
 * the other filters and whichever path counts them (facet table, capped count, a circle).
 */
const storage = createLocalStorage("/tmp/occazio-seller-filter-tests");
let t: TestDatabase;
let dealer: string;
let privates: string[];

const LYON = { city: "Lyon 1er", postalCode: "69001", latitude: 45.767, longitude: 4.834 };
const VILLEURBANNE = { city: "Villeurbanne", postalCode: "69100", latitude: 45.771, longitude: 4.89 };
const PARIS = { city: "Paris 11e", postalCode: "75011", latitude: 48.859, longitude: 2.38 };
const LYON_CENTRE = { latitude: 45.767, longitude: 4.834 };

async function becomePro(userId: string, slug: string) {
  await t.db.insert(proProfiles).values({
    userId,
    slug,
    companyName: `Garage ${slug}`,
    siret: "73282932000074",
    addressLine: "1 rue de la République",
    postalCode: "69001",
    city: "Lyon",
    phone: "0472000000",
    openingHours: CLOSED_ALL_WEEK,
  });
}

function km(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The number of published listings of that seller kind matching the filters, from the rows themselves. */
async function directCount(filters: SearchFilters): Promise<number> {
  const rows = await t.db
    .select({
      status: listings.status,
      sellerKind: listings.sellerKind,
      brand: listings.brand,
      model: listings.model,
      fuel: listings.fuel,
      price: listings.price,
      latitude: listings.latitude,
      longitude: listings.longitude,
    })
    .from(listings);
  return rows.filter(
    (r) =>
      r.status === "published" &&
      (!filters.seller || r.sellerKind === filters.seller) &&
      (!filters.brand || r.brand === filters.brand) &&
      (!filters.model || r.model === filters.model) &&
      (!filters.fuel || r.fuel === filters.fuel) &&
      (filters.priceMax === undefined || (r.price ?? Infinity) <= filters.priceMax) &&
      (!filters.postalCode ||
        (r.latitude !== null && r.longitude !== null && km(LYON_CENTRE, { latitude: r.latitude, longitude: r.longitude }) <= (filters.radius ?? 100))),
  ).length;
}

const COMBINATIONS: SearchFilters[] = [
  {},
  { brand: "Peugeot" },
  { brand: "Peugeot", model: "208" },
  { fuel: "Diesel" },
  { priceMax: 15_000 },
  { postalCode: "69001", radius: 20 },
  { brand: "Peugeot", postalCode: "69001", radius: 50 },
  { brand: "Renault", model: "Clio", fuel: "Essence", priceMax: 15_000, postalCode: "69001", radius: 50 },
  { fuel: "Diesel", sort: "price_asc" },
];

/** For every combination × 'Tous' / private / pro: what the page, its count and the map say, against the rows. */
async function expectEveryCombinationTrue() {
  const shown: string[] = [];
  const real: string[] = [];
  for (const base of COMBINATIONS) {
    for (const seller of [undefined, "private", "pro"] as const) {
      const filters: SearchFilters = { ...base, ...(seller ? { seller } : {}) };
      const result = await searchListings({ db: t.db, storage, filters });
      const map = await searchMapPoints({ db: t.db, filters });
      const kinds = result.items.length
        ? await t.db.select({ id: listings.id, kind: listings.sellerKind }).from(listings)
        : [];
      const kindOf = new Map(kinds.map((k) => [k.id, k.kind]));
      const wrongCards = result.items.filter((item) => seller && kindOf.get(item.id) !== seller).length;
      const wrongPoints = map.points.filter(([id]) => seller && kindOf.size && kindOf.get(id) !== seller).length;
      const label = JSON.stringify(filters);
      shown.push(`${label} → ${result.total} (cards ${result.items.length}, map ${map.points.length}, wrong ${wrongCards + wrongPoints})`);
      const n = await directCount(filters);
      real.push(`${label} → ${n} (cards ${Math.min(n, 24)}, map ${n}, wrong 0)`);
    }
  }
  expect(shown).toEqual(real);
}

beforeAll(async () => {
  t = await createTestDatabase({ withPlaces: true });
  dealer = (await insertUser(t.db, { canSignIn: false })).id;
  await becomePro(dealer, "garage-du-rhone");
  privates = [];
  for (let i = 0; i < 3; i++) privates.push((await insertUser(t.db, { canSignIn: false })).id);
  const published = { status: "published" as const, publishedAt: new Date() };
  const cars = [
    { brand: "Peugeot", model: "208", fuel: "Essence", price: 12_000, place: LYON },
    { brand: "Peugeot", model: "208", fuel: "Diesel", price: 9_000, place: VILLEURBANNE },
    { brand: "Peugeot", model: "3008", fuel: "Diesel", price: 24_000, place: PARIS },
    { brand: "Renault", model: "Clio", fuel: "Essence", price: 11_000, place: LYON },
    { brand: "Renault", model: "Clio", fuel: "Essence", price: 18_000, place: VILLEURBANNE },
    { brand: "Renault", model: "Captur", fuel: "Diesel", price: 16_000, place: PARIS },
  ];
  // The dealer sells every car of the list twice; each private person one or two of them.
  for (const car of [...cars, ...cars]) await insertListing(t.db, dealer, { ...car, ...published });
  for (const [i, car] of cars.entries()) await insertListing(t.db, privates[i % 3]!, { ...car, ...published });
  // Neither drafts, nor listings awaiting moderation, nor sold ones count.
  await insertListing(t.db, dealer, { ...cars[0]!, status: "pending" });
  await insertListing(t.db, privates[0]!, { ...cars[3]!, status: "draft" });
  await insertListing(t.db, privates[1]!, { ...cars[1]!, status: "sold", publishedAt: new Date() });
});
afterAll(async () => {
  await t?.close();
});

describe(`seller=private|pro (${process.env.TEST_DB_ENGINE})`, () => {
  it("finds exactly the published listings of that kind of seller, with every other filter, on the page, in its count and on the map", async () => {
    expect(await directCount({ seller: "pro" })).toBe(12);
    expect(await directCount({ seller: "private" })).toBe(6);
    await expectEveryCombinationTrue();
  });

  it("stays exact when a private seller becomes a professional and when listings are published, sold or deleted", async () => {
    await becomePro(privates[0]!, "garage-de-la-saone");
    await expectEveryCombinationTrue();
    const added = await insertListing(t.db, privates[1]!, {
      brand: "Peugeot",
      model: "208",
      fuel: "Diesel",
      price: 8_000,
      place: LYON,
      status: "pending",
    });
    await t.db.update(listings).set({ status: "published", publishedAt: new Date() }).where(eq(listings.id, added.id));
    await expectEveryCombinationTrue();
    await t.db.update(listings).set({ status: "sold" }).where(eq(listings.id, added.id));
    await expectEveryCombinationTrue();
    const [someProListing] = await t.db.select({ id: listings.id }).from(listings).where(eq(listings.ownerId, dealer)).limit(1);
    await t.db.delete(listings).where(eq(listings.id, someProListing!.id));
    await expectEveryCombinationTrue();
  });

  it("survives the URL: seller=pro is read, written back in canonical order, and a bad value is ignored", async () => {
    const parsed = parseSearchParams(new URLSearchParams("seller=pro&brand=peugeot&postalCode=69001&radius=50"));
    expect(searchHref(parsed.filters)).toBe("/recherche?brand=Peugeot&postalCode=69001&radius=50&seller=pro");
    const ignored = parseSearchParams(new URLSearchParams("seller=revendeur&brand=Peugeot"));
    expect(ignored.filters.seller).toBeUndefined();
    const all = await searchListings({ db: t.db, storage, filters: ignored.filters });
    expect(all.total).toBe(await directCount({ brand: "Peugeot" }));
  });

  it("a saved search with seller=pro alerts on professionals' new listings only, and 'Mes recherches' counts them", async () => {
    const buyer = await insertUser(t.db, { canSignIn: false });
    const saved = await saveSearch({ db: t.db, userId: buyer.id, query: "seller=pro&brand=Peugeot" });
    const [row] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, saved.id));
    expect(row).toMatchObject({ query: "brand=Peugeot&seller=pro", sellerKind: "pro" });
    expect(saved.name).toBe("Peugeot · Professionnel");
    const privateSaved = await saveSearch({ db: t.db, userId: buyer.id, query: "brand=Peugeot&seller=private" });
    expect(privateSaved.name).toBe("Peugeot · Particulier");

    const publish = async (owner: string) => {
      const listing = await insertListing(t.db, owner, {
        brand: "Peugeot",
        model: "2008",
        fuel: "Essence",
        price: 14_000,
        place: LYON,
        status: "published",
        publishedAt: new Date(),
      });
      await recordSearchMatches({ db: t.db, listingId: listing.id });
      return listing.id;
    };
    const fromDealer = await publish(dealer);
    const fromPrivate = await publish(privates[2]!);
    const notices = async (savedSearchId: string) =>
      (await t.db.select().from(savedSearchNotices).where(eq(savedSearchNotices.savedSearchId, savedSearchId))).map((n) => n.listingId);
    expect(await notices(saved.id)).toEqual([fromDealer]);
    expect(await notices(privateSaved.id)).toEqual([fromPrivate]);

    const list = await listSavedSearches({ db: t.db, userId: buyer.id });
    const mine = list.find((s) => s.id === saved.id)!;
    expect(mine.badges.map((b) => b.label)).toEqual(["Marque : Peugeot", "Vendeur : Professionnel"]);
    expect(mine.matchCount).toBe(await directCount({ brand: "Peugeot", seller: "pro" }));
    expect(list.find((s) => s.id === privateSaved.id)!.matchCount).toBe(await directCount({ brand: "Peugeot", seller: "private" }));
    expect(await openSavedSearch({ db: t.db, userId: buyer.id, id: saved.id })).toEqual({
      id: saved.id,
      url: "/recherche?brand=Peugeot&seller=pro",
    });
  });
});

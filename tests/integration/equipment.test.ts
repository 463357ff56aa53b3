import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings, savedSearches, savedSearchNotices } from "~/db/schema";
import { validateRevision } from "~/features/moderation/listing-revisions.server";
import type { Notifier } from "~/features/moderation/moderator.server";
import { getListingDetail } from "~/features/listings/listing-detail.server";
import { updateListing } from "~/features/publish/update-listing.server";
import { recordSearchMatches } from "~/features/saved-searches/match-saved-searches.server";
import { saveSearch } from "~/features/saved-searches/save-search.server";
import { interpretQuery } from "~/features/search/interpret-query.server";
import { parseSearchParams } from "~/features/search/parse-search-params";
import { searchListings } from "~/features/search/search-listings.server";
import { searchMapPoints } from "~/features/search/search-map.server";
import { searchHref, type SearchFilters } from "~/features/search/search-params";
import { refreshAllMarketPrices } from "~/features/pricing/refresh-all-market-prices.server";
import { priceGuidanceFor } from "~/features/pricing/price-guidance.server";
import { guidanceLevel } from "~/features/pricing/price-guidance";
import { createEventBus } from "~/server/events.server";
import { createLogger } from "~/server/logger.server";
import { createOutboxMailer } from "~/server/mailer.server";
import { createLocalStorage } from "~/server/storage.server";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * Issue 34, second slice (decision 0043): `equipment=a,b` finds exactly the published listings
 * that have every item asked — counted here from the rows, not through the search's WHERE — on
 * the page, its count and the map, alone and with other filters; saved searches alert on it;
 * the free text 'clio gps camera' becomes the filters; edits of a published listing's
 * equipment wait for a moderator.
 */
const storage = createLocalStorage("/tmp/occazio-equipment-tests");
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

const CARS: { brand: string; model: string; equipment: string[]; price: number; place: typeof LYON }[] = [
  { brand: "Renault", model: "Clio", equipment: ["gps", "camera-de-recul", "bluetooth"], price: 9_500, place: LYON },
  { brand: "Renault", model: "Clio", equipment: ["gps"], price: 8_000, place: PARIS },
  { brand: "Renault", model: "Clio", equipment: ["camera-de-recul"], price: 10_500, place: LYON },
  { brand: "Renault", model: "Clio", equipment: [], price: 6_000, place: LYON },
  { brand: "Peugeot", model: "3008", equipment: ["gps", "camera-de-recul", "attelage", "toit-panoramique"], price: 24_000, place: PARIS },
  { brand: "Peugeot", model: "3008", equipment: ["gps", "attelage"], price: 19_000, place: LYON },
  { brand: "Peugeot", model: "208", equipment: ["apple-carplay", "android-auto", "gps"], price: 13_000, place: LYON },
  { brand: "Dacia", model: "Sandero", equipment: ["climatisation-manuelle"], price: 7_000, place: PARIS },
];

async function directCount(filters: SearchFilters): Promise<number> {
  const rows = await t.db.select().from(listings);
  return rows.filter((r) => {
    if (r.status !== "published") return false;
    if (filters.equipment && !filters.equipment.every((slug) => r.equipment.includes(slug))) return false;
    if (filters.brand && r.brand !== filters.brand) return false;
    if (filters.priceMax !== undefined && (r.price ?? Infinity) > filters.priceMax) return false;
    if (filters.postalCode && r.postalCode !== filters.postalCode) return false;
    return true;
  }).length;
}

const EQUIPMENT_ASKED: (string[] | undefined)[] = [undefined, ["gps"], ["camera-de-recul", "gps"], ["attelage", "gps"], ["android-auto", "apple-carplay"], ["toit-ouvrant"]];
const COMBINATIONS: SearchFilters[] = [{}, { brand: "Renault" }, { priceMax: 12_000 }, { postalCode: "69001", radius: 10 }, { brand: "Peugeot", sort: "price_asc" }];

describe(`equipment=a,b: the listing has all of them (${process.env.TEST_DB_ENGINE})`, () => {
  beforeAll(async () => {
    const published = { status: "published" as const, publishedAt: new Date() };
    for (const car of CARS) await insertListing(t.db, seller, { ...car, ...published });
    // Never shown: awaiting moderation, sold.
    await insertListing(t.db, seller, { ...CARS[0]!, status: "pending" });
    await insertListing(t.db, seller, { ...CARS[4]!, status: "sold", publishedAt: new Date() });
  });

  it("finds exactly the published listings with every item asked, with other filters, on the page, its count and the map", async () => {
    expect(await directCount({ equipment: ["gps"] })).toBe(5);
    expect(await directCount({ equipment: ["camera-de-recul", "gps"] })).toBe(2);
    const shown: string[] = [];
    const real: string[] = [];
    for (const base of COMBINATIONS) {
      for (const equipment of EQUIPMENT_ASKED) {
        const filters: SearchFilters = { ...base, ...(equipment ? { equipment } : {}) };
        const result = await searchListings({ db: t.db, storage, filters });
        const map = await searchMapPoints({ db: t.db, filters });
        const label = JSON.stringify(filters);
        shown.push(`${label} → ${result.total}${result.totalCapped ? "+" : ""} (cards ${result.items.length}, map ${map.points.length})`);
        const n = await directCount(filters);
        real.push(`${label} → ${n} (cards ${n}, map ${n})`);
      }
    }
    expect(shown).toEqual(real);
  });

  it("survives the URL: read and written back in canonical order; an unknown item is named and dropped", async () => {
    const parsed = parseSearchParams(new URLSearchParams("equipment=gps,camera-de-recul,gps&brand=renault"));
    expect(parsed.errors).toEqual([]);
    expect(searchHref(parsed.filters)).toBe("/recherche?brand=Renault&equipment=camera-de-recul%2Cgps");
    const malformed = parseSearchParams(new URLSearchParams("equipment=gps,Jacuzzi!"));
    expect(malformed.filters.equipment).toEqual(["gps"]);
    expect(malformed.errors).toEqual(["Équipement inconnu ignoré : « Jacuzzi! »."]);
    // A well-formed item outside the vocabulary is dropped by the server: the search is the one without it.
    const unknown = await searchListings({ db: t.db, storage, filters: { equipment: ["gps", "jacuzzi"] } });
    expect(unknown.total).toBe(await directCount({ equipment: ["gps"] }));
  });

  it("the free text 'clio gps camera' becomes brand, model and equipment, and finds what the filters find", async () => {
    const { filters, changed } = await interpretQuery({ db: t.db, filters: { q: "clio gps camera" } });
    expect(changed).toBe(true);
    expect(filters).toMatchObject({ brand: "Renault", model: "Clio", equipment: ["camera-de-recul", "gps"] });
    expect(filters.q).toBeUndefined();
    const result = await searchListings({ db: t.db, storage, filters });
    expect(result.total).toBe(1);
    expect(result.total).toBe(await directCount({ brand: "Renault", equipment: ["camera-de-recul", "gps"] }));
  });

  it("a saved search with equipment alerts on new listings having all of it, and is named after it", async () => {
    const buyer = await insertUser(t.db, { canSignIn: false });
    await expect(saveSearch({ db: t.db, userId: buyer.id, query: "equipment=jacuzzi" })).rejects.toMatchObject({
      code: "invalid",
      message: "Équipement inconnu : « jacuzzi ».",
    });
    const saved = await saveSearch({ db: t.db, userId: buyer.id, query: "equipment=gps,attelage&brand=Peugeot" });
    const [row] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, saved.id));
    expect(row).toMatchObject({ query: "brand=Peugeot&equipment=attelage%2Cgps", equipment: ["attelage", "gps"] });
    expect(saved.name).toBe("Peugeot · Attelage + GPS / navigation");
    const publish = async (equipment: string[]) => {
      const listing = await insertListing(t.db, seller, { brand: "Peugeot", model: "5008", equipment, place: LYON, status: "published", publishedAt: new Date() });
      await recordSearchMatches({ db: t.db, listingId: listing.id });
      return listing.id;
    };
    const both = await publish(["gps", "attelage", "camera-de-recul"]);
    const one = await publish(["gps"]);
    const none = await publish([]);
    const notices = await t.db.select().from(savedSearchNotices).where(eq(savedSearchNotices.savedSearchId, saved.id));
    expect(notices.map((n) => n.listingId)).toEqual([both]);
    expect(notices.map((n) => n.listingId)).not.toContain(one);
    expect(notices.map((n) => n.listingId)).not.toContain(none);
  });
});

describe(`editing the equipment and facts of a published listing (${process.env.TEST_DB_ENGINE})`, () => {
  it("waits for a moderator, then the page shows them grouped and the filter finds it", async () => {
    const owner = await insertUser(t.db, { canSignIn: false });
    const listing = await insertListing(t.db, owner.id, { brand: "Skoda", model: "Octavia", equipment: [], place: LYON, status: "published", publishedAt: new Date() });
    const histovec = "https://histovec.interieur.gouv.fr/histovec/report?id=k2Hc9ZJpXq1YtWm3oLbV8sN4rD7eF0gA5uI6yT2wQxE%3D&key=Zx8-Qe_4Lr9tYb2Nc7Vm1Kp3Hs5Jd0Fg";
    const values = {
      brand: "Skoda",
      model: "Octavia",
      price: String(listing.price),
      city: LYON.city,
      postalCode: LYON.postalCode,
      latitude: String(LYON.latitude),
      longitude: String(LYON.longitude),
      equipment: "attelage,gps,sieges-chauffants",
      serviceHistory: "oui",
      nonSmoker: "oui",
      warrantyMonths: "12",
      warrantyKind: "",
      histovecUrl: histovec,
    };
    const edited = await updateListing({ db: t.db, storage, userId: owner.id, listingId: listing.id, values });
    expect(edited.revisionPending).toBe(true);
    expect(edited.equipment).toEqual(["sieges-chauffants", "gps", "attelage"]);
    const find = () => searchListings({ db: t.db, storage, filters: { brand: "Skoda", equipment: ["attelage"] } });
    expect((await find()).items.map((i) => i.id)).not.toContain(listing.id);

    const moderator = await insertUser(t.db, { role: "moderator", canSignIn: false });
    const notifier: Notifier = { mailer: createOutboxMailer({ db: t.db, logger }), events: createEventBus(), logger, publicUrl: "http://occazio.test" };
    await validateRevision({ db: t.db, viewer: moderator, listingId: listing.id, notifier });
    expect((await find()).items.map((i) => i.id)).toContain(listing.id);

    const detail = await getListingDetail({ db: t.db, storage, listingId: listing.id, viewer: null });
    expect(detail.equipment).toEqual([
      { label: "Confort", items: ["Sièges chauffants"] },
      { label: "Multimédia", items: ["GPS / navigation"] },
      { label: "Extérieur", items: ["Attelage"] },
    ]);
    // 'Caractéristiques' (and the comparison's rows): the facts, then every equipment group.
    expect(detail.moreFacts).toEqual([
      ["Carnet d'entretien à jour", "Oui"],
      ["Garantie", "12 mois"],
      ["Véhicule non fumeur", "Oui"],
      ["Équipements : Confort", "Sièges chauffants"],
      ["Équipements : Sécurité et aide à la conduite", null],
      ["Équipements : Multimédia", "GPS / navigation"],
      ["Équipements : Extérieur", "Attelage"],
    ]);
    expect(detail.histovecUrl).toBe(histovec);
  });

  it("refuses a private seller's 'Garantie constructeur' and a link that is not HistoVec's, in French, changing nothing", async () => {
    const owner = await insertUser(t.db, { canSignIn: false });
    const listing = await insertListing(t.db, owner.id, { brand: "Skoda", model: "Fabia", place: LYON, status: "published", publishedAt: new Date() });
    const before = JSON.stringify(await t.db.select().from(listings).where(eq(listings.id, listing.id)));
    const values = {
      brand: "Skoda",
      model: "Fabia",
      price: String(listing.price),
      city: LYON.city,
      postalCode: LYON.postalCode,
      latitude: "45.77",
      longitude: "4.83",
      warrantyMonths: "24",
      warrantyKind: "constructeur",
      histovecUrl: "https://histovec.example.com/histovec/report?id=abcdefghij&key=abcdefghij",
    };
    await expect(updateListing({ db: t.db, storage, userId: owner.id, listingId: listing.id, values })).rejects.toMatchObject({
      code: "invalid",
      details: { fieldErrors: { histovecUrl: expect.stringMatching(/^Collez le lien de partage du rapport HistoVec/) } },
    });
    await expect(
      updateListing({ db: t.db, storage, userId: owner.id, listingId: listing.id, values: { ...values, histovecUrl: "" } }),
    ).rejects.toMatchObject({
      details: { fieldErrors: { warrantyKind: "Seul un vendeur professionnel peut indiquer une garantie constructeur ou professionnelle." } },
    });
    expect(JSON.stringify(await t.db.select().from(listings).where(eq(listings.id, listing.id)))).toBe(before);
  });
});

describe(`the seller's price guidance (${process.env.TEST_DB_ENGINE})`, () => {
  it("gives the range buyers' ratings use for the car described, and the label of a typed price; too few comparables: no range", async () => {
    const owner = await insertUser(t.db, { canSignIn: false });
    for (let i = 0; i < 12; i++) {
      await insertListing(t.db, owner.id, {
        brand: "Citroën",
        model: "C4",
        year: 2019,
        firstRegistration: "03/2019",
        fuel: "Diesel",
        gearbox: "Manuelle",
        mileage: 60_000 + i * 5_000,
        price: 11_000 + (i % 4) * 600 - i * 60,
        place: LYON,
        status: "published",
        publishedAt: new Date(),
      });
    }
    await refreshAllMarketPrices({ db: t.db });
    const car = { brand: "Citroën", model: "C4", year: 2019, mileage: 80_000, fuel: "Diesel", gearbox: "Manuelle" };
    const guidance = await priceGuidanceFor(t.db, car);
    expect(guidance?.comparables).toBe(12);
    const estimate = guidance!.estimate!;
    expect(estimate.low).toBeGreaterThan(8_000);
    expect(estimate.high).toBeLessThan(14_000);
    expect(estimate.low % 50).toBe(0);
    // The same range as the SQL rating of a listing of this car (market_price_rate).
    const twin = await insertListing(t.db, owner.id, { ...car, firstRegistration: "03/2019", price: 10_000, place: LYON, status: "published", publishedAt: new Date() });
    const [rated] = await t.db.select().from(listings).where(eq(listings.id, twin.id));
    expect([rated!.priceEstimateLow, rated!.priceEstimateHigh]).toEqual([estimate.low, estimate.high]);
    expect(guidanceLevel(Math.round(Math.sqrt(estimate.low * estimate.high)), estimate)).toBe(3);
    expect(guidanceLevel(Math.round(estimate.low * 0.8), estimate)).toBeLessThanOrEqual(2);
    expect(guidanceLevel(Math.round(estimate.high * 1.3), estimate)).toBeGreaterThanOrEqual(4);
    expect(rated!.priceLevel).toBe(guidanceLevel(10_000, estimate));

    const rare = await priceGuidanceFor(t.db, { ...car, brand: "Lancia", model: "Thema" });
    expect(rare).toMatchObject({ comparables: 0, estimate: null });
    expect(await priceGuidanceFor(t.db, { ...car, mileage: null })).toBeNull();
  });
});

/**
 * Market price rating (issue 14, decision 0015): levels on a synthetic market with a known price
 * curve, the rating following a price change and a listing leaving, too few comparables, and
 * the estimate on the demo data.
 */
import os from "node:os";
import path from "node:path";
import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appMeta, listings, marketPriceDirty, marketPriceModels } from "~/db/schema";
import { seedDemoData } from "~/features/demo/demo-seed.server";
import { deleteListing, markListingSold } from "~/features/hosting/hosting.server";
import { getListingDetail } from "~/features/listings/listing-detail.server";
import { logEstimate } from "~/features/pricing/market-fit";
import { getListingPriceRating } from "~/features/pricing/listing-price-rating.server";
import { refreshAllMarketPrices } from "~/features/pricing/refresh-all-market-prices.server";
import { refreshDirtyModels } from "~/features/pricing/refresh-dirty-models.server";
import { FULL_REFIT_CLAIM_KEY, FULL_REFIT_HOURS, refreshMarketPrices } from "~/features/pricing/refresh-market-prices.server";
import { updateListing } from "~/features/publish/update-listing.server";
import { listModerationQueue } from "~/features/moderation/list-moderation-queue.server";
import { toSearchParams } from "~/features/search/search-params";
import { parseSearchParams } from "~/features/search/parse-search-params";
import { searchListings } from "~/features/search/search-listings.server";
import { buildListing } from "~/testing/builders";
import { insertUser } from "~/testing/inserters.server";
import { createLocalStorage } from "~/server/storage.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

const storage = createLocalStorage(path.join(os.tmpdir(), "occazio-market-price-tests"));
const engine = process.env.TEST_DB_ENGINE;
const YEAR = new Date().getFullYear();

/** The synthetic market's true price: 9 % a year, 2.5 % per 10 000 km, a Diesel premium of 6 %. */
const P0: Record<string, number> = { "208": 22_000, Clio: 20_000, "3008": 36_000 };
function truePrice(model: string, year: number, mileage: number, fuel: string): number {
  return P0[model]! * Math.exp(-0.09 * (YEAR - year) - 0.025 * (mileage / 10_000) + (fuel === "Diesel" ? 0.06 : 0));
}

/** A deterministic pseudo-random stream (mulberry32) and normal draws (Box–Muller). */
function random(seed: number) {
  let a = seed;
  const uniform = () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const normal = () => Math.sqrt(-2 * Math.log(uniform() || 1e-12)) * Math.cos(2 * Math.PI * uniform());
  return { uniform, normal };
}

let t: TestDatabase;
let sellerId: string;

async function insertMarket(model: string, count: number, seed: number) {
  const rnd = random(seed);
  const brand = model === "Clio" ? "Renault" : "Peugeot";
  const rows = Array.from({ length: count }, () => {
    const year = YEAR - 1 - Math.floor(rnd.uniform() * 10);
    const mileage = Math.round(((YEAR - year) * (8_000 + rnd.uniform() * 10_000)) / 100) * 100;
    const fuel = rnd.uniform() < 0.4 ? "Diesel" : "Essence";
    const price = Math.round(truePrice(model, year, mileage, fuel) * Math.exp(0.06 * rnd.normal()));
    return { ...buildListing({ brand, model, year, mileage, fuel, gearbox: "Manuelle", price }), ownerId: sellerId };
  });
  return t.db.insert(listings).values(rows).returning();
}

beforeAll(async () => {
  t = await createTestDatabase({ withPlaces: true });
  sellerId = (await insertUser(t.db, {})).id;
  await insertMarket("208", 60, 1);
  await insertMarket("Clio", 50, 2);
  await insertMarket("3008", 40, 3);
  await refreshAllMarketPrices({ db: t.db });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** What the detail page shows: the listing as read for it, then its rating and chart. */
async function ratingOf(listingId: string, viewer: { id: string; role: string } | null = null) {
  const listing = await getListingDetail({ db: t.db, storage, listingId, viewer });
  return getListingPriceRating({ db: t.db, listing });
}

async function modelRow(brand: string, model: string) {
  const [row] = await t.db
    .select()
    .from(marketPriceModels)
    .where(and(eq(marketPriceModels.brand, brand), eq(marketPriceModels.model, model)));
  return row!;
}

async function listing(id: string) {
  const [row] = await t.db.select().from(listings).where(eq(listings.id, id));
  return row!;
}

describe(`market price rating (${engine})`, () => {
  it("recovers the synthetic market's price curve", async () => {
    const m = await modelRow("Peugeot", "208");
    expect(m.sampleCount).toBe(60);
    // Age slope and mileage slope of the true curve (the quadratic term absorbs little).
    const fiveYears = logEstimate(m, { year: YEAR - 5, mileage: 60_000, fuel: "Essence", gearbox: "Manuelle" });
    const truth = Math.log(truePrice("208", YEAR - 5, 60_000, "Essence"));
    expect(Math.abs(fiveYears - truth)).toBeLessThan(0.05);
    expect(m.kmSlope).toBeGreaterThan(-0.045);
    expect(m.kmSlope).toBeLessThan(-0.005);
    expect(m.sigma).toBeGreaterThan(0.04);
    expect(m.sigma).toBeLessThan(0.1);
    const clio = await modelRow("Renault", "Clio");
    const clioEstimate = logEstimate(clio, { year: YEAR - 3, mileage: 40_000, fuel: "Diesel", gearbox: "Manuelle" });
    expect(Math.abs(clioEstimate - Math.log(truePrice("Clio", YEAR - 3, 40_000, "Diesel")))).toBeLessThan(0.06);
  });

  it("gives the five levels from the price against the estimate, at once on publication", async () => {
    const m = await modelRow("Peugeot", "208");
    const vehicle = { year: YEAR - 4, mileage: 50_000, fuel: "Essence", gearbox: "Manuelle" };
    const estimate = Math.exp(logEstimate(m, vehicle));
    const levels: (number | null)[] = [];
    for (const k of [-2.2, -1.1, 0, 1.1, 2.2]) {
      const price = Math.round(estimate * Math.exp(k * m.sigma));
      const [row] = await t.db
        .insert(listings)
        .values({ ...buildListing({ brand: "Peugeot", model: "208", ...vehicle, price }), ownerId: sellerId })
        .returning();
      levels.push(row!.priceLevel);
      expect(row!.priceComparables).toBe(60);
      expect(row!.priceEstimateLow).toBeLessThan(estimate);
      expect(row!.priceEstimateHigh).toBeGreaterThan(estimate);
    }
    expect(levels).toEqual([1, 2, 3, 4, 5]);
    // The five new listings marked the model for a refit; the refresh takes them in.
    await refreshDirtyModels({ db: t.db });
    expect(await t.db.select().from(marketPriceDirty)).toEqual([]);
    expect((await modelRow("Peugeot", "208")).sampleCount).toBe(65);
  });

  it("rates a listing again when its seller changes the price, and clears the rating when it leaves", async () => {
    const seller = await insertUser(t.db, {});
    const m = await modelRow("Renault", "Clio");
    const vehicle = { year: YEAR - 2, mileage: 30_000, fuel: "Essence", gearbox: "Manuelle" };
    const estimate = Math.exp(logEstimate(m, vehicle));
    const [own] = await t.db
      .insert(listings)
      .values({
        ...buildListing({ brand: "Renault", model: "Clio", ...vehicle, price: Math.round(estimate) }),
        ownerId: seller.id,
      })
      .returning();
    expect(own!.priceLevel).toBe(3);
    await refreshDirtyModels({ db: t.db });
    const before = await listing(own!.id);
    expect(before.priceComparables).toBe(50);

    await updateListing({
      db: t.db,
      storage,
      userId: seller.id,
      listingId: own!.id,
      values: {
        brand: "Renault",
        model: "Clio",
        price: String(Math.round(estimate * 0.7)),
        description: before.description,
        mileage: String(before.mileage),
        postalCode: before.postalCode,
        city: before.city,
        latitude: String(before.latitude),
        longitude: String(before.longitude),
      },
    });
    const repriced = await listing(own!.id);
    expect(repriced.price).toBe(Math.round(estimate * 0.7));
    expect(repriced.priceLevel).toBe(1);
    expect(repriced.priceComparables).toBe(50);

    // Another Clio is sold: it loses its rating, and the others now have one comparable fewer.
    const [other] = await t.db
      .select()
      .from(listings)
      .where(and(eq(listings.model, "Clio"), eq(listings.ownerId, sellerId)))
      .limit(1);
    await t.db.update(listings).set({ ownerId: seller.id }).where(eq(listings.id, other!.id));
    await markListingSold({ db: t.db, userId: seller.id, listingId: other!.id });
    const sold = await listing(other!.id);
    expect(sold.priceLevel).toBeNull();
    expect(sold.priceComparables).toBeNull();
    await refreshDirtyModels({ db: t.db });
    expect((await listing(own!.id)).priceComparables).toBe(49);

    await deleteListing({ db: t.db, userId: seller.id, listingId: own!.id });
    expect((await listing(own!.id)).priceLevel).toBeNull();
    await refreshDirtyModels({ db: t.db });
    expect((await modelRow("Renault", "Clio")).sampleCount).toBe(49);
  });

  it("gives no level below five comparables, and says how many there are", async () => {
    const rows = await t.db
      .insert(listings)
      .values(
        [0, 1, 2, 3, 4].map((i) => ({
          ...buildListing({
            brand: "Alpine",
            model: "A110",
            year: YEAR - 2 - i,
            mileage: 10_000 + i * 5_000,
            price: 50_000 - i * 2_000,
          }),
          ownerId: sellerId,
        })),
      )
      .returning();
    await refreshDirtyModels({ db: t.db });
    const rating = await ratingOf(rows[0]!.id);
    expect(rating).toMatchObject({ level: null, comparables: 4, estimateLow: null, estimateHigh: null });
    // A sixth listing: now each has five others.
    const [sixth] = await t.db
      .insert(listings)
      .values({
        ...buildListing({ brand: "Alpine", model: "A110", year: YEAR - 3, mileage: 20_000, price: 48_000 }),
        ownerId: sellerId,
      })
      .returning();
    expect(sixth!.priceComparables).toBe(5);
    expect(sixth!.priceLevel).not.toBeNull();
    await refreshDirtyModels({ db: t.db });
    const again = await ratingOf(rows[0]!.id);
    expect(again?.comparables).toBe(5);
    expect(again?.level).not.toBeNull();
    expect(again?.points.length).toBe(5);
  });

  it("charts the comparables within a few years of the listing, nearest in year first, and counts them all", async () => {
    const at = (year: number, price: number) => ({
      ...buildListing({ brand: "Lancia", model: "Ypsilon", year, mileage: (YEAR - year) * 12_000 + 1_000, price }),
      ownerId: sellerId,
    });
    const [own] = await t.db.insert(listings).values(at(YEAR - 8, 9_000)).returning();
    // Two within the window (one and three years apart), two far outside it (8 and 7 years newer).
    await t.db.insert(listings).values([at(YEAR - 5, 11_000), at(YEAR - 9, 8_000), at(YEAR, 19_000), at(YEAR - 1, 17_000)]);
    await refreshDirtyModels({ db: t.db });
    const rating = await ratingOf(own!.id);
    expect(rating?.comparables).toBe(4);
    expect(rating?.points.map((p) => p.year)).toEqual([YEAR - 9, YEAR - 5]);
    expect(rating?.self).toMatchObject({ year: YEAR - 8, price: 9_000 });
    // Not published: no rating section at all.
    await t.db.update(listings).set({ status: "sold" }).where(eq(listings.id, own!.id));
    expect(await ratingOf(own!.id, { id: sellerId, role: "user" })).toBeNull();
  });
});

describe(`the full batch with several processes (${engine})`, () => {
  const due = () => new Date(Date.now() + (FULL_REFIT_HOURS + 1) * 3600_000);
  const claim = async () => (await t.db.select().from(appMeta).where(eq(appMeta.key, FULL_REFIT_CLAIM_KEY)))[0];

  it("runs it once when every worker's refresher finds it due at the same moment, and releases its claim", async () => {
    const now = due();
    const results = await Promise.all([1, 2, 3].map(() => refreshMarketPrices({ db: t.db, now })));
    expect(results.filter((r) => r.full)).toHaveLength(1);
    expect(await claim()).toBeUndefined();
  });

  it("takes over the claim of a process that died during the batch, but not a live one", async () => {
    const now = due();
    await t.db.insert(appMeta).values({ key: FULL_REFIT_CLAIM_KEY, value: "another process", updatedAt: new Date() });
    expect((await refreshMarketPrices({ db: t.db, now })).full).toBe(false);
    expect((await claim())?.value).toBe("another process");
    await t.db
      .update(appMeta)
      .set({ updatedAt: new Date(Date.now() - 3 * 3600_000) })
      .where(eq(appMeta.key, FULL_REFIT_CLAIM_KEY));
    expect((await refreshMarketPrices({ db: t.db, now })).full).toBe(true);
    expect(await claim()).toBeUndefined();
  });
});

describe(`the rating in search and moderation (${engine})`, () => {
  it("filters 'Bonne affaire et mieux' and sorts 'Bonnes affaires d'abord' through canonical URLs", async () => {
    const parsed = parseSearchParams(new URLSearchParams("deals=oui&sort=deals&brand=peugeot"));
    expect(parsed.errors).toEqual([]);
    expect(toSearchParams(parsed.filters).toString()).toBe("brand=Peugeot&deals=1&sort=deals");
    expect(parseSearchParams(new URLSearchParams("deals=beaucoup")).errors).toHaveLength(1);

    const deals = await searchListings({ db: t.db, storage, filters: parsed.filters });
    expect(deals.total).toBeGreaterThan(0);
    const levels = await Promise.all(deals.items.map(async (item) => (await listing(item.id)).priceLevel));
    expect(levels.every((level) => level === 1 || level === 2)).toBe(true);
    expect(deals.items.every((item) => item.brand === "Peugeot")).toBe(true);
    expect(deals.items.map((item) => item.priceLevel)).toEqual(levels);

    const sorted = await searchListings({ db: t.db, storage, filters: { brand: "Peugeot", sort: "deals" } });
    const order = sorted.items.map((item) => item.priceLevel ?? 9);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order[0]).toBe(1);
  });

  it("checks a pending listing's price against the same market estimate", async () => {
    const moderator = await insertUser(t.db, { role: "moderator" });
    const m = await modelRow("Peugeot", "3008");
    const vehicle = { year: YEAR - 3, mileage: 40_000, fuel: "Essence", gearbox: "Manuelle" };
    const estimate = Math.exp(logEstimate(m, vehicle));
    const [pending] = await t.db
      .insert(listings)
      .values({
        ...buildListing({ brand: "Peugeot", model: "3008", ...vehicle, price: Math.round(estimate * 0.4) }),
        ownerId: sellerId,
        status: "pending",
        publishedAt: null,
        submittedAt: new Date(),
      })
      .returning();
    expect(pending!.priceLevel).toBeNull();
    const queue = await listModerationQueue({ db: t.db, storage, viewer: moderator });
    const item = queue.items.find((i) => i.id === pending!.id)!;
    expect(item.checks.priceOutlier).toBe(true);
    expect(item.checks.marketEstimate).toMatchObject({ level: 1, comparables: m.sampleCount });
    expect(item.checks.marketEstimate!.estimateLow).toBeLessThan(estimate);
    expect(item.checks.marketEstimate!.estimateHigh).toBeGreaterThan(estimate);
  });
});

describe(`market price rating on the demo data (${engine})`, () => {
  it("rates most demo listings, uses every level and centres on 'Prix correct'", { timeout: 300_000 }, async () => {
    const demo = await createTestDatabase({ withPlaces: true });
    try {
      await seedDemoData({
        db: demo.db,
        storage: createLocalStorage(path.join(os.tmpdir(), "occazio-market-demo")),
        listingCount: 320,
        password: "demo-integration-1",
      });
      const rated = await demo.db
        .select()
        .from(listings)
        .where(and(eq(listings.status, "published"), isNotNull(listings.priceLevel)));
      const published = await demo.db
        .select({ id: listings.id })
        .from(listings)
        .where(eq(listings.status, "published"));
      expect(rated.length / published.length).toBeGreaterThan(0.4);
      const counts = [1, 2, 3, 4, 5].map((level) => rated.filter((r) => r.priceLevel === level).length);
      for (const n of counts) expect(n).toBeGreaterThan(0);
      expect(Math.max(...counts)).toBe(counts[2]);
      // The estimate's middle sits near the asking prices: median |log(price / estimate)| below 25 %.
      const errors = rated
        .map((r) => Math.abs(Math.log(r.price! / Math.sqrt(r.priceEstimateLow! * r.priceEstimateHigh!))))
        .sort((a, b) => a - b);
      expect(errors[errors.length >> 1]).toBeLessThan(0.25);
    } finally {
      await demo.close();
    }
  });
});

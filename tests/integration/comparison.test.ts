import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comparisonItems, listings, places } from "~/db/schema";
import { COMPARE_FULL_MESSAGE, COMPARE_LIMIT, COMPARE_UNAVAILABLE_MESSAGE } from "~/features/compare/compare-ids";
import {
  addToComparison,
  clearComparison,
  getComparisonTray,
  mergeComparison,
  removeFromComparison,
} from "~/features/compare/comparison-tray.server";
import { getComparison } from "~/features/compare/get-comparison.server";
import { createLocalStorage } from "~/server/storage.server";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let t: TestDatabase;
const storage = createLocalStorage("/tmp/occazio-comparison-tests");
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

const stored = async (userId: string) =>
  (await t.db.select({ id: comparisonItems.listingId }).from(comparisonItems).where(eq(comparisonItems.userId, userId))).map((r) => r.id).sort();
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

describe(`comparison tray (${process.env.TEST_DB_ENGINE})`, () => {
  it("keeps up to 4 published listings per user, in order, refuses a fifth in French and changes nothing", async () => {
    const seller = await insertUser(t.db);
    const buyer = await insertUser(t.db);
    const five = [];
    for (let i = 0; i < 5; i++) five.push(await insertListing(t.db, seller.id, { status: "published" }));
    for (const listing of five.slice(0, COMPARE_LIMIT)) await addToComparison({ db: t.db, userId: buyer.id, listingId: listing.id });
    // A second click on the same listing is harmless.
    await addToComparison({ db: t.db, userId: buyer.id, listingId: five[0]!.id });
    expect((await getComparisonTray({ db: t.db, userId: buyer.id })).listingIds).toEqual(five.slice(0, 4).map((l) => l.id));
    await expect(addToComparison({ db: t.db, userId: buyer.id, listingId: five[4]!.id })).rejects.toMatchObject({
      code: "conflict",
      message: COMPARE_FULL_MESSAGE,
    });
    expect(await stored(buyer.id)).toEqual(five.slice(0, 4).map((l) => l.id).sort());

    const afterRemoval = await removeFromComparison({ db: t.db, userId: buyer.id, listingId: five[1]!.id });
    expect(afterRemoval.listingIds).toEqual([five[0]!.id, five[2]!.id, five[3]!.id]);
    await addToComparison({ db: t.db, userId: buyer.id, listingId: five[4]!.id });
    expect((await getComparisonTray({ db: t.db, userId: buyer.id })).listingIds).toEqual([five[0]!.id, five[2]!.id, five[3]!.id, five[4]!.id]);
    expect((await clearComparison({ db: t.db, userId: buyer.id })).listingIds).toEqual([]);
    expect(await stored(buyer.id)).toEqual([]);
  });

  it("never passes the limit when several adds race (two tabs)", async () => {
    const seller = await insertUser(t.db);
    const buyer = await insertUser(t.db);
    const six = [];
    for (let i = 0; i < 6; i++) six.push(await insertListing(t.db, seller.id, { status: "published" }));
    await Promise.allSettled(six.map((l) => addToComparison({ db: t.db, userId: buyer.id, listingId: l.id })));
    expect((await stored(buyer.id)).length).toBe(COMPARE_LIMIT);
  });

  it("refuses unpublished, unknown and malformed listings alike (not found, one message), and anonymous callers, without a row", async () => {
    const seller = await insertUser(t.db);
    const buyer = await insertUser(t.db);
    // The same answer whether the listing exists privately or not at all: nothing to learn from it.
    const notFound = { code: "not_found", message: COMPARE_UNAVAILABLE_MESSAGE };
    for (const status of ["pending", "rejected", "sold", "deleted", "draft"] as const) {
      const listing = await insertListing(t.db, seller.id, { status });
      await expect(addToComparison({ db: t.db, userId: buyer.id, listingId: listing.id })).rejects.toMatchObject(notFound);
      // Not even its seller can compare it before it is published.
      await expect(addToComparison({ db: t.db, userId: seller.id, listingId: listing.id })).rejects.toMatchObject(notFound);
    }
    for (const id of [UNKNOWN, "abc", "' or 1=1 --", 42, null]) {
      await expect(addToComparison({ db: t.db, userId: buyer.id, listingId: id })).rejects.toMatchObject(notFound);
    }
    const published = await insertListing(t.db, seller.id);
    await expect(addToComparison({ db: t.db, userId: null, listingId: published.id })).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(getComparisonTray({ db: t.db, userId: undefined })).rejects.toMatchObject({ code: "unauthenticated" });
    expect(await stored(buyer.id)).toEqual([]);
    expect(await stored(seller.id)).toEqual([]);
  });

  it("merges a visitor's browser tray at sign-in: account's first, published only, up to the limit", async () => {
    const seller = await insertUser(t.db);
    const buyer = await insertUser(t.db);
    const kept = await insertListing(t.db, seller.id);
    await addToComparison({ db: t.db, userId: buyer.id, listingId: kept.id });
    const fresh = [await insertListing(t.db, seller.id), await insertListing(t.db, seller.id), await insertListing(t.db, seller.id), await insertListing(t.db, seller.id)];
    const sold = await insertListing(t.db, seller.id, { status: "sold" });
    const merged = await mergeComparison({
      db: t.db,
      userId: buyer.id,
      listingIds: [sold.id, kept.id, fresh[0]!.id, "pas-un-id", UNKNOWN, fresh[1]!.id, fresh[2]!.id, fresh[3]!.id],
    });
    expect(merged.listingIds).toEqual([kept.id, fresh[0]!.id, fresh[1]!.id, fresh[2]!.id]);
    // The sold one, the unknown one and the one past the limit (the malformed id is not a listing at all).
    expect(merged.leftOut).toBe(3);
    expect(await stored(buyer.id)).toEqual([kept.id, fresh[0]!.id, fresh[1]!.id, fresh[2]!.id].sort());
  });

  it("follows the listing: a listing deleted for good leaves every tray", async () => {
    const seller = await insertUser(t.db);
    const buyer = await insertUser(t.db);
    const listing = await insertListing(t.db, seller.id);
    await addToComparison({ db: t.db, userId: buyer.id, listingId: listing.id });
    await t.db.delete(listings).where(eq(listings.id, listing.id));
    expect(await stored(buyer.id)).toEqual([]);
  });
});

describe(`comparison page data (${process.env.TEST_DB_ENGINE})`, () => {
  it("drops unpublished, unknown and malformed ids with a count, keeps at most 4, and measures distances from the reference", async () => {
    const seller = await insertUser(t.db);
    const lyon = await insertListing(t.db, seller.id, { brand: "Peugeot", model: "3008", place: { city: "Lyon", postalCode: "69003", latitude: 45.7597, longitude: 4.8422 } });
    const paris = await insertListing(t.db, seller.id, { brand: "Renault", model: "Clio", place: { city: "Paris", postalCode: "75011", latitude: 48.8566, longitude: 2.3522 } });
    const pending = await insertListing(t.db, seller.id, { status: "pending" });
    const deleted = await insertListing(t.db, seller.id, { status: "deleted" });
    await t.db.insert(places).values({ postalCode: "69001", inseeCode: "69381", city: "Lyon", latitude: 45.7676, longitude: 4.8345 });

    const ids = [lyon.id, pending.id, "n'importe-quoi", paris.id, deleted.id, UNKNOWN].join(",");
    const comparison = await getComparison({ db: t.db, storage, ids, postalCode: "69001", city: "Lyon" });
    expect(comparison.listings.map((l) => l.id)).toEqual([lyon.id, paris.id]);
    // Dropped: the pending one and the deleted one (unavailable) and "n'importe-quoi" (no id at
    // all: counted apart, so the page can say the link is damaged); the unknown id is the fifth
    // valid one, past the limit.
    expect(comparison.unavailable).toBe(2);
    expect(comparison.malformed).toBe(1);
    expect(comparison.beyondLimit).toBe(1);
    expect(comparison.place).toMatchObject({ city: "Lyon", postalCode: "69001" });
    expect(comparison.listings[0]!.distanceKm).toBe(1);
    // Lyon → Paris is about 390 km as the crow flies.
    expect(comparison.listings[1]!.distanceKm).toBeGreaterThan(380);
    expect(comparison.listings[1]!.distanceKm).toBeLessThan(400);

    const unknownPlace = await getComparison({ db: t.db, storage, ids: lyon.id, postalCode: "99999" });
    expect(unknownPlace.placeError).toBe("Aucune commune ne correspond à ce code postal.");
    expect(unknownPlace.listings[0]!.distanceKm).toBeNull();
    expect((await getComparison({ db: t.db, storage, ids: lyon.id, postalCode: "69' or 1=1" })).placeError).toContain("5 chiffres");
    const hostile = await getComparison({ db: t.db, storage, ids: "x".repeat(10_000) });
    expect(hostile.listings).toEqual([]);
    // Empty parts (a trailing comma) are not "malformed ids".
    expect(await getComparison({ db: t.db, storage, ids: `${lyon.id},,${paris.id},` })).toMatchObject({ unavailable: 0, malformed: 0 });
    // The rating stored on each listing comes with it (read with the listing, no second query).
    await t.db.update(listings).set({ priceLevel: 2, priceEstimateLow: 14_000, priceEstimateHigh: 16_000, priceComparables: 9 }).where(eq(listings.id, paris.id));
    const rated = await getComparison({ db: t.db, storage, ids: `${paris.id},${lyon.id}` });
    expect(rated.listings.map((l) => l.id)).toEqual([paris.id, lyon.id]);
    expect(rated.listings[0]!.priceRating).toMatchObject({ level: 2, estimate: { low: 14_000, high: 16_000 }, comparables: 9 });
    expect(rated.listings[1]!.priceRating).toMatchObject({ level: null, estimate: null });
  });
});


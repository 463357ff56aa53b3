import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { favorites, listingPhotos, listings, MAX_LISTING_PHOTOS } from "~/db/schema";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

describe(`schema and migrations (${process.env.TEST_DB_ENGINE})`, () => {
  it("creates every table of the product", async () => {
    const result = await t.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const rows = (result as unknown as { rows: { table_name: string }[] }).rows;
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining([
        "user",
        "session",
        "account",
        "verification",
        "rate_limit",
        "listings",
        "listing_photos",
        "favorites",
        "places",
        "outbox_emails",
      ]),
    );
  });

  it("keeps the leading zero of postal code 01000", async () => {
    const seller = await insertUser(t.db);
    const listing = await insertListing(t.db, seller.id, {
      place: { city: "Bourg-en-Bresse", postalCode: "01000", latitude: 46.2, longitude: 5.22 },
    });
    const [row] = await t.db
      .select({ postalCode: listings.postalCode })
      .from(listings)
      .where(eq(listings.id, listing.id));
    expect(row?.postalCode).toBe("01000");
  });

  it("refuses a malformed postal code, a price below 1 and an unknown status", async () => {
    const seller = await insertUser(t.db);
    await expect(insertListing(t.db, seller.id, { postalCode: "1000" })).rejects.toThrow();
    await expect(insertListing(t.db, seller.id, { price: 0 })).rejects.toThrow();
    await expect(insertListing(t.db, seller.id, { status: "approved" as never })).rejects.toThrow();
  });

  it("allows one favourite per user and listing, and at most photo positions 0–19 (MAX_LISTING_PHOTOS)", async () => {
    const seller = await insertUser(t.db);
    const buyer = await insertUser(t.db);
    const listing = await insertListing(t.db, seller.id);
    await t.db.insert(favorites).values({ userId: buyer.id, listingId: listing.id });
    await expect(t.db.insert(favorites).values({ userId: buyer.id, listingId: listing.id })).rejects.toThrow();
    const photo = { listingId: listing.id, storageKey: "k", width: 10, height: 10, variantWidths: [10] };
    await t.db.insert(listingPhotos).values({ ...photo, position: 0 });
    await expect(t.db.insert(listingPhotos).values({ ...photo, position: 0 })).rejects.toThrow();
    await t.db.insert(listingPhotos).values({ ...photo, position: MAX_LISTING_PHOTOS - 1 });
    await expect(t.db.insert(listingPhotos).values({ ...photo, position: MAX_LISTING_PHOTOS })).rejects.toThrow();
    await expect(t.db.insert(listingPhotos).values({ ...photo, position: -1 })).rejects.toThrow();
  });

  it("derives the spec's check/delete flags from the status", async () => {
    const seller = await insertUser(t.db);
    const published = await insertListing(t.db, seller.id, { status: "published" });
    const deleted = await insertListing(t.db, seller.id, { status: "deleted" });
    const pending = await insertListing(t.db, seller.id, { status: "pending", publishedAt: null });
    const flags = (l: { status: string }) => ({ check: l.status === "published", delete: l.status === "deleted" });
    expect(flags(published)).toEqual({ check: true, delete: false });
    expect(flags(deleted)).toEqual({ check: false, delete: true });
    expect(flags(pending)).toEqual({ check: false, delete: false });
  });
});

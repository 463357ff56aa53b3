import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings } from "~/db/schema";
import { markListingSold, undoListingSale } from "~/features/hosting/hosting.server";
import { searchListings } from "~/features/search/search-listings.server";
import { createLocalStorage } from "~/server/storage.server";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * A listing's end (issue 36): 'Vendu sur Occazio ?' is kept with the sale, which can be undone
 * by its seller for 7 days and not after; the listing leaves search and comes back.
 */
let t: TestDatabase;
const storage = createLocalStorage("/tmp/occazio-sale-test");
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

const row = async (id: string) => (await t.db.select().from(listings).where(eq(listings.id, id)))[0]!;
const inSearch = async (id: string, model: string) =>
  (await searchListings({ db: t.db, storage, filters: { brand: "Renault", model } })).items.some((item) => item.id === id);

describe(`selling a listing and undoing the sale (${process.env.TEST_DB_ENGINE})`, () => {
  it("keeps the answer to 'Vendu sur Occazio ?' and refuses anything else, changing nothing", async () => {
    const seller = await insertUser(t.db);
    for (const channel of ["occazio", "ailleurs", "non_precise"] as const) {
      const listing = await insertListing(t.db, seller.id, { status: "published" });
      await markListingSold({ db: t.db, userId: seller.id, listingId: listing.id, channel });
      expect(await row(listing.id)).toMatchObject({ status: "sold", soldChannel: channel });
    }
    const listing = await insertListing(t.db, seller.id, { status: "published" });
    for (const channel of ["", "oui", "constructor", 1]) {
      await expect(markListingSold({ db: t.db, userId: seller.id, listingId: listing.id, channel })).rejects.toMatchObject({
        code: "invalid",
        message: "Indiquez si le véhicule a été vendu sur Occazio (ou que vous préférez ne pas répondre).",
      });
    }
    expect(await row(listing.id)).toMatchObject({ status: "published", soldAt: null, soldChannel: null });
  });

  it("undoes a sale within 7 days: published again, back in search; the answer forgotten", async () => {
    const seller = await insertUser(t.db);
    const listing = await insertListing(t.db, seller.id, { status: "published", brand: "Renault", model: "Clio" });
    expect(await inSearch(listing.id, "Clio")).toBe(true);
    await markListingSold({ db: t.db, userId: seller.id, listingId: listing.id, channel: "occazio" });
    expect(await inSearch(listing.id, "Clio")).toBe(false);
    // Six days and 23 hours later: still within the window.
    await t.db.update(listings).set({ soldAt: sql`now() - interval '6 days 23 hours'` }).where(eq(listings.id, listing.id));
    expect(await undoListingSale({ db: t.db, userId: seller.id, listingId: listing.id })).toEqual({ listingId: listing.id, status: "published" });
    expect(await row(listing.id)).toMatchObject({ status: "published", soldAt: null, soldChannel: null });
    expect(await inSearch(listing.id, "Clio")).toBe(true);
  });

  it("refuses to undo after 7 days, a listing that is not sold, and anyone but its seller", async () => {
    const seller = await insertUser(t.db);
    const other = await insertUser(t.db);
    const old = await insertListing(t.db, seller.id, { status: "published", brand: "Renault", model: "Zoe" });
    await markListingSold({ db: t.db, userId: seller.id, listingId: old.id, channel: "ailleurs" });
    await t.db.update(listings).set({ soldAt: sql`now() - interval '7 days 1 minute'` }).where(eq(listings.id, old.id));
    await expect(undoListingSale({ db: t.db, userId: seller.id, listingId: old.id })).rejects.toMatchObject({
      code: "conflict",
      message: "La vente ne peut plus être annulée : elle date de plus de 7 jours.",
    });
    expect((await row(old.id)).status).toBe("sold");

    const published = await insertListing(t.db, seller.id, { status: "published" });
    await expect(undoListingSale({ db: t.db, userId: seller.id, listingId: published.id })).rejects.toMatchObject({ code: "conflict" });

    const sold = await insertListing(t.db, seller.id, { status: "published" });
    await markListingSold({ db: t.db, userId: seller.id, listingId: sold.id, channel: "occazio" });
    await expect(undoListingSale({ db: t.db, userId: other.id, listingId: sold.id })).rejects.toMatchObject({ code: "forbidden" });
    await expect(undoListingSale({ db: t.db, userId: undefined, listingId: sold.id })).rejects.toMatchObject({ code: "unauthenticated" });
    expect((await row(sold.id)).status).toBe("sold");
  });
});

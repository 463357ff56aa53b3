import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings, proProfiles } from "~/db/schema";
import { CLOSED_ALL_WEEK } from "~/features/pro/opening-hours";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * Issue 33: a listing says who sells it ('pro' or 'private', the `seller=` filter), whatever
 * path inserted it, and an account's listings follow it when it declares itself a professional.
 */
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

async function kinds(ownerId: string) {
  const rows = await t.db.select({ kind: listings.sellerKind }).from(listings).where(eq(listings.ownerId, ownerId));
  return rows.map((row) => row.kind);
}

describe("listings.seller_kind", () => {
  it("is 'private' for a private person and 'pro' for every listing of an account once it is a professional", async () => {
    const seller = await insertUser(t.db);
    await insertListing(t.db, seller.id, { status: "published" });
    await insertListing(t.db, seller.id, { status: "draft" });
    expect(await kinds(seller.id)).toEqual(["private", "private"]);

    await t.db.insert(proProfiles).values({
      userId: seller.id,
      slug: "garage-du-centre",
      companyName: "Garage du Centre",
      siret: "73282932000074",
      addressLine: "1 rue de la Paix",
      postalCode: "75002",
      city: "Paris",
      phone: "0102030405",
      openingHours: CLOSED_ALL_WEEK,
    });
    expect(await kinds(seller.id)).toEqual(["pro", "pro"]);
    await insertListing(t.db, seller.id, { status: "pending" });
    expect(await kinds(seller.id)).toEqual(["pro", "pro", "pro"]);

    const other = await insertUser(t.db);
    await insertListing(t.db, other.id, { status: "published" });
    expect(await kinds(other.id)).toEqual(["private"]);

    await t.db.delete(proProfiles).where(eq(proProfiles.userId, seller.id));
    expect(await kinds(seller.id)).toEqual(["private", "private", "private"]);
  });
});

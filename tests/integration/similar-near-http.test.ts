import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { listings, places } from "~/db/schema";
import type { ListingCardData } from "~/features/listings/listing-card-data";
import { insertListing, insertUser } from "~/testing/inserters.server";
import type { BuiltPlace } from "~/testing/builders";
import { testAppForFile } from "../support/test-app-for-file";

/**
 * 'Annonces similaires' nearest to the place of the visitor's last search (issue 36): the
 * browser sends it to GET /api/listings/:id/similar; the listing page stays the same for everyone.
 */
const ctx = testAppForFile();
const place = (city: string, postalCode: string, latitude: number, longitude: number): BuiltPlace => ({ city, postalCode, latitude, longitude });
const PARIS = place("Paris 11e", "75011", 48.859, 2.38);
const LILLE = place("Lille", "59000", 50.63, 3.06);
const MARSEILLE = place("Marseille 1er", "13001", 43.3, 5.38);

// The postal-code reference of the places the visitor searched from (the test database has none).
beforeAll(async () => {
  await ctx.t.db
    .insert(places)
    .values([
      { postalCode: "13001", inseeCode: "13201", city: "Marseille 1er", latitude: 43.3, longitude: 5.38 },
      { postalCode: "59000", inseeCode: "59350", city: "Lille", latitude: 50.63, longitude: 3.06 },
    ])
    .onConflictDoNothing();
});

async function similarFrom(id: string, query: string) {
  const response = await fetch(`${ctx.app.url}/api/listings/${id}/similar?${query}`);
  return { status: response.status, body: (await response.json()) as { listings?: ListingCardData[]; error?: string } };
}

describe(`similar listings near the visitor (${process.env.TEST_DB_ENGINE})`, () => {
  it("orders the model's other listings from the visitor's postal code, the car's own place otherwise", async () => {
    const [seller, a, b] = await Promise.all([insertUser(ctx.t.db), insertUser(ctx.t.db), insertUser(ctx.t.db)]);
    const car = await insertListing(ctx.t.db, seller.id, { brand: "Skoda", model: "Fabia", place: PARIS });
    const inLille = await insertListing(ctx.t.db, a.id, { brand: "Skoda", model: "Fabia", place: LILLE });
    const inMarseille = await insertListing(ctx.t.db, b.id, { brand: "Skoda", model: "Fabia", place: MARSEILLE });

    const fromMarseille = await similarFrom(car.id, "postalCode=13001");
    expect(fromMarseille.status).toBe(200);
    expect(fromMarseille.body.listings!.filter((l) => l.model === "Fabia").map((l) => l.id)).toEqual([inMarseille.id, inLille.id]);
    const fromLille = await similarFrom(car.id, "postalCode=59000&city=Lille");
    expect(fromLille.body.listings!.filter((l) => l.model === "Fabia").map((l) => l.id)).toEqual([inLille.id, inMarseille.id]);
  });

  it("answers for a removed listing with other cars only, and refuses a bad postal code or an unknown listing", async () => {
    const [seller, other] = await Promise.all([insertUser(ctx.t.db), insertUser(ctx.t.db)]);
    const removed = await insertListing(ctx.t.db, seller.id, { brand: "Skoda", model: "Kamiq", place: PARIS, description: "Garage Martin, Tours." });
    const alternative = await insertListing(ctx.t.db, other.id, { brand: "Skoda", model: "Kamiq", place: MARSEILLE });
    await ctx.t.db.update(listings).set({ status: "deleted", deletedAt: new Date() }).where(eq(listings.id, removed.id));

    const answer = await similarFrom(removed.id, "postalCode=13001");
    expect(answer.status).toBe(200);
    expect(answer.body.listings!.map((l) => l.id)).toContain(alternative.id);
    expect(answer.body.listings!.map((l) => l.id)).not.toContain(removed.id);
    expect(JSON.stringify(answer.body)).not.toContain("Garage Martin");

    expect((await similarFrom(removed.id, "postalCode=130")).status).toBe(400);
    expect((await similarFrom("00000000-0000-4000-8000-000000000000", "postalCode=13001")).status).toBe(404);
    expect((await similarFrom("pas-un-id", "postalCode=13001")).status).toBe(404);
    // A draft was never public: nothing is said of it.
    const draft = await insertListing(ctx.t.db, seller.id, { brand: "Skoda", model: "Kamiq", status: "draft", publishedAt: null });
    expect((await similarFrom(draft.id, "postalCode=13001")).status).toBe(404);
  });
});

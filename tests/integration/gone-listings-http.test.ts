import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listingPhotos, listings } from "~/db/schema";
import { listingPath } from "~/features/listings/listing-seo";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createClient } from "../support/test-app";
import { testAppForFile } from "../support/test-app-for-file";

/**
 * The URL of a listing no longer for sale (issue 36): 410 and noindex, with what may still be
 * said (sold: title, main photo, year, mileage, last price; removed: nothing of it) and similar
 * cars; a listing that was never public stays a 404.
 */
const ctx = testAppForFile();
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ").replace(/&#x27;/g, "'");

async function market() {
  const seller = await insertUser(ctx.t.db);
  const others = await Promise.all([insertUser(ctx.t.db), insertUser(ctx.t.db)]);
  const alternatives = await Promise.all(others.map((o) => insertListing(ctx.t.db, o.id, { brand: "Peugeot", model: "3008", price: 21_000 })));
  return { seller, alternatives };
}

describe(`sold and removed listings' pages (${process.env.TEST_DB_ENGINE})`, () => {
  it("answers 410 'Ce véhicule a été vendu' with the car's summary and similar cars, not its description", async () => {
    const { seller, alternatives } = await market();
    const sold = await insertListing(ctx.t.db, seller.id, {
      brand: "Peugeot",
      model: "3008",
      year: 2019,
      mileage: 84_500,
      price: 19_990,
      description: "Distribution faite, pneus neufs, garage Dupont à Tours.",
    });
    await ctx.t.db.insert(listingPhotos).values({ listingId: sold.id, position: 0, storageKey: `listings/${sold.id}/premiere`, width: 480, height: 360, variantWidths: [480] });
    await ctx.t.db.insert(listingPhotos).values({ listingId: sold.id, position: 1, storageKey: `listings/${sold.id}/seconde`, width: 480, height: 360, variantWidths: [480] });
    await ctx.t.db.update(listings).set({ status: "sold", soldAt: new Date() }).where(eq(listings.id, sold.id));

    const response = await fetch(ctx.app.url + listingPath(sold));
    expect(response.status).toBe(410);
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    const html = plain(await response.text());
    expect(html).toContain("Ce véhicule a été vendu");
    expect(html).toContain("Peugeot 3008");
    expect(html).toContain("2019 · 84 500 km");
    expect(html).toContain("Dernier prix affiché : 19 990 €");
    expect(html).toContain(`listings/${sold.id}/premiere-480.webp`);
    expect(html).not.toContain("seconde-480.webp");
    expect(html).not.toContain("garage Dupont");
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    expect(html).toContain("Annonces similaires");
    for (const alternative of alternatives) expect(html).toContain(listingPath(alternative));
  });

  it("answers 410 'Cette annonce n'est plus en ligne' for a removed listing, with nothing of it but similar cars of its model", async () => {
    const { seller, alternatives } = await market();
    const removed = await insertListing(ctx.t.db, seller.id, {
      brand: "Peugeot",
      model: "3008",
      price: 17_777,
      place: { city: "Saint-Flour", postalCode: "15100", latitude: 45.03, longitude: 3.09 },
      description: "Moteur refait à neuf chez Zébulon.",
    });
    await ctx.t.db.insert(listingPhotos).values({ listingId: removed.id, position: 0, storageKey: `listings/${removed.id}/photo`, width: 480, height: 360, variantWidths: [480] });
    await ctx.t.db.update(listings).set({ status: "deleted", deletedAt: new Date() }).where(eq(listings.id, removed.id));

    const response = await fetch(ctx.app.url + listingPath(removed));
    expect(response.status).toBe(410);
    const html = plain(await response.text());
    expect(html).toContain("Cette annonce n'est plus en ligne");
    for (const trace of ["17 777", "Saint-Flour", "Zébulon", `listings/${removed.id}/`]) expect(html).not.toContain(trace);
    for (const alternative of alternatives) expect(html).toContain(listingPath(alternative));
  });

  it("keeps a 404 for a listing that was never public, and the full page for the seller of a sold one", async () => {
    const seller = await insertUser(ctx.t.db);
    const draft = await insertListing(ctx.t.db, seller.id, { status: "pending", publishedAt: null });
    expect((await fetch(ctx.app.url + listingPath(draft))).status).toBe(404);
    const withdrawn = await insertListing(ctx.t.db, seller.id, { status: "deleted", publishedAt: null });
    expect((await fetch(ctx.app.url + listingPath(withdrawn))).status).toBe(404);
    expect((await fetch(`${ctx.app.url}/annonce/00000000-0000-4000-8000-000000000000/x`)).status).toBe(404);

    const owner = createClient(ctx.app.url);
    const { user } = await owner.signUp(`vendeur.${Date.now()}@exemple.fr`);
    const sold = await insertListing(ctx.t.db, user.id, { status: "sold" });
    const own = await owner.request(listingPath(sold));
    expect(own.status).toBe(200);
  });
});

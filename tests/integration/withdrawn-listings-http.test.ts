import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listings } from "~/db/schema";
import { applyBulkStockAction } from "~/features/dealer-dashboard/bulk-stock-actions.server";
import { findGoneListing } from "~/features/discovery/gone-listing.server";
import { listFavorites, setFavorite } from "~/features/favorites/favorites.server";
import { listMyListings } from "~/features/hosting/hosting.server";
import { listingPath } from "~/features/listings/listing-seo";
import { dealerPath } from "~/features/pro/dealer-seo";
import { searchListings } from "~/features/search/search-listings.server";
import { insertListing, insertProProfile, insertUser } from "~/testing/inserters.server";
import { testAppForFile } from "../support/test-app-for-file";

/**
 * Decision 0058: 'Retirer de la vente' takes a published listing offline (status withdrawn):
 * out of search and the dealer page, its URL answers 410 like a removed listing, favourites show
 * it unavailable, its stock reference stays reserved; 'Remettre en vente' brings it back with
 * the same id and counters. 'Supprimer' stays definitive.
 */
const ctx = testAppForFile();
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ").replace(/&#x27;/g, "'");

async function insertDealer() {
  const person = await insertUser(ctx.t.db, { phoneNumber: "612345678" });
  const slug = `garage-${person.id.slice(0, 8)}`;
  await insertProProfile(ctx.t.db, person.id, {
    slug,
    companyName: "Garage du Retrait",
    status: "verified",
  });
  return { ...person, slug };
}

const statusOf = async (id: string) => (await ctx.t.db.select().from(listings).where(eq(listings.id, id)))[0]!;

describe(`a listing taken offline and put back (${process.env.TEST_DB_ENGINE})`, () => {
  it("leaves search and the dealer page, answers 410, keeps its reference, favourites and counters; comes back the same", async () => {
    const dealer = await insertDealer();
    const fan = await insertUser(ctx.t.db);
    const car = await insertListing(ctx.t.db, dealer.id, {
      brand: "Peugeot",
      model: "3008",
      price: 18_500,
      stockReference: "R-3008",
      description: "Courroie faite chez Zébulon.",
      viewCount: 7,
      clickCount: 3,
    });
    const other = await insertListing(ctx.t.db, dealer.id, { brand: "Peugeot", model: "3008", price: 19_900 });
    await setFavorite({ db: ctx.t.db, userId: fan.id, listingId: car.id, favorite: true });
    const search = async () =>
      (await searchListings({ db: ctx.t.db, storage: ctx.app.services.storage, filters: { brand: "Peugeot", model: "3008" } })).items.map((i) => i.id);
    expect(await search()).toContain(car.id);

    expect(await applyBulkStockAction({ db: ctx.t.db, userId: dealer.id, input: { ids: [car.id], action: "withdraw" } })).toEqual({
      action: "withdraw",
      changed: 1,
    });
    const offline = await statusOf(car.id);
    expect(offline).toMatchObject({ status: "withdrawn", deletedAt: null, heartCount: 1, stockReference: "R-3008" });

    // Off the site: search, the dealer page; the URL answers like a removed listing, nothing of its content.
    expect(await search()).toEqual([other.id]);
    const shop = plain(await (await fetch(ctx.app.url + dealerPath(dealer.slug))).text());
    expect(shop).toContain(listingPath(other));
    expect(shop).not.toContain(listingPath(car));
    const response = await fetch(ctx.app.url + listingPath(car));
    expect(response.status).toBe(410);
    const html = plain(await response.text());
    expect(html).toContain("Cette annonce n'est plus en ligne");
    for (const trace of ["18 500", "Zébulon"]) expect(html).not.toContain(trace);
    expect(await findGoneListing({ db: ctx.t.db, storage: ctx.app.services.storage, listingId: car.id })).toMatchObject({ kind: "removed" });
    // The buyer's favourite stays, shown unavailable.
    const favourites = await listFavorites({ db: ctx.t.db, storage: ctx.app.services.storage, userId: fan.id });
    expect(favourites.items.find((f) => f.id === car.id)).toMatchObject({ available: false, status: "withdrawn" });
    // 'Mes annonces': under 'Annonce publiée' (with 'Hors ligne' and 'Remettre en vente').
    const mine = await listMyListings({ db: ctx.t.db, storage: ctx.app.services.storage, userId: dealer.id, tab: "published" });
    expect(mine.published.items.map((i) => [i.id, i.status])).toContainEqual([car.id, "withdrawn"]);
    expect(mine.deleted.count).toBe(0);
    // Still in stock: its reference cannot be taken by another listing of the dealer.
    await expect(insertListing(ctx.t.db, dealer.id, { stockReference: "R-3008" })).rejects.toThrow();

    // Only a listing taken offline comes back; the rest of the batch refuses it all.
    await expect(
      applyBulkStockAction({ db: ctx.t.db, userId: dealer.id, input: { ids: [car.id, other.id], action: "withdraw" } }),
    ).resolves.toEqual({ action: "withdraw", changed: 1 });
    await applyBulkStockAction({ db: ctx.t.db, userId: dealer.id, input: { ids: [other.id], action: "restore" } });
    const pending = await insertListing(ctx.t.db, dealer.id, { status: "pending", publishedAt: null });
    await expect(
      applyBulkStockAction({ db: ctx.t.db, userId: dealer.id, input: { ids: [car.id, pending.id], action: "restore" } }),
    ).rejects.toMatchObject({
      code: "conflict",
      message: "Seules les annonces hors ligne peuvent être remises en vente (1 autre dans la sélection) : rien n'a été modifié.",
    });
    await expect(
      applyBulkStockAction({ db: ctx.t.db, userId: dealer.id, input: { ids: [pending.id], action: "withdraw" } }),
    ).rejects.toMatchObject({
      code: "conflict",
      message: "Seules les annonces en ligne peuvent être retirées de la vente (1 autre dans la sélection) : rien n'a été modifié.",
    });
    expect((await statusOf(car.id)).status).toBe("withdrawn");

    expect(await applyBulkStockAction({ db: ctx.t.db, userId: dealer.id, input: { ids: [car.id], action: "restore" } })).toEqual({
      action: "restore",
      changed: 1,
    });
    const back = await statusOf(car.id);
    expect(back).toMatchObject({ id: car.id, status: "published", heartCount: 1, stockReference: "R-3008" });
    expect(back.publishedAt?.toISOString()).toBe(offline.publishedAt?.toISOString());
    expect(await search()).toContain(car.id);
    expect((await fetch(ctx.app.url + listingPath(car))).status).toBe(200);
    const restored = await listMyListings({ db: ctx.t.db, storage: ctx.app.services.storage, userId: dealer.id, tab: "published" });
    expect(restored.published.items.find((i) => i.id === car.id)?.counters).toMatchObject({ view: 7, click: 3, heart: 1 });
    expect((await listFavorites({ db: ctx.t.db, storage: ctx.app.services.storage, userId: fan.id })).items.find((f) => f.id === car.id)).toMatchObject({
      available: true,
    });
  });

  it("'Supprimer' stays definitive: 'Annonce supprimée', 410, and the reference is free again", async () => {
    const dealer = await insertDealer();
    const car = await insertListing(ctx.t.db, dealer.id, { brand: "Peugeot", model: "3008", stockReference: "R-DEL" });
    expect(await applyBulkStockAction({ db: ctx.t.db, userId: dealer.id, input: { ids: [car.id], action: "delete" } })).toEqual({
      action: "delete",
      changed: 1,
    });
    expect(await statusOf(car.id)).toMatchObject({ status: "deleted", deletedAt: expect.any(Date) });
    expect((await fetch(ctx.app.url + listingPath(car))).status).toBe(410);
    const mine = await listMyListings({ db: ctx.t.db, storage: ctx.app.services.storage, userId: dealer.id });
    expect(mine.deleted.items.map((i) => i.id)).toEqual([car.id]);
    await expect(
      applyBulkStockAction({ db: ctx.t.db, userId: dealer.id, input: { ids: [car.id], action: "restore" } }),
    ).rejects.toMatchObject({ code: "conflict" });
    await insertListing(ctx.t.db, dealer.id, { stockReference: "R-DEL" });
  });

  it("a car taken offline while reserved can be marked sold", async () => {
    const dealer = await insertDealer();
    const car = await insertListing(ctx.t.db, dealer.id, { brand: "Peugeot", model: "3008" });
    await applyBulkStockAction({ db: ctx.t.db, userId: dealer.id, input: { ids: [car.id], action: "withdraw" } });
    expect(
      await applyBulkStockAction({ db: ctx.t.db, userId: dealer.id, input: { ids: [car.id], action: "sold", channel: "occazio" } }),
    ).toEqual({ action: "sold", changed: 1 });
    expect(await statusOf(car.id)).toMatchObject({ status: "sold", soldChannel: "occazio" });
  });
});

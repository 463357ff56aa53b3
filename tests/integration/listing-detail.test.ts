import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { favorites, listingCounters, listings } from "~/db/schema";
import { listFavorites, setFavorite } from "~/features/favorites/favorites.server";
import { listMyListings } from "~/features/hosting/hosting.server";
import { createCounterDedupe, getListingDetail, recordListingCounter } from "~/features/listings/listing-detail.server";
import { revealSellerPhone } from "~/features/listings/seller-phone.server";
import { createLocalStorage } from "~/server/storage.server";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createClient } from "../support/test-app";
import { testAppForFile } from "../support/test-app-for-file";

const storage = createLocalStorage("/tmp/occazio-detail-tests");
const ctx = testAppForFile();
const listingRow = async (id: string) => (await ctx.t.db.select().from(listings).where(eq(listings.id, id)))[0]!;
const counterRow = async (id: string) => {
  const [row] = await ctx.t.db.select().from(listingCounters).where(eq(listingCounters.listingId, id));
  return { viewCount: row?.viewCount ?? 0, clickCount: row?.clickCount ?? 0 };
};
/** The row version of a listing: it changes whenever the row is rewritten. */
const rowVersion = async (id: string) =>
  String((await ctx.t.db.select({ v: sql<string>`xmin::text` }).from(listings).where(eq(listings.id, id)))[0]!.v);

describe(`listing detail visibility (${process.env.TEST_DB_ENGINE})`, () => {
  it("shows published listings to everyone, pending/rejected/sold/deleted to the owner and moderators only, never drafts", async () => {
    const owner = await insertUser(ctx.t.db);
    const stranger = await insertUser(ctx.t.db);
    const moderator = await insertUser(ctx.t.db, { role: "moderator" });
    for (const status of ["pending", "rejected", "sold", "deleted", "draft"] as const) {
      const listing = await insertListing(ctx.t.db, owner.id, { status });
      const read = (viewer: { id: string; role: string } | null) => getListingDetail({ db: ctx.t.db, storage, listingId: listing.id, viewer });
      await expect(read(null)).rejects.toMatchObject({ code: "not_found" });
      await expect(read({ id: stranger.id, role: "user" })).rejects.toMatchObject({ code: "not_found" });
      // Deleted listings stay readable by their seller and moderators (issue 17: a removal must be explainable).
      if (status === "draft") {
        await expect(read({ id: owner.id, role: "user" })).rejects.toMatchObject({ code: "not_found" });
        await expect(read({ id: moderator.id, role: "moderator" })).rejects.toMatchObject({ code: "not_found" });
      } else {
        expect((await read({ id: owner.id, role: "user" })).status).toBe(status);
        expect((await read({ id: moderator.id, role: "moderator" })).status).toBe(status);
      }
    }
    const published = await insertListing(ctx.t.db, owner.id);
    const detail = await getListingDetail({ db: ctx.t.db, storage, listingId: published.id, viewer: null });
    expect(detail.seller).toMatchObject({
      id: owner.id,
      username: owner.username,
      name: `${owner.displayName} ${owner.lastname.charAt(0).toUpperCase()}.`,
    });
    expect(JSON.stringify(detail)).not.toContain(owner.email);
    expect(JSON.stringify(detail.seller)).not.toContain(owner.lastname);
    await expect(getListingDetail({ db: ctx.t.db, storage, listingId: "pas-un-uuid", viewer: null })).rejects.toMatchObject({ code: "not_found" });
  });

  it("answers 404 over HTTP for unknown, malformed and never-published listings, 410 for a deleted one, and redirects to the canonical slug", async () => {
    const owner = await insertUser(ctx.t.db);
    const deleted = await insertListing(ctx.t.db, owner.id, { status: "deleted" });
    const neverPublished = await insertListing(ctx.t.db, owner.id, { status: "deleted", publishedAt: null });
    const client = createClient(ctx.app.url);
    for (const id of [neverPublished.id, "00000000-0000-0000-0000-000000000000", "abc", "1%27%20or%201=1"]) {
      expect((await client.request(`/annonce/${id}`)).status).toBe(404);
    }
    // Deleted after publication: 'Cette annonce n'est plus en ligne' (gone-listings-http.test.ts).
    expect((await client.request(`/annonce/${deleted.id}`)).status).toBe(410);
    const live = await insertListing(ctx.t.db, owner.id, { brand: "Peugeot", model: "208", year: 2019, place: { city: "Lyon 3e", postalCode: "69003", latitude: 45.76, longitude: 4.85 } });
    const redirect = await client.request(`/annonce/${live.id}`);
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get("location")).toBe(`/annonce/${live.id}/peugeot-208-2019-lyon-3e`);
  });
});

describe(`counters cannot be inflated (${process.env.TEST_DB_ENGINE})`, () => {
  it("counts a view once per visitor in the window, never for the owner or a bot", async () => {
    const owner = await insertUser(ctx.t.db);
    const listing = await insertListing(ctx.t.db, owner.id, { viewCount: 0, clickCount: 0 });
    const dedupe = createCounterDedupe({ windowMs: 60_000 });
    const count = (visitor: string, extra: { viewerId?: string; isBot?: boolean } = {}) =>
      recordListingCounter({ db: ctx.t.db, dedupe, counter: "view", listingId: listing.id, visitor, ownerId: owner.id, viewerId: extra.viewerId, isBot: extra.isBot ?? false });
    for (let i = 0; i < 5; i++) await count("visiteur-1");
    await count("visiteur-2");
    await count(`u:${owner.id}`, { viewerId: owner.id });
    await count("robot", { isBot: true });
    expect((await counterRow(listing.id)).viewCount).toBe(2);
  });

  it("over HTTP: reloading a detail page or replaying a click beacon counts once", async () => {
    const owner = await insertUser(ctx.t.db);
    const listing = await insertListing(ctx.t.db, owner.id, { viewCount: 0, clickCount: 0 });
    const client = createClient(ctx.app.url);
    const path = `/annonce/${listing.id}`;
    const first = await client.request(path);
    const canonical = first.headers.get("location")!;
    for (let i = 0; i < 4; i++) expect((await client.request(canonical, { headers: { "user-agent": "Mozilla/5.0 Firefox/140" } })).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await client.request(`/api/listings/${listing.id}/click`, { method: "POST", headers: { "user-agent": "Mozilla/5.0 Firefox/140" } })).status).toBe(204);
    await client.request(canonical, { headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } });
    const row = await counterRow(listing.id);
    expect(row.viewCount).toBe(1);
    expect(row.clickCount).toBe(1);
  });

  it("stays exact under concurrent views and clicks, never rewrites the listing row, and the seller sees the totals", async () => {
    const owner = await insertUser(ctx.t.db);
    const listing = await insertListing(ctx.t.db, owner.id, { status: "published", viewCount: 5 });
    const pending = await insertListing(ctx.t.db, owner.id, { status: "pending", publishedAt: null });
    const versionBefore = await rowVersion(listing.id);
    const dedupe = createCounterDedupe({ windowMs: 60_000 });
    const count = (counter: "view" | "click", listingId: string, visitor: string) =>
      recordListingCounter({ db: ctx.t.db, dedupe, counter, listingId, visitor, ownerId: owner.id, viewerId: null, isBot: false });
    const results = await Promise.all([
      ...Array.from({ length: 60 }, (_, i) => count("view", listing.id, `visiteur-${i}`)),
      ...Array.from({ length: 40 }, (_, i) => count("click", listing.id, `visiteur-${i}`)),
      ...Array.from({ length: 10 }, (_, i) => count("view", pending.id, `visiteur-${i}`)),
    ]);
    expect(results.filter(Boolean)).toHaveLength(100);
    expect(await counterRow(listing.id)).toEqual({ viewCount: 65, clickCount: 40 });
    expect(await counterRow(pending.id)).toEqual({ viewCount: 0, clickCount: 0 });
    expect(await rowVersion(listing.id)).toBe(versionBefore);
    const mine = await listMyListings({ db: ctx.t.db, storage, userId: owner.id });
    expect(mine.published.items.find((item) => item.id === listing.id)?.counters).toMatchObject({ view: 65, click: 40 });
    expect(mine.pending.items.find((item) => item.id === pending.id)?.counters).toMatchObject({ view: 0, click: 0 });
  });
});

describe(`'Mes annonces' shows the phone reveals (${process.env.TEST_DB_ENGINE})`, () => {
  it("counts each buyer once, never the owner, and the seller reads the exact number on /hosting", async () => {
    const seller = await insertUser(ctx.t.db, { phoneNumber: "612345678" });
    const listing = await insertListing(ctx.t.db, seller.id, { status: "published", brand: "Renault", model: "Kangoo" });
    const buyers = await Promise.all(Array.from({ length: 3 }, () => insertUser(ctx.t.db)));
    for (const buyer of [...buyers, buyers[0]!]) await revealSellerPhone({ db: ctx.t.db, listingId: listing.id, viewerId: buyer.id });
    await revealSellerPhone({ db: ctx.t.db, listingId: listing.id, viewerId: seller.id });
    const mine = await listMyListings({ db: ctx.t.db, storage, userId: seller.id });
    expect(mine.published.items.find((item) => item.id === listing.id)?.counters.phone).toBe(3);

    const client = createClient(ctx.app.url);
    expect((await client.signIn(seller.email, seller.password)).status).toBe(200);
    const html = (await (await client.request("/hosting?onglet=publiees")).text()).replace(/<!-- -->/g, "");
    const item = /<article aria-label="Renault Kangoo"[\s\S]*?<\/article>/.exec(html)?.[0] ?? "";
    expect(item).toContain("3 demandes de numéro");
    expect(item).toMatch(/\d+ clics?/);
    expect(item).toMatch(/\d+ vues?/);
  });
});

describe(`favourites (${process.env.TEST_DB_ENGINE})`, () => {
  it("keeps one favourite per user and listing under double clicks, and the heart counter follows", async () => {
    const seller = await insertUser(ctx.t.db);
    const buyer = await insertUser(ctx.t.db);
    const listing = await insertListing(ctx.t.db, seller.id, { heartCount: 0 });
    await Promise.all(Array.from({ length: 5 }, () => setFavorite({ db: ctx.t.db, userId: buyer.id, listingId: listing.id, favorite: true })));
    expect((await listingRow(listing.id)).heartCount).toBe(1);
    expect(await ctx.t.db.select().from(favorites).where(eq(favorites.userId, buyer.id))).toHaveLength(1);
    await Promise.all(Array.from({ length: 3 }, () => setFavorite({ db: ctx.t.db, userId: buyer.id, listingId: listing.id, favorite: false })));
    expect((await listingRow(listing.id)).heartCount).toBe(0);
    expect(await ctx.t.db.select().from(favorites).where(eq(favorites.userId, buyer.id))).toHaveLength(0);
  });

  it("refuses anonymous users, unknown and non-published listings, and changes nothing", async () => {
    const seller = await insertUser(ctx.t.db);
    const buyer = await insertUser(ctx.t.db);
    const pending = await insertListing(ctx.t.db, seller.id, { status: "pending", heartCount: 0 });
    await expect(setFavorite({ db: ctx.t.db, userId: null, listingId: pending.id, favorite: true })).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(setFavorite({ db: ctx.t.db, userId: buyer.id, listingId: pending.id, favorite: true })).rejects.toMatchObject({ code: "conflict" });
    await expect(setFavorite({ db: ctx.t.db, userId: buyer.id, listingId: "00000000-0000-0000-0000-000000000000", favorite: true })).rejects.toMatchObject({ code: "not_found" });
    await expect(setFavorite({ db: ctx.t.db, userId: buyer.id, listingId: "x'; drop table favorites; --", favorite: true })).rejects.toMatchObject({ code: "not_found" });
    expect((await listingRow(pending.id)).heartCount).toBe(0);
    expect(await ctx.t.db.select().from(favorites).where(eq(favorites.userId, buyer.id))).toEqual([]);
  });

  it("over HTTP: a user only ever reads and changes their own favourites", async () => {
    const seller = await insertUser(ctx.t.db);
    const listing = await insertListing(ctx.t.db, seller.id);
    const alice = createClient(ctx.app.url);
    const bob = createClient(ctx.app.url);
    const a = await alice.signUp(`alice.fav.${Date.now()}@exemple.fr`);
    await bob.signUp(`bob.fav.${Date.now()}@exemple.fr`);
    expect((await alice.request("/api/favorites", { method: "POST", json: { listingId: listing.id, favorite: true } })).status).toBe(200);
    // Bob cannot remove Alice's favourite: his request only ever touches his own rows.
    await bob.request("/api/favorites", { method: "POST", json: { listingId: listing.id, favorite: false, userId: a.user.id } });
    expect(await ctx.t.db.select().from(favorites).where(eq(favorites.userId, a.user.id))).toHaveLength(1);
    const bobsPage = await (await bob.request("/wishlists")).text();
    expect(bobsPage).toContain("Aucune annonce favorite enregistrée.");
    expect((await listFavorites({ db: ctx.t.db, storage, userId: a.user.id })).items.map((f) => f.id)).toEqual([listing.id]);
    const anonymous = createClient(ctx.app.url);
    expect((await anonymous.request("/api/favorites", { method: "POST", json: { listingId: listing.id, favorite: true } })).status).toBe(401);
  });

  it("shows a favourite that was sold or deleted as no longer available", async () => {
    const seller = await insertUser(ctx.t.db);
    const buyer = await insertUser(ctx.t.db);
    const listing = await insertListing(ctx.t.db, seller.id);
    await setFavorite({ db: ctx.t.db, userId: buyer.id, listingId: listing.id, favorite: true });
    await ctx.t.db.update(listings).set({ status: "sold" }).where(eq(listings.id, listing.id));
    const [fav] = (await listFavorites({ db: ctx.t.db, storage, userId: buyer.id })).items;
    expect(fav).toMatchObject({ id: listing.id, available: false, status: "sold" });
  });

  it("pages a long list of favourites on /wishlists, newest first, each favourite on exactly one page", async () => {
    const seller = await insertUser(ctx.t.db);
    const buyer = await insertUser(ctx.t.db);
    const ids: string[] = [];
    for (let i = 0; i < 100; i++) ids.push((await insertListing(ctx.t.db, seller.id)).id);
    // Saved one minute apart: the newest saved comes first.
    await ctx.t.db.insert(favorites).values(ids.map((listingId, i) => ({ userId: buyer.id, listingId, createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) })));
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const result = await listFavorites({ db: ctx.t.db, storage, userId: buyer.id, page });
      expect(result).toMatchObject({ total: 100, page, pageCount: 3 });
      expect(result.items).toHaveLength(page < 3 ? 48 : 4);
      seen.push(...result.items.map((f) => f.id));
    }
    expect(seen).toEqual([...ids].reverse());
    // Past the end (favourites removed meanwhile, an old link): the last page.
    expect(await listFavorites({ db: ctx.t.db, storage, userId: buyer.id, page: 9 })).toMatchObject({ page: 3 });

    const client = createClient(ctx.app.url);
    await client.signIn(buyer.email, buyer.password);
    const html = await (await client.request("/wishlists?page=2")).text();
    expect(html).toContain("100 annonces sauvegardées · page 2 sur 3");
    expect(html).toContain('href="/wishlists?page=3"');
    expect(html).toContain(`/annonce/${ids[51]}`);
    expect(html).not.toContain(`/annonce/${ids[99]}/`);
  });
});

describe(`phone reveal (${process.env.TEST_DB_ENGINE})`, () => {
  it("gives the number to signed-in users only, and never in the page's HTML", async () => {
    const seller = await insertUser(ctx.t.db, { phoneNumber: "612345678" });
    const listing = await insertListing(ctx.t.db, seller.id);
    await expect(revealSellerPhone({ db: ctx.t.db, listingId: listing.id, viewerId: null })).rejects.toMatchObject({ code: "unauthenticated" });
    const buyer = await insertUser(ctx.t.db);
    expect(await revealSellerPhone({ db: ctx.t.db, listingId: listing.id, viewerId: buyer.id })).toEqual({ phone: "06 12 34 56 78" });
    const client = createClient(ctx.app.url);
    const first = await client.request(`/annonce/${listing.id}`);
    const html = await (await client.request(first.headers.get("location")!)).text();
    expect(html).not.toMatch(/612345678|06 12 34 56 78/);
    expect((await client.request(`/api/listings/${listing.id}/phone`, { method: "POST" })).status).toBe(401);
  });
});

import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingDailyStats, listingPriceHistory, listings, ownerDailyStats, priceDropNotices } from "~/db/schema";
import { applyBulkStockAction } from "~/features/dealer-dashboard/bulk-stock-actions.server";
import { getListingStats, getShopStats } from "~/features/dealer-dashboard/dealer-stats.server";
import { listDealerStock } from "~/features/dealer-dashboard/list-dealer-stock.server";
import { parseStockQuery } from "~/features/dealer-dashboard/stock-table-data";
import { setFavorite } from "~/features/favorites/favorites.server";
import { countListingView } from "~/features/listings/count-listing-view.server";
import { createCounterDedupe, recordListingCounter, visitorKey } from "~/features/listings/listing-detail.server";
import { revealSellerPhone } from "~/features/listings/seller-phone.server";
import { sendMessage } from "~/features/messages/send-message.server";
import { startConversation } from "~/features/messages/start-conversation.server";
import { AppError } from "~/server/app-error";
import { createLocalStorage } from "~/server/storage.server";
import { insertListing, insertProProfile, insertUser } from "~/testing/inserters.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * Issue 35, decision 0052: the per-day figures written by the statements that count views,
 * clicks, phone reveals, first messages and favourites; the shop's sum; 'Mon stock' bulk
 * actions, all or nothing, and who may run them.
 */

let t: TestDatabase;
const storage = createLocalStorage("/tmp/occazio-dashboard-test-uploads");

beforeAll(async () => {
  t = await createTestDatabase();
});

afterAll(async () => {
  await t?.close();
});

async function insertPro(status: "verified" | "pending" = "verified") {
  const person = await insertUser(t.db, { phoneNumber: "612345678" });
  await insertProProfile(t.db, person.id, {
    companyName: "Garage des Tests",
    status,
  });
  return person;
}

const today = async () =>
  String(((await t.db.execute(sql`select to_char((now() at time zone 'Europe/Paris')::date, 'YYYY-MM-DD') as d`)) as unknown as { rows: { d: string }[] }).rows[0]!.d);

async function figuresOf(listingId: string) {
  const [row] = await t.db.select().from(listingDailyStats).where(eq(listingDailyStats.listingId, listingId));
  return row;
}

describe("per-day figures", () => {
  it("a view, a click, a reveal, a first message and a favourite each add one to the listing's day and the seller's", async () => {
    const dealer = await insertPro();
    const buyer = await insertUser(t.db);
    const listing = await insertListing(t.db, dealer.id, { brand: "Peugeot", model: "208" });
    const dedupe = createCounterDedupe({ windowMs: 60_000 });
    const ua = "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0";

    expect(
      await countListingView({ db: t.db, counterDedupe: dedupe }, { method: "GET", listingId: listing.id, ip: "10.0.0.1", userAgent: ua, viewer: buyer, ownerId: dealer.id }),
    ).toBe(true);
    // The same visitor again within the window, the owner, a bot: nothing more.
    await countListingView({ db: t.db, counterDedupe: dedupe }, { method: "GET", listingId: listing.id, ip: "10.0.0.1", userAgent: ua, viewer: buyer, ownerId: dealer.id });
    await countListingView({ db: t.db, counterDedupe: dedupe }, { method: "GET", listingId: listing.id, ip: "10.0.0.2", userAgent: ua, viewer: dealer, ownerId: dealer.id });
    await countListingView({ db: t.db, counterDedupe: dedupe }, { method: "GET", listingId: listing.id, ip: "10.0.0.3", userAgent: "Googlebot/2.1", viewer: null });
    await recordListingCounter({
      db: t.db,
      dedupe,
      counter: "click",
      listingId: listing.id,
      visitor: visitorKey({ userId: buyer.id, ip: "10.0.0.1", userAgent: ua }),
      viewerId: buyer.id,
      isBot: false,
    });
    await revealSellerPhone({ db: t.db, listingId: listing.id, viewerId: buyer.id });
    await revealSellerPhone({ db: t.db, listingId: listing.id, viewerId: buyer.id });
    const { id: conversationId } = await startConversation({ db: t.db, userId: buyer.id, listingId: listing.id });
    await sendMessage({ db: t.db, userId: buyer.id, conversationId, body: "Bonjour, est-elle disponible ?" });
    await sendMessage({ db: t.db, userId: buyer.id, conversationId, body: "Et le contrôle technique ?" });
    await sendMessage({ db: t.db, userId: dealer.id, conversationId, body: "Oui, venez la voir." });
    await setFavorite({ db: t.db, userId: buyer.id, listingId: listing.id, favorite: true });
    await setFavorite({ db: t.db, userId: buyer.id, listingId: listing.id, favorite: true });

    const day = await today();
    const figures = { views: 1, resultClicks: 1, phoneReveals: 1, messages: 1, favorites: 1 };
    expect(await figuresOf(listing.id)).toEqual({ listingId: listing.id, day, ...figures });
    const [shop] = await t.db.select().from(ownerDailyStats).where(eq(ownerDailyStats.ownerId, dealer.id));
    expect(shop).toEqual({ ownerId: dealer.id, day, ...figures });
  });

  it("the shop's figures are the sum of its listings per day, every day of the period listed", async () => {
    const dealer = await insertPro();
    const a = await insertListing(t.db, dealer.id);
    const b = await insertListing(t.db, dealer.id);
    const dedupe = createCounterDedupe({ windowMs: 60_000 });
    for (const [listing, ip] of [[a, "10.1.0.1"], [a, "10.1.0.2"], [b, "10.1.0.3"]] as const) {
      await countListingView({ db: t.db, counterDedupe: dedupe }, { method: "GET", listingId: listing.id, ip, userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0", viewer: null });
    }
    const month = await getShopStats({ db: t.db, userId: dealer.id, days: 30 });
    expect(month.points).toHaveLength(30);
    expect(month.points.at(-1)).toMatchObject({ day: await today(), views: 3 });
    expect(month.totals.views).toBe(3);
    const quarter = await getShopStats({ db: t.db, userId: dealer.id, days: 90 });
    expect(quarter.points).toHaveLength(90);
    expect(quarter.points.slice(0, -1).every((p) => p.views === 0)).toBe(true);

    const one = await getListingStats({ db: t.db, userId: dealer.id, listingId: a.id, days: 30 });
    expect(one.stats.totals.views).toBe(2);
    // Another dealer's listing: not found, whatever it holds.
    const other = await insertPro();
    await expect(getListingStats({ db: t.db, userId: other.id, listingId: a.id, days: 30 })).rejects.toMatchObject({ code: "not_found" });
    // Not a verified professional: refused.
    const someone = await insertUser(t.db);
    await expect(getShopStats({ db: t.db, userId: someone.id, days: 30 })).rejects.toMatchObject({ code: "forbidden" });
    await expect(getShopStats({ db: t.db, userId: null, days: 30 })).rejects.toMatchObject({ code: "unauthenticated" });

    const table = await listDealerStock({ db: t.db, storage, userId: dealer.id, query: parseStockQuery(new URLSearchParams("tri=views")) });
    expect(table.total).toBe(2);
    expect(table.rows.map((r) => [r.id, r.views30])).toEqual([
      [a.id, 2],
      [b.id, 1],
    ]);
  });
});

describe("bulk actions of 'Mon stock'", () => {
  const state = async (ids: string[]) =>
    (await t.db.select({ id: listings.id, status: listings.status, price: listings.price }).from(listings).where(inArray(listings.id, ids))).sort((x, y) =>
      x.id.localeCompare(y.id),
    );
  const history = async (ids: string[]) => (await t.db.select().from(listingPriceHistory).where(inArray(listingPriceHistory.listingId, ids))).length;

  it("changes prices by % or €, recorded like an edit (history, a drop told to the favourites)", async () => {
    const dealer = await insertPro();
    const fan = await insertUser(t.db);
    const a = await insertListing(t.db, dealer.id, { price: 10_000 });
    const b = await insertListing(t.db, dealer.id, { price: 15_990 });
    await setFavorite({ db: t.db, userId: fan.id, listingId: a.id, favorite: true });
    const result = await applyBulkStockAction({ db: t.db, userId: dealer.id, input: { ids: [a.id, b.id], action: "price", mode: "percent", amount: "-5" } });
    expect(result).toEqual({ action: "price", changed: 2 });
    expect((await state([a.id, b.id])).map((r) => r.price).sort()).toEqual([15_191, 9_500].sort());
    expect(await history([a.id, b.id])).toBe(2);
    const notices = await t.db.select().from(priceDropNotices).where(eq(priceDropNotices.listingId, a.id));
    expect(notices).toMatchObject([{ userId: fan.id, oldPrice: 10_000, newPrice: 9_500 }]);

    await applyBulkStockAction({ db: t.db, userId: dealer.id, input: { ids: [a.id], action: "price", mode: "euros", amount: "500" } });
    expect((await state([a.id]))[0]!.price).toBe(10_000);
    // Below 1 €: refused, nothing changed.
    await expect(
      applyBulkStockAction({ db: t.db, userId: dealer.id, input: { ids: [a.id, b.id], action: "price", mode: "euros", amount: "-15000" } }),
    ).rejects.toMatchObject({ code: "invalid" });
    expect((await state([a.id]))[0]!.price).toBe(10_000);
  });

  it("marks sold and withdraws; a sold listing cannot be sold again in a batch", async () => {
    const dealer = await insertPro();
    const a = await insertListing(t.db, dealer.id);
    const b = await insertListing(t.db, dealer.id);
    // 'Vendus sur Occazio ?' must be answered: without an answer (or with another word) nothing changes.
    for (const channel of [undefined, "peut-être"]) {
      await expect(applyBulkStockAction({ db: t.db, userId: dealer.id, input: { ids: [a.id], action: "sold", channel } })).rejects.toMatchObject({
        code: "invalid",
        message: "Indiquez si le véhicule a été vendu sur Occazio (ou que vous préférez ne pas répondre).",
      });
    }
    expect((await state([a.id]))[0]!.status).toBe("published");
    expect(await applyBulkStockAction({ db: t.db, userId: dealer.id, input: { ids: [a.id], action: "sold", channel: "occazio" } })).toEqual({ action: "sold", changed: 1 });
    const [sold] = await t.db.select({ soldChannel: listings.soldChannel, soldAt: listings.soldAt }).from(listings).where(inArray(listings.id, [a.id]));
    expect(sold).toMatchObject({ soldChannel: "occazio", soldAt: expect.any(Date) });
    await expect(
      applyBulkStockAction({ db: t.db, userId: dealer.id, input: { ids: [a.id, b.id], action: "sold", channel: "ailleurs" } }),
    ).rejects.toMatchObject({ code: "conflict" });
    expect((await state([b.id]))[0]!.status).toBe("published");
    expect(await applyBulkStockAction({ db: t.db, userId: dealer.id, input: { ids: [a.id, b.id], action: "delete" } })).toEqual({ action: "delete", changed: 2 });
    expect((await state([a.id, b.id])).map((r) => r.status)).toEqual(["deleted", "deleted"]);
    await expect(applyBulkStockAction({ db: t.db, userId: dealer.id, input: { ids: [a.id], action: "delete" } })).rejects.toMatchObject({
      code: "conflict",
      message: "1 annonce est déjà supprimée : rien n'a été modifié.",
    });
  });

  it("anonymous, a private user, a moderator, another dealer's id in the batch: refused, nothing changed", async () => {
    const dealer = await insertPro();
    const other = await insertPro();
    const mine = await insertListing(t.db, dealer.id, { price: 8_000 });
    const theirs = await insertListing(t.db, other.id, { price: 9_000 });
    const privateUser = await insertUser(t.db);
    const moderator = await insertUser(t.db, { role: "moderator" });
    const pending = await insertPro("pending");
    const before = await state([mine.id, theirs.id]);
    const cases: [string | null, unknown, string][] = [
      [null, [mine.id], "unauthenticated"],
      [privateUser.id, [mine.id], "forbidden"],
      [moderator.id, [mine.id], "forbidden"],
      [pending.id, [mine.id], "forbidden"],
      [other.id, [mine.id], "not_found"],
      [dealer.id, [mine.id, theirs.id], "not_found"],
      [dealer.id, [mine.id, "not-a-uuid"], "not_found"],
      [dealer.id, [], "invalid"],
    ];
    for (const [userId, ids, code] of cases) {
      for (const action of ["price", "sold", "withdraw", "restore", "delete"]) {
        const error = await applyBulkStockAction({ db: t.db, userId, input: { ids, action, mode: "percent", amount: "-5", channel: "occazio" } }).catch((e: unknown) => e);
        expect(error, `${userId} ${action}`).toBeInstanceOf(AppError);
        expect((error as AppError).code, `${userId} ${action}`).toBe(code);
      }
    }
    expect(await state([mine.id, theirs.id])).toEqual(before);
    expect(await history([mine.id, theirs.id])).toBe(0);
  });
});

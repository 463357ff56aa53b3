import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings, recentlyViewed } from "~/db/schema";
import { listRecentViews } from "~/features/recently-viewed/list-recent-views.server";
import { recordRecentViews } from "~/features/recently-viewed/record-recent-views.server";
import { RECENTLY_VIEWED_LIMIT } from "~/features/recently-viewed/recently-viewed-ids";
import { createLocalStorage } from "~/server/storage.server";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/** 'Vus récemment' (issue 36): what an account remembers, and what a visitor's list shows. */

const storage = createLocalStorage("/tmp/occazio-recently-viewed-tests-uploads");
let t: TestDatabase;
let sellerId: string;

beforeAll(async () => {
  t = await createTestDatabase();
  sellerId = (await insertUser(t.db, { canSignIn: false })).id;
});
afterAll(async () => {
  await t?.close();
});

async function published(count: number) {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push((await insertListing(t.db, sellerId, { status: "published" })).id);
  return out;
}

describe("an account's 'Vus récemment'", () => {
  it("remembers published listings, newest view first, each once, at most the limit", async () => {
    const buyer = await insertUser(t.db);
    const ids = await published(RECENTLY_VIEWED_LIMIT + 2);
    const start = Date.parse("2026-11-20T10:00:00Z");
    for (const [i, id] of ids.entries()) {
      await recordRecentViews({ db: t.db, userId: buyer.id, views: [{ id, at: start + i * 60_000 }], now: new Date(start + 3_600_000) });
    }
    // Seen again: back to the top, not twice.
    await recordRecentViews({ db: t.db, userId: buyer.id, views: [{ id: ids[5]!, at: start + 3_000_000 }], now: new Date(start + 3_600_000) });
    const shown = (await listRecentViews({ db: t.db, storage, userId: buyer.id })).map((l) => l.id);
    expect(shown).toHaveLength(RECENTLY_VIEWED_LIMIT);
    expect(shown[0]).toBe(ids[5]);
    expect(shown[1]).toBe(ids.at(-1));
    expect(new Set(shown).size).toBe(shown.length);
    // Trimmed in the database too, not only on display.
    expect(await t.db.$count(recentlyViewed, eq(recentlyViewed.userId, buyer.id))).toBe(RECENTLY_VIEWED_LIMIT);
    // The two oldest views are gone.
    expect(shown).not.toContain(ids[0]);
    expect(shown).not.toContain(ids[1]);
  });

  it("a sold or withdrawn listing drops out; a pending one is never recorded; another user's list is not shown", async () => {
    const buyer = await insertUser(t.db);
    const other = await insertUser(t.db);
    const [kept, sold] = await published(2);
    const pending = (await insertListing(t.db, sellerId, { status: "pending" })).id;
    await recordRecentViews({ db: t.db, userId: buyer.id, views: [{ id: kept!, at: 1 }, { id: sold!, at: 2 }, { id: pending, at: 3 }] });
    await t.db.update(listings).set({ status: "sold", soldAt: new Date() }).where(eq(listings.id, sold!));
    expect((await listRecentViews({ db: t.db, storage, userId: buyer.id })).map((l) => l.id)).toEqual([kept]);
    expect(await t.db.$count(recentlyViewed, eq(recentlyViewed.listingId, pending))).toBe(0);
    expect(await listRecentViews({ db: t.db, storage, userId: other.id })).toEqual([]);
  });

  it("a time from the browser's future does not pin a listing first", async () => {
    const buyer = await insertUser(t.db);
    const [a, b] = await published(2);
    const now = new Date("2026-11-29T12:00:00Z");
    await recordRecentViews({ db: t.db, userId: buyer.id, views: [{ id: a!, at: Date.parse("2030-01-01T00:00:00Z") }], now });
    await recordRecentViews({ db: t.db, userId: buyer.id, views: [{ id: b!, at: now.getTime() + 1 }], now: new Date(now.getTime() + 1000) });
    expect((await listRecentViews({ db: t.db, storage, userId: buyer.id })).map((l) => l.id)).toEqual([b, a]);
  });

  it("signed out: nothing is written; a visitor's ids show published listings only, in the browser's order", async () => {
    const [a, b] = await published(2);
    const sold = (await insertListing(t.db, sellerId, { status: "sold" })).id;
    await expect(recordRecentViews({ db: t.db, userId: null, views: [{ id: a!, at: 1 }] })).rejects.toMatchObject({ status: 401 });
    const shown = await listRecentViews({
      db: t.db,
      storage,
      userId: null,
      visitorViews: [
        { id: b!, at: 3 },
        { id: sold, at: 2 },
        { id: a!, at: 1 },
      ],
    });
    expect(shown.map((l) => l.id)).toEqual([b, a]);
  });
});

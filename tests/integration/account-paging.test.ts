import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversations, listings, messages } from "~/db/schema";
import { HOSTING_PAGE_SIZE, listMyListings } from "~/features/hosting/hosting.server";
import { getConversation, THREAD_PAGE_SIZE } from "~/features/messages/get-conversation.server";
import { INBOX_PAGE_SIZE, listConversationPage } from "~/features/messages/list-conversations.server";
import { createLocalStorage } from "~/server/storage.server";
import { buildListing } from "~/testing/builders";
import { insertUser, type InsertedUser } from "~/testing/inserters.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * Big accounts page through their inbox, their long threads and 'Mes annonces' (issue 16):
 * every item is on exactly one page, in order, and a page past the end shows the last one.
 */
const storage = createLocalStorage(path.join(os.tmpdir(), "occazio-account-paging-tests"));
let t: TestDatabase;
let seller: InsertedUser;
let buyer: InsertedUser;
const published: string[] = [];
const inbox: string[] = [];
let longThread = "";
const now = Date.UTC(2026, 10, 20, 12);

beforeAll(async () => {
  t = await createTestDatabase();
  seller = await insertUser(t.db, { canSignIn: false });
  buyer = await insertUser(t.db, { canSignIn: false });
  // One more published listing than a page of 'Mes annonces', newest change first; 2 pending.
  const rows = Array.from({ length: HOSTING_PAGE_SIZE + 1 + 2 }, (_, i) => {
    const when = new Date(now - i * 60_000);
    const status = i < HOSTING_PAGE_SIZE + 1 ? "published" : "pending";
    return {
      ...buildListing(),
      ownerId: seller.id,
      status: status as "published" | "pending",
      publishedAt: status === "published" ? when : null,
      submittedAt: when,
      updatedAt: when,
    };
  });
  const inserted = await t.db
    .insert(listings)
    .values(rows)
    .returning({ id: listings.id, status: listings.status, updatedAt: listings.updatedAt });
  published.push(
    ...inserted
      .filter((r) => r.status === "published")
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())
      .map((r) => r.id),
  );
  // One more conversation than a page of the inbox, each on its own listing, newest first.
  const conversationRows = published
    .concat(published.slice(0, INBOX_PAGE_SIZE + 1 - published.length))
    .map((listingId, i) => ({
      listingId,
      listingTitle: `Annonce ${i}`,
      buyerId: i < published.length ? buyer.id : null,
      sellerId: seller.id,
      lastMessageAt: new Date(now - i * 60_000),
    }));
  const made = await t.db.insert(conversations).values(conversationRows).returning({ id: conversations.id });
  inbox.push(...made.map((c) => c.id));
  const messageRows = made.flatMap((c, i) =>
    Array.from({ length: i === 0 ? THREAD_PAGE_SIZE + 5 : 1 }, (_, k) => ({
      conversationId: c.id,
      senderId: k % 2 === 0 ? buyer.id : seller.id,
      body: `Message ${k + 1}`,
      createdAt: new Date(now - i * 60_000 - (THREAD_PAGE_SIZE + 5 - k) * 1000),
    })),
  );
  for (let i = 0; i < messageRows.length; i += 200) await t.db.insert(messages).values(messageRows.slice(i, i + 200));
  longThread = made[0]!.id;
});

afterAll(async () => {
  await t?.close();
});

describe(`account pages are paged (${process.env.TEST_DB_ENGINE})`, () => {
  it("pages the inbox, newest first, each conversation once; a page past the end shows the last", async () => {
    const first = await listConversationPage({ db: t.db, storage, userId: seller.id });
    expect(first).toMatchObject({ total: INBOX_PAGE_SIZE + 1, page: 1, pageCount: 2 });
    expect(first.conversations).toHaveLength(INBOX_PAGE_SIZE);
    const second = await listConversationPage({ db: t.db, storage, userId: seller.id, page: 2 });
    expect(second.conversations).toHaveLength(1);
    expect([...first.conversations, ...second.conversations].map((c) => c.id)).toEqual(inbox);
    const past = await listConversationPage({ db: t.db, storage, userId: seller.id, page: 99 });
    expect(past.page).toBe(2);
    expect(past.conversations.map((c) => c.id)).toEqual(second.conversations.map((c) => c.id));
    // The buyer sees only their own conversations.
    expect((await listConversationPage({ db: t.db, storage, userId: buyer.id })).total).toBe(published.length);
  });

  it("pages a long thread: page 1 the newest messages (oldest first), the next page the older ones", async () => {
    const newest = await getConversation({ db: t.db, storage, userId: seller.id, conversationId: longThread });
    expect(newest).toMatchObject({ page: 1, pageCount: 2 });
    expect(newest.messages.map((m) => m.body)).toEqual(
      Array.from({ length: THREAD_PAGE_SIZE }, (_, k) => `Message ${k + 6}`),
    );
    const older = await getConversation({ db: t.db, storage, userId: seller.id, conversationId: longThread, page: 2 });
    expect(older.messages.map((m) => m.body)).toEqual([
      "Message 1",
      "Message 2",
      "Message 3",
      "Message 4",
      "Message 5",
    ]);
  });

  it("pages 'Mes annonces' per tab with the three counts on every page", async () => {
    const first = await listMyListings({ db: t.db, storage, userId: seller.id, tab: "published" });
    expect(first.published).toMatchObject({ count: HOSTING_PAGE_SIZE + 1, page: 1, pageCount: 2 });
    expect(first.pending.count).toBe(2);
    expect(first.pending.items).toEqual([]);
    const second = await listMyListings({ db: t.db, storage, userId: seller.id, tab: "published", page: 2 });
    expect([...first.published.items, ...second.published.items].map((l) => l.id)).toEqual(published);
    const pending = await listMyListings({ db: t.db, storage, userId: seller.id, tab: "pending", page: 7 });
    expect(pending.pending).toMatchObject({ count: 2, page: 1, pageCount: 1 });
    expect(pending.pending.items).toHaveLength(2);
  });
});

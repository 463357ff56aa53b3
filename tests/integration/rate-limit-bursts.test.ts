// Every rate-limited action, at the HTTP level, under a burst of parallel requests on one
// server process (issue 37 §1): exactly `limit` accepted, every other one a French 429 with
// Retry-After — the place is taken atomically before the write, not checked then recorded
// after it. A scale of 0.1 makes the limits small (messages 3, conversation starts 2,
// phone reveals 2, reports 1, publishing 1, photos 6). On PostgreSQL the windows live in the
// database, as in production. The same bursts over two processes: multi-process.test.ts.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversations, listingPhotos, listings, messages } from "~/db/schema";
import { startConversation } from "~/features/messages/start-conversation.server";
import { createSqlRateLimitStore } from "~/server/rate-limit-sql.server";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { expectBurstLimited } from "../support/bursts";
import { createClient, startTestApp, type TestApp } from "../support/test-app";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

const engine = process.env.TEST_DB_ENGINE ?? "pglite";
let t: TestDatabase;
let app: TestApp;
const JSON_ACCEPT = { accept: "application/json" };

beforeAll(async () => {
  t = await createTestDatabase({ withPlaces: true });
  app = await startTestApp({
    db: t,
    // Sign-ins (Better Auth's limits) stay at the tests' usual scale.
    userRateLimitScale: 0.1,
    ...(engine === "postgres" ? { rateLimitStore: createSqlRateLimitStore(t.db) } : {}),
  });
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

async function signedIn() {
  const member = await insertUser(t.db);
  const client = createClient(app.url);
  expect((await client.signIn(member.email, member.password)).status).toBe(200);
  return { ...member, client };
}

describe(`parallel bursts against every limited action, one process (${engine})`, () => {
  it("messages through the API: 3 of 12 sent, 9 refused with Retry-After, 3 stored", async () => {
    const seller = await insertUser(t.db);
    const buyer = await signedIn();
    const listing = await insertListing(t.db, seller.id);
    const { id } = await startConversation({ db: t.db, userId: buyer.id, listingId: listing.id });
    await expectBurstLimited({
      count: 12,
      limit: 3,
      accepted: 201,
      maxRetrySeconds: 300,
      send: (i) => buyer.client.request(`/api/conversations/${id}/messages`, { method: "POST", json: { body: `Message ${i}` }, headers: JSON_ACCEPT }),
    });
    expect(await messageCount(buyer.id)).toBe(3);
  });

  it("messages through the thread page's form (no JavaScript): the same limit, shared with the API", async () => {
    const seller = await insertUser(t.db);
    const buyer = await signedIn();
    const listing = await insertListing(t.db, seller.id);
    const { id } = await startConversation({ db: t.db, userId: buyer.id, listingId: listing.id });
    await expectBurstLimited({
      count: 10,
      limit: 3,
      accepted: 200,
      maxRetrySeconds: 300,
      send: (i) => buyer.client.request(`/messages/${id}`, { method: "POST", form: { intent: "send", body: `Bonjour ${i}` } }),
    });
    expect(await messageCount(buyer.id)).toBe(3);
  });

  it("a refused message (empty) does not use a place", async () => {
    const seller = await insertUser(t.db);
    const buyer = await signedIn();
    const listing = await insertListing(t.db, seller.id);
    const { id } = await startConversation({ db: t.db, userId: buyer.id, listingId: listing.id });
    for (let i = 0; i < 5; i++) {
      const empty = await buyer.client.request(`/api/conversations/${id}/messages`, { method: "POST", json: { body: "   " }, headers: JSON_ACCEPT });
      expect(empty.status).toBe(400);
    }
    const sent = await buyer.client.request(`/api/conversations/${id}/messages`, { method: "POST", json: { body: "Bonjour" }, headers: JSON_ACCEPT });
    expect(sent.status).toBe(201);
  });

  it("conversation starts: 2 of 10 new conversations opened, 8 refused, 2 stored", async () => {
    const seller = await insertUser(t.db);
    const buyer = await signedIn();
    const targets = await Promise.all(Array.from({ length: 10 }, () => insertListing(t.db, seller.id)));
    await expectBurstLimited({
      count: 10,
      limit: 2,
      accepted: 201,
      maxRetrySeconds: 3600,
      send: (i) => buyer.client.request(`/api/listings/${targets[i]!.id}/conversation`, { method: "POST", headers: JSON_ACCEPT }),
    });
    expect(await t.db.select().from(conversations).where(eq(conversations.buyerId, buyer.id))).toHaveLength(2);
  });

  it("phone reveals: 2 of 10 numbers shown, 8 refused", async () => {
    const seller = await insertUser(t.db);
    const buyer = await signedIn();
    const targets = await Promise.all(Array.from({ length: 10 }, () => insertListing(t.db, seller.id)));
    await expectBurstLimited({
      count: 10,
      limit: 2,
      accepted: 200,
      maxRetrySeconds: 3600,
      send: (i) => buyer.client.request(`/api/listings/${targets[i]!.id}/phone`, { method: "POST", headers: JSON_ACCEPT }),
    });
  });

  it("reports: 1 of 8 accepted, 7 refused with Retry-After", async () => {
    const seller = await insertUser(t.db);
    const reporter = await signedIn();
    const targets = await Promise.all(Array.from({ length: 8 }, () => insertListing(t.db, seller.id)));
    await expectBurstLimited({
      count: 8,
      limit: 1,
      accepted: 200,
      maxRetrySeconds: 3600,
      send: (i) => reporter.client.request(`/api/listings/${targets[i]!.id}/report`, { method: "POST", json: { reasonCode: "fraud" }, headers: JSON_ACCEPT }),
    });
  });

  it("publishing: 1 of 6 ready drafts submitted, 5 refused and still drafts", async () => {
    const seller = await signedIn();
    const drafts: string[] = [];
    for (let i = 0; i < 6; i++) {
      const draft = await insertListing(t.db, seller.id, { status: "draft", publishedAt: null });
      await t.db.insert(listingPhotos).values({ listingId: draft.id, position: 0, storageKey: `test/${draft.id}`, width: 800, height: 600, variantWidths: [480] });
      drafts.push(draft.id);
    }
    await expectBurstLimited({
      count: 6,
      limit: 1,
      // The wizard answers a submission with a redirect to its success page.
      accepted: 302,
      maxRetrySeconds: 3600,
      send: (i) => seller.client.request("/publish", { method: "POST", form: { step: "8", listingId: drafts[i]!, price: "9500" } }),
    });
    const rows = await t.db.select({ status: listings.status }).from(listings).where(eq(listings.ownerId, seller.id));
    expect(rows.filter((r) => r.status === "draft")).toHaveLength(5);
  });

  it("photo uploads: 6 of 10 stored, 4 refused", async () => {
    const seller = await signedIn();
    const draft = await insertListing(t.db, seller.id, { status: "draft", publishedAt: null });
    const jpeg = new Uint8Array(await sharp({ create: { width: 320, height: 240, channels: 3, background: "#2c3e50" } }).jpeg().toBuffer());
    await expectBurstLimited({
      count: 10,
      // 60 photos per 10 minutes (20 per listing, issue 34) at this file's scale of 0.1.
      limit: 6,
      accepted: 201,
      maxRetrySeconds: 600,
      send: () => seller.client.request(`/api/listings/${draft.id}/photos`, { method: "POST", headers: { "content-type": "image/jpeg", ...JSON_ACCEPT }, body: jpeg }),
    });
    expect(await t.db.select().from(listingPhotos).where(eq(listingPhotos.listingId, draft.id))).toHaveLength(6);
  });
});

async function messageCount(senderId: string): Promise<number> {
  return (await t.db.select().from(messages).where(eq(messages.senderId, senderId))).length;
}

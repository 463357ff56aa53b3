import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversations, listings, messages, proProfiles, sellerStats } from "~/db/schema";
import { deleteListing, markListingSold } from "~/features/hosting/hosting.server";
import { getListingDetail } from "~/features/listings/listing-detail.server";
import { listModerationQueue } from "~/features/moderation/list-moderation-queue.server";
import type { Notifier } from "~/features/moderation/moderator.server";
import { validateListing } from "~/features/moderation/validate-listing.server";
import { sendMessage } from "~/features/messages/send-message.server";
import { CLOSED_ALL_WEEK } from "~/features/pro/opening-hours";
import { refreshSellerStats, refreshStaleSellerStats } from "~/features/sellers/refresh-seller-stats.server";
import { trustLines } from "~/features/sellers/seller-trust-data";
import { VERY_ACTIVE_LABEL } from "~/features/sellers/very-active";
import { createEventBus } from "~/server/events.server";
import { createJobQueue, type JobQueue } from "~/server/jobs.server";
import { createLogger } from "~/server/logger.server";
import { createOutboxMailer } from "~/server/mailer.server";
import { createLocalStorage } from "~/server/storage.server";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * Issue 33 'Trust signals': the figures of a seller's block are computed from the listings and
 * conversations by the 'seller-stats' job (decision 0035), enqueued with the change, and read
 * by the listing page.
 */
const storage = createLocalStorage(path.join(os.tmpdir(), "occazio-seller-trust-tests"));
const logger = createLogger({ level: "silent", pretty: false });
let t: TestDatabase;
let jobs: JobQueue;
let notifier: Notifier;
beforeAll(async () => {
  t = await createTestDatabase();
  // No worker: the test checks the job is there, then runs what the worker runs.
  jobs = await createJobQueue({ handle: t, logger, retryLimit: 0, retryDelaySeconds: 1, pollSeconds: 60 });
  notifier = { mailer: createOutboxMailer({ db: t.db, logger }), events: createEventBus(), logger, publicUrl: "http://occazio.test", jobs };
}, 60_000);
afterAll(async () => {
  await jobs?.close();
  await t?.close();
});

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);

/** The seller-stats jobs waiting for this seller (one at most: singletonKey). */
async function waitingJobs(userId: string): Promise<number> {
  const result = (await t.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'seller-stats' and singleton_key = ${userId} and state = 'created'`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
}

/** What the worker does: the waiting job for this seller, run and completed. */
async function runJob(userId: string): Promise<void> {
  expect(await waitingJobs(userId)).toBe(1);
  await refreshSellerStats(t.db, userId);
  await t.db.execute(sql`delete from pgboss.job where name = 'seller-stats' and singleton_key = ${userId}`);
}

/** The seller block's lines as a buyer reads them on the listing page. */
async function sellerBlock(listingId: string): Promise<string[]> {
  const detail = await getListingDetail({ db: t.db, storage, listingId, viewer: null });
  expect(detail.seller.trust.lines).toEqual(trustLines(detail.seller.trust));
  return detail.seller.trust.lines;
}

/** A buyer-started conversation: the buyer's first message `askedAgo`, the seller's reply `replyAfter` later (or none). */
async function conversation(options: { sellerId: string; listingId: string; askedAgo: number; replyAfter: number | null }) {
  const buyer = await insertUser(t.db);
  const asked = ago(options.askedAgo);
  const [row] = await t.db
    .insert(conversations)
    .values({ listingId: options.listingId, listingTitle: "Peugeot 208 2019", buyerId: buyer.id, sellerId: options.sellerId, createdAt: asked, lastMessageAt: asked })
    .returning({ id: conversations.id });
  await t.db.insert(messages).values({ conversationId: row!.id, senderId: buyer.id, body: "Bonjour, est-elle toujours disponible ?", createdAt: asked });
  // A second buyer message before the reply: the time runs from the first one.
  await t.db.insert(messages).values({ conversationId: row!.id, senderId: buyer.id, body: "Je peux passer samedi.", createdAt: new Date(asked.getTime() + 60_000) });
  if (options.replyAfter != null) {
    await t.db.insert(messages).values({
      conversationId: row!.id,
      senderId: options.sellerId,
      body: "Oui, toujours disponible.",
      createdAt: new Date(asked.getTime() + options.replyAfter),
    });
  }
  return { id: row!.id, buyer };
}

describe("trust figures on the listing page (seller_stats)", () => {
  it("says 'E-mail vérifié', the month and year of sign-up, and 0 before any figure is computed", async () => {
    const seller = await insertUser(t.db, { createdAt: new Date("2023-03-15T12:00:00Z") });
    const listing = await insertListing(t.db, seller.id, { status: "published" });
    expect(await sellerBlock(listing.id)).toEqual(["E-mail vérifié", "Membre depuis mars 2023", "0 annonce en ligne"]);
  });

  it("counts listings online and sold after publication, sale and deletion, each enqueuing one recompute", async () => {
    const moderator = await insertUser(t.db, { role: "moderator" });
    const seller = await insertUser(t.db, { createdAt: new Date("2024-11-02T12:00:00Z") });
    const a = await insertListing(t.db, seller.id, { status: "pending" });
    const b = await insertListing(t.db, seller.id, { status: "pending" });
    const c = await insertListing(t.db, seller.id, { status: "pending" });
    for (const l of [a, b, c]) await validateListing({ db: t.db, viewer: moderator, listingId: l.id, notifier });
    // Three publications, one waiting job (singletonKey = the seller).
    await runJob(seller.id);
    expect(await sellerBlock(a.id)).toContain("3 annonces en ligne");

    await markListingSold({ db: t.db, userId: seller.id, listingId: b.id, channel: "occazio", jobs });
    await runJob(seller.id);
    expect(await sellerBlock(a.id)).toEqual(expect.arrayContaining(["2 annonces en ligne", "1 véhicule vendu sur Occazio"]));

    // Sold elsewhere ('Vendu sur Occazio ?' — non): not one of the site's sales (decision 0042).
    await deleteListing({ db: t.db, userId: seller.id, listingId: c.id, jobs });
    await markListingSold({ db: t.db, userId: seller.id, listingId: a.id, channel: "ailleurs", jobs });
    await runJob(seller.id);
    const other = await insertListing(t.db, seller.id, { status: "published" });
    await refreshSellerStats(t.db, seller.id);
    expect(await sellerBlock(other.id)).toEqual(["E-mail vérifié", "Membre depuis novembre 2024", "1 annonce en ligne", "1 véhicule vendu sur Occazio"]);
    // A sale marked before the question existed (no answer) still counts.
    const legacy = await insertListing(t.db, seller.id, { status: "published" });
    await markListingSold({ db: t.db, userId: seller.id, listingId: legacy.id, jobs });
    await refreshSellerStats(t.db, seller.id);
    expect(await sellerBlock(other.id)).toContain("2 véhicules vendus sur Occazio");
  });

  it("shows response time and rate once 3 conversations of the last 90 days were answered", async () => {
    const seller = await insertUser(t.db);
    const listing = await insertListing(t.db, seller.id, { status: "published" });
    const responseLines = async () => {
      await refreshSellerStats(t.db, seller.id);
      return (await sellerBlock(listing.id)).filter((line) => line.startsWith("Répond") || line.startsWith("Taux"));
    };
    await conversation({ sellerId: seller.id, listingId: listing.id, askedAgo: 10 * DAY, replyAfter: 20 * 60_000 });
    await conversation({ sellerId: seller.id, listingId: listing.id, askedAgo: 9 * DAY, replyAfter: 40 * 60_000 });
    // Answered long ago: outside the 90-day window, it counts for nothing.
    await conversation({ sellerId: seller.id, listingId: listing.id, askedAgo: 100 * DAY, replyAfter: 10 * 60_000 });
    expect(await responseLines()).toEqual([]);

    await conversation({ sellerId: seller.id, listingId: listing.id, askedAgo: 8 * DAY, replyAfter: 5 * HOUR });
    expect(await responseLines()).toEqual(["Répond en général en moins de 1 h", "Taux de réponse : 100\u00a0%"]);

    // Unanswered buyers lower the rate; the median moves to 5 h with two more slow replies.
    await conversation({ sellerId: seller.id, listingId: listing.id, askedAgo: 7 * DAY, replyAfter: null });
    await conversation({ sellerId: seller.id, listingId: listing.id, askedAgo: 6 * DAY, replyAfter: 6 * HOUR });
    await conversation({ sellerId: seller.id, listingId: listing.id, askedAgo: 5 * DAY, replyAfter: 7 * HOUR });
    expect(await responseLines()).toEqual(["Répond en général en moins de 24 h", "Taux de réponse : 83\u00a0%"]);
    const [stats] = await t.db.select().from(sellerStats).where(eq(sellerStats.userId, seller.id));
    expect(stats).toMatchObject({ conversations90d: 6, answered90d: 5, medianResponseSeconds: 5 * 3600 });
  });

  it("picks 1 h, 3 h or 24 h by the median first reply, and claims nothing beyond 24 h", async () => {
    const cases: [number[], string | null][] = [
      [[50 * 60_000, 59 * 60_000, 3 * HOUR], "Répond en général en moins de 1 h"],
      [[2 * HOUR, 2.5 * HOUR, 10 * 60_000], "Répond en général en moins de 3 h"],
      [[20 * HOUR, 23 * HOUR, 30 * DAY], "Répond en général en moins de 24 h"],
      [[30 * HOUR, 2 * DAY, 10 * 60_000], null],
    ];
    for (const [replies, expected] of cases) {
      const seller = await insertUser(t.db);
      const listing = await insertListing(t.db, seller.id, { status: "published" });
      for (const replyAfter of replies) await conversation({ sellerId: seller.id, listingId: listing.id, askedAgo: 40 * DAY, replyAfter });
      await refreshSellerStats(t.db, seller.id);
      const lines = await sellerBlock(listing.id);
      expect(lines.filter((line) => line.startsWith("Répond"))).toEqual(expected ? [expected] : []);
      expect(lines).toContain("Taux de réponse : 100\u00a0%");
    }
  });

  it("enqueues a recompute when the seller answers, and the badge appears after the third answer", async () => {
    const seller = await insertUser(t.db);
    const listing = await insertListing(t.db, seller.id, { status: "published" });
    for (let i = 0; i < 3; i++) {
      const { id } = await conversation({ sellerId: seller.id, listingId: listing.id, askedAgo: 2 * HOUR, replyAfter: null });
      await sendMessage({ db: t.db, userId: seller.id, conversationId: id, body: "Bonjour, oui elle est disponible.", jobs });
      await runJob(seller.id);
      const lines = await sellerBlock(listing.id);
      expect(lines.includes("Répond en général en moins de 3 h"), `after answer ${i + 1}`).toBe(i === 2);
    }
  });

  it("lets the 90-day window decay: stale figures are computed again by the periodic refresh", async () => {
    const seller = await insertUser(t.db);
    const listing = await insertListing(t.db, seller.id, { status: "published" });
    for (let i = 0; i < 3; i++) await conversation({ sellerId: seller.id, listingId: listing.id, askedAgo: 89 * DAY, replyAfter: 30 * 60_000 });
    await refreshSellerStats(t.db, seller.id);
    expect(await sellerBlock(listing.id)).toContain("Répond en général en moins de 1 h");
    // Two days later: the conversations are 91 days old, the figures a day old.
    await t.db.execute(sql`update conversations set created_at = created_at - interval '2 days' where seller_id = ${seller.id}`);
    await t.db.execute(sql`update messages set created_at = created_at - interval '2 days' where conversation_id in (select id from conversations where seller_id = ${seller.id})`);
    await t.db.update(sellerStats).set({ refreshedAt: ago(25 * HOUR) }).where(eq(sellerStats.userId, seller.id));
    expect(await refreshStaleSellerStats({ db: t.db })).toBeGreaterThanOrEqual(1);
    expect((await sellerBlock(listing.id)).filter((line) => line.startsWith("Répond") || line.startsWith("Taux"))).toEqual([]);
  });
});

describe("'Vendeur particulier très actif' for moderators", () => {
  async function queueFlag(ownerId: string): Promise<boolean> {
    const moderator = await insertUser(t.db, { role: "moderator" });
    const queue = await listModerationQueue({ db: t.db, storage, viewer: moderator, pageSize: 500 });
    const pending = await t.db.select({ id: listings.id }).from(listings).where(eq(listings.ownerId, ownerId));
    const items = queue.items.filter((item) => pending.some((p) => p.id === item.id));
    expect(items.length).toBeGreaterThan(0);
    return items.every((item) => item.seller.veryActivePrivate);
  }

  it("flags a private seller with more than 5 listings published in 12 months, not 5, not a professional", async () => {
    const busy = await insertUser(t.db);
    const usual = await insertUser(t.db);
    const garage = await insertUser(t.db);
    for (const owner of [busy, usual, garage]) {
      // Five published within 12 months, whatever became of them; one long ago.
      for (const status of ["published", "sold", "deleted", "published", "sold"] as const) {
        await insertListing(t.db, owner.id, { status, publishedAt: ago(100 * DAY) });
      }
      await insertListing(t.db, owner.id, { status: "sold", publishedAt: ago(400 * DAY) });
    }
    for (const owner of [busy, garage]) await insertListing(t.db, owner.id, { status: "published", publishedAt: ago(2 * DAY) });
    await t.db.insert(proProfiles).values({
      userId: garage.id,
      slug: `garage-${garage.id.slice(0, 8)}`,
      companyName: "Garage des Tilleuls",
      siret: "73282932000074",
      addressLine: "12 avenue Jean Jaurès",
      postalCode: "69007",
      city: "Lyon",
      phone: "0478000000",
      openingHours: CLOSED_ALL_WEEK,
    });
    for (const owner of [busy, usual, garage]) {
      await insertListing(t.db, owner.id, { status: "pending", publishedAt: null });
      await refreshSellerStats(t.db, owner.id);
    }
    expect(await queueFlag(busy.id)).toBe(true);
    expect(await queueFlag(usual.id)).toBe(false);
    expect(await queueFlag(garage.id)).toBe(false);
    // Nothing of it reaches buyers.
    const [published] = await t.db.select({ id: listings.id }).from(listings).where(sql`${listings.ownerId} = ${busy.id} and ${listings.status} = 'published'`).limit(1);
    const detail = await getListingDetail({ db: t.db, storage, listingId: published!.id, viewer: null });
    expect(JSON.stringify(detail)).not.toContain(VERY_ACTIVE_LABEL);
    expect(JSON.stringify(detail)).not.toContain("publishedLast12Months");
  });
});

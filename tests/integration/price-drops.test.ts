/**
 * Price drops on favourites (issue 13, decision 0016): a seller's lower price is recorded,
 * shown to the accounts that have the listing in favourites, and told to them in at most one
 * e-mail a day ('Prix en baisse sur vos favoris'), durably and never twice.
 */
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { favorites, listingPriceHistory, outboxEmails, priceDropNotices, user } from "~/db/schema";
import { listingPath } from "~/features/listings/listing-seo";
import { priceDropsAmong } from "~/features/price-drops/price-history.server";
import { sendPriceDropDigest } from "~/features/price-drops/send-price-drop-digest.server";
import { updateListing } from "~/features/publish/update-listing.server";
import { createJobQueue, type JobQueue } from "~/server/jobs.server";
import { createLogger } from "~/server/logger.server";
import { createOutboxMailer, type Mailer } from "~/server/mailer.server";
import { createLocalStorage } from "~/server/storage.server";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createClient, startTestApp, type TestApp } from "../support/test-app";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

const engine = process.env.TEST_DB_ENGINE ?? "pglite";
const logger = createLogger({ level: "silent", pretty: false });
const storage = createLocalStorage(path.join(os.tmpdir(), "occazio-price-drop-tests"));
const PUBLIC_URL = "http://occazio.test";
const HOUR = 3600_000;

let t: TestDatabase;
let queue: JobQueue;
let mailer: Mailer;
let app: TestApp;

beforeAll(async () => {
  t = await createTestDatabase({ withPlaces: true });
  // The real queue (pg-boss in the test database) without workers: the test runs the digest itself.
  queue = await createJobQueue({ handle: t, logger, retryLimit: 2, retryDelaySeconds: 1, pollSeconds: 0.5 });
  mailer = createOutboxMailer({ db: t.db, logger });
  app = await startTestApp({ db: t });
}, 240_000);
afterAll(async () => {
  await app?.close();
  await queue?.close();
  await t?.close();
});

const notifier = () => ({ jobs: queue, delaySeconds: 600 });
const digest = (userId: string, now?: Date, withMailer: Mailer = mailer) =>
  sendPriceDropDigest({ db: t.db, mailer: withMailer, jobs: queue, storage, publicUrl: PUBLIC_URL, userId, now });
const mailsTo = async (email: string) =>
  (await t.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email))).filter((m) => m.subject === "Prix en baisse sur vos favoris");
const noticesOf = (userId: string) => t.db.select().from(priceDropNotices).where(eq(priceDropNotices.userId, userId));

async function waitingDigestJobs(userId: string): Promise<{ start_after: Date }[]> {
  const result = (await t.db.execute(
    sql`select start_after from pgboss.job where name = 'price-drop-digest' and singleton_key = ${userId} and state = 'created'`,
  )) as unknown as { rows: { start_after: Date }[] };
  return result.rows;
}

/** A seller's listing, published 10 days ago at `price`. */
async function publishedListing(price: number, model = "3008") {
  const seller = await insertUser(t.db);
  const listing = await insertListing(t.db, seller.id, {
    status: "published",
    brand: "Peugeot",
    model,
    price,
    city: "Lyon 1er",
    postalCode: "69001",
    latitude: 45.77,
    longitude: 4.83,
    publishedAt: new Date(Date.now() - 10 * 24 * HOUR),
  });
  return { seller, listing };
}

async function favourite(userId: string, listingId: string) {
  await t.db.insert(favorites).values({ userId, listingId });
}

const editValues = (listing: { brand: string; model: string; city: string | null; postalCode: string | null }, price: number) => ({
  brand: listing.brand,
  model: listing.model,
  price: String(price),
  city: listing.city!,
  postalCode: listing.postalCode!,
  latitude: "45.77",
  longitude: "4.83",
});

async function setPrice(seller: { id: string }, listing: Parameters<typeof editValues>[0] & { id: string }, price: number) {
  await updateListing({ db: t.db, storage, userId: seller.id, listingId: listing.id, values: editValues(listing, price), priceDrops: notifier() });
}

describe(`price drops on favourites (${engine})`, () => {
  it("records the drop and tells the buyers who saved it — not the seller, not those who opted out, not the others", async () => {
    const { seller, listing } = await publishedListing(20_000);
    const buyer = await insertUser(t.db);
    const optedOut = await insertUser(t.db);
    const stranger = await insertUser(t.db);
    await t.db.update(user).set({ notifyPriceDrops: false }).where(eq(user.id, optedOut.id));
    for (const who of [buyer, optedOut, seller]) await favourite(who.id, listing.id);

    await setPrice(seller, listing, 18_500);

    expect(await t.db.select().from(listingPriceHistory).where(eq(listingPriceHistory.listingId, listing.id))).toMatchObject([
      { oldPrice: 20_000, newPrice: 18_500 },
    ]);
    expect(await noticesOf(buyer.id)).toMatchObject([{ listingId: listing.id, oldPrice: 20_000, newPrice: 18_500, handledAt: null }]);
    expect(await noticesOf(optedOut.id)).toEqual([]);
    expect(await noticesOf(seller.id)).toEqual([]);
    // The digest job waits for the grouping delay, in the same transaction as the price.
    const jobs = await waitingDigestJobs(buyer.id);
    expect(jobs).toHaveLength(1);
    expect(new Date(jobs[0]!.start_after).getTime()).toBeGreaterThan(Date.now() + 500_000);

    // The badge: the buyer's favourite shows the old price; a stranger sees no drop.
    expect(await priceDropsAmong({ db: t.db, userId: buyer.id, listingIds: [listing.id] })).toMatchObject({
      [listing.id]: { previousPrice: 20_000 },
    });
    expect(await priceDropsAmong({ db: t.db, userId: stranger.id, listingIds: [listing.id] })).toEqual({});

    // The detail page (the buyer signed in) shows the struck-through price and the history.
    const client = createClient(app.url);
    await client.signIn(buyer.email, buyer.password);
    const html = await (await client.request(listingPath(listing))).text();
    expect(html).toContain("Prix en baisse");
    expect(html).toContain("Historique du prix");
    expect(html).toMatch(/<s[^>]*>.*20\u202f000\u00a0€/);
    const anonymous = await (await createClient(app.url).request(listingPath(listing))).text();
    expect(anonymous).toContain("Historique du prix");
    expect(anonymous).not.toContain("Prix en baisse");

    // One e-mail to the buyer, French, with photo slot, title, old → new price and link.
    expect(await digest(buyer.id)).toBe("sent");
    const [mail, ...others] = await mailsTo(buyer.email);
    expect(others).toEqual([]);
    expect(mail!.textBody).toContain("Peugeot 3008");
    expect(mail!.textBody).toMatch(/20\u202f000\u00a0€ → 18\u202f500\u00a0€/);
    expect(mail!.textBody).toContain(`${PUBLIC_URL}${listingPath(listing)}`);
    expect(mail!.htmlBody).toContain("<s");
    expect(await digest(seller.id)).toBe("nothing");
    expect(await mailsTo(seller.email)).toEqual([]);
    expect(await mailsTo(optedOut.email)).toEqual([]);
  });

  it("a retry sends nothing twice, and a crash before the commit loses nothing", async () => {
    const { seller, listing } = await publishedListing(12_000, "208");
    const buyer = await insertUser(t.db);
    await favourite(buyer.id, listing.id);
    await setPrice(seller, listing, 11_000);

    // The e-mail cannot be recorded: the whole digest rolls back, the notice stays pending.
    const broken: Mailer = { kind: "outbox", send: () => Promise.reject(new Error("panne")), close: async () => {} };
    await expect(digest(buyer.id, undefined, broken)).rejects.toThrow("panne");
    expect(await noticesOf(buyer.id)).toMatchObject([{ handledAt: null }]);
    expect(await mailsTo(buyer.email)).toEqual([]);

    // The job's retry sends it; any further retry (or a duplicate job) finds nothing to send.
    expect(await digest(buyer.id)).toBe("sent");
    expect(await digest(buyer.id)).toBe("nothing");
    expect(await Promise.all([digest(buyer.id), digest(buyer.id)])).toEqual(["nothing", "nothing"]);
    expect(await mailsTo(buyer.email)).toHaveLength(1);
    // The same price change cannot be noticed twice (unique per account and change).
    const [notice] = await noticesOf(buyer.id);
    await expect(
      t.db.insert(priceDropNotices).values({ userId: buyer.id, listingId: listing.id, priceChangeId: notice!.priceChangeId, oldPrice: 1, newPrice: 1 }),
    ).rejects.toThrow();
  });

  it("groups the drops of a day in one e-mail; the next drops wait 24 hours", async () => {
    const first = await publishedListing(30_000, "5008");
    const second = await publishedListing(9_000, "108");
    const buyer = await insertUser(t.db);
    await favourite(buyer.id, first.listing.id);
    await favourite(buyer.id, second.listing.id);

    await setPrice(first.seller, first.listing, 28_000);
    await setPrice(second.seller, second.listing, 8_000);
    await setPrice(first.seller, first.listing, 27_000);
    // One waiting job for the account: later drops join it.
    expect(await waitingDigestJobs(buyer.id)).toHaveLength(1);

    expect(await digest(buyer.id)).toBe("sent");
    const [mail] = await mailsTo(buyer.email);
    expect(mail!.textBody).toContain("Le prix de 2 annonces de vos favoris a baissé");
    expect(mail!.textBody).toMatch(/Peugeot 5008 .*30\u202f000\u00a0€ → 27\u202f000\u00a0€/);
    expect(mail!.textBody).toMatch(/Peugeot 108 .*9\u202f000\u00a0€ → 8\u202f000\u00a0€/);

    // (The test ran the digest itself: the worker would have taken the waiting job.)
    await t.db.execute(sql`delete from pgboss.job where name = 'price-drop-digest' and singleton_key = ${buyer.id}`);
    // A new drop the same day: its job is scheduled 24 hours after the e-mail.
    await setPrice(second.seller, second.listing, 7_500);
    const [waiting] = await waitingDigestJobs(buyer.id);
    expect(new Date(waiting!.start_after).getTime()).toBeGreaterThan(Date.now() + 23 * HOUR);
    // Run early anyway (a duplicate job): it puts itself back, nothing is sent.
    expect(await digest(buyer.id)).toBe("deferred");
    expect(await mailsTo(buyer.email)).toHaveLength(1);
    // The next day: the second e-mail, with the new drop.
    expect(await digest(buyer.id, new Date(Date.now() + 25 * HOUR))).toBe("sent");
    const mails = await mailsTo(buyer.email);
    expect(mails).toHaveLength(2);
    // Successive reductions: the price before the first one stays the reference (decision 0016).
    expect(mails[1]!.textBody).toMatch(/Peugeot 108 .*9\u202f000\u00a0€ → 7\u202f500\u00a0€/);
    expect(mails[1]!.textBody).not.toContain("5008");
  });

  it("preference off: no notice, and notices already waiting are dropped", async () => {
    const { seller, listing } = await publishedListing(15_000, "2008");
    const buyer = await insertUser(t.db);
    await favourite(buyer.id, listing.id);
    await setPrice(seller, listing, 14_000);
    expect(await noticesOf(buyer.id)).toHaveLength(1);

    // The buyer turns the preference off on the notifications page.
    const client = createClient(app.url);
    await client.signIn(buyer.email, buyer.password);
    const page = await (await client.request("/account/notifications")).text();
    expect(page).toContain("Prix en baisse sur vos favoris");
    const saved = await client.request("/account/notifications", { method: "POST", form: { notifyListingValidated: "on", notifyNewMessage: "on" } });
    expect(saved.status).toBe(200);
    expect((await t.db.select({ on: user.notifyPriceDrops }).from(user).where(eq(user.id, buyer.id)))[0]?.on).toBe(false);

    expect(await digest(buyer.id)).toBe("disabled");
    await setPrice(seller, listing, 13_000);
    expect(await noticesOf(buyer.id)).toMatchObject([{ handledAt: expect.any(Date) }]);
    expect(await mailsTo(buyer.email)).toEqual([]);
  });

  it("a price raised is no drop; raising after a drop ends the badge; raise-then-lower shows no fake drop", async () => {
    const { seller, listing } = await publishedListing(10_000, "308");
    const buyer = await insertUser(t.db);
    await favourite(buyer.id, listing.id);

    await setPrice(seller, listing, 11_000);
    expect(await noticesOf(buyer.id)).toEqual([]);
    expect(await priceDropsAmong({ db: t.db, userId: buyer.id, listingIds: [listing.id] })).toEqual({});

    // 10 000 → 11 000 → 10 500: the lowest price of the last 30 days was 10 000, so no drop.
    await setPrice(seller, listing, 10_500);
    expect(await noticesOf(buyer.id)).toEqual([]);
    expect(await priceDropsAmong({ db: t.db, userId: buyer.id, listingIds: [listing.id] })).toEqual({});

    // A real drop below 10 000, then a raise before the e-mail: the badge goes, nothing is sent.
    await setPrice(seller, listing, 9_000);
    expect(await priceDropsAmong({ db: t.db, userId: buyer.id, listingIds: [listing.id] })).toMatchObject({
      [listing.id]: { previousPrice: 10_000 },
    });
    await setPrice(seller, listing, 9_800);
    expect(await priceDropsAmong({ db: t.db, userId: buyer.id, listingIds: [listing.id] })).toEqual({});
    expect(await digest(buyer.id)).toBe("nothing");
    expect(await mailsTo(buyer.email)).toEqual([]);
    expect(await noticesOf(buyer.id)).toMatchObject([{ handledAt: expect.any(Date), digestId: null }]);
  });

  it("a listing not published (pending, refused) tells nobody", async () => {
    const seller = await insertUser(t.db);
    const listing = await insertListing(t.db, seller.id, { status: "pending", brand: "Peugeot", model: "508", price: 25_000, city: "Lyon 1er", postalCode: "69001", latitude: 45.77, longitude: 4.83 });
    const buyer = await insertUser(t.db);
    await favourite(buyer.id, listing.id);
    await setPrice(seller, listing, 20_000);
    expect(await t.db.select().from(priceDropNotices).where(and(eq(priceDropNotices.listingId, listing.id)))).toEqual([]);
  });
});

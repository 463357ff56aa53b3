// No notification e-mail to an address its owner has not confirmed (issue 37 §3): anyone can
// sign up with a stranger's address, and must not be able to make Occazio write to it.
// Saved-search alerts (immediate and daily), price drops, new messages, moderation decisions:
// none goes to an unconfirmed address, and alerts start with the matches after confirmation
// (no backlog). The confirmation and reset e-mails themselves are Better Auth's, untouched.
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { favorites, listingPriceHistory, outboxEmails, priceDropNotices, user } from "~/db/schema";
import { sendMessage } from "~/features/messages/send-message.server";
import { startConversation } from "~/features/messages/start-conversation.server";
import { validateListing } from "~/features/moderation/validate-listing.server";
import { sendPriceDropDigest } from "~/features/price-drops/send-price-drop-digest.server";
import { recordSearchMatches } from "~/features/saved-searches/match-saved-searches.server";
import { saveSearch } from "~/features/saved-searches/save-search.server";
import { sendSearchAlert, sendSearchDigest, type AlertSender } from "~/features/saved-searches/send-search-alerts.server";
import { createEventBus } from "~/server/events.server";
import { createLogger } from "~/server/logger.server";
import { createOutboxMailer, type Mailer } from "~/server/mailer.server";
import { createLocalStorage } from "~/server/storage.server";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createRecordingJobQueue } from "~/testing/recording-job-queue";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

const engine = process.env.TEST_DB_ENGINE ?? "pglite";
const logger = createLogger({ level: "silent", pretty: false });
const storage = createLocalStorage(path.join(os.tmpdir(), "occazio-unverified-tests"));
const PUBLIC_URL = "http://occazio.test";
const LYON = { city: "Lyon 1er", postalCode: "69001", latitude: 45.767, longitude: 4.834 };

let t: TestDatabase;
let mailer: Mailer;
let sender: AlertSender;

beforeAll(async () => {
  t = await createTestDatabase({ withPlaces: true });
  mailer = createOutboxMailer({ db: t.db, logger });
  sender = { db: t.db, mailer, publicUrl: PUBLIC_URL, storage, logger };
});
afterAll(async () => {
  await t?.close();
});

/** A member whose address is not confirmed (signed up with it, never clicked the link). */
async function unconfirmed() {
  const member = await insertUser(t.db);
  await t.db.update(user).set({ emailVerified: false }).where(eq(user.id, member.id));
  return member;
}
const confirm = (id: string) => t.db.update(user).set({ emailVerified: true }).where(eq(user.id, id));
const mailsTo = (email: string) => t.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email));
const publish = (ownerId: string, model: string) =>
  insertListing(t.db, ownerId, { brand: "Peugeot", model, place: LYON, status: "published", publishedAt: new Date() });

describe(`no notification e-mail to an unconfirmed address (${engine})`, () => {
  it("saved-search alerts, immediate and daily: nothing before confirmation, then only the new matches", async () => {
    const seller = await insertUser(t.db);
    const stranger = await unconfirmed();
    const immediate = await saveSearch({ db: t.db, userId: stranger.id, query: "brand=Peugeot&model=5008" });
    const daily = await saveSearch({ db: t.db, userId: stranger.id, query: "brand=Peugeot&model=408" });
    await t.db.execute(`update saved_searches set frequency = 'daily' where id = '${daily.id}'`);
    const before = [await publish(seller.id, "5008"), await publish(seller.id, "408")];
    for (const listing of before) await recordSearchMatches({ db: t.db, listingId: listing.id });
    expect(await sendSearchAlert(sender, immediate.id)).toBe("disabled");
    expect(await sendSearchDigest(sender, stranger.id)).toBe("disabled");
    expect(await mailsTo(stranger.email)).toEqual([]);

    await confirm(stranger.id);
    const after = await publish(seller.id, "5008");
    await recordSearchMatches({ db: t.db, listingId: after.id });
    expect(await sendSearchAlert(sender, immediate.id)).toBe("sent");
    const mails = await mailsTo(stranger.email);
    expect(mails).toHaveLength(1);
    // The listing matched before the confirmation is not in it: no backlog.
    expect(mails[0]!.textBody).toContain(after.id.slice(0, 8));
    expect(mails[0]!.textBody).not.toContain(before[0]!.id.slice(0, 8));
  });

  it("price drops on favourites: no digest to an unconfirmed address, its notices dropped", async () => {
    const seller = await insertUser(t.db);
    const listing = await insertListing(t.db, seller.id, {
      brand: "Peugeot",
      model: "3008",
      price: 18_000,
      place: LYON,
      status: "published",
      publishedAt: new Date(Date.now() - 10 * 24 * 3600_000),
    });
    const stranger = await unconfirmed();
    await t.db.insert(favorites).values({ userId: stranger.id, listingId: listing.id });
    const [change] = await t.db.insert(listingPriceHistory).values({ listingId: listing.id, oldPrice: 20_000, newPrice: 18_000 }).returning();
    await t.db
      .insert(priceDropNotices)
      .values({ userId: stranger.id, listingId: listing.id, priceChangeId: change!.id, oldPrice: 20_000, newPrice: 18_000 });
    const jobs = createRecordingJobQueue();
    expect(await sendPriceDropDigest({ db: t.db, mailer, jobs, storage, publicUrl: PUBLIC_URL, userId: stranger.id })).toBe("disabled");
    expect(await mailsTo(stranger.email)).toEqual([]);
    expect(jobs.enqueued).toEqual([]);
  });

  it("new-message e-mail: not to an unconfirmed recipient (the message itself is delivered)", async () => {
    const seller = await unconfirmed();
    const buyer = await insertUser(t.db);
    const listing = await publish(seller.id, "2008");
    const { id } = await startConversation({ db: t.db, userId: buyer.id, listingId: listing.id });
    const sent = await sendMessage({
      db: t.db,
      userId: buyer.id,
      conversationId: id,
      body: "Bonjour, est-elle disponible ?",
      notifier: { events: createEventBus(), mailer, logger, publicUrl: PUBLIC_URL },
    });
    expect(await sent.notification).toBe("unverified");
    expect(await mailsTo(seller.email)).toEqual([]);
  });

  it("moderation decision ('annonce validée'): not to an unconfirmed seller", async () => {
    const moderator = await insertUser(t.db, { role: "moderator" });
    const seller = await unconfirmed();
    const pending = await insertListing(t.db, seller.id, { status: "pending", publishedAt: null, place: LYON });
    await validateListing({
      db: t.db,
      viewer: { id: moderator.id, role: "moderator" },
      listingId: pending.id,
      notifier: { events: createEventBus(), mailer, logger, publicUrl: PUBLIC_URL },
    });
    expect(await mailsTo(seller.email)).toEqual([]);
  });
});

import os from "node:os";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversations, listings, messages, phoneReveals, reports, user } from "~/db/schema";
import { deleteAccount } from "~/features/account/account.server";
import { createCounterDedupe } from "~/features/listings/listing-detail.server";
import { revealSellerPhone } from "~/features/listings/seller-phone.server";
import { DELETED_USER_NAME, MESSAGE_TEXTS } from "~/features/messages/message-data";
import { archiveConversation } from "~/features/messages/archive-conversation.server";
import { type MessageNotifier } from "~/features/messages/conversation-access.server";
import { countUnread } from "~/features/messages/count-unread.server";
import { getConversation } from "~/features/messages/get-conversation.server";
import { listConversations } from "~/features/messages/list-conversations.server";
import { reportConversation } from "~/features/messages/report-conversation.server";
import { sendMessage } from "~/features/messages/send-message.server";
import { startConversation } from "~/features/messages/start-conversation.server";
import { dismissReport } from "~/features/moderation/dismiss-report.server";
import { listOpenReports } from "~/features/moderation/list-open-reports.server";
import type { AppEvent } from "~/server/events.server";
import { createEventBus } from "~/server/events.server";
import { createLogger } from "~/server/logger.server";
import { createSmtpMailer, type Mailer } from "~/server/mailer.server";
import { createUserRateLimits } from "~/server/rate-limit.server";
import { createLocalStorage } from "~/server/storage.server";
import { insertListing, insertUser, type InsertedUser } from "~/testing/inserters.server";
import { startSmtpPeer } from "../support/peers";
import { createClient, startTestApp, type TestApp } from "../support/test-app";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let t: TestDatabase;
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let mailer: Mailer;
const logger = createLogger({ level: "silent", pretty: false });
const storage = createLocalStorage(path.join(os.tmpdir(), "occazio-messages-tests"));

beforeAll(async () => {
  t = await createTestDatabase();
  smtp = await startSmtpPeer();
  mailer = createSmtpMailer({ url: smtp.url, from: "Occazio <no-reply@occazio.test>", logger });
  app = await startTestApp({ db: t, mailer });
});
afterAll(async () => {
  await app?.close();
  await mailer?.close();
  await smtp?.close();
  await t?.close();
});

const engine = process.env.TEST_DB_ENGINE;

function notifierWith(options: Partial<MessageNotifier> = {}): MessageNotifier {
  return { events: createEventBus(), mailer, logger, publicUrl: "http://occazio.test", ...options };
}

/** A seller with a published Peugeot 208, a buyer and a conversation with one message. */
async function scenario(options: { firstMessage?: string } = {}) {
  const seller = await insertUser(t.db, { phoneNumber: "612345678" });
  const buyer = await insertUser(t.db);
  const listing = await insertListing(t.db, seller.id, { brand: "Peugeot", model: "208", year: 2019 });
  const { id } = await startConversation({ db: t.db, userId: buyer.id, listingId: listing.id });
  if (options.firstMessage !== undefined)
    await sendMessage({ db: t.db, userId: buyer.id, conversationId: id, body: options.firstMessage });
  return { seller, buyer, listing, conversationId: id };
}

async function snapshot(conversationId: string) {
  const [conversation] = await t.db.select().from(conversations).where(eq(conversations.id, conversationId));
  const rows = await t.db.select().from(messages).where(eq(messages.conversationId, conversationId));
  const reported = await t.db.select().from(reports).where(eq(reports.conversationId, conversationId));
  return { conversation, messages: rows.map((m) => m.id).sort(), reports: reported.length };
}

async function signedIn(u: InsertedUser) {
  const client = createClient(app.url);
  const response = await client.signIn(u.email, u.password);
  expect(response.status).toBe(200);
  return client;
}

const json = { accept: "application/json" };

describe(`conversations belong to their two participants (${engine})`, () => {
  it("a third user cannot read, post to, archive, report or list someone else's conversation (services)", async () => {
    const { buyer, seller, conversationId } = await scenario({
      firstMessage: "Bonjour, est-elle toujours disponible ?",
    });
    const stranger = await insertUser(t.db);
    const before = await snapshot(conversationId);
    await expect(getConversation({ db: t.db, storage, userId: stranger.id, conversationId })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(
      sendMessage({ db: t.db, userId: stranger.id, conversationId, body: "Je m'invite" }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(
      archiveConversation({ db: t.db, userId: stranger.id, conversationId, archived: true }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(
      reportConversation({ db: t.db, userId: stranger.id, conversationId, reasonCode: "spam" }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(getConversation({ db: t.db, storage, userId: null, conversationId })).rejects.toMatchObject({
      code: "unauthenticated",
    });
    await expect(sendMessage({ db: t.db, userId: null, conversationId, body: "Anonyme" })).rejects.toMatchObject({
      code: "unauthenticated",
    });
    expect(await listConversations({ db: t.db, storage, userId: stranger.id })).toEqual([]);
    expect(await listConversations({ db: t.db, storage, userId: stranger.id, archived: true })).toEqual([]);
    expect(await countUnread({ db: t.db, userId: stranger.id })).toBe(0);
    expect(await snapshot(conversationId)).toEqual(before);
    // The participants do see it.
    expect((await listConversations({ db: t.db, storage, userId: seller.id })).map((c) => c.id)).toEqual([
      conversationId,
    ]);
    expect((await listConversations({ db: t.db, storage, userId: buyer.id })).map((c) => c.id)).toEqual([
      conversationId,
    ]);
    for (const id of ["pas-un-uuid", "00000000-0000-0000-0000-000000000000", "'; drop table messages; --"]) {
      await expect(getConversation({ db: t.db, storage, userId: buyer.id, conversationId: id })).rejects.toMatchObject({
        code: "not_found",
      });
    }
  });

  it("over HTTP: 404 for a third user and 401 for visitors, nothing shown, nothing changed", async () => {
    const secret = "Mon adresse est 12 rue des Lilas";
    const { buyer, conversationId } = await scenario({ firstMessage: secret });
    const stranger = await insertUser(t.db);
    const before = await snapshot(conversationId);
    const intruder = await signedIn(stranger);
    const anonymous = createClient(app.url);

    for (const client of [intruder, anonymous]) {
      const expected = client === intruder ? 404 : 401;
      const page = await client.request(`/messages/${conversationId}`);
      expect(page.status).toBe(expected);
      expect(page.headers.get("cache-control")).toContain("no-store");
      expect(await page.text()).not.toContain("12 rue des Lilas");
      const api = await client.request(`/api/conversations/${conversationId}/messages`, {
        method: "POST",
        json: { body: "Intrusion" },
        headers: json,
      });
      expect(api.status).toBe(expected);
      expect((await api.json()) as { error: string }).toHaveProperty("error");
      const forms: Record<string, string>[] = [
        { intent: "send", body: "Intrusion" },
        { intent: "archive" },
        { intent: "report", reasonCode: "spam" },
      ];
      for (const form of forms) {
        expect((await client.request(`/messages/${conversationId}`, { method: "POST", form })).status).toBe(expected);
      }
      const inbox = await client.request("/messages");
      expect(await inbox.text()).not.toContain(conversationId);
    }
    expect(await snapshot(conversationId)).toEqual(before);

    // The buyer reads it over HTTP.
    const owner = await signedIn(buyer);
    const page = await owner.request(`/messages/${conversationId}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("12 rue des Lilas");
  });

  it("refuses messaging one's own listing and unpublished listings; one conversation per listing and buyer", async () => {
    const seller = await insertUser(t.db);
    const buyer = await insertUser(t.db);
    const listing = await insertListing(t.db, seller.id);
    const pending = await insertListing(t.db, seller.id, { status: "pending" });
    await expect(startConversation({ db: t.db, userId: seller.id, listingId: listing.id })).rejects.toMatchObject({
      code: "forbidden",
      message: MESSAGE_TEXTS.ownListing,
    });
    await expect(startConversation({ db: t.db, userId: buyer.id, listingId: pending.id })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(startConversation({ db: t.db, userId: null, listingId: listing.id })).rejects.toMatchObject({
      code: "unauthenticated",
    });
    await expect(startConversation({ db: t.db, userId: buyer.id, listingId: "pas-un-uuid" })).rejects.toMatchObject({
      code: "not_found",
    });

    const sellerClient = await signedIn(seller);
    const refused = await sellerClient.request(`/api/listings/${listing.id}/conversation`, {
      method: "POST",
      headers: json,
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: "Vous ne pouvez pas envoyer de message à propos de votre propre annonce.",
    });
    expect(
      (
        await createClient(app.url).request(`/api/listings/${listing.id}/conversation`, {
          method: "POST",
          headers: json,
        })
      ).status,
    ).toBe(401);
    expect(await t.db.select().from(conversations).where(eq(conversations.listingId, listing.id))).toEqual([]);

    // Double clicks: one conversation, the same id each time.
    const buyerClient = await signedIn(buyer);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        buyerClient.request(`/api/listings/${listing.id}/conversation`, { method: "POST", headers: json }),
      ),
    );
    const ids = await Promise.all(answers.map(async (r) => ((await r.json()) as { id: string }).id));
    expect(new Set(ids).size).toBe(1);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    expect(await t.db.select().from(conversations).where(eq(conversations.listingId, listing.id))).toHaveLength(1);
  });
});

describe(`message bodies (${engine})`, () => {
  it("refuses empty and over-long messages with a French error and stores nothing", async () => {
    const { buyer, conversationId } = await scenario();
    for (const body of ["", "   \n\t  ", "\u0000\u0001", undefined, 42]) {
      await expect(sendMessage({ db: t.db, userId: buyer.id, conversationId, body })).rejects.toMatchObject({
        code: "invalid",
        message: MESSAGE_TEXTS.empty,
      });
    }
    await expect(
      sendMessage({ db: t.db, userId: buyer.id, conversationId, body: "é".repeat(2001) }),
    ).rejects.toMatchObject({ code: "invalid", message: MESSAGE_TEXTS.tooLong });
    const client = await signedIn(buyer);
    const tooLong = await client.request(`/api/conversations/${conversationId}/messages`, {
      method: "POST",
      json: { body: "a".repeat(2001) },
      headers: json,
    });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ error: MESSAGE_TEXTS.tooLong });
    const empty = await client.request(`/api/conversations/${conversationId}/messages`, {
      method: "POST",
      json: { body: "  " },
      headers: json,
    });
    expect(empty.status).toBe(400);
    const huge = await client.request(`/api/conversations/${conversationId}/messages`, {
      method: "POST",
      json: { body: "a".repeat(100_000) },
      headers: json,
    });
    expect(huge.status).toBe(413);
    expect((await snapshot(conversationId)).messages).toEqual([]);
    // Exactly 2,000 characters (after trimming) is fine.
    const ok = await client.request(`/api/conversations/${conversationId}/messages`, {
      method: "POST",
      json: { body: `  ${"b".repeat(2000)}  ` },
      headers: json,
    });
    expect(ok.status).toBe(201);
    const [stored] = await t.db.select().from(messages).where(eq(messages.conversationId, conversationId));
    expect(stored?.body).toBe("b".repeat(2000));
  });

  it("stores markup verbatim and shows it escaped, with only http(s) links clickable", async () => {
    const { buyer, seller, conversationId } = await scenario();
    const script = `<script>alert("xss")</script><img src=x onerror=alert(1)> & "guillemets"`;
    const links = "Photos : https://exemple.fr/album?id=1. Pas ça : javascript:alert(1)";
    const client = await signedIn(buyer);
    for (const body of [script, links]) {
      const sent = await client.request(`/api/conversations/${conversationId}/messages`, {
        method: "POST",
        json: { body },
        headers: json,
      });
      expect(sent.status).toBe(201);
    }
    const stored = await t.db
      .select({ body: messages.body })
      .from(messages)
      .where(eq(messages.conversationId, conversationId))
      .orderBy(messages.createdAt);
    expect(stored.map((m) => m.body)).toEqual([script, links]);

    const reader = await signedIn(seller);
    const html = await (await reader.request(`/messages/${conversationId}`)).text();
    expect(html).not.toContain('<script>alert("xss")</script>');
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;alert(");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toMatch(
      /<a href="https:\/\/exemple\.fr\/album\?id=1" target="_blank" rel="nofollow noopener noreferrer"[^>]*>https:\/\/exemple\.fr\/album\?id=1<\/a>/,
    );
    expect(html).not.toContain('href="javascript:');
  });
});

describe(`abuse control (${engine})`, () => {
  it("limits messages per user: a French 429 with Retry-After, nothing stored beyond the limit", async () => {
    const { buyer, conversationId } = await scenario();
    const saved = app.services.rateLimits;
    app.services.rateLimits = createUserRateLimits(1);
    try {
      const client = await signedIn(buyer);
      for (let i = 0; i < 30; i++) {
        const ok = await client.request(`/api/conversations/${conversationId}/messages`, {
          method: "POST",
          json: { body: `Message ${i}` },
          headers: json,
        });
        expect(ok.status).toBe(201);
      }
      const refused = await client.request(`/api/conversations/${conversationId}/messages`, {
        method: "POST",
        json: { body: "Un de trop" },
        headers: json,
      });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(((await refused.json()) as { error: string }).error).toMatch(
        /^Vous avez envoyé trop de messages en peu de temps\. Réessayez dans/,
      );
      const form = await client.request(`/messages/${conversationId}`, {
        method: "POST",
        form: { intent: "send", body: "Encore" },
      });
      expect(form.status).toBe(429);
      expect((await snapshot(conversationId)).messages).toHaveLength(30);
    } finally {
      app.services.rateLimits = saved;
    }
  });

  it("limits new conversations per user, not reopening existing ones", async () => {
    const seller = await insertUser(t.db);
    const buyer = await insertUser(t.db);
    const limits = createUserRateLimits(1);
    const first = await insertListing(t.db, seller.id);
    const opened = await startConversation({ db: t.db, userId: buyer.id, listingId: first.id, limits });
    for (let i = 1; i < 20; i++) {
      const listing = await insertListing(t.db, seller.id);
      await startConversation({ db: t.db, userId: buyer.id, listingId: listing.id, limits });
    }
    const extra = await insertListing(t.db, seller.id);
    await expect(startConversation({ db: t.db, userId: buyer.id, listingId: extra.id, limits })).rejects.toMatchObject({
      code: "rate_limited",
      status: 429,
      message: expect.stringMatching(/^Vous avez contacté trop de vendeurs en peu de temps\./),
    });
    expect(await t.db.select().from(conversations).where(eq(conversations.listingId, extra.id))).toEqual([]);
    // Reopening is not creating.
    expect(await startConversation({ db: t.db, userId: buyer.id, listingId: first.id, limits })).toEqual({
      id: opened.id,
      created: false,
    });
  });

  it("a participant reports a conversation: it reaches the moderators' Reports tab, once, and can be dismissed", async () => {
    const { seller, conversationId } = await scenario({
      firstMessage: "Envoyez un mandat cash et je vous expédie la voiture",
    });
    const moderator = await insertUser(t.db, { role: "moderator" });
    await expect(
      reportConversation({ db: t.db, userId: seller.id, conversationId, reasonCode: "n'importe" }),
    ).rejects.toMatchObject({ code: "invalid" });
    const report = await reportConversation({
      db: t.db,
      userId: seller.id,
      conversationId,
      reasonCode: "fraud",
      message: "Demande de mandat cash",
    });
    expect(await reportConversation({ db: t.db, userId: seller.id, conversationId, reasonCode: "spam" })).toEqual(
      report,
    );
    const open = await listOpenReports({ db: t.db, viewer: moderator });
    const mine = open.find((r) => r.id === report.id);
    expect(mine).toMatchObject({
      kind: "conversation",
      reason: "Arnaque ou tentative de fraude",
      message: "Demande de mandat cash",
      conversation: { id: conversationId, title: "Peugeot 208" },
    });
    expect(mine?.kind === "conversation" ? mine.messages.map((m) => m.body) : []).toEqual([
      "Envoyez un mandat cash et je vous expédie la voiture",
    ]);

    // The moderation page shows it (over HTTP).
    const modClient = await signedIn(moderator);
    const page = await (await modClient.request("/moderation?onglet=signalements")).text();
    expect(page).toMatch(/Conversation à propos de (<!-- -->)?Peugeot 208/);
    await dismissReport({ db: t.db, viewer: moderator, reportId: report.id });
    const [row] = await t.db.select().from(reports).where(eq(reports.id, report.id));
    expect(row?.status).toBe("dismissed");
    // Over HTTP, from the thread page.
    const sellerClient = await signedIn(seller);
    const again = await sellerClient.request(`/messages/${conversationId}`, {
      method: "POST",
      form: { intent: "report", reasonCode: "harassment" },
    });
    expect(again.status).toBe(200);
    expect(
      await t.db
        .select()
        .from(reports)
        .where(and(eq(reports.conversationId, conversationId), eq(reports.status, "open"))),
    ).toHaveLength(1);
  });
});

describe(`new-message e-mails (${engine})`, () => {
  const mailsAbout = (to: string, conversationId: string) =>
    smtp.received.filter((m) => m.to.includes(to) && m.text.includes(`/messages/${conversationId}`));

  it("sends one e-mail for a burst of messages, with a link, after the commit", async () => {
    const { buyer, seller, conversationId } = await scenario();
    const notifier = notifierWith();
    const outcomes = [];
    for (let i = 0; i < 4; i++) {
      const sent = await sendMessage({ db: t.db, userId: buyer.id, conversationId, body: `Question ${i}`, notifier });
      outcomes.push(await sent.notification);
    }
    // Concurrent sends too.
    const burst = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        sendMessage({ db: t.db, userId: buyer.id, conversationId, body: `Rafale ${i}`, notifier }),
      ),
    );
    outcomes.push(...(await Promise.all(burst.map((s) => s.notification))));
    expect(outcomes.filter((o) => o === "sent")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "throttled")).toHaveLength(7);
    const mails = mailsAbout(seller.email, conversationId);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Nouveau message à propos de votre annonce Peugeot 208");
    expect(mails[0]?.text).toContain(`http://occazio.test/messages/${conversationId}`);
    expect(mails[0]?.text).toContain("« Question 0 »");
    expect(mails[0]?.html).toContain(`href="http://occazio.test/messages/${conversationId}"`);

    // The seller's answer notifies the buyer (their own 15 minutes).
    const answer = await sendMessage({
      db: t.db,
      userId: seller.id,
      conversationId,
      body: "Oui, toujours disponible.",
      notifier,
    });
    expect(await answer.notification).toBe("sent");
    expect(mailsAbout(buyer.email, conversationId)[0]?.subject).toBe(
      "Nouveau message à propos de l'annonce Peugeot 208",
    );

    // After 15 minutes, a new message e-mails again.
    await t.db
      .update(conversations)
      .set({ sellerNotifiedAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(conversations.id, conversationId));
    expect(
      await (
        await sendMessage({ db: t.db, userId: buyer.id, conversationId, body: "Et le contrôle technique ?", notifier })
      ).notification,
    ).toBe("sent");
    expect(mailsAbout(seller.email, conversationId)).toHaveLength(2);
  });

  it("over HTTP: a burst from the buyer sends the seller exactly one e-mail", async () => {
    const { buyer, seller, conversationId } = await scenario();
    const client = await signedIn(buyer);
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await client.request(`/api/conversations/${conversationId}/messages`, {
            method: "POST",
            json: { body: `Bonjour ${i}` },
            headers: json,
          })
        ).status,
      ).toBe(201);
    }
    await expect.poll(() => mailsAbout(seller.email, conversationId).length, { timeout: 10_000 }).toBe(1);
    // Settled: the other four were throttled, not late.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsAbout(seller.email, conversationId)).toHaveLength(1);
    expect(mailsAbout(seller.email, conversationId)[0]?.text).toContain(`${app.url}/messages/${conversationId}`);
  });

  it("respects the notification preference, and a mail failure never fails the send", async () => {
    const { buyer, seller, conversationId } = await scenario();
    await t.db.update(user).set({ notifyNewMessage: false }).where(eq(user.id, seller.id));
    const sent = await sendMessage({
      db: t.db,
      userId: buyer.id,
      conversationId,
      body: "Bonjour",
      notifier: notifierWith(),
    });
    expect(await sent.notification).toBe("disabled");
    expect(mailsAbout(seller.email, conversationId)).toEqual([]);

    await t.db.update(user).set({ notifyNewMessage: true }).where(eq(user.id, seller.id));
    const broken: Mailer = {
      kind: "smtp",
      send: () => Promise.reject(new Error("SMTP en panne")),
      close: async () => {},
    };
    const failed = await sendMessage({
      db: t.db,
      userId: buyer.id,
      conversationId,
      body: "Vous êtes là ?",
      notifier: notifierWith({ mailer: broken }),
    });
    expect(await failed.notification).toBe("failed");
    expect((await snapshot(conversationId)).messages).toHaveLength(2);
    // The slot was given back: the next message (with a working mailer) e-mails.
    expect(
      await (
        await sendMessage({ db: t.db, userId: buyer.id, conversationId, body: "Relance", notifier: notifierWith() })
      ).notification,
    ).toBe("sent");
  });
});

describe(`inbox, unread count and live delivery (${engine})`, () => {
  it("counts unread messages, marks read on opening, lists newest first with the last message", async () => {
    const { buyer, seller, conversationId, listing } = await scenario();
    await sendMessage({ db: t.db, userId: buyer.id, conversationId, body: "Premier message" });
    await sendMessage({
      db: t.db,
      userId: buyer.id,
      conversationId,
      body: "Deuxième message, un peu plus long pour l'extrait",
    });
    expect(await countUnread({ db: t.db, userId: seller.id })).toBe(2);
    expect(await countUnread({ db: t.db, userId: buyer.id })).toBe(0);
    expect(await countUnread({ db: t.db, userId: seller.id, exceptConversationId: conversationId })).toBe(0);
    const [summary] = await listConversations({ db: t.db, storage, userId: seller.id });
    expect(summary).toMatchObject({
      id: conversationId,
      role: "seller",
      unread: 2,
      otherParty: { name: `${buyer.displayName} ${buyer.lastname.charAt(0).toUpperCase()}.`, deleted: false },
      lastMessage: { excerpt: "Deuxième message, un peu plus long pour l'extrait", fromMe: false },
      listing: { id: listing.id, title: "Peugeot 208 2019", price: listing.price, state: "available" },
    });
    const thread = await getConversation({ db: t.db, storage, userId: seller.id, conversationId });
    expect(thread.messages.map((m) => [m.body, m.senderName, m.mine])).toEqual([
      ["Premier message", `${buyer.displayName} ${buyer.lastname.charAt(0).toUpperCase()}.`, false],
      ["Deuxième message, un peu plus long pour l'extrait", `${buyer.displayName} ${buyer.lastname.charAt(0).toUpperCase()}.`, false],
    ]);
    expect(await countUnread({ db: t.db, userId: seller.id })).toBe(0);

    // A newer conversation comes first.
    const other = await insertListing(t.db, seller.id, { brand: "Renault", model: "Clio" });
    const second = await startConversation({ db: t.db, userId: buyer.id, listingId: other.id });
    await sendMessage({ db: t.db, userId: buyer.id, conversationId: second.id, body: "Et la Clio ?" });
    expect((await listConversations({ db: t.db, storage, userId: seller.id })).map((c) => c.id)).toEqual([
      second.id,
      conversationId,
    ]);

    // The header badge over HTTP.
    const client = await signedIn(seller);
    const home = await (await client.request("/help")).text();
    expect(home).toContain("1 message non lu");
  });

  it("archives per party; a new message brings it back", async () => {
    const { buyer, seller, conversationId } = await scenario({ firstMessage: "Bonjour" });
    const client = await signedIn(buyer);
    expect(
      (await client.request("/messages", { method: "POST", form: { intent: "archive", id: conversationId } })).status,
    ).toBe(200);
    expect(await listConversations({ db: t.db, storage, userId: buyer.id })).toEqual([]);
    expect((await listConversations({ db: t.db, storage, userId: buyer.id, archived: true })).map((c) => c.id)).toEqual(
      [conversationId],
    );
    expect((await listConversations({ db: t.db, storage, userId: seller.id })).map((c) => c.id)).toEqual([
      conversationId,
    ]);
    expect(await listConversations({ db: t.db, storage, userId: seller.id, archived: true })).toEqual([]);
    await sendMessage({ db: t.db, userId: seller.id, conversationId, body: "Toujours intéressé ?" });
    expect((await listConversations({ db: t.db, storage, userId: buyer.id })).map((c) => c.id)).toEqual([
      conversationId,
    ]);
  });

  it("tells the recipient's open page over server-sent events", async () => {
    const { buyer, seller, conversationId } = await scenario();
    const events: AppEvent[] = [];
    const stop = app.services.events.subscribe(seller.id, (event) => events.push(event));
    const sellerClient = await signedIn(seller);
    const stream = await sellerClient.request("/api/events");
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const reader = stream.body!.getReader();
    const buyerClient = await signedIn(buyer);
    await buyerClient.request(`/api/conversations/${conversationId}/messages`, {
      method: "POST",
      json: { body: "Coucou" },
      headers: json,
    });
    let received = "";
    const decoder = new TextDecoder();
    while (!received.includes("event: messages-changed")) {
      const { value, done } = await reader.read();
      if (done) break;
      received += decoder.decode(value, { stream: true });
    }
    await reader.cancel();
    stop();
    expect(received).toContain("event: messages-changed");
    expect(received).not.toContain("Coucou");
    expect(events).toEqual([{ type: "messages-changed" }]);
  });
});

describe(`deleted accounts and listings (${engine})`, () => {
  it("a deleted buyer shows as 'Utilisateur supprimé' and the seller can no longer write", async () => {
    const { buyer, seller, conversationId } = await scenario({ firstMessage: "Je passe samedi ?" });
    await deleteAccount({ db: t.db, storage, userId: buyer.id, password: buyer.password });
    const [summary] = await listConversations({ db: t.db, storage, userId: seller.id });
    expect(summary?.otherParty).toEqual({ name: DELETED_USER_NAME, deleted: true });
    const thread = await getConversation({ db: t.db, storage, userId: seller.id, conversationId });
    expect(thread.messages).toMatchObject([{ body: "Je passe samedi ?", senderName: DELETED_USER_NAME, mine: false }]);
    expect(thread.readOnlyReason).toBe(MESSAGE_TEXTS.otherPartyGone);
    await expect(sendMessage({ db: t.db, userId: seller.id, conversationId, body: "Allô ?" })).rejects.toMatchObject({
      code: "conflict",
    });
    const client = await signedIn(seller);
    const html = await (await client.request(`/messages/${conversationId}`)).text();
    expect(html).toContain(DELETED_USER_NAME);
  });

  it("a seller deleting their account keeps the buyer's conversation readable, about a deleted listing", async () => {
    const { buyer, seller, conversationId } = await scenario({ firstMessage: "Bonjour" });
    await sendMessage({ db: t.db, userId: seller.id, conversationId, body: "Bonjour, oui ?" });
    await deleteAccount({ db: t.db, storage, userId: seller.id, password: seller.password });
    const thread = await getConversation({ db: t.db, storage, userId: buyer.id, conversationId });
    expect(thread.listing).toMatchObject({ id: null, title: "Peugeot 208", state: "deleted", path: null });
    expect(thread.otherParty.deleted).toBe(true);
    expect(thread.messages.map((m) => m.senderName)).toEqual(["Vous", DELETED_USER_NAME]);
  });

  it("a sold listing's conversation stays open and says so; a deleted one is read-only", async () => {
    const { buyer, seller, conversationId, listing } = await scenario({ firstMessage: "Bonjour" });
    await t.db.update(listings).set({ status: "sold" }).where(eq(listings.id, listing.id));
    const sold = await getConversation({ db: t.db, storage, userId: buyer.id, conversationId });
    expect(sold.listing.state).toBe("sold");
    expect(sold.readOnlyReason).toBeNull();
    await sendMessage({ db: t.db, userId: seller.id, conversationId, body: "Désolé, elle est vendue." });
    const client = await signedIn(buyer);
    expect(await (await client.request(`/messages/${conversationId}`)).text()).toContain("Ce véhicule a été vendu");
    await t.db.update(listings).set({ status: "deleted" }).where(eq(listings.id, listing.id));
    const deleted = await getConversation({ db: t.db, storage, userId: buyer.id, conversationId });
    expect(deleted.listing.state).toBe("deleted");
    expect(deleted.messages).toHaveLength(2);
    await expect(sendMessage({ db: t.db, userId: buyer.id, conversationId, body: "Dommage" })).rejects.toMatchObject({
      code: "conflict",
      message: MESSAGE_TEXTS.listingDeleted,
    });
  });
});

describe(`phone reveals (${engine})`, () => {
  it("count once per viewer and listing, never for the owner", async () => {
    const seller = await insertUser(t.db, { phoneNumber: "612345678" });
    const listing = await insertListing(t.db, seller.id);
    const viewers = [await insertUser(t.db), await insertUser(t.db)];
    const dedupe = createCounterDedupe({ windowMs: 60_000 });
    for (const viewer of viewers) {
      for (let i = 0; i < 3; i++)
        expect(await revealSellerPhone({ db: t.db, listingId: listing.id, viewerId: viewer.id, dedupe })).toEqual({
          phone: "06 12 34 56 78",
        });
    }
    // Without the in-memory dedupe (a restart), the table still counts each viewer once.
    await revealSellerPhone({ db: t.db, listingId: listing.id, viewerId: viewers[0]!.id });
    await revealSellerPhone({ db: t.db, listingId: listing.id, viewerId: seller.id });
    const [row] = await t.db.select({ n: listings.phoneRevealCount }).from(listings).where(eq(listings.id, listing.id));
    expect(row?.n).toBe(2);
    const [reveals] = await t.db
      .select({ n: count() })
      .from(phoneReveals)
      .where(eq(phoneReveals.listingId, listing.id));
    expect(reveals?.n).toBe(2);

    // Over HTTP: repeated clicks count once; the number is never in the page.
    const third = await insertUser(t.db);
    const client = await signedIn(third);
    for (let i = 0; i < 3; i++)
      expect((await client.request(`/api/listings/${listing.id}/phone`, { method: "POST" })).status).toBe(200);
    const [after] = await t.db
      .select({ n: listings.phoneRevealCount })
      .from(listings)
      .where(eq(listings.id, listing.id));
    expect(after?.n).toBe(3);
    const first = await client.request(`/annonce/${listing.id}`);
    const html = await (await client.request(first.headers.get("location")!)).text();
    expect(html).not.toMatch(/612345678|06 12 34 56 78/);
    expect(html).toContain(">Message</button>");
  });
});

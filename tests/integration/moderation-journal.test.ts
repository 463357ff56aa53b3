/**
 * Issue 17, moderation and messaging: the journal of every decision, removed listings shown
 * to their seller and to moderators (never to buyers), the paged queue, and conversation
 * reports that say who reported whom, show the messages and can warn or suspend an account.
 */
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { listings, moderationEvents, outboxEmails, proProfiles, reports, session, user } from "~/db/schema";
import { ACCOUNT_SUSPENDED_CODE } from "~/features/auth/email-verification";
import { getListingDetail } from "~/features/listings/listing-detail.server";
import { reportConversation } from "~/features/messages/report-conversation.server";
import { sendMessage } from "~/features/messages/send-message.server";
import { startConversation } from "~/features/messages/start-conversation.server";
import { dismissReport } from "~/features/moderation/dismiss-report.server";
import { listModerationHistory } from "~/features/moderation/list-moderation-history.server";
import { listModerationQueue } from "~/features/moderation/list-moderation-queue.server";
import { listOpenReports } from "~/features/moderation/list-open-reports.server";
import type { OpenReport } from "~/features/moderation/moderation-data";
import type { Notifier } from "~/features/moderation/moderator.server";
import { rejectListing } from "~/features/moderation/reject-listing.server";
import { removeReportedListing } from "~/features/moderation/remove-reported-listing.server";
import { reportListing } from "~/features/moderation/report-listing.server";
import { suspendAccount } from "~/features/moderation/suspend-account.server";
import { validateListing } from "~/features/moderation/validate-listing.server";
import { warnAccount } from "~/features/moderation/warn-account.server";
import { saveDraftStep1 } from "~/features/publish/save-draft-step1.server";
import { createEventBus } from "~/server/events.server";
import { createLogger } from "~/server/logger.server";
import { createOutboxMailer } from "~/server/mailer.server";
import { createLocalStorage } from "~/server/storage.server";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createClient } from "../support/test-app";
import { testAppForFile } from "../support/test-app-for-file";

let notifier: Notifier;
const storage = createLocalStorage(path.join(os.tmpdir(), "occazio-moderation-journal-tests"));
const logger = createLogger({ level: "silent", pretty: false });

const ctx = testAppForFile({ withPlaces: true });
beforeAll(async () => {
  notifier = { mailer: createOutboxMailer({ db: ctx.t.db, logger }), events: createEventBus(), logger, publicUrl: "http://occazio.test" };
});

const mailsTo = async (email: string) => (await ctx.t.db.select().from(outboxEmails)).filter((m) => m.toAddress === email);
const snapshot = async () => ({
  users: await ctx.t.db.select({ id: user.id, suspendedAt: user.suspendedAt }).from(user).orderBy(user.id),
  sessions: await ctx.t.db.select({ id: session.id }).from(session).orderBy(session.id),
  events: await ctx.t.db.select().from(moderationEvents).orderBy(moderationEvents.id),
  reports: await ctx.t.db.select().from(reports).orderBy(reports.id),
});

/** A buyer writes to a seller about a published listing, then reports the seller's answer. */
async function reportedConversation() {
  const seller = await insertUser(ctx.t.db);
  const buyer = await insertUser(ctx.t.db);
  const listing = await insertListing(ctx.t.db, seller.id, { brand: "Renault", model: "Clio", year: 2019 });
  const { id: conversationId } = await startConversation({ db: ctx.t.db, userId: buyer.id, listingId: listing.id });
  await sendMessage({ db: ctx.t.db, userId: buyer.id, conversationId, body: "Bonjour, la voiture est-elle disponible ?" });
  await sendMessage({ db: ctx.t.db, userId: seller.id, conversationId, body: "Oui. Payez d'abord 500 € par mandat cash." });
  const report = await reportConversation({ db: ctx.t.db, userId: buyer.id, conversationId, reasonCode: "fraud", message: "Il demande un mandat cash" });
  return { seller, buyer, listing, conversationId, reportId: report.id };
}

const conversationReport = (all: OpenReport[], id: string) =>
  all.find((r): r is Extract<OpenReport, { kind: "conversation" }> => r.id === id && r.kind === "conversation")!;

describe(`moderation journal (${process.env.TEST_DB_ENGINE})`, () => {
  it("pages the queue: each page holds at most a page of the oldest pending listings and says how many remain", async () => {
    const moderator = await insertUser(ctx.t.db, { role: "moderator" });
    const seller = await insertUser(ctx.t.db);
    const submitted = [];
    for (let i = 0; i < 7; i += 1) {
      const listing = await insertListing(ctx.t.db, seller.id, {
        status: "pending",
        publishedAt: null,
        submittedAt: new Date(Date.UTC(2026, 0, 1 + i)),
      });
      submitted.push(listing.id);
    }
    const page1 = await listModerationQueue({ db: ctx.t.db, storage, viewer: moderator, pageSize: 3 });
    expect(page1).toMatchObject({ count: 7, page: 1, pageCount: 3, remaining: 4 });
    expect(page1.items.map((i) => i.id)).toEqual(submitted.slice(0, 3));
    const page3 = await listModerationQueue({ db: ctx.t.db, storage, viewer: moderator, pageSize: 3, page: 3 });
    expect(page3).toMatchObject({ page: 3, remaining: 0 });
    expect(page3.items.map((i) => i.id)).toEqual(submitted.slice(6));
    // Past the end: the last page, not an empty one.
    const beyond = await listModerationQueue({ db: ctx.t.db, storage, viewer: moderator, pageSize: 3, page: 99 });
    expect(beyond.page).toBe(3);
    // The default page is bounded (it used to be "the 50 oldest", with no way past them).
    const defaults = await listModerationQueue({ db: ctx.t.db, storage, viewer: moderator });
    expect(defaults.items.length).toBe(7);
    expect(defaults.pageSize).toBeLessThanOrEqual(50);
    // Over HTTP the page number is read from the query string.
    const client = createClient(ctx.app.url);
    await client.signIn(moderator.email, moderator.password);
    const html = await (await client.request("/moderation?page=2")).text();
    expect(html).toContain("7 annonces en attente");
  });

  it("a removal after a report: in the journal, and the listing stays visible to its seller and moderators with who, when and why", async () => {
    const moderator = await insertUser(ctx.t.db, { role: "moderator" });
    const seller = await insertUser(ctx.t.db);
    const buyer = await insertUser(ctx.t.db);
    const listing = await insertListing(ctx.t.db, seller.id, { brand: "Peugeot", model: "308", year: 2017 });
    const { id: reportId } = await reportListing({ db: ctx.t.db, reporterId: buyer.id, listingId: listing.id, reasonCode: "fraud" });
    await removeReportedListing({ db: ctx.t.db, viewer: moderator, reportId, reasonText: "Photos volées", notifier });

    const history = await listModerationHistory({ db: ctx.t.db, viewer: moderator, listingId: listing.id });
    expect(history.entries).toHaveLength(1);
    expect(history.entries[0]).toMatchObject({
      action: "removed",
      moderator: { id: moderator.id, username: moderator.username },
      listing: { id: listing.id, title: "Peugeot 308 2017", status: "deleted" },
      reason: "Arnaque ou fraude suspectée : Photos volées",
    });
    expect(history.filters.listing?.title).toBe("Peugeot 308 2017");

    const forModerator = await getListingDetail({ db: ctx.t.db, storage, listingId: listing.id, viewer: moderator });
    expect(forModerator.removal).toMatchObject({ by: moderator.username, reason: "Arnaque ou fraude suspectée : Photos volées" });
    const forSeller = await getListingDetail({ db: ctx.t.db, storage, listingId: listing.id, viewer: { id: seller.id, role: "user" } });
    expect(forSeller.removal).toMatchObject({ by: "l'équipe de modération" });
    for (const viewer of [null, { id: buyer.id, role: "user" }]) {
      await expect(getListingDetail({ db: ctx.t.db, storage, listingId: listing.id, viewer })).rejects.toMatchObject({ code: "not_found" });
    }

    // Over HTTP: 'Cette annonce n'est plus en ligne' (410, nothing of the listing, issue 36) for
    // buyers and visitors, the page with its banner for the seller and moderators.
    const path = `/annonce/${listing.id}`;
    const visitor = await createClient(ctx.app.url).request(path);
    expect(visitor.status).toBe(410);
    const gone = await visitor.text();
    expect(gone).toContain("plus en ligne");
    expect(gone).not.toContain("équipe de modération");
    const asBuyer = createClient(ctx.app.url);
    await asBuyer.signIn(buyer.email, buyer.password);
    expect((await asBuyer.request(path)).status).toBe(410);
    for (const [who, name] of [
      [seller, "l&#x27;équipe de modération"],
      [moderator, moderator.username],
    ] as const) {
      const client = createClient(ctx.app.url);
      await client.signIn(who.email, who.password);
      let response = await client.request(path);
      if (response.status === 301) response = await client.request(response.headers.get("location")!);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(`Cette annonce a été retirée par ${name} le `);
      expect(html).toContain("Photos volées");
    }
  });

  it("records every kind of decision, newest first, and filters by moderator", async () => {
    const alice = await insertUser(ctx.t.db, { role: "moderator" });
    const bruno = await insertUser(ctx.t.db, { role: "moderator" });
    const seller = await insertUser(ctx.t.db);
    const a = await insertListing(ctx.t.db, seller.id, { status: "pending", publishedAt: null });
    const b = await insertListing(ctx.t.db, seller.id, { status: "pending", publishedAt: null });
    const c = await insertListing(ctx.t.db, seller.id);
    await validateListing({ db: ctx.t.db, viewer: alice, listingId: a.id, notifier });
    await rejectListing({ db: ctx.t.db, viewer: bruno, listingId: b.id, reasonCode: "price", notifier });
    const { id: reportId } = await reportListing({ db: ctx.t.db, reporterId: null, listingId: c.id, reasonCode: "sold" });
    await dismissReport({ db: ctx.t.db, viewer: alice, reportId });
    const convo = await reportedConversation();
    await dismissReport({ db: ctx.t.db, viewer: bruno, reportId: convo.reportId });

    const byAlice = await listModerationHistory({ db: ctx.t.db, viewer: alice, moderatorId: alice.id });
    expect(byAlice.entries.map((e) => [e.action, e.listing?.id])).toEqual([
      ["report_dismissed", c.id],
      ["validated", a.id],
    ]);
    expect(byAlice.entries[0]!.reason).toBe("Véhicule déjà vendu");
    const byBruno = await listModerationHistory({ db: ctx.t.db, viewer: alice, moderatorId: bruno.id });
    expect(byBruno.entries.map((e) => e.action)).toEqual(["report_dismissed", "rejected"]);
    // The conversation report's dismissal is in the journal too (it used to be recorded nowhere).
    expect(byBruno.entries[0]).toMatchObject({ listing: null, conversation: "Renault Clio", reason: "Arnaque ou tentative de fraude" });
    expect(byAlice.moderators.map((m) => m.id)).toEqual(expect.arrayContaining([alice.id, bruno.id]));

    const paged = await listModerationHistory({ db: ctx.t.db, viewer: alice, pageSize: 2, page: 2 });
    expect(paged.page).toBe(2);
    expect(paged.entries).toHaveLength(2);
    expect(paged.pageCount).toBe(Math.ceil(paged.count / 2));
    await expect(listModerationHistory({ db: ctx.t.db, viewer: { id: seller.id, role: "user" } })).rejects.toMatchObject({ code: "not_found" });
  });

  it("a conversation report says who reported whom and shows the messages up to the report", async () => {
    const moderator = await insertUser(ctx.t.db, { role: "moderator" });
    const convo = await reportedConversation();
    await sendMessage({ db: ctx.t.db, userId: convo.buyer.id, conversationId: convo.conversationId, body: "Je vous ai signalé." });
    const report = conversationReport(await listOpenReports({ db: ctx.t.db, viewer: moderator }), convo.reportId);
    expect(report.reportedBy).toBe("buyer");
    expect(report.conversation.seller).toMatchObject({ username: convo.seller.username, suspended: false, sanctions: 0 });
    expect(report.messages.map((m) => [m.side, m.fromReported, m.body])).toEqual([
      ["buyer", false, "Bonjour, la voiture est-elle disponible ?"],
      ["seller", true, "Oui. Payez d'abord 500 € par mandat cash."],
    ]);
    expect(report.laterMessages).toBe(1);
  });

  it("warns the reported account: an e-mail, the report closed, a row in the journal", async () => {
    const moderator = await insertUser(ctx.t.db, { role: "moderator" });
    const convo = await reportedConversation();
    await warnAccount({ db: ctx.t.db, viewer: moderator, reportId: convo.reportId, note: "Pas de paiement hors du site.", notifier });
    const [mail] = await mailsTo(convo.seller.email);
    expect(mail?.subject).toBe("Avertissement de l'équipe de modération");
    expect(mail?.textBody).toContain("Pas de paiement hors du site.");
    expect(await mailsTo(convo.buyer.email)).toHaveLength(0);
    const [row] = await ctx.t.db.select().from(reports).where(eq(reports.id, convo.reportId));
    expect(row).toMatchObject({ status: "actioned", handledBy: moderator.id });
    const history = await listModerationHistory({ db: ctx.t.db, viewer: moderator, moderatorId: moderator.id });
    expect(history.entries[0]).toMatchObject({ action: "account_warned", account: convo.seller.username, conversation: "Renault Clio" });
    // The warned account can still write; the report cannot be handled twice.
    await sendMessage({ db: ctx.t.db, userId: convo.seller.id, conversationId: convo.conversationId, body: "Pardon." });
    await expect(
      warnAccount({ db: ctx.t.db, viewer: moderator, reportId: convo.reportId, notifier }),
    ).rejects.toMatchObject({ code: "conflict" });
  });

  it("suspends the reported account: sessions revoked, no sign-in, no message, no publishing; a row in the journal", async () => {
    const moderator = await insertUser(ctx.t.db, { role: "moderator" });
    const convo = await reportedConversation();
    const sellerBrowser = createClient(ctx.app.url);
    expect((await sellerBrowser.signIn(convo.seller.email, convo.seller.password)).status).toBe(200);
    const signInPrompt = "Veuillez vous connecter pour gérer vos annonces.";
    const before = await sellerBrowser.request("/hosting");
    expect(before.status).toBe(200);
    const page = await before.text();
    expect(page).toContain('role="tablist"');
    expect(page).not.toContain(signInPrompt);

    // The seller is a verified professional (issue 33): its profile is suspended with the account.
    await ctx.t.db.insert(proProfiles).values({
      userId: convo.seller.id,
      slug: `garage-${convo.seller.id.slice(0, 8)}`,
      companyName: "Garage suspendu",
      siret: "73282932000074",
      addressLine: "1 rue de la Paix",
      postalCode: "75002",
      city: "Paris 2e",
      phone: "142000000",
      openingHours: [[], [], [], [], [], [], []],
      status: "verified",
    });
    await suspendAccount({ db: ctx.t.db, viewer: moderator, reportId: convo.reportId, note: "Escroquerie", notifier });
    const [row] = await ctx.t.db.select({ suspendedAt: user.suspendedAt }).from(user).where(eq(user.id, convo.seller.id));
    expect(row?.suspendedAt).toBeInstanceOf(Date);
    const [pro] = await ctx.t.db.select({ status: proProfiles.status }).from(proProfiles).where(eq(proProfiles.userId, convo.seller.id));
    expect(pro?.status).toBe("suspended");
    expect(await ctx.t.db.select().from(session).where(eq(session.userId, convo.seller.id))).toHaveLength(0);
    // The open browser is signed out ('Mes annonces' asks it to sign in) and cannot sign in again.
    expect(await (await sellerBrowser.request("/hosting")).text()).toContain(signInPrompt);
    const again = await sellerBrowser.signIn(convo.seller.email, convo.seller.password);
    expect(again.status).toBe(403);
    expect(((await again.json()) as { code?: string }).code).toBe("ACCOUNT_SUSPENDED");
    expect(await ctx.t.db.select().from(session).where(eq(session.userId, convo.seller.id))).toHaveLength(0);
    // Services refuse it too, whatever session it might still hold.
    await expect(
      sendMessage({ db: ctx.t.db, userId: convo.seller.id, conversationId: convo.conversationId, body: "Encore moi" }),
    ).rejects.toMatchObject({ code: "forbidden", details: { code: ACCOUNT_SUSPENDED_CODE } });
    const other = await insertListing(ctx.t.db, moderator.id);
    await expect(startConversation({ db: ctx.t.db, userId: convo.seller.id, listingId: other.id })).rejects.toMatchObject({ code: "forbidden" });
    await expect(saveDraftStep1({ db: ctx.t.db, userId: convo.seller.id, brand: "Renault", model: "Clio" })).rejects.toMatchObject({
      code: "forbidden",
    });
    expect((await mailsTo(convo.seller.email)).map((m) => m.subject)).toContain("Votre compte a été suspendu");
    const history = await listModerationHistory({ db: ctx.t.db, viewer: moderator, moderatorId: moderator.id });
    expect(history.entries[0]).toMatchObject({ action: "account_suspended", account: convo.seller.username, reason: "Arnaque ou tentative de fraude : Escroquerie" });
    // The other participant is untouched.
    const [buyer] = await ctx.t.db.select({ suspendedAt: user.suspendedAt }).from(user).where(eq(user.id, convo.buyer.id));
    expect(buyer?.suspendedAt).toBeNull();
  });

  it("never suspends a moderator, and only moderators may warn or suspend (404 over HTTP, nothing changed)", async () => {
    const moderator = await insertUser(ctx.t.db, { role: "moderator" });
    const colleague = await insertUser(ctx.t.db, { role: "moderator" });
    const buyer = await insertUser(ctx.t.db);
    const listing = await insertListing(ctx.t.db, colleague.id);
    const { id: conversationId } = await startConversation({ db: ctx.t.db, userId: buyer.id, listingId: listing.id });
    await sendMessage({ db: ctx.t.db, userId: buyer.id, conversationId, body: "Bonjour" });
    const { id: reportId } = await reportConversation({ db: ctx.t.db, userId: buyer.id, conversationId, reasonCode: "spam" });
    await expect(suspendAccount({ db: ctx.t.db, viewer: moderator, reportId, notifier })).rejects.toMatchObject({ code: "forbidden" });
    const [open] = await ctx.t.db.select().from(reports).where(and(eq(reports.id, reportId), eq(reports.status, "open")));
    expect(open).toBeDefined();

    const convo = await reportedConversation();
    const before = await snapshot();
    const member = createClient(ctx.app.url);
    await member.signIn(convo.buyer.email, convo.buyer.password);
    const afterSignIn = await snapshot();
    for (const client of [createClient(ctx.app.url), member]) {
      for (const intent of ["warn-account", "suspend-account"]) {
        const response = await client.request("/moderation", { method: "POST", form: { intent, id: convo.reportId } });
        expect(response.status).toBe(404);
      }
    }
    const plain = { id: convo.buyer.id, role: "user" };
    await expect(warnAccount({ db: ctx.t.db, viewer: plain, reportId: convo.reportId, notifier })).rejects.toMatchObject({ code: "not_found" });
    await expect(suspendAccount({ db: ctx.t.db, viewer: null, reportId: convo.reportId, notifier })).rejects.toMatchObject({ code: "not_found" });
    expect({ ...(await snapshot()), sessions: before.sessions }).toEqual({ ...afterSignIn, sessions: before.sessions });
    expect(await mailsTo(convo.seller.email)).toHaveLength(0);

    // A moderator over HTTP: the intent works and says so.
    const mod = createClient(ctx.app.url);
    await mod.signIn(moderator.email, moderator.password);
    const response = await mod.request("/moderation?onglet=signalements", { method: "POST", form: { intent: "warn-account", id: convo.reportId } });
    expect(response.status).toBe(200);
    const [warned] = await ctx.t.db.select().from(moderationEvents).where(eq(moderationEvents.targetUserId, convo.seller.id));
    expect(warned?.action).toBe("account_warned");
    const [removed] = await ctx.t.db.select({ status: listings.status }).from(listings).where(eq(listings.id, convo.listing.id));
    expect(removed?.status).toBe("published");
  });
});

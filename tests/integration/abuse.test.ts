/**
 * Abuse and integrity (issue 11): what a client can no longer do through the HTTP API that
 * the pages do not offer. Every refusal is French and changes nothing.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, onTestFinished } from "vitest";
import { listings, messages, user } from "~/db/schema";
import { RESERVED_USERNAME_MESSAGE } from "~/features/account/profile-schemas";
import { MESSAGE_TEXTS } from "~/features/messages/message-data";
import { sendMessage } from "~/features/messages/send-message.server";
import { startConversation } from "~/features/messages/start-conversation.server";
import { insertListing, insertUser, type InsertedUser } from "~/testing/inserters.server";
import { createSmtpMailer } from "~/server/mailer.server";
import { createLogger } from "~/server/logger.server";
import { startSmtpPeer } from "../support/peers";
import { createClient, startTestApp, type TestApp } from "../support/test-app";
import { testAppForFile } from "../support/test-app-for-file";
import { VERIFY_EMAIL_SUBJECT } from "../support/verify-email";

const ctx = testAppForFile();

const engine = process.env.TEST_DB_ENGINE;
const userRow = async (id: string) => (await ctx.t.db.select().from(user).where(eq(user.id, id)))[0];
const uniq = () => Math.random().toString(36).slice(2, 10);

async function signedIn(target: TestApp, u: InsertedUser) {
  const client = createClient(target.url);
  expect((await client.signIn(u.email, u.password)).status).toBe(200);
  return client;
}

/** An app with the production limits (RATE_LIMIT_SCALE=1), closed after the test. */
async function strictApp() {
  const strict = await startTestApp({ db: ctx.t, env: { RATE_LIMIT_SCALE: "1" } });
  onTestFinished(() => strict.close());
  return strict;
}

describe(`Better Auth's own endpoints validate profile fields (${engine})`, () => {
  it("update-user refuses an oversized phone or name and a NUL byte, in French, and changes nothing", async () => {
    const member = await insertUser(ctx.t.db, { phoneNumber: "612345678" });
    const client = await signedIn(ctx.app, member);
    const before = await userRow(member.id);
    const attempts: Record<string, unknown>[] = [
      { phoneNumber: "6".repeat(20_000) },
      { phoneNumber: "pas un numéro" },
      { name: "N".repeat(20_000) },
      { lastname: "L".repeat(51) },
      { image: "javascript:alert(1)" },
    ];
    for (const json of attempts) {
      const response = await client.request("/api/auth/update-user", { method: "POST", json });
      expect(response.status, JSON.stringify(json).slice(0, 60)).toBe(400);
      const body = (await response.json()) as { message: string; code: string };
      expect(body.code).toBe("INVALID_PROFILE");
      expect(body.message).toMatch(/invalide|au plus|non autorisés|ne peut contenir|doit commencer/);
    }
    // NUL bytes never reach Better Auth: the request guard refuses them for every route.
    for (const json of [{ name: "Jean\u0000Dupont" }, { firstname: "Jean\u0000" }]) {
      const response = await client.request("/api/auth/update-user", { method: "POST", json });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { message: string; code: string };
      expect(body.code).toBe("INVALID_CHARACTER");
      expect(body.message).toContain("caractère interdit");
    }
    // Far beyond any field's size: refused before the body is read.
    const huge = await client.request("/api/auth/update-user", { method: "POST", json: { phoneNumber: "6".repeat(1_000_000) } });
    expect(huge.status).toBe(413);
    expect(await userRow(member.id)).toEqual(before);
  });

  it("update-user accepts valid fields and stores the phone like the profile form does", async () => {
    const member = await insertUser(ctx.t.db);
    const client = await signedIn(ctx.app, member);
    const response = await client.request("/api/auth/update-user", {
      method: "POST",
      json: { firstname: "Élodie", lastname: "Martin-Durand", phoneNumber: "06 12 34 56 78", name: "Élodie Martin" },
    });
    expect(response.status).toBe(200);
    const row = await userRow(member.id);
    expect(row).toMatchObject({ firstname: "Élodie", lastname: "Martin-Durand", phoneNumber: "612345678", name: "Élodie Martin" });
  });

  it("sign-up refuses a NUL byte or an oversized name with a 400, not a 500", async () => {
    const client = createClient(ctx.app.url);
    for (const name of ["Jean\u0000", "N".repeat(5_000)]) {
      const email = `nul.${uniq()}@exemple.fr`;
      const response = await client.request("/api/auth/sign-up/email", { method: "POST", json: { email, password: "motdepasse-1", name, displayName: "Camille" } });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/Le nom|caractère interdit/);
      expect(await ctx.t.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    }
  });
});

describe(`reserved usernames (${engine})`, () => {
  it("'Informations personnelles' refuses admin, moderateur, occazio… in French and keeps the old name", async () => {
    const member = await insertUser(ctx.t.db);
    const client = await signedIn(ctx.app, member);
    for (const username of ["admin", "Moderateur", "moderator", "occazio", "Occazio_Officiel", "support-2", "contact", "root"]) {
      const response = await client.request("/personal-info", { method: "POST", form: { intent: "public", username, displayName: "Camille" } });
      expect(response.status, username).toBe(400);
      expect(await response.text()).toContain(RESERVED_USERNAME_MESSAGE.replace("'", "&#x27;"));
    }
    expect((await userRow(member.id))?.username).toBe(member.username);
    const ok = await client.request("/personal-info", { method: "POST", form: { intent: "public", username: `admirateur_${uniq()}`, displayName: "Camille" } });
    expect(ok.status).toBe(200);
  });
});

describe(`messages made only of invisible characters (${engine})`, () => {
  it("are refused with a French message and nothing is stored", async () => {
    const seller = await insertUser(ctx.t.db);
    const buyer = await insertUser(ctx.t.db);
    const listing = await insertListing(ctx.t.db, seller.id);
    const { id: conversationId } = await startConversation({ db: ctx.t.db, userId: buyer.id, listingId: listing.id });
    for (const body of ["\u200b\u200b\u200b", "\u200d\ufeff \n\t", "\u2800\u3164", "\u00a0\u2060\u180e"]) {
      await expect(sendMessage({ db: ctx.t.db, userId: buyer.id, conversationId, body })).rejects.toMatchObject({
        code: "invalid",
        message: MESSAGE_TEXTS.invisible,
      });
    }
    // Over HTTP too, as the composer posts it.
    const client = await signedIn(ctx.app, buyer);
    const response = await client.request(`/api/conversations/${conversationId}/messages`, {
      method: "POST",
      json: { body: "\u200b\u200c\u200d" },
      headers: { accept: "application/json" },
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(MESSAGE_TEXTS.invisible);
    expect(await ctx.t.db.select().from(messages).where(eq(messages.conversationId, conversationId))).toEqual([]);
    // A real message with a zero-width joiner inside an emoji still goes through.
    await sendMessage({ db: ctx.t.db, userId: buyer.id, conversationId, body: "Bonjour 👨\u200d🔧" });
  });
});

describe(`rate limits a client cannot dodge (${engine})`, () => {
  it("phone reveal: 20 per hour per account, then a French 429 with Retry-After", async () => {
    const strict = await strictApp();
    const harvester = await insertUser(ctx.t.db);
    const client = await signedIn(strict, harvester);
    const statuses: number[] = [];
    let refusal: Response | null = null;
    for (let i = 0; i < 22; i++) {
      const seller = await insertUser(ctx.t.db, { phoneNumber: "612345678" });
      const listing = await insertListing(ctx.t.db, seller.id);
      const response = await client.request(`/api/listings/${listing.id}/phone`, { method: "POST" });
      statuses.push(response.status);
      if (response.status === 429) refusal = response;
    }
    expect(statuses).toEqual([...Array(20).fill(200), 429, 429]);
    expect(Number(refusal?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refusal!.json()) as { error: string }).error).toMatch(
      /^Vous avez affiché trop de numéros de téléphone en peu de temps\. Réessayez dans \d+ minutes\.$/,
    );
  });

  it("phone reveal: 30 per hour per address, whatever the number of accounts", async () => {
    const strict = await strictApp();
    const seller = await insertUser(ctx.t.db, { phoneNumber: "612345678" });
    const listing = await insertListing(ctx.t.db, seller.id);
    const statuses: number[] = [];
    for (let account = 0; account < 3; account++) {
      const client = await signedIn(strict, await insertUser(ctx.t.db));
      for (let i = 0; i < 11; i++) statuses.push((await client.request(`/api/listings/${listing.id}/phone`, { method: "POST" })).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual([429, 429, 429]);
  });

  it("anonymous reports: changing the User-Agent does not reset the limit", async () => {
    const strict = await strictApp();
    const seller = await insertUser(ctx.t.db);
    const listing = await insertListing(ctx.t.db, seller.id);
    const visitor = createClient(strict.url);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await visitor.request(`/api/listings/${listing.id}/report`, {
        method: "POST",
        json: { reasonCode: "wrong" },
        headers: { "user-agent": `Navigateur/${i}.0 (${uniq()})` },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it("Better Auth's own 429 answers are French, with Retry-After", async () => {
    const strict = await strictApp();
    const client = createClient(strict.url);
    const email = `cible.${uniq()}@exemple.fr`;
    let refusal: Response | null = null;
    for (let i = 0; i < 15 && !refusal; i++) {
      const response = await client.signIn(email, "mauvais-mot-de-passe-1");
      if (response.status === 429) refusal = response;
    }
    expect(refusal?.status).toBe(429);
    expect(Number(refusal?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refusal!.json()).toEqual({ message: "Trop de tentatives. Réessayez dans quelques minutes.", code: "TOO_MANY_REQUESTS" });
  });
});

describe(`sign-up verifies the e-mail address before publishing or messaging (${engine})`, () => {
  it("through the real SMTP peer: blocked until the link is clicked, favourites allowed meanwhile", async () => {
    const smtp = await startSmtpPeer();
    onTestFinished(() => smtp.close());
    const mailer = createSmtpMailer({ url: smtp.url, from: "Occazio <no-reply@occazio.test>", logger: createLogger({ level: "silent", pretty: false }) });
    const smtpApp = await startTestApp({ db: ctx.t, mailer });
    onTestFinished(() => smtpApp.close());
    const seller = await insertUser(ctx.t.db);
    const listing = await insertListing(ctx.t.db, seller.id);

    const client = createClient(smtpApp.url);
    const email = `nouveau.${uniq()}@exemple.fr`;
    const { user: created } = await client.signUp(email);
    expect((await userRow(created.id))?.emailVerified).toBe(false);

    // Browsing and favourites work; publishing and messaging answer a French 403.
    expect((await client.request(`/api/favorites`, { method: "POST", json: { listingId: listing.id, favorite: true } })).status).toBe(200);
    const publish = await client.request("/publish", { method: "POST", form: { step: "1", brand: "Peugeot", model: "208" } });
    expect(publish.status).toBe(403);
    expect(await publish.text()).toContain("Confirmez votre adresse e-mail pour publier une annonce");
    expect(await ctx.t.db.select().from(listings).where(eq(listings.ownerId, created.id))).toEqual([]);
    const contact = await client.request(`/api/listings/${listing.id}/conversation`, { method: "POST", headers: { accept: "application/json" } });
    expect(contact.status).toBe(403);
    expect(await contact.json()).toMatchObject({ code: "email_unverified", error: expect.stringContaining("Confirmez votre adresse e-mail pour écrire aux vendeurs") });

    // 'Renvoyer l'e-mail' is Better Auth's endpoint (limited per address).
    const resend = await client.request("/api/auth/send-verification-email", { method: "POST", json: { email } });
    expect(resend.status).toBe(200);

    // The French e-mail arrived over SMTP; its link confirms the address.
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(email)).length).toBeGreaterThan(0);
    const mail = smtp.received.find((m) => m.to.includes(email) && m.subject === VERIFY_EMAIL_SUBJECT)!;
    expect(mail.text).toContain("Confirmez votre adresse e-mail pour pouvoir publier des annonces");
    const link = new URL(/(https?:\/\/\S+\/api\/auth\/verify-email\S+)/.exec(mail.text)![1]!);
    expect([200, 302]).toContain((await client.request(link.pathname + link.search)).status);
    expect((await userRow(created.id))?.emailVerified).toBe(true);

    const after = await client.request("/publish", { method: "POST", form: { step: "1", brand: "Peugeot", model: "208" } });
    expect(after.status).toBe(302);
    expect(await ctx.t.db.select().from(listings).where(eq(listings.ownerId, created.id))).toHaveLength(1);
    expect((await client.request(`/api/listings/${listing.id}/conversation`, { method: "POST", headers: { accept: "application/json" } })).status).toBe(201);

  });
});

import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it, onTestFinished } from "vitest";
import { favorites, listingPhotos, listings, outboxEmails, session, user } from "~/db/schema";
import { deleteAccount, getAccountProfile, updateUsername } from "~/features/account/account.server";
import { variantKey } from "~/features/listings/photo-variants";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createClient, startTestApp } from "../support/test-app";
import { testAppForFile } from "../support/test-app-for-file";
import { VERIFY_EMAIL_SUBJECT } from "../support/verify-email";

const ctx = testAppForFile();

const userRow = async (id: string) => (await ctx.t.db.select().from(user).where(eq(user.id, id)))[0];
const uniq = () => Math.random().toString(36).slice(2, 10);

describe(`accounts over HTTP (${process.env.TEST_DB_ENGINE})`, () => {
  it("signs up with a random 10-character username and the spec's fields", async () => {
    const client = createClient(ctx.app.url);
    const { user: created } = await client.signUp(`inscrit.${uniq()}@exemple.fr`);
    const row = await userRow(created.id);
    expect(row?.username).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(row?.role).toBe("user");
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  it("ignores a role or username sent with the sign-up (mass assignment)", async () => {
    const client = createClient(ctx.app.url);
    const response = await client.request("/api/auth/sign-up/email", {
      method: "POST",
      json: { email: `malin.${uniq()}@exemple.fr`, password: "motdepasse-1", name: "X", displayName: "Camille", role: "moderator", username: "admin" },
    });
    const body = (await response.json()) as { user?: { id: string } };
    if (body.user) {
      const row = await userRow(body.user.id);
      expect(row?.role).toBe("user");
      expect(row?.username).not.toBe("admin");
    } else {
      expect(response.status).toBe(400);
    }
  });

  it("refuses a weak password on sign-up, with a French message", async () => {
    const client = createClient(ctx.app.url);
    const response = await client.request("/api/auth/sign-up/email", {
      method: "POST",
      json: { email: `faible.${uniq()}@exemple.fr`, password: "aaaaaaaa", name: "X", displayName: "Camille" },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/Mot de passe trop faible/);
  });

  it("lets a user change only their own profile; the page never shows another's", async () => {
    const alice = createClient(ctx.app.url);
    const bob = createClient(ctx.app.url);
    const a = await alice.signUp(`alice.${uniq()}@exemple.fr`);
    const b = await bob.signUp(`bob.${uniq()}@exemple.fr`);
    const bobBefore = await userRow(b.user.id);

    // Whatever ids Alice puts in the form, the session decides whose profile changes.
    const response = await alice.request("/personal-info", {
      method: "POST",
      form: { intent: "private", firstname: "Alice", lastname: "Durand", phoneNumber: "", userId: b.user.id, id: b.user.id },
    });
    expect(response.status).toBe(200);
    expect((await userRow(a.user.id))?.firstname).toBe("Alice");
    expect(await userRow(b.user.id)).toEqual(bobBefore);

    const page = await alice.request("/personal-info");
    const html = await page.text();
    expect(html).toContain("Alice");
    expect(html).not.toContain(bobBefore!.email);
  });

  it("sends signed-out visitors away from the account pages and changes nothing", async () => {
    const anonymous = createClient(ctx.app.url);
    for (const pathname of ["/personal-info", "/account-settings", "/account", "/account/notifications"]) {
      const response = await anonymous.request(pathname);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/");
    }
    const before = await ctx.t.db.select().from(user);
    const post = await anonymous.request("/personal-info", { method: "POST", form: { intent: "private", firstname: "Pirate", lastname: "", phoneNumber: "" } });
    expect(post.status).toBe(302);
    expect(await ctx.t.db.select().from(user)).toEqual(before);
  });

  it("rejects a cross-origin POST and leaves the database as it was", async () => {
    const victim = createClient(ctx.app.url);
    const { user: created } = await victim.signUp(`victime.${uniq()}@exemple.fr`);
    const before = await userRow(created.id);
    const response = await victim.request("/personal-info", {
      method: "POST",
      headers: { origin: "https://site-malveillant.example" },
      form: { intent: "private", firstname: "Pirate", lastname: "Pirate", phoneNumber: "" },
    });
    expect(response.status).toBe(403);
    expect(await userRow(created.id)).toEqual(before);
    const crossSite = await victim.request("/account/notifications", {
      method: "POST",
      headers: { origin: ctx.app.url, "sec-fetch-site": "cross-site" },
      form: {},
    });
    expect(crossSite.status).toBe(403);
    expect(await userRow(created.id)).toEqual(before);
  });

  it("keeps usernames unique without regard to case", async () => {
    const first = await insertUser(ctx.t.db, { username: `Unique${uniq()}` });
    const second = await insertUser(ctx.t.db);
    await expect(updateUsername({ db: ctx.t.db, userId: second.id, username: first.username.toLowerCase() })).rejects.toMatchObject({
      code: "conflict",
      message: "Ce nom d'utilisateur est déjà pris.",
    });
    expect((await userRow(second.id))?.username).toBe(second.username);
  });

  it("rate-limits sign-in attempts from one address with a 429", async () => {
    const strict = await startTestApp({ db: ctx.t, env: { RATE_LIMIT_SCALE: "1" } });
    onTestFinished(() => strict.close());
    const client = createClient(strict.url);
    const email = `cible.${uniq()}@exemple.fr`;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await client.signIn(email, "mauvais-mot-de-passe-1")).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("counts only failed sign-ins: a member signing in and out 15 times is never refused, 11 wrong passwords are", async () => {
    const strict = await startTestApp({ db: ctx.t, env: { RATE_LIMIT_SCALE: "1" } });
    onTestFinished(() => strict.close());
    const email = `habitue.${uniq()}@exemple.fr`;
    // Signed up on the usual test app: sign-ups have their own (shared) limit.
    await createClient(ctx.app.url).signUp(email);
    const client = createClient(strict.url);
    // The limit is 10 failures per address (USER_RATE_LIMITS.signInFailure): 10 + 5 sign-ins.
    for (let i = 0; i < 15; i++) {
      const response = await client.signIn(email, "motdepasse-1");
      expect(response.status, `connexion n° ${i + 1}`).toBe(200);
      const session = (await (await client.request("/api/auth/get-session")).json()) as { user?: { email: string } } | null;
      expect(session?.user?.email).toBe(email);
      expect((await client.request("/api/auth/sign-out", { method: "POST", json: {} })).status).toBe(200);
    }
    // Brute force from the same address is still stopped, in French, with Retry-After.
    const guesses: Response[] = [];
    for (let i = 0; i < 11; i++) guesses.push(await client.signIn(email, `mauvais-mot-de-passe-${i}`));
    expect(guesses.map((r) => r.status)).toEqual([...Array(10).fill(401), 429]);
    const refusal = guesses[10]!;
    expect(Number(refusal.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refusal.json()).toEqual({ message: "Trop de tentatives. Réessayez dans quelques minutes.", code: "TOO_MANY_REQUESTS" });
    // Even the right password waits now: the address has used up its guesses.
    expect((await client.signIn(email, "motdepasse-1")).status).toBe(429);
  });

  it("answers a reset request the same way for unknown addresses and sends nothing", async () => {
    const client = createClient(ctx.app.url);
    const known = `connu.${uniq()}@exemple.fr`;
    await client.signUp(known);
    const ask = (email: string) =>
      client.request("/api/auth/request-password-reset", { method: "POST", json: { email, redirectTo: "/reinitialiser-mot-de-passe" } });
    const a = await ask(known);
    const b = await ask(`inconnu.${uniq()}@exemple.fr`);
    expect(a.status).toBe(b.status);
    expect(await a.json()).toEqual(await b.json());
    const mails = await ctx.t.db.select().from(outboxEmails);
    expect(mails.filter((m) => m.toAddress === known && m.subject !== VERIFY_EMAIL_SUBJECT)).toHaveLength(1);
    expect(mails.every((m) => m.toAddress !== "inconnu")).toBe(true);
  });
});

describe(`account deletion (${process.env.TEST_DB_ENGINE})`, () => {
  it("needs the password, then removes the user, their listings, photos and sessions", async () => {
    const client = createClient(ctx.app.url);
    const email = `depart.${uniq()}@exemple.fr`;
    const { user: created } = await client.signUp(email, "motdepasse-1");
    const other = await insertUser(ctx.t.db);
    const mine = await insertListing(ctx.t.db, created.id);
    const theirs = await insertListing(ctx.t.db, other.id, { heartCount: 3 });
    await ctx.t.db.insert(favorites).values({ userId: created.id, listingId: theirs.id });
    const storageKey = `listings/${mine.id}/photo`;
    await ctx.app.services.storage.put(variantKey(storageKey, 480), Buffer.from("x"), "image/webp");
    await ctx.t.db.insert(listingPhotos).values({ listingId: mine.id, position: 0, storageKey, width: 480, height: 360, variantWidths: [480] });

    await expect(deleteAccount({ db: ctx.t.db, storage: ctx.app.services.storage, userId: created.id, password: "faux-mot-de-passe-1" })).rejects.toMatchObject({ code: "invalid" });
    expect(await userRow(created.id)).toBeDefined();

    const response = await client.request("/account", { method: "POST", form: { intent: "delete-account", password: "motdepasse-1" } });
    expect(response.status).toBe(302);
    expect(await userRow(created.id)).toBeUndefined();
    expect(await ctx.t.db.select().from(listings).where(eq(listings.id, mine.id))).toEqual([]);
    expect(await ctx.t.db.select().from(session).where(eq(session.userId, created.id))).toEqual([]);
    expect(fs.existsSync(path.join(ctx.app.dataDir, "uploads", variantKey(storageKey, 480)))).toBe(false);
    const [theirsAfter] = await ctx.t.db.select().from(listings).where(eq(listings.id, theirs.id));
    expect(theirsAfter?.heartCount).toBe(2);
    await expect(getAccountProfile({ db: ctx.t.db, userId: created.id })).rejects.toMatchObject({ code: "not_found" });
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as schema from "~/db/schema";
import { createPageSessionReader, verifiedToken } from "~/features/auth/page-session.server";
import { startTestApp, type TestApp } from "../support/test-app";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * The page views' own session read (decision 0040): the same answer as Better Auth's
 * `getSession` for a fresh session, and Better Auth's answer for everything else (tampered,
 * signed out, expired, due for its refresh, suspended).
 */
let t: TestDatabase;
let app: TestApp;
beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp({ db: t });
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

async function signUp(tag: string) {
  const email = `${tag}-${Date.now()}@example.fr`;
  const response = await fetch(`${app.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { origin: app.url, "content-type": "application/json" },
    body: JSON.stringify({ email, password: "motdepasse-1", name: "Test", displayName: "Camille" }),
  });
  expect(response.ok).toBe(true);
  const { user } = (await response.json()) as { user: { id: string } };
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith("occazio.session_token="))!.split(";")[0]!;
  return { email, userId: user.id, cookie };
}

const page = async (cookie?: string) => {
  const response = await fetch(`${app.url}/recherche`, { headers: cookie ? { cookie } : {} });
  expect(response.status).toBe(200);
  return response.text();
};
const ACCOUNT_MENU = "Menu du compte de Camille";

describe(`page session read (${process.env.TEST_DB_ENGINE})`, () => {
  it("gives, for a fresh session, what Better Auth's getSession gives", async () => {
    const account = await signUp("lecture");
    const read = createPageSessionReader(app.services.auth, t.db);
    const fast = await read(`theme=sombre; ${account.cookie}`);
    const reference = await app.services.auth.api.getSession({ headers: new Headers({ cookie: account.cookie }) });
    expect(fast).toBeTruthy();
    expect(reference).toBeTruthy();
    for (const field of ["id", "email", "name", "emailVerified", "image", "username", "displayName", "role", "suspendedAt"] as const) {
      expect((fast!.user as Record<string, unknown>)[field], field).toEqual((reference!.user as Record<string, unknown>)[field]);
    }
    expect(fast!.session.token).toBe(reference!.session.token);
    expect(fast!.session.userId).toBe(account.userId);
  });

  it("says anonymous without a session cookie, and leaves a tampered or foreign cookie to Better Auth", async () => {
    const account = await signUp("falsifie");
    const read = createPageSessionReader(app.services.auth, t.db);
    expect(await read("theme=sombre")).toBeNull();
    const value = decodeURIComponent(account.cookie.slice("occazio.session_token=".length));
    const token = value.slice(0, value.lastIndexOf("."));
    // Another account's token with this signature, a signature of another secret, no signature.
    expect(await read(`occazio.session_token=${encodeURIComponent(`x${token.slice(1)}${value.slice(value.lastIndexOf("."))}`)}`)).toBeUndefined();
    expect(verifiedToken(value, "un-autre-secret-de-trente-deux-caracteres")).toBeNull();
    expect(await read(`occazio.session_token=${token}`)).toBeUndefined();
    expect(await read(`__Secure-occazio.session_token=${encodeURIComponent(value)}`)).toBeUndefined();
    // And the page itself shows nobody signed in with the tampered cookie.
    expect(await page(`occazio.session_token=${encodeURIComponent(`${token}.${"A".repeat(43)}=`)}`)).not.toContain(ACCOUNT_MENU);
  });

  it("stops recognising a signed-out, deleted or expired session on the next page", async () => {
    const signedOut = await signUp("deconnecte");
    expect(await page(signedOut.cookie)).toContain(ACCOUNT_MENU);
    const out = await fetch(`${app.url}/api/auth/sign-out`, { method: "POST", headers: { origin: app.url, cookie: signedOut.cookie } });
    expect(out.ok).toBe(true);
    expect(await page(signedOut.cookie)).not.toContain(ACCOUNT_MENU);

    const expired = await signUp("expire");
    await t.db.update(schema.session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(schema.session.userId, expired.userId));
    const read = createPageSessionReader(app.services.auth, t.db);
    expect(await read(expired.cookie)).toBeUndefined();
    expect(await page(expired.cookie)).not.toContain(ACCOUNT_MENU);
  });

  it("hands a session due for its sliding refresh to Better Auth, which extends it", async () => {
    const account = await signUp("rafraichi");
    // 28 days before expiry: older than the one-day update age of a 30-day session.
    const soon = new Date(Date.now() + 28 * 24 * 3600 * 1000);
    await t.db.update(schema.session).set({ expiresAt: soon }).where(eq(schema.session.userId, account.userId));
    const getSession = vi.spyOn(app.services.auth.api, "getSession");
    try {
      expect(await page(account.cookie)).toContain(ACCOUNT_MENU);
      expect(getSession).toHaveBeenCalledTimes(1);
    } finally {
      getSession.mockRestore();
    }
    const [row] = await t.db.select().from(schema.session).where(eq(schema.session.userId, account.userId));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(soon.getTime() + 12 * 3600 * 1000);
  });

  it("shows a suspended account as signed out from its next page", async () => {
    const account = await signUp("suspendu");
    expect(await page(account.cookie)).toContain(ACCOUNT_MENU);
    await t.db.update(schema.user).set({ suspendedAt: new Date() }).where(eq(schema.user.id, account.userId));
    expect(await page(account.cookie)).not.toContain(ACCOUNT_MENU);
  });
});

import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sendMessage } from "~/features/messages/send-message.server";
import { startConversation } from "~/features/messages/start-conversation.server";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { startTestApp, type TestApp } from "../support/test-app";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * Signed-in pages (issue 37, decision 0030): one session lookup per request, the account still
 * shown (menu, unread badge), never a copy shared with someone else, gzip over the whole page.
 */
let t: TestDatabase;
/** With the in-process page cache on, as in production on PostgreSQL. */
let app: TestApp;
beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp({ db: t, env: { PAGE_CACHE_SECONDS: "5" } });
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; chunks: number }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks), chunks: chunks.length }),
        );
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/** Signs up through the API; returns the account's e-mail, id and session cookie. */
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

/** A signed-up account selling a listing a buyer wrote about (one unread message). */
async function sellerWithUnreadMessage(tag: string) {
  const seller = await signUp(tag);
  const listing = await insertListing(t.db, seller.userId, { brand: "Peugeot", model: "308", year: 2020, price: 15_900 });
  const buyer = await insertUser(t.db);
  const { id } = await startConversation({ db: t.db, userId: buyer.id, listingId: listing.id });
  await sendMessage({ db: t.db, userId: buyer.id, conversationId: id, body: "Bonjour, est-elle disponible ?" });
  return seller;
}

const get = (path: string, cookie?: string) => fetch(app.url + path, { headers: cookie ? { cookie } : {}, redirect: "manual" });

describe(`signed-in pages (${process.env.TEST_DB_ENGINE})`, () => {
  it("look the session up once per page request, and still show the account menu and the unread badge", async () => {
    const seller = await sellerWithUnreadMessage("une-session");
    const getSession = vi.spyOn(app.services.auth.api, "getSession");
    try {
      for (const path of ["/recherche?brand=Peugeot", "/home", "/account", "/messages"]) {
        getSession.mockClear();
        const response = await get(path, seller.cookie);
        expect(response.status, path).toBe(200);
        const html = await response.text();
        // A fresh, valid session is read by the page's own one-statement lookup (decision 0040),
        // never a second time through Better Auth's endpoint.
        expect(getSession, path).not.toHaveBeenCalled();
        // The header's account menu names the account and counts the unread message.
        expect(html, path).toContain("Menu du compte de Camille (1 message non lu)");
        expect(response.headers.get("cache-control"), path).toBe("private, no-store");
      }
      // An anonymous visitor (no cookie at all) costs no lookup.
      getSession.mockClear();
      expect((await get("/recherche?brand=Peugeot")).status).toBe(200);
      expect(getSession).not.toHaveBeenCalled();
    } finally {
      getSession.mockRestore();
    }
  });

  it("never serve one account's page to another account or to an anonymous visitor from the page cache", async () => {
    const path = "/recherche?brand=Peugeot&sort=price_asc";
    const first = await sellerWithUnreadMessage("premier");
    const second = await signUp("second");
    const secondEmail = second.email;

    // The anonymous copy is in memory first: each account still gets its own page.
    const anonymousBefore = await (await get(path)).text();
    const a = await (await get(path, first.cookie)).text();
    const b = await (await get(path, second.cookie)).text();
    const anonymousAfter = await (await get(path)).text();

    expect(a).toContain(first.email);
    expect(a).toContain("(1 message non lu)");
    expect(a).not.toContain(secondEmail);
    expect(b).toContain(secondEmail);
    expect(b).not.toContain(first.email);
    expect(b).not.toContain("message non lu");
    for (const html of [anonymousBefore, anonymousAfter]) {
      expect(html).not.toContain(first.email);
      expect(html).not.toContain(secondEmail);
      expect(html).toContain("Menu : connexion ou inscription");
    }
  });

  it("send a signed-in page gzip-compressed whole: one encoded body with its length, as small as gzip of the page in one go", async () => {
    const seller = await sellerWithUnreadMessage("gzip");
    const headers = { "accept-encoding": "gzip", cookie: seller.cookie };
    for (const page of ["/recherche?brand=Peugeot", "/messages"]) {
      const response = await rawGet(app.url + page, headers);
      expect(response.status, page).toBe(200);
      expect(response.headers["content-encoding"], page).toBe("gzip");
      // Whole: a declared length, not a chunked stream flushed piece by piece.
      expect(response.headers["transfer-encoding"], page).toBeUndefined();
      expect(Number(response.headers["content-length"]), page).toBe(response.body.length);
      const html = zlib.gunzipSync(response.body).toString();
      expect(html, page).toMatch(/^<!DOCTYPE html>/i);
      expect(html.trimEnd(), page).toMatch(/<\/html>$/);
      expect(html, page).toContain(seller.email);
      // Compressed in one go: within a few bytes of gzipping the same page whole.
      expect(response.body.length, page).toBeLessThanOrEqual(zlib.gzipSync(html).length * 1.02 + 64);
    }
    // Without Accept-Encoding: the same page, identity, with its length.
    const plain = await rawGet(`${app.url}/recherche?brand=Peugeot`, { cookie: seller.cookie });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
    expect(plain.body.toString()).toContain(seller.email);
  });
});

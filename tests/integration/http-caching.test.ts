import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingCounters, listings } from "~/db/schema";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createClient, startTestApp, type TestApp } from "../support/test-app";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let t: TestDatabase;
let app: TestApp;
/** The same app with the in-process page cache (PAGE_CACHE_SECONDS; off by default on the embedded database). */
let cachedApp: TestApp;
beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp({ db: t });
  cachedApp = await startTestApp({ db: t, env: { PAGE_CACHE_SECONDS: "5" } });
});
afterAll(async () => {
  await app?.close();
  await cachedApp?.close();
  await t?.close();
});

/**
 * A raw GET: fetch would decompress and hide Content-Encoding, and it turns a conditional
 * request into an end-to-end reload (`Cache-Control: no-cache`, which must not get a 304).
 */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

function rawRequest(method: string, url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .request(url, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      })
      .on("error", reject)
      .end();
  });
}

/** The nonce the answer's CSP allows, and every nonce attribute of its HTML. */
function nonces(csp: string | string[] | null | undefined, html: string) {
  const allowed = /'nonce-([^']+)'/.exec(String(csp ?? ""))?.[1];
  const inBody = [...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
  return { allowed, inBody };
}

/** Signs up through the API and returns the value of the session cookie it set. */
async function signUpSession(baseUrl: string, email: string) {
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { origin: baseUrl, "content-type": "application/json" },
    body: JSON.stringify({ email, password: "motdepasse-1", name: "Test", displayName: "Camille" }),
  });
  expect(response.ok).toBe(true);
  const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith("occazio.session_token="))!;
  return line.split(";")[0]!.slice("occazio.session_token=".length);
}

describe(`anonymous pages are cacheable (${process.env.TEST_DB_ENGINE})`, () => {
  it("home and search pages: CDN caching, a validator, 304 on revalidation without a stale CSP", async () => {
    for (const page of ["/home", "/recherche?brand=Peugeot"]) {
      const first = await fetch(app.url + page);
      expect(first.status).toBe(200);
      expect(first.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
      expect(first.headers.get("vary")).toMatch(/cookie/i);
      const etag = first.headers.get("etag");
      expect(etag).toMatch(/^W\/".+"$/);
      expect(await first.text()).toContain("</html>");

      // Each render has its own CSP nonce, yet the same page keeps the same validator.
      const again = await fetch(app.url + page);
      expect(again.headers.get("etag")).toBe(etag);
      expect(again.headers.get("content-security-policy")).not.toBe(first.headers.get("content-security-policy"));

      const revalidated = await rawGet(app.url + page, { "if-none-match": etag! });
      expect(revalidated.status).toBe(304);
      expect(revalidated.body.length).toBe(0);
      // The stored copy keeps the policy whose nonce its scripts carry.
      expect(revalidated.headers["content-security-policy"]).toBeUndefined();
      expect(revalidated.headers.etag).toBe(etag);

      expect((await rawGet(app.url + page, { "if-none-match": 'W/"autre-version"' })).status).toBe(200);
      // A reload (Cache-Control: no-cache) gets the whole page.
      expect((await fetch(app.url + page, { headers: { "if-none-match": etag! } })).status).toBe(200);
    }
  });

  it("a listing page is revalidated on each request (views are counted) and its validator follows the listing", async () => {
    const owner = await insertUser(t.db);
    const listing = await insertListing(t.db, owner.id, { brand: "Renault", model: "Clio", year: 2020, price: 12_500 });
    const canonical = (await fetch(`${app.url}/annonce/${listing.id}`, { redirect: "manual" })).headers.get("location")!;
    const first = await fetch(app.url + canonical);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("public, no-cache");
    const etag = first.headers.get("etag")!;
    expect((await rawGet(app.url + canonical, { "if-none-match": etag })).status).toBe(304);

    // The seller lowers the price: the old copy is no longer valid.
    await t.db.update(listings).set({ price: 11_900 }).where(eq(listings.id, listing.id));
    const after = await rawGet(app.url + canonical, { "if-none-match": etag });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.body.toString()).toContain("11\u202f900");
  });

  it("answers repeated anonymous searches from memory for PAGE_CACHE_SECONDS, each answer with a fresh nonce", async () => {
    const page = "/recherche?brand=Citro%C3%ABn";
    const first = await fetch(cachedApp.url + page);
    const html = await first.text();
    const etag = first.headers.get("etag");

    // A listing published now: the uncached app shows it, the cache keeps its copy up to 5 s.
    const owner = await insertUser(t.db);
    const listing = await insertListing(t.db, owner.id, { brand: "Citroën", model: "C3", year: 2021, price: 13_400 });
    expect(await (await fetch(app.url + page)).text()).toContain(listing.id);

    const hits = [await fetch(cachedApp.url + page), await fetch(cachedApp.url + page)];
    const seen = new Set<string>();
    for (const hit of hits) {
      const body = await hit.text();
      expect(body).not.toContain(listing.id);
      expect(hit.headers.get("etag")).toBe(etag);
      // Its own nonce, in the policy and in every script of the page, never one handed out before.
      const { allowed, inBody } = nonces(hit.headers.get("content-security-policy"), body);
      expect(allowed).toBeTruthy();
      expect(inBody.length).toBeGreaterThan(0);
      expect(new Set(inBody)).toEqual(new Set([allowed]));
      expect(seen.has(allowed!)).toBe(false);
      seen.add(allowed!);
      // The same page otherwise, byte for byte.
      expect(body.replaceAll(allowed!, "N")).toBe(html.replaceAll(nonces(first.headers.get("content-security-policy"), html).allowed!, "N"));
    }
    expect(seen.has(nonces(first.headers.get("content-security-policy"), html).allowed!)).toBe(false);

    // Gzipped from memory too, with a nonce of its own, once the copy is compressed (in the
    // background, from its first answer from memory): a stored gzip has its length.
    let gzipped = await rawGet(cachedApp.url + page, { "accept-encoding": "gzip" });
    await expect
      .poll(async () => (gzipped = await rawGet(cachedApp.url + page, { "accept-encoding": "gzip" })).headers["content-length"])
      .toBeDefined();
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    const unzipped = zlib.gunzipSync(gzipped.body).toString();
    expect(unzipped).not.toContain(listing.id);
    const zipped = nonces(gzipped.headers["content-security-policy"], unzipped);
    expect(new Set(zipped.inBody)).toEqual(new Set([zipped.allowed]));
    expect(seen.has(zipped.allowed!)).toBe(false);
    expect(Number(gzipped.headers["content-length"])).toBe(gzipped.body.length);
    expect((await rawGet(cachedApp.url + page, { "if-none-match": etag! })).status).toBe(304);
  });

  it("answers a listing page from memory for PAGE_CACHE_SECONDS and still counts each visitor's view, not a crawler's", async () => {
    const owner = await insertUser(t.db);
    const listing = await insertListing(t.db, owner.id, { brand: "Toyota", model: "Yaris", year: 2018, price: 10_400 });
    const canonical = (await fetch(`${cachedApp.url}/annonce/${listing.id}`, { redirect: "manual" })).headers.get("location")!;
    const views = async () =>
      (await t.db.select({ views: listingCounters.viewCount }).from(listingCounters).where(eq(listingCounters.listingId, listing.id)))[0]?.views ?? 0;
    const browser = (n: number) => ({ "user-agent": `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36 visiteur-${n}` });

    const first = await fetch(cachedApp.url + canonical, { headers: browser(1) });
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("public, no-cache");
    const etag = first.headers.get("etag")!;
    expect(await first.text()).toContain("10\u202f400");
    expect(await views()).toBe(1);

    // The seller lowers the price: the copy in memory (rendered for visitor 1) is what visitor 2
    // gets for up to 5 s, and visitor 2's view is counted all the same.
    await t.db.update(listings).set({ price: 9_900 }).where(eq(listings.id, listing.id));
    const second = await fetch(cachedApp.url + canonical, { headers: browser(2) });
    expect(second.headers.get("etag")).toBe(etag);
    expect(await second.text()).toContain("10\u202f400");
    expect(await views()).toBe(2);
    // Once per visitor; never a crawler; a revalidation (304 from memory) is a view too.
    await fetch(cachedApp.url + canonical, { headers: browser(2) });
    await fetch(cachedApp.url + canonical, { headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } });
    expect(await views()).toBe(2);
    expect((await rawGet(cachedApp.url + canonical, { "if-none-match": etag, ...browser(3) })).status).toBe(304);
    expect(await views()).toBe(3);
    // A HEAD (a link checker) is nobody's view, from memory or rendered.
    expect((await rawRequest("HEAD", cachedApp.url + canonical, browser(5))).status).toBe(200);
    expect((await rawRequest("HEAD", app.url + canonical, browser(6))).status).toBe(200);
    expect(await views()).toBe(3);

    // Without the page cache, the new price at once.
    expect(await (await fetch(app.url + canonical, { headers: browser(4) })).text()).toContain("9\u202f900");
  });

  it("a HEAD never fills the cache: a GET after it gets the whole page, a HEAD after a GET its headers", async () => {
    const page = "/recherche?brand=Dacia";
    const head = await rawRequest("HEAD", cachedApp.url + page, {});
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);

    const get = await rawGet(cachedApp.url + page, {});
    expect(get.status).toBe(200);
    expect(get.body.toString()).toContain("</html>");
    const gzipped = await rawGet(cachedApp.url + page, { "accept-encoding": "gzip" });
    expect(zlib.gunzipSync(gzipped.body).toString()).toContain("</html>");

    const headAfter = await rawRequest("HEAD", cachedApp.url + page, {});
    expect(headAfter.status).toBe(200);
    expect(headAfter.body.length).toBe(0);
    expect(headAfter.headers.etag).toBe(get.headers.etag);
    expect(Number(headAfter.headers["content-length"])).toBe(get.body.length);
  });

  it("never stores nor shares a page rendered for a session, whatever the spelling of its cookie", async () => {
    const page = "/recherche?brand=Fiat";
    const email = `variante-${Date.now()}@example.fr`;
    const token = await signUpSession(cachedApp.url, email);
    // Better Auth trims cookie names: this one signs the visitor in as well.
    const variant = { cookie: `theme=sombre; occazio.session_token =${token}` };

    const signedIn = await rawGet(cachedApp.url + page, variant);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.toString()).toContain(email);
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");
    expect(signedIn.headers.etag).toBeUndefined();
    expect(signedIn.headers.vary).toMatch(/cookie/i);

    const anonymous = await fetch(cachedApp.url + page);
    expect(await anonymous.text()).not.toContain(email);
    expect(anonymous.headers.get("cache-control")).toMatch(/^public/);

    // The anonymous copy is now cached: the signed-in visitor still gets their own page.
    const again = await rawGet(cachedApp.url + page, variant);
    expect(again.body.toString()).toContain(email);
    expect(again.headers["cache-control"]).toBe("private, no-store");
    expect(await (await fetch(cachedApp.url + page)).text()).not.toContain(email);

    // Same on a listing page whose anonymous copy is in memory, and on the cacheless app.
    const listingOwner = await insertUser(t.db);
    const listing = await insertListing(t.db, listingOwner.id, { brand: "Fiat", model: "500", year: 2019, price: 9_900 });
    const canonical = (await fetch(`${app.url}/annonce/${listing.id}`, { redirect: "manual" })).headers.get("location")!;
    expect((await fetch(cachedApp.url + canonical)).headers.get("cache-control")).toBe("public, no-cache");
    const signedInDetail = await rawGet(cachedApp.url + canonical, variant);
    expect(signedInDetail.body.toString()).toContain(email);
    expect(signedInDetail.headers["cache-control"]).toBe("private, no-store");
    const token2 = await signUpSession(app.url, `variante2-${Date.now()}@example.fr`);
    const detail = await rawGet(app.url + canonical, { cookie: `occazio.session_token =${token2}` });
    expect(detail.status).toBe(200);
    expect(detail.headers["cache-control"]).toBe("private, no-store");
    expect(detail.headers.etag).toBeUndefined();
  });

  it("is private as soon as a session cookie is present, and never for an account page", async () => {
    const client = createClient(app.url);
    await client.signUp(`cache-${Date.now()}@example.fr`);
    for (const page of ["/home", "/recherche?brand=Peugeot"]) {
      const response = await client.request(page);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("etag")).toBeNull();
    }
    // A stale cookie (signed out meanwhile) finds no session: the page is the anonymous one.
    const stale = await fetch(`${app.url}/home`, { headers: { cookie: "occazio.session_token=ancien" } });
    expect(stale.headers.get("cache-control")).toMatch(/^public/);
    expect(stale.headers.get("vary")).toMatch(/cookie/i);
    expect((await fetch(`${app.url}/wishlists`, { redirect: "manual" })).headers.get("cache-control")).toBe("private, no-store");
  });
});

describe.runIf(process.env.TEST_DB_ENGINE === "pglite")("built static files", () => {
  it("a path that does not decode is answered by the app, in French, not by the static handler", async () => {
    for (const url of ["/%E0", "/assets/%E0.js"]) {
      const response = await rawGet(app.url + url, {});
      expect([400, 404]).toContain(response.status);
      const body = response.body.toString();
      expect(body).not.toMatch(/URI malformed/i);
      expect(body).toMatch(/introuvable|n'existe pas|invalide/i);
    }
  });

  it("are sent pre-compressed by Accept-Encoding (br, gzip, identity) with Vary, never compressed per request", async () => {
    const assets = path.resolve(import.meta.dirname, "../../build/client/assets");
    const entry = fs.readdirSync(assets).find((file) => /^entry\.client-.*\.js$/.test(file) || /^manifest-.*\.js$/.test(file));
    expect(entry, "un fichier JS du build").toBeTruthy();
    const original = fs.readFileSync(path.join(assets, entry!));
    const url = `${app.url}/assets/${entry}`;

    const br = await rawGet(url, { "accept-encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers["cache-control"]).toContain("immutable");
    // The very bytes written at build time.
    expect(br.body.equals(fs.readFileSync(path.join(assets, `${entry}.br`)))).toBe(true);
    expect(zlib.brotliDecompressSync(br.body).equals(original)).toBe(true);

    const gz = await rawGet(url, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.body.equals(fs.readFileSync(path.join(assets, `${entry}.gz`)))).toBe(true);
    expect(zlib.gunzipSync(gz.body).equals(original)).toBe(true);

    const identity = await rawGet(url, { "accept-encoding": "identity" });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body.equals(original)).toBe(true);

    // br refused explicitly: gzip.
    const noBr = await rawGet(url, { "accept-encoding": "br;q=0, gzip" });
    expect(noBr.headers["content-encoding"]).toBe("gzip");
  });
});

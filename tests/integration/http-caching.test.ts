import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings } from "~/db/schema";
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

  it("answers repeated anonymous searches from memory for PAGE_CACHE_SECONDS, never a signed-in visitor", async () => {
    const page = "/recherche?brand=Citro%C3%ABn";
    const first = await fetch(cachedApp.url + page);
    const html = await first.text();
    // The same bytes, with the policy naming their nonce, instead of a new render.
    const second = await fetch(cachedApp.url + page);
    expect(await second.text()).toBe(html);
    expect(second.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    const gzipped = await rawGet(cachedApp.url + page, { "accept-encoding": "gzip" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzipped.body).toString()).toBe(html);
    expect((await rawGet(cachedApp.url + page, { "if-none-match": first.headers.get("etag")! })).status).toBe(304);

    // Another search is its own entry; a signed-in visitor always gets a fresh render.
    const other = await fetch(`${cachedApp.url}/recherche?brand=Renault`);
    expect(other.headers.get("content-security-policy")).not.toBe(first.headers.get("content-security-policy"));
    const client = createClient(cachedApp.url);
    const email = `memo-${Date.now()}@example.fr`;
    await client.signUp(email);
    const signedIn = await client.request(page);
    expect(signedIn.headers.get("content-security-policy")).not.toBe(first.headers.get("content-security-policy"));
    expect(await signedIn.text()).toContain(email);
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
    // A stale cookie (signed out meanwhile) still keeps shared caches away.
    const stale = await fetch(`${app.url}/home`, { headers: { cookie: "occazio.session_token=ancien" } });
    expect(stale.headers.get("cache-control")).toBe("private, no-store");
    expect((await fetch(`${app.url}/wishlists`, { redirect: "manual" })).headers.get("cache-control")).toBe("private, no-store");
  });
});

describe.runIf(process.env.TEST_DB_ENGINE === "pglite")("built static files", () => {
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

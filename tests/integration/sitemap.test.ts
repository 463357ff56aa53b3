import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSitemaps } from "~/features/listings/build-sitemaps.server";
import { createSitemapCache } from "~/features/listings/sitemap.server";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { startTestApp, type TestApp } from "../support/test-app";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * The sitemap index names files of at most `maxUrls` listings that, together, cover every
 * published listing exactly once and nothing else (pending, rejected, sold, deleted).
 */
let t: TestDatabase;
let app: TestApp;
const publishedIds = new Set<string>();
const hiddenIds = new Set<string>();

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp({ db: t });
  const seller = await insertUser(t.db);
  for (let i = 0; i < 23; i++) {
    const l = await insertListing(t.db, seller.id, { status: "published", brand: "Peugeot", model: i % 2 ? "208" : "3008" });
    publishedIds.add(l.id);
  }
  for (const status of ["pending", "rejected", "sold", "deleted", "draft"] as const) {
    hiddenIds.add((await insertListing(t.db, seller.id, { status })).id);
  }
});

afterAll(async () => {
  await app?.close();
  await t?.close();
});

const ids = (xml: string) => [...xml.matchAll(/\/annonce\/([0-9a-f-]{36})/g)].map((m) => m[1]!);
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe(`sitemap index (${process.env.TEST_DB_ENGINE})`, () => {
  it("splits the published listings into files of at most maxUrls, covering each exactly once", async () => {
    const snapshot = await buildSitemaps({ db: t.db, origin: "https://occazio.example", maxUrls: 5 });
    const index = gunzipSync(snapshot.index.gz).toString();
    expect(index).toContain("<sitemapindex");
    const names = locs(index).map((loc) => loc.replace("https://occazio.example/sitemaps/", ""));
    expect(names).toEqual(["pages.xml", "annonces-1.xml.gz", "annonces-2.xml.gz", "annonces-3.xml.gz", "annonces-4.xml.gz", "annonces-5.xml.gz"]);
    const seen: string[] = [];
    for (const name of names.slice(1)) {
      const xml = gunzipSync(snapshot.files.get(name)!.gz).toString();
      expect(ids(xml).length).toBeLessThanOrEqual(5);
      expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
      seen.push(...ids(xml));
    }
    expect(seen.length).toBe(publishedIds.size);
    expect(new Set(seen)).toEqual(publishedIds);
    const pages = gunzipSync(snapshot.files.get("pages.xml")!.gz).toString();
    expect(locs(pages)).toEqual(
      expect.arrayContaining([
        "https://occazio.example/home",
        "https://occazio.example/publish",
        "https://occazio.example/recherche?brand=Peugeot",
        expect.stringMatching(/^https:\/\/occazio\.example\/recherche\?brand=Peugeot&amp;model=\w+$/),
      ]),
    );
    expect(locs(pages).length).toBeLessThanOrEqual(5);
  });

  it.runIf(process.env.TEST_DB_ENGINE === "postgres")(
    "on PostgreSQL, builds the same files in a worker thread with its own connection",
    async () => {
      const here = await buildSitemaps({ db: t.db, origin: "https://occazio.example", maxUrls: 5 });
      const there = await buildSitemaps({ db: t.db, databaseUrl: t.url, origin: "https://occazio.example", maxUrls: 5 });
      const text = (s: typeof here) => ({
        index: gunzipSync(s.index.gz).toString(),
        files: Object.fromEntries([...s.files].map(([name, f]) => [name, { xml: gunzipSync(f.gz).toString(), urls: f.urls, bytes: f.bytes }])),
      });
      expect(there.files.size).toBe(6);
      expect(text(there)).toEqual(text(here));
    },
  );

  it("fails a rebuild whose worker cannot reach the database with the driver's error, instead of hanging", async () => {
    const cache = createSitemapCache({
      db: t.db,
      databaseUrl: "postgres://postgres@127.0.0.1:1/absent",
      origin: "https://o.example",
      refreshSeconds: 3600,
    });
    try {
      await expect(cache.refresh()).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      cache.stop();
    }
  });

  it("is served over HTTP as an index of gzipped listing files, the same bytes whatever the client accepts", async () => {
    const index = await fetch(`${app.url}/sitemap.xml`);
    expect(index.status).toBe(200);
    expect(index.headers.get("content-type")).toContain("application/xml");
    const files = locs(await index.text());
    expect(files[0]).toBe(`${app.url}/sitemaps/pages.xml`);
    expect(files.length).toBeGreaterThan(1);
    const seen = new Set<string>();
    for (const url of files.slice(1)) {
      expect(url).toMatch(/\/sitemaps\/annonces-\d+\.xml\.gz$/);
      for (const encoding of ["gzip", "identity"]) {
        const res = await fetch(url, { headers: { "Accept-Encoding": encoding } });
        expect(res.status).toBe(200);
        // A gzipped sitemap file (sitemaps.org), not a compressed transfer: fetch leaves it as is.
        expect(res.headers.get("content-type")).toBe("application/gzip");
        expect(res.headers.get("content-encoding")).toBeNull();
        const gz = Buffer.from(await res.arrayBuffer());
        expect(Number(res.headers.get("content-length"))).toBe(gz.byteLength);
        const xml = gunzipSync(gz).toString();
        expect(xml).toMatch(/^<\?xml[^]*<urlset[^]*<\/urlset>\n$/);
        for (const id of ids(xml)) seen.add(id);
      }
    }
    expect(seen).toEqual(publishedIds);
    for (const id of hiddenIds) expect(seen.has(id)).toBe(false);

    // The small pages file stays XML: gzip as a transfer encoding when taken, plain otherwise.
    const plain = await fetch(`${app.url}/sitemaps/pages.xml`, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    const plainXml = await plain.text();
    expect(plainXml).toMatch(/^<\?xml[^]*<urlset[^]*<\/urlset>\n$/);
    expect(Number(plain.headers.get("content-length"))).toBe(Buffer.byteLength(plainXml));
    const zipped = await fetch(`${app.url}/sitemaps/pages.xml`, { headers: { "Accept-Encoding": "gzip" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(await zipped.text()).toBe(plainXml);
    const head = await fetch(`${app.url}/sitemaps/annonces-1.xml.gz`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(0);
    expect((await fetch(`${app.url}/sitemaps/annonces-99.xml.gz`)).status).toBe(404);
  });

  it("redirects the names the first version published (annonces-N.xml) to the gzipped files", async () => {
    const old = await fetch(`${app.url}/sitemaps/annonces-1.xml`, { redirect: "manual" });
    expect(old.status).toBe(301);
    expect(new URL(old.headers.get("location")!, app.url).pathname).toBe("/sitemaps/annonces-1.xml.gz");
    const followed = await fetch(`${app.url}/sitemaps/annonces-1.xml`);
    expect(followed.status).toBe(200);
    expect(ids(gunzipSync(Buffer.from(await followed.arrayBuffer())).toString()).every((id) => publishedIds.has(id))).toBe(true);
    expect((await fetch(`${app.url}/sitemaps/annonces-99.xml`, { redirect: "manual" })).status).toBe(404);
  });

  it("keeps serving the last snapshot between background rebuilds, and a rebuild picks up changes", async () => {
    const cache = createSitemapCache({ db: t.db, origin: "https://o.example", refreshSeconds: 3600 });
    try {
      const before = await cache.get();
      const seller = await insertUser(t.db);
      const added = await insertListing(t.db, seller.id, { status: "published" });
      expect(await cache.get()).toBe(before);
      const after = await cache.refresh();
      const all = [...after.files.values()].flatMap((f) => ids(gunzipSync(f.gz).toString()));
      expect(all).toContain(added.id);
      expect(await cache.get()).toBe(after);
    } finally {
      cache.stop();
    }
  });
});

import { promisify } from "node:util";
import { gunzip as gunzipCb, gzip as gzipCb } from "node:zlib";
import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listings } from "~/db/schema";
import { escapeHtml } from "~/server/email-layout";
import { listingPath } from "./listing-seo";

const gzip = promisify(gzipCb);
const gunzip = promisify(gunzipCb);

/** Search engines accept at most 50 000 URLs (and 50 MB) per sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Rows read per query while building: keeps every step of a rebuild short (event loop). */
const BATCH = 5_000;

/**
 * The sitemaps of the site, built in the background and served from memory:
 * - `/sitemap.xml` is a sitemap index naming the files below;
 * - `/sitemaps/pages.xml`: the main pages, one search page per brand and per brand+model that has
 *   at least two published listings;
 * - `/sitemaps/annonces-N.xml`: every published listing, ≤ 50 000 per file, by id.
 *
 * A rebuild reads the published listings in keyset batches (no OFFSET, no sort on disk) and
 * gzips each file once; requests only copy bytes, so they never wait for the database nor block
 * the event loop. See docs/decisions/0008-sitemap-index.md.
 */
export interface SitemapFile {
  name: string;
  /** The gzipped XML. */
  gz: Buffer;
  lastmod: string | null;
  urls: number;
}

export interface SitemapSnapshot {
  builtAt: Date;
  index: SitemapFile;
  files: Map<string, SitemapFile>;
}

function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function urlset(entries: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
}

function urlEntry(origin: string, loc: string, lastmod?: string): string {
  return `<url><loc>${escapeHtml(origin + loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`;
}

async function file(name: string, xml: string, lastmod: string | null, urls: number): Promise<SitemapFile> {
  return { name, gz: await gzip(xml), lastmod, urls };
}

/** Builds every sitemap file from the database (the work a background refresh does). */
export async function buildSitemaps(options: { db: DbExecutor; origin: string; maxUrls?: number }): Promise<SitemapSnapshot> {
  const { db, origin } = options;
  const maxUrls = options.maxUrls ?? SITEMAP_MAX_URLS;
  const published = eq(listings.status, "published");
  const files = new Map<string, SitemapFile>();

  const brandModels = await db
    .select({ brand: listings.brand, model: listings.model, n: sql<number>`count(*)::int` })
    .from(listings)
    .where(published)
    .groupBy(listings.brand, listings.model)
    .orderBy(desc(sql`count(*)`), asc(listings.brand), asc(listings.model));
  const pages = [urlEntry(origin, "/home"), urlEntry(origin, "/recherche")];
  for (const brand of [...new Set(brandModels.map((b) => b.brand))].sort((a, b) => a.localeCompare(b, "fr"))) {
    pages.push(urlEntry(origin, `/recherche?brand=${encodeURIComponent(brand)}`));
  }
  for (const bm of brandModels.filter((b) => b.n >= 2).slice(0, maxUrls - pages.length)) {
    pages.push(urlEntry(origin, `/recherche?brand=${encodeURIComponent(bm.brand)}&model=${encodeURIComponent(bm.model)}`));
  }
  files.set("pages.xml", await file("pages.xml", urlset(pages), null, pages.length));

  let chunk: string[] = [];
  let chunkLastmod = "";
  let lastId: string | null = null;
  const flush = async () => {
    if (chunk.length === 0) return;
    const name = `annonces-${files.size}.xml`;
    files.set(name, await file(name, urlset(chunk), chunkLastmod || null, chunk.length));
    chunk = [];
    chunkLastmod = "";
  };
  for (;;) {
    const rows = await db
      .select({ id: listings.id, brand: listings.brand, model: listings.model, year: listings.year, city: listings.city, updatedAt: listings.updatedAt })
      .from(listings)
      .where(lastId ? and(published, gt(listings.id, lastId)) : published)
      .orderBy(asc(listings.id))
      .limit(BATCH);
    for (const l of rows) {
      const lastmod = day(l.updatedAt);
      chunk.push(urlEntry(origin, listingPath(l), lastmod));
      if (lastmod > chunkLastmod) chunkLastmod = lastmod;
      if (chunk.length >= maxUrls) await flush();
    }
    if (rows.length < BATCH) break;
    lastId = rows[rows.length - 1]!.id;
  }
  await flush();

  const entries = [...files.values()].map(
    (f) => `<sitemap><loc>${escapeHtml(`${origin}/sitemaps/${f.name}`)}</loc>${f.lastmod ? `<lastmod>${f.lastmod}</lastmod>` : ""}</sitemap>`,
  );
  const indexXml = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`;
  return { builtAt: new Date(), index: await file("sitemap.xml", indexXml, null, files.size), files };
}

export interface SitemapCache {
  /** The current snapshot; the first call waits for the first build. */
  get(): Promise<SitemapSnapshot>;
  /** Starts a rebuild now (coalesced with one already running) and resolves when it is done. */
  refresh(): Promise<SitemapSnapshot>;
  stop(): void;
}

/**
 * Keeps one snapshot in memory and rebuilds it every `refreshSeconds` in the background (a
 * failed rebuild keeps the previous snapshot). `refreshSeconds: 0` rebuilds on every request
 * (tests and tiny sites that want a new listing in the sitemap at once).
 */
export function createSitemapCache(options: {
  db: DbExecutor;
  origin: string;
  refreshSeconds: number;
  maxUrls?: number;
  onError?: (error: unknown) => void;
}): SitemapCache {
  let current: SitemapSnapshot | null = null;
  let building: Promise<SitemapSnapshot> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const refresh = () => {
    building ??= buildSitemaps(options)
      .then((snapshot) => (current = snapshot))
      .finally(() => (building = null));
    return building;
  };
  if (options.refreshSeconds > 0) {
    timer = setInterval(() => {
      refresh().catch((error) => options.onError?.(error));
    }, options.refreshSeconds * 1000);
    timer.unref();
  }
  return {
    get() {
      if (options.refreshSeconds === 0 || !current) return refresh();
      return Promise.resolve(current);
    },
    refresh,
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

/** The HTTP answer for one sitemap file: gzip as stored when the client takes it. */
export async function sitemapResponse(f: SitemapFile, request: Request, maxAgeSeconds: number): Promise<Response> {
  const headers = new Headers({
    "Content-Type": "application/xml; charset=utf-8",
    "Cache-Control": `public, max-age=${maxAgeSeconds}`,
    Vary: "Accept-Encoding",
  });
  const acceptsGzip = /\bgzip\b/.test(request.headers.get("Accept-Encoding") ?? "");
  if (acceptsGzip) headers.set("Content-Encoding", "gzip");
  const body = acceptsGzip ? f.gz : await gunzip(f.gz);
  headers.set("Content-Length", String(body.byteLength));
  return new Response(request.method === "HEAD" ? null : new Uint8Array(body), { headers });
}

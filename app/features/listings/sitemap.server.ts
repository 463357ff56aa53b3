import { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import { createGunzip } from "node:zlib";
import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listings } from "~/db/schema";
import { escapeHtml } from "~/server/email-layout";
import { listingPath } from "./listing-seo";
import { GzipWorker } from "./sitemap-gzip.server";

/** Search engines accept at most 50 000 URLs (and 50 MB) per sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Rows read per query while building (keyset batches: no OFFSET, no sort on disk). */
const BATCH = 2_000;
/**
 * Rows turned into XML between two yields to the event loop. A whole 50 000-URL file written
 * at once is an 8 MB string: joining it, encoding it to UTF-8 and copying it blocked the loop
 * for 100+ ms at 1 M listings; 250 entries are ~40 KB and well under a millisecond.
 */
const SLICE = 250;
/** Size of the slices of a stored file handed to the socket (the buffer is never copied). */
const SEND_CHUNK = 64 * 1024;

/**
 * The sitemaps of the site, built in the background and served from memory:
 * - `/sitemap.xml` is a sitemap index naming the files below;
 * - `/sitemaps/pages.xml`: the main pages, one search page per brand and per brand+model that has
 *   at least two published listings;
 * - `/sitemaps/annonces-N.xml.gz`: every published listing, ≤ 50 000 per file, by id, as gzipped
 *   sitemap files (the first version named them `annonces-N.xml`: those URLs redirect here).
 *
 * A rebuild reads the published listings in keyset batches, builds each file's XML in small
 * slices and posts them to a worker thread that encodes and gzips them (sitemap-gzip.server.ts),
 * yielding to the event loop between slices, so requests served meanwhile never wait behind it.
 * Requests only hand the stored bytes to the socket (or, for the small index and pages file,
 * stream them through gunzip), so they never wait for the database nor copy a file. See docs/decisions/0008-sitemap-index.md.
 */
export interface SitemapFile {
  name: string;
  /** The gzipped XML. */
  gz: Buffer;
  /** Length of the XML itself (Content-Length of an identity answer). */
  bytes: number;
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

const URLSET_OPEN = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
const URLSET_CLOSE = `</urlset>\n`;

function urlEntry(origin: string, loc: string, lastmod?: string): string {
  return `<url><loc>${escapeHtml(origin + loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>\n`;
}

/** One gzipped file written piece by piece: the text goes to the gzip worker as it is built. */
class GzipFileWriter {
  private readonly file: ReturnType<GzipWorker["open"]>;
  urls = 0;
  lastmod = "";

  constructor(
    worker: GzipWorker,
    readonly name: string,
  ) {
    this.file = worker.open();
  }

  write(text: string): void {
    this.file.write(text);
  }

  async finish(): Promise<SitemapFile> {
    const { gz, bytes } = await this.file.end();
    return { name: this.name, gz, bytes, lastmod: this.lastmod || null, urls: this.urls };
  }
}

async function writeWhole(worker: GzipWorker, name: string, open: string, entries: string[], close: string, lastmod: string | null): Promise<SitemapFile> {
  const writer = new GzipFileWriter(worker, name);
  writer.write(open);
  for (let i = 0; i < entries.length; i += SLICE) {
    writer.write(entries.slice(i, i + SLICE).join(""));
    await nextTurn();
  }
  writer.write(close);
  writer.urls = entries.length;
  writer.lastmod = lastmod ?? "";
  return writer.finish();
}

/** Builds every sitemap file from the database (the work a background refresh does). */
export async function buildSitemaps(options: { db: DbExecutor; origin: string; maxUrls?: number }): Promise<SitemapSnapshot> {
  const { db, origin } = options;
  const maxUrls = options.maxUrls ?? SITEMAP_MAX_URLS;
  const files = new Map<string, SitemapFile>();
  const worker = new GzipWorker();
  try {
    return await build(db, origin, maxUrls, files, worker);
  } finally {
    await worker.close();
  }
}

async function build(db: DbExecutor, origin: string, maxUrls: number, files: Map<string, SitemapFile>, worker: GzipWorker): Promise<SitemapSnapshot> {
  const published = eq(listings.status, "published");
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
  files.set("pages.xml", await writeWhole(worker, "pages.xml", URLSET_OPEN, pages, URLSET_CLOSE, null));

  let writer: GzipFileWriter | null = null;
  const flush = async () => {
    if (!writer) return;
    writer.write(URLSET_CLOSE);
    const done = await writer.finish();
    files.set(done.name, done);
    writer = null;
  };
  let lastId: string | null = null;
  for (;;) {
    const rows = await db
      .select({ id: listings.id, brand: listings.brand, model: listings.model, year: listings.year, city: listings.city, updatedAt: listings.updatedAt })
      .from(listings)
      .where(lastId ? and(published, gt(listings.id, lastId)) : published)
      .orderBy(asc(listings.id))
      .limit(BATCH);
    for (let i = 0; i < rows.length; ) {
      if (!writer) {
        writer = new GzipFileWriter(worker, `annonces-${files.size}.xml.gz`);
        writer.write(URLSET_OPEN);
      }
      const current: GzipFileWriter = writer;
      // A slice never crosses a file boundary.
      const end = Math.min(rows.length, i + SLICE, i + (maxUrls - current.urls));
      let xml = "";
      for (; i < end; i++) {
        const l = rows[i]!;
        const lastmod = day(l.updatedAt);
        xml += urlEntry(origin, listingPath(l), lastmod);
        current.urls++;
        if (lastmod > current.lastmod) current.lastmod = lastmod;
      }
      current.write(xml);
      await nextTurn();
      if (current.urls >= maxUrls) await flush();
    }
    if (rows.length < BATCH) break;
    lastId = rows[rows.length - 1]!.id;
  }
  await flush();

  const entries = [...files.values()].map(
    (f) => `<sitemap><loc>${escapeHtml(`${origin}/sitemaps/${f.name}`)}</loc>${f.lastmod ? `<lastmod>${f.lastmod}</lastmod>` : ""}</sitemap>\n`,
  );
  const index = await writeWhole(
    worker,
    "sitemap.xml",
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`,
    entries,
    `</sitemapindex>\n`,
    null,
  );
  index.urls = files.size;
  return { builtAt: new Date(), index, files };
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

/** The stored bytes in slices of one buffer: handed to the socket as they are, never copied. */
function bufferStream(buffer: Buffer): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= buffer.byteLength) return controller.close();
      controller.enqueue(buffer.subarray(at, at + SEND_CHUNK));
      at += SEND_CHUNK;
    },
  });
}

/**
 * The HTTP answer for one sitemap file. The listing files (`annonces-N.xml.gz`) are gzipped
 * sitemap files: their stored bytes, whatever the client accepts. The index and `pages.xml`
 * (small) are XML: gzip as stored when the client takes it, otherwise streamed through gunzip.
 */
export function sitemapResponse(f: SitemapFile, request: Request, maxAgeSeconds: number): Response {
  if (f.name.endsWith(".gz")) {
    // A gzipped sitemap file (sitemaps.org): the same stored bytes for every client, never inflated.
    const headers = new Headers({
      "Content-Type": "application/gzip",
      "Content-Length": String(f.gz.byteLength),
      "Cache-Control": `public, max-age=${maxAgeSeconds}`,
    });
    return new Response(request.method === "HEAD" ? null : bufferStream(f.gz), { headers });
  }
  const headers = new Headers({
    "Content-Type": "application/xml; charset=utf-8",
    "Cache-Control": `public, max-age=${maxAgeSeconds}`,
    Vary: "Accept-Encoding",
  });
  const acceptsGzip = /\bgzip\b/.test(request.headers.get("Accept-Encoding") ?? "");
  if (acceptsGzip) headers.set("Content-Encoding", "gzip");
  headers.set("Content-Length", String(acceptsGzip ? f.gz.byteLength : f.bytes));
  if (request.method === "HEAD") return new Response(null, { headers });
  const body = acceptsGzip
    ? bufferStream(f.gz)
    : (Readable.toWeb(Readable.from([f.gz], { objectMode: false }).pipe(createGunzip())) as ReadableStream<Uint8Array>);
  return new Response(body, { headers });
}

/** `annonces-N.xml` (the names the first version published) → `annonces-N.xml.gz`, if it exists. */
export function legacySitemapName(name: string, snapshot: SitemapSnapshot): string | null {
  return /^annonces-\d+\.xml$/.test(name) && snapshot.files.has(`${name}.gz`) ? `${name}.gz` : null;
}

import { setImmediate as nextTurn } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listings, proProfiles, user } from "~/db/schema";
import { dealerPath } from "~/features/pro/dealer-seo";
import { escapeHtml } from "~/server/email-layout";
import { listingPath } from "./listing-seo";
import { GzipWorker, type GzipSink } from "./sitemap-gzip.server";

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

export interface BuildSitemapsOptions {
  db: DbExecutor;
  origin: string;
  maxUrls?: number;
  /**
   * The PostgreSQL server's URL. When set, the whole rebuild — queries, XML, gzip — runs in a
   * worker thread with its own connection, at the lowest CPU priority (decision 0008, third
   * amendment): the web thread only receives the finished files. Without it (the embedded
   * PGlite, which lives in this thread and cannot be shared), the rebuild runs here in slices.
   * A function is asked at each rebuild (a read replica in rotation, else the primary: decision 0038).
   */
  databaseUrl?: string | (() => string | undefined);
}

/** Builds every sitemap file from the database (the work a background refresh does). */
export async function buildSitemaps(options: BuildSitemapsOptions): Promise<SitemapSnapshot> {
  const maxUrls = options.maxUrls ?? SITEMAP_MAX_URLS;
  const databaseUrl = typeof options.databaseUrl === "function" ? options.databaseUrl() : options.databaseUrl;
  if (databaseUrl) return buildInWorker({ databaseUrl, origin: options.origin, maxUrls });
  const worker = new GzipWorker();
  try {
    return await writeSitemaps(options.db, options.origin, maxUrls, worker);
  } finally {
    await worker.close();
  }
}

const ENTRY = new URL("./sitemap-build.worker-entry.mjs", import.meta.url);

/** What the build worker posts back: each file's gzip as a transferred ArrayBuffer. */
export interface BuiltSitemaps {
  index: Omit<SitemapFile, "gz"> & { gz: ArrayBuffer };
  files: (Omit<SitemapFile, "gz"> & { gz: ArrayBuffer })[];
}

function buildInWorker(workerData: { databaseUrl: string; origin: string; maxUrls: number }): Promise<SitemapSnapshot> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(ENTRY, { workerData });
    let settled = false;
    const file = (f: BuiltSitemaps["index"]): SitemapFile => ({ ...f, gz: Buffer.from(f.gz) });
    worker.once("message", (m: { built: BuiltSitemaps } | { error: string }) => {
      settled = true;
      if ("error" in m) reject(new Error(m.error));
      else resolve({ builtAt: new Date(), index: file(m.built.index), files: new Map(m.built.files.map((f) => [f.name, file(f)])) });
    });
    worker.once("error", (error) => {
      settled = true;
      reject(error);
    });
    worker.once("exit", (code) => {
      if (!settled) reject(new Error(`la reconstruction du plan du site s'est arrêtée sans résultat (code ${code})`));
    });
  });
}

function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

const URLSET_OPEN = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
const URLSET_CLOSE = `</urlset>\n`;

function urlEntry(origin: string, loc: string, lastmod?: string): string {
  return `<url><loc>${escapeHtml(origin + loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>\n`;
}

/** One gzipped file written piece by piece: the text goes to the gzip sink as it is built. */
class GzipFileWriter {
  private readonly file: ReturnType<GzipSink["open"]>;
  urls = 0;
  lastmod = "";

  constructor(
    sink: GzipSink,
    readonly name: string,
  ) {
    this.file = sink.open();
  }

  write(text: string): void {
    this.file.write(text);
  }

  async finish(): Promise<SitemapFile> {
    const { gz, bytes } = await this.file.end();
    return { name: this.name, gz, bytes, lastmod: this.lastmod || null, urls: this.urls };
  }
}

async function writeWhole(sink: GzipSink, name: string, open: string, entries: string[], close: string): Promise<SitemapFile> {
  const writer = new GzipFileWriter(sink, name);
  writer.write(open);
  for (let i = 0; i < entries.length; i += SLICE) {
    writer.write(entries.slice(i, i + SLICE).join(""));
    await nextTurn();
  }
  writer.write(close);
  writer.urls = entries.length;
  return writer.finish();
}

/**
 * Reads the published listings in keyset batches and writes the sitemap files to `sink`, in
 * slices of SLICE entries with a yield to the event loop after each (in the web thread, requests
 * served meanwhile never wait behind it).
 */
export async function writeSitemaps(db: DbExecutor, origin: string, maxUrls: number, sink: GzipSink): Promise<SitemapSnapshot> {
  const files = new Map<string, SitemapFile>();
  const published = eq(listings.status, "published");
  const brandModels = await db
    .select({ brand: listings.brand, model: listings.model, n: sql<number>`count(*)::int` })
    .from(listings)
    .where(published)
    .groupBy(listings.brand, listings.model)
    .orderBy(desc(sql`count(*)`), asc(listings.brand), asc(listings.model));
  const pages = [urlEntry(origin, "/home"), urlEntry(origin, "/recherche"), urlEntry(origin, "/publish")];
  for (const brand of [...new Set(brandModels.map((b) => b.brand))].sort((a, b) => a.localeCompare(b, "fr"))) {
    pages.push(urlEntry(origin, `/recherche?brand=${encodeURIComponent(brand)}`));
  }
  for (const bm of brandModels.filter((b) => b.n >= 2).slice(0, maxUrls - pages.length)) {
    pages.push(urlEntry(origin, `/recherche?brand=${encodeURIComponent(bm.brand)}&model=${encodeURIComponent(bm.model)}`));
  }
  // Dealer pages (/pro/<slug>): verified professionals whose account is not suspended, as the page itself decides.
  const dealers = await db
    .select({ slug: proProfiles.slug, updatedAt: proProfiles.updatedAt })
    .from(proProfiles)
    .innerJoin(user, eq(user.id, proProfiles.userId))
    .where(and(eq(proProfiles.status, "verified"), isNull(user.suspendedAt)))
    .orderBy(asc(proProfiles.slug));
  for (const dealer of dealers.slice(0, Math.max(0, maxUrls - pages.length))) {
    pages.push(urlEntry(origin, dealerPath(dealer.slug), day(dealer.updatedAt)));
  }
  files.set("pages.xml", await writeWhole(sink, "pages.xml", URLSET_OPEN, pages, URLSET_CLOSE));

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
        writer = new GzipFileWriter(sink, `annonces-${files.size}.xml.gz`);
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
    sink,
    "sitemap.xml",
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`,
    entries,
    `</sitemapindex>\n`,
  );
  index.urls = files.size;
  return { builtAt: new Date(), index, files };
}

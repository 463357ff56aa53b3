import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { buildSitemaps, type BuildSitemapsOptions, type SitemapFile, type SitemapSnapshot } from "./build-sitemaps.server";

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
 * A rebuild (build-sitemaps.server.ts) reads the published listings in keyset batches: on
 * PostgreSQL all of it runs in a worker thread with its own connection; on the embedded PGlite it
 * builds each file's XML here in small slices, yielding to the event loop between them, and a
 * worker thread gzips them — either way requests served meanwhile never wait behind it.
 * Requests only hand the stored bytes to the socket (or, for the small index and pages file,
 * stream them through gunzip), so they never wait for the database nor copy a file. See docs/decisions/0008-sitemap-index.md.
 */
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
export function createSitemapCache(
  options: BuildSitemapsOptions & { refreshSeconds: number; onError?: (error: unknown) => void },
): SitemapCache {
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

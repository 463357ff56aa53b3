import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Request, Response } from "express";
import { CLIENT_IP_HEADER } from "~/features/auth/auth.server";
import { countListingView, listingIdOfPath } from "~/features/listings/count-listing-view.server";
import type { AppServices } from "~/server/context";

/**
 * HTTP caching of anonymous pages (issue 15, decision 0020).
 *
 * - Validators: a cacheable page is read whole (it renders whole anyway: no Suspense boundary
 *   waits for data) and gets a weak ETag, a hash of its bytes with the CSP nonce left out (the
 *   nonce changes on every answer, the page does not). `If-None-Match` → 304.
 * - Cache-Control for a CDN, `public` only for a page whose render found no session (`Vary: Cookie`).
 * - A short in-process cache (`PAGE_CACHE_SECONDS`) of home, search and listing pages: repeated
 *   anonymous visits are answered from memory until the copy is that old, each answer with a
 *   nonce of its own spliced into the stored bytes (and into their stored gzip). A listing's
 *   view is still counted for every answer (`onCopyServed`), not only for the one rendered.
 */
export interface PublicPolicy {
  cacheControl: string;
  /** May be answered from the in-process cache. */
  memo: boolean;
  /**
   * The loader's side effect, for an answer served from memory (rendered for someone else):
   * awaited before answering; a failure is logged and the page still served.
   */
  onCopyServed?: (req: Request, services: AppServices) => Promise<unknown>;
}

/** A listing page served from memory still counts the visitor's view (spec §3). */
function countServedListingView(req: Request, services: AppServices) {
  const listingId = listingIdOfPath(req.path);
  if (!listingId) return Promise.resolve(false);
  const ip = req.headers[CLIENT_IP_HEADER];
  return countListingView(services, { method: req.method, listingId, ip: typeof ip === "string" ? ip : null, userAgent: req.headers["user-agent"] });
}

const PUBLIC_PAGES: [RegExp, PublicPolicy][] = [
  // Fresh for 60 s at a CDN, then served stale up to 5 min while it revalidates.
  [/^\/(home|recherche)(\.data)?$/, { cacheControl: "public, max-age=0, s-maxage=60, stale-while-revalidate=300", memo: true }],
  // Revalidated with the origin on every request, which counts the view (spec §3) and answers
  // 304 without the body when nothing changed — from memory too, counting the view all the same.
  [/^\/annonce\/[^/]+(\/[^/]+)?(\.data)?$/, { cacheControl: "public, no-cache", memo: true, onCopyServed: countServedListingView }],
];

/**
 * The caching policy of a GET or HEAD of a public page, else null. It applies only if the page
 * turns out anonymous: whether it is, is decided from the session lookup (`AppServices.identity`),
 * never from cookie names, which Better Auth reads more loosely than a pattern would (it trims
 * them, prefixes them with `__Secure-` on https…).
 */
export function publicCachePolicy(req: Request): PublicPolicy | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  return PUBLIC_PAGES.find(([pattern]) => pattern.test(req.path))?.[1] ?? null;
}

export interface PageEntry {
  headers: [string, string][];
  /** The page's bytes cut where its render's CSP nonce was; an answer joins them with its own. */
  parts: Buffer[];
  etag: string;
  /** The render's nonce length: a stored gzip can only take a nonce of that length. */
  nonceLength: number;
  storedAt: number;
  /** Once the copy is served a second time: each part compressed once, see `gzipWithNonce`. */
  deflated?: Buffer[];
  /** The compression in progress or done (PageCache.compress). */
  deflating?: Promise<void>;
}

/** Reads a 200 answer of React Router whole, cuts it at its nonce and computes its validator. */
export async function toPageEntry(response: globalThis.Response, nonce: string): Promise<PageEntry> {
  const body = Buffer.from(await response.arrayBuffer());
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(nonce); nonce && at !== -1; at = body.indexOf(nonce, from)) {
    parts.push(body.subarray(from, at));
    from = at + nonce.length;
  }
  parts.push(body.subarray(from));
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return {
    headers: [...response.headers.entries()],
    parts,
    etag: `W/"${hash.digest("base64url").slice(0, 27)}"`,
    nonceLength: nonce.length,
    storedAt: Date.now(),
  };
}

const deflateRaw = promisify(zlib.deflateRaw);

/** Deflate's window: how far back a match may reach. */
const WINDOW = 32 * 1024;

/**
 * Compresses each part once, off the event loop (zlib's thread pool), as raw deflate ending on a
 * sync flush: byte-aligned, not final, so the parts and the nonces between them can be chained
 * into one deflate stream per answer.
 *
 * Each part is compressed with the page before it as its dictionary (the last 32 KiB), so that it
 * may refer back to earlier parts as a gzip of the whole page would: a search page is cut into
 * ~50 parts (a nonce on every script and preload), which compressed alone were ~19 % larger. In
 * that dictionary each nonce is written as NUL bytes: a page holds no NUL, so no match can reach
 * into a nonce, and every match finds the same bytes in the window the browser rebuilds with the
 * answer's own nonce (of the same length). A page that does hold a NUL is compressed part by
 * part without dictionaries.
 */
export async function deflateParts(parts: Buffer[], nonceLength: number): Promise<Buffer[]> {
  const options = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
  if (parts.some((part) => part.includes(0))) return Promise.all(parts.map((part) => deflateRaw(part, options)));
  const placeholder = Buffer.alloc(nonceLength);
  const deflated: Buffer[] = [];
  let history = Buffer.alloc(0);
  for (const [i, part] of parts.entries()) {
    if (i > 0) history = Buffer.concat([history, placeholder]);
    history = history.subarray(-WINDOW);
    deflated.push(await deflateRaw(part, history.length > 0 ? { ...options, dictionary: history } : options));
    history = Buffer.concat([history, part]);
  }
  return deflated;
}

/** gzip header (RFC 1952): deflate, no name, no time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The last deflate block: final, stored, empty. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/**
 * The gzip of `parts` joined by `nonce`, without compressing the page again: the stored deflated
 * parts, each nonce as an uncompressed (stored) deflate block between them, a final empty block,
 * then the CRC-32 and length of the whole page. About 0.1 ms for a search page, against a few ms
 * for gzipping it.
 */
export function gzipWithNonce(parts: Buffer[], deflated: Buffer[], nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce, "latin1");
  const stored = Buffer.alloc(5 + nonceBytes.length);
  stored.writeUInt16LE(nonceBytes.length, 1);
  stored.writeUInt16LE(~nonceBytes.length & 0xffff, 3);
  nonceBytes.copy(stored, 5);
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  parts.forEach((part, i) => {
    if (i > 0) {
      chunks.push(stored);
      crc = zlib.crc32(nonceBytes, crc);
      size += nonceBytes.length;
    }
    chunks.push(deflated[i]!);
    // zlib's crc32 restarts from 0 when given no data pointer, which an empty Buffer may have.
    if (part.length > 0) crc = zlib.crc32(part, crc);
    size += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(FINAL_BLOCK, trailer);
  return Buffer.concat(chunks);
}

/**
 * Answers with an entry, carrying this answer's own CSP nonce (`res.locals.cspNonce`, the one
 * helmet's header names) wherever the render had its nonce: a cached page never hands out the
 * same nonce twice. Validator and Cache-Control; 304 when the client has this version. A 304
 * carries no Content-Security-Policy: the client's stored copy keeps the one matching its nonce.
 */
export function sendPageEntry(req: Request, res: Response, entry: PageEntry, policy: PublicPolicy) {
  res.status(200);
  for (const [key, value] of entry.headers) res.setHeader(key, value);
  res.setHeader("Cache-Control", policy.cacheControl);
  res.setHeader("ETag", entry.etag);
  res.vary("Cookie");
  if (req.fresh) {
    res.removeHeader("Content-Security-Policy");
    res.removeHeader("Content-Type");
    res.status(304).end();
    return;
  }
  const nonce = res.locals.cspNonce as string;
  let body: Buffer;
  if (entry.deflated && nonce.length === entry.nonceLength && req.acceptsEncodings("gzip", "identity") === "gzip") {
    // Already compressed: compression() leaves an encoded answer alone.
    body = gzipWithNonce(entry.parts, entry.deflated, nonce);
    res.setHeader("Content-Encoding", "gzip");
    res.vary("Accept-Encoding");
  } else {
    const nonceBytes = Buffer.from(nonce);
    body = Buffer.concat(entry.parts.flatMap((part, i) => (i > 0 ? [nonceBytes, part] : [part])));
  }
  res.setHeader("Content-Length", String(body.length));
  res.end(req.method === "HEAD" ? undefined : body);
}

/** At most this many pages are kept (the oldest stored dropped first). */
const MAX_ENTRIES = 500;

/**
 * The in-process cache: at most MAX_ENTRIES pages, each served for `ttlSeconds`. Concurrent
 * misses of one URL render it once (the others wait for it).
 */
export function createPageCache(options: { ttlSeconds: number }) {
  const ttlMs = options.ttlSeconds * 1000;
  const pages = new Map<string, PageEntry>();
  const pending = new Map<string, Promise<PageEntry | null>>();
  return {
    get enabled() {
      return ttlMs > 0;
    },
    get(key: string): PageEntry | null {
      const page = pages.get(key);
      if (!page) return null;
      if (Date.now() - page.storedAt >= ttlMs) {
        pages.delete(key);
        return null;
      }
      return page;
    },
    /** The render in progress for this key, if any. */
    pending(key: string) {
      return pending.get(key);
    },
    /**
     * Compresses a copy that is being served again (once; concurrent callers share the work), in
     * zlib's thread pool: the event loop is not blocked. Not at fill time: most listing pages and
     * rare searches are never asked again within the TTL, and compressing a page costs about as
     * much CPU as rendering it (~9 ms for a search page cut at its 47 nonces). Answers do not wait
     * for it (its 47 jobs queue behind whatever else uses the pool: password hashing, other
     * answers' gzip): until it is done, or if it fails, they go out whole and compression() gzips
     * them, as a render's answer.
     */
    compress(page: PageEntry): Promise<void> {
      page.deflating ??= deflateParts(page.parts, page.nonceLength).then(
        (deflated) => {
          page.deflated = deflated;
        },
        () => {},
      );
      return page.deflating;
    },
    /** Registers a render: `work` resolves with the page to keep (or null: not cacheable). */
    fill(key: string, work: Promise<PageEntry | null>) {
      pending.set(key, work);
      void work
        .then((page) => {
          if (!page) return;
          pages.delete(key);
          pages.set(key, page);
          // Oldest first in the Map: drop the expired copies (no one would be served them), then
          // any beyond the cap.
          for (const [oldKey, old] of pages) {
            if (pages.size <= MAX_ENTRIES && Date.now() - old.storedAt < ttlMs) break;
            pages.delete(oldKey);
          }
        })
        .catch(() => {})
        .finally(() => pending.delete(key));
      return work;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

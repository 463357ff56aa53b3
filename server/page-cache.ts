import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { Request, Response } from "express";

/**
 * HTTP caching of anonymous pages (issue 15, decision 0020).
 *
 * - Validators: a cacheable page is read whole (it renders whole anyway: no Suspense boundary
 *   waits for data) and gets a weak ETag, a hash of its bytes with the CSP nonce left out (the
 *   nonce changes on every render, the page does not). `If-None-Match` → 304.
 * - Cache-Control for a CDN, `public` only without a session cookie (`Vary: Cookie`).
 * - A short in-process cache (`PAGE_CACHE_SECONDS`) of home and search pages: repeated
 *   anonymous searches are answered from memory, gzipped once, until they are that old.
 */
export interface PublicPolicy {
  cacheControl: string;
  /** May be answered from the in-process cache (pages whose loader has no side effect). */
  memo: boolean;
}

/** Better Auth's session cookie (prefix "occazio", `__Secure-` on https). */
export const SESSION_COOKIE = /(^|;\s*)(__Secure-)?occazio\.session_token=/;

const PUBLIC_PAGES: [RegExp, PublicPolicy][] = [
  // Fresh for 60 s at a CDN, then served stale up to 5 min while it revalidates.
  [/^\/(home|recherche)(\.data)?$/, { cacheControl: "public, max-age=0, s-maxage=60, stale-while-revalidate=300", memo: true }],
  // Stored but revalidated on every request: the loader counts the view (spec §3); the origin
  // still answers 304 without the body when nothing changed.
  [/^\/annonce\/[^/]+(\/[^/]+)?(\.data)?$/, { cacheControl: "public, no-cache", memo: false }],
];

/** The caching policy of an anonymous GET of a public page, else null (private or not listed). */
export function publicCachePolicy(req: Request): PublicPolicy | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  if (SESSION_COOKIE.test(req.get("cookie") ?? "")) return null;
  return PUBLIC_PAGES.find(([pattern]) => pattern.test(req.path))?.[1] ?? null;
}

export interface PageEntry {
  headers: [string, string][];
  body: Buffer;
  etag: string;
  storedAt: number;
  /** Gzipped once, for the cached entries (served many times). */
  gzip?: Buffer;
}

/** Reads a 200 answer of React Router whole and computes its validator. */
export async function toPageEntry(response: globalThis.Response, nonce: string): Promise<PageEntry> {
  const body = Buffer.from(await response.arrayBuffer());
  const hash = createHash("sha256");
  let from = 0;
  for (let at = body.indexOf(nonce); nonce && at !== -1; at = body.indexOf(nonce, from)) {
    hash.update(body.subarray(from, at));
    from = at + nonce.length;
  }
  hash.update(body.subarray(from));
  const headers = [...response.headers.entries()].filter(([key]) => key !== "set-cookie");
  return { headers, body, etag: `W/"${hash.digest("base64url").slice(0, 27)}"`, storedAt: Date.now() };
}

/**
 * Answers with an entry: its own headers (a cached entry keeps the CSP that names the nonce of
 * its scripts), the validator and Cache-Control, 304 when the client has this version. A 304
 * carries no Content-Security-Policy: the client's stored copy keeps the one matching its nonce.
 */
export function sendPageEntry(req: Request, res: Response, entry: PageEntry, policy: PublicPolicy, cspHeader?: string) {
  res.status(200);
  for (const [key, value] of entry.headers) res.setHeader(key, value);
  if (cspHeader) res.setHeader("Content-Security-Policy", cspHeader);
  res.setHeader("Cache-Control", policy.cacheControl);
  res.setHeader("ETag", entry.etag);
  res.vary("Cookie");
  if (req.fresh) {
    res.removeHeader("Content-Security-Policy");
    res.removeHeader("Content-Type");
    res.status(304).end();
    return;
  }
  let body = entry.body;
  if (entry.gzip && req.acceptsEncodings("gzip", "identity") === "gzip") {
    // Already compressed: compression() leaves an encoded answer alone.
    body = entry.gzip;
    res.setHeader("Content-Encoding", "gzip");
    res.vary("Accept-Encoding");
  }
  res.setHeader("Content-Length", String(body.length));
  res.end(req.method === "HEAD" ? undefined : body);
}

interface CachedPage {
  entry: PageEntry;
  /** The Content-Security-Policy sent with the render (its nonce is in the body). */
  csp: string;
}

/**
 * The in-process cache: at most `maxEntries` pages (least recently stored dropped first), each
 * served for `ttlSeconds`. Concurrent misses of one URL render it once (the others wait for it).
 */
export function createPageCache(options: { ttlSeconds: number; maxEntries?: number; now?: () => number }) {
  const ttlMs = options.ttlSeconds * 1000;
  const maxEntries = options.maxEntries ?? 500;
  const now = options.now ?? Date.now;
  const pages = new Map<string, CachedPage>();
  const pending = new Map<string, Promise<CachedPage | null>>();
  const stats = { hits: 0, misses: 0 };
  return {
    stats,
    get enabled() {
      return ttlMs > 0;
    },
    get(key: string): CachedPage | null {
      const page = pages.get(key);
      if (!page) return null;
      if (now() - page.entry.storedAt >= ttlMs) {
        pages.delete(key);
        return null;
      }
      return page;
    },
    /** The render in progress for this key, if any. */
    pending(key: string) {
      return pending.get(key);
    },
    /** Registers a render: `work` resolves with the page to keep (or null: not cacheable). */
    fill(key: string, work: Promise<CachedPage | null>) {
      stats.misses++;
      pending.set(key, work);
      void work
        .then((page) => {
          if (!page) return;
          page.entry.gzip ??= gzipSync(page.entry.body);
          pages.delete(key);
          pages.set(key, page);
          if (pages.size > maxEntries) pages.delete(pages.keys().next().value!);
        })
        .catch(() => {})
        .finally(() => pending.delete(key));
      return work;
    },
    clear() {
      pages.clear();
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

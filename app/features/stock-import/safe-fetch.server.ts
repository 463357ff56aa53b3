import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { judgeAddress, type AddressVerdict } from "./address-policy";

/**
 * Fetching a dealer's photo by URL without letting the URL reach the server's own network
 * (issue 35, decision 0047). Node's http(s) client, not `fetch`: its `lookup` hook lets the
 * connection go to the very address that was checked (no second DNS resolution between the
 * check and the connect: DNS rebinding / TOCTOU). Every address a name resolves to is checked,
 * not only the first; each redirect is a new URL checked the same way; size and time are bounded.
 */

export const PHOTO_FETCH_LIMITS = {
  maxBytes: 15 * 1024 * 1024,
  timeoutMs: 20_000,
  maxRedirects: 3,
} as const;

const ACCEPTED_TYPES = ["image/jpeg", "image/png", "image/webp", "image/jpg", "image/pjpeg"];

export class PhotoFetchError extends Error {
  override readonly name = "PhotoFetchError";
  /** A failure that may pass on a later try (timeout, 5xx, connection refused). */
  constructor(
    message: string,
    readonly retryable = false,
  ) {
    super(message);
  }
}

/** What is fetched: its Accept header, the word of the size message, the content types accepted. */
export interface FetchKind {
  userAgent: string;
  accept: string;
  /** "photo trop lourde", "flux trop lourd". */
  tooLarge: (detail: string) => string;
  /** Null when the type is accepted, else the French reason. */
  checkType: (contentType: string) => string | null;
}

const PHOTO_KIND: FetchKind = {
  userAgent: "OccazioPhotoImport/1.0",
  accept: "image/jpeg, image/png, image/webp",
  tooLarge: (detail) => `photo trop lourde (${detail})`,
  checkType: (contentType) =>
    ACCEPTED_TYPES.includes(contentType)
      ? null
      : `type « ${contentType || "inconnu"} » refusé : une photo JPEG, PNG ou WebP est attendue`,
};

export interface PhotoFetchOptions {
  /** TESTS ONLY (PHOTO_FETCH_ALLOW_PRIVATE): private and loopback addresses allowed. */
  allowPrivate?: boolean;
  /** Conditional request: the ETag / Last-Modified of the bytes already processed. */
  etag?: string | null;
  lastModified?: string | null;
  limits?: Partial<{ maxBytes: number; timeoutMs: number; maxRedirects: number }>;
  /** Tests: the address policy (judgeAddress with `allowPrivate` by default). */
  judge?: (address: string) => AddressVerdict;
  /** Name resolution (tests replace it to make a name resolve to 127.0.0.1). */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>;
}

export type PhotoFetchResult =
  | { notModified: true; url: string }
  | {
      notModified: false;
      url: string;
      body: Buffer;
      contentType: string;
      etag: string | null;
      lastModified: string | null;
    };

const defaultResolve = (hostname: string) => dnsLookup(hostname, { all: true, verbatim: true });

/** Resolves the URL's host and checks every address; the one to connect to. */
async function checkedAddress(url: URL, options: PhotoFetchOptions): Promise<{ address: string; family: number }> {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new PhotoFetchError(`adresse ${url.protocol.replace(":", "")} refusée : seules http et https sont acceptées`);
  }
  if (url.username || url.password) throw new PhotoFetchError("adresse avec identifiants refusée");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (options.resolve ?? defaultResolve)(host);
    } catch {
      throw new PhotoFetchError(`nom de domaine « ${host} » introuvable`, true);
    }
  }
  if (addresses.length === 0) throw new PhotoFetchError(`nom de domaine « ${host} » introuvable`, true);
  for (const { address } of addresses) {
    const verdict = options.judge ? options.judge(address) : judgeAddress(address, options.allowPrivate);
    if (!verdict.allowed) throw new PhotoFetchError(`${verdict.reason} (${host} → ${address})`);
  }
  return addresses[0]!;
}

interface HopResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer | null;
}

function requestOnce(
  url: URL,
  pinned: { address: string; family: number },
  options: PhotoFetchOptions,
  { started, deadline }: { started: number; deadline: number },
  maxBytes: number,
  kind: FetchKind,
): Promise<HopResult> {
  // Node's connect asks this instead of the DNS: the checked address, whatever the name.
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all)
      (callback as (err: null, addresses: { address: string; family: number }[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === "https:" ? https : http;
  const headers: Record<string, string> = {
    "user-agent": kind.userAgent,
    accept: kind.accept,
  };
  if (options.etag) headers["if-none-match"] = options.etag;
  if (options.lastModified) headers["if-modified-since"] = options.lastModified;
  return new Promise<HopResult>((resolve, reject) => {
    const remaining = deadline - Date.now();
    const seconds = Math.round((deadline - started) / 1000);
    if (remaining <= 0) return reject(new PhotoFetchError(`délai de ${seconds} s dépassé`, true));
    const request = client.request(url, { method: "GET", headers, lookup, agent: false }, (response) => {
      const status = response.statusCode ?? 0;
      if (status !== 200) {
        response.resume();
        return resolve({ status, headers: response.headers, body: null });
      }
      const declared = Number(response.headers["content-length"] ?? "0");
      if (declared > maxBytes) {
        request.destroy();
        return reject(
          new PhotoFetchError(
            kind.tooLarge(`${Math.ceil(declared / 1024 / 1024)} Mo ; ${megabytes(maxBytes)} au plus`),
          ),
        );
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          // Rejected here: the response may still end (what was received) before the request's error.
          const error = new PhotoFetchError(kind.tooLarge(`plus de ${megabytes(maxBytes)}`));
          reject(error);
          request.destroy(error);
          return;
        }
        chunks.push(chunk);
      });
      response.on("end", () => {
        if (size <= maxBytes) resolve({ status, headers: response.headers, body: Buffer.concat(chunks) });
      });
      response.on("error", reject);
    });
    const timer = setTimeout(
      () => request.destroy(new PhotoFetchError(`délai de ${seconds} s dépassé`, true)),
      remaining,
    );
    request.on("close", () => clearTimeout(timer));
    request.on("error", (error) => {
      clearTimeout(timer);
      reject(
        error instanceof PhotoFetchError
          ? error
          : new PhotoFetchError(
              `serveur injoignable (${(error as NodeJS.ErrnoException).code ?? error.message})`,
              true,
            ),
      );
    });
    request.end();
  });
}

/** "15 Mo", "2 Ko". */
function megabytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.floor(bytes / 1024 / 1024)} Mo` : `${Math.floor(bytes / 1024)} Ko`;
}

/** Fetches one photo: every hop checked, at most 3 redirects, 15 MB and 20 s in all. */
export async function fetchPhoto(rawUrl: string, options: PhotoFetchOptions = {}): Promise<PhotoFetchResult> {
  return safeGet(rawUrl, options, PHOTO_KIND);
}

/**
 * GET of a URL a professional gave (photo, stock feed): every hop's addresses checked against
 * the policy, the connection pinned to the checked address, redirects bounded, size and time
 * bounded, the content type checked by `kind`.
 */
export async function safeGet(rawUrl: string, options: PhotoFetchOptions, kind: FetchKind): Promise<PhotoFetchResult> {
  const limits = { ...PHOTO_FETCH_LIMITS, ...options.limits };
  const started = Date.now();
  const deadline = started + limits.timeoutMs;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new PhotoFetchError("adresse illisible");
  }
  for (let hop = 0; ; hop++) {
    const pinned = await checkedAddress(url, options);
    const result = await requestOnce(url, pinned, options, { started, deadline }, limits.maxBytes, kind);
    if ([301, 302, 303, 307, 308].includes(result.status)) {
      if (hop >= limits.maxRedirects) throw new PhotoFetchError(`plus de ${limits.maxRedirects} redirections`);
      const location = result.headers.location;
      if (!location) throw new PhotoFetchError(`redirection ${result.status} sans destination`);
      url = new URL(location, url);
      continue;
    }
    if (result.status === 304) return { notModified: true, url: url.href };
    if (result.status !== 200 || !result.body) {
      throw new PhotoFetchError(`le serveur a répondu ${result.status}`, result.status >= 500 || result.status === 429);
    }
    const contentType = String(result.headers["content-type"] ?? "")
      .split(";")[0]!
      .trim()
      .toLowerCase();
    const refused = kind.checkType(contentType);
    if (refused) throw new PhotoFetchError(refused);
    return {
      notModified: false,
      url: url.href,
      body: result.body,
      contentType,
      etag: typeof result.headers.etag === "string" ? result.headers.etag : null,
      lastModified: typeof result.headers["last-modified"] === "string" ? result.headers["last-modified"] : null,
    };
  }
}

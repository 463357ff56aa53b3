import { PhotoFetchError, safeGet, type FetchKind, type PhotoFetchOptions } from "./safe-fetch.server";
import { looksLikeJson, stockJsonToCsv } from "./stock-feed-json";

/**
 * One fetch of a professional's stock feed (issue 35, decision 0051), through the photo
 * fetcher's SSRF guard (decision 0047: every address checked, connection pinned, redirects
 * checked): conditional (If-None-Match / If-Modified-Since), bounded in bytes and time, an
 * HTML page refused (a login page or an error page is not a stock). A JSON array becomes the
 * same CSV as an upload.
 */

export const FEED_FETCH_TIMEOUT_MS = 60_000;

/** Types a feed may declare; anything else (HTML above all) is refused. */
const FEED_TYPES = [
  "text/csv",
  "text/plain",
  "application/csv",
  "text/comma-separated-values",
  "application/vnd.ms-excel",
  "application/json",
  "text/json",
  "application/octet-stream",
  "",
];

const HTML_MESSAGE = "le flux a renvoyé une page HTML au lieu d'un fichier CSV ou JSON";

function feedKind(): FetchKind {
  return {
    userAgent: "OccazioStockFeed/1.0",
    accept: "text/csv, application/json;q=0.9, text/plain;q=0.5",
    tooLarge: (detail) => `flux trop lourd (${detail}) : aucune ligne n'a été importée`,
    checkType: (contentType) => {
      if (contentType === "text/html" || contentType === "application/xhtml+xml") return HTML_MESSAGE;
      return FEED_TYPES.includes(contentType)
        ? null
        : `type « ${contentType} » refusé : un fichier CSV ou JSON est attendu`;
    },
  };
}

export type FeedFetchResult =
  | { notModified: true }
  | { notModified: false; csv: Buffer; format: "csv" | "json"; etag: string | null; lastModified: string | null };

/** A failure of the feed: `retryable` when a later try may pass (network, 5xx); all count as failures. */
export { PhotoFetchError as FeedFetchError };

export async function fetchStockFeed(
  url: string,
  options: Pick<PhotoFetchOptions, "allowPrivate" | "etag" | "lastModified" | "resolve" | "judge"> & {
    maxBytes: number;
    timeoutMs?: number;
  },
): Promise<FeedFetchResult> {
  const result = await safeGet(
    url,
    {
      ...options,
      limits: { maxBytes: options.maxBytes, timeoutMs: options.timeoutMs ?? FEED_FETCH_TIMEOUT_MS, maxRedirects: 3 },
    },
    feedKind(),
  );
  if (result.notModified) return { notModified: true };
  const head = result.body.subarray(0, 512).toString("latin1").trimStart().toLowerCase();
  if (head.startsWith("<!doctype html") || head.startsWith("<html")) throw new PhotoFetchError(HTML_MESSAGE, true);
  const json = result.contentType.includes("json") || looksLikeJson(result.body);
  if (!json) {
    return { notModified: false, csv: result.body, format: "csv", etag: result.etag, lastModified: result.lastModified };
  }
  const converted = stockJsonToCsv(result.body);
  if (!converted.ok) throw new PhotoFetchError(converted.reason);
  return {
    notModified: false,
    csv: converted.csv,
    format: "json",
    etag: result.etag,
    lastModified: result.lastModified,
  };
}

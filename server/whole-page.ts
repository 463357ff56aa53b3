import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Request, Response } from "express";
import { sendWebResponse } from "./request-guard";

const gzip = promisify(zlib.gzip);

/** What is read whole and compressed once: documents and React Router's `.data` answers. */
const WHOLE = /^(text\/html|text\/x-script)\b/i;

/** Below this, gzip saves nothing worth its header (compression()'s own threshold). */
const MIN_GZIP_BYTES = 1024;

/**
 * Sends a rendered page (an answer not served from the page cache: a signed-in visitor's, a
 * private page, a page with cache off) read whole and gzipped in one go, off the event loop
 * (decision 0030). Through `sendWebResponse` and compression(), React Router's stream writer
 * flushes the gzip after every chunk React hands it (dozens per page): each flush ends a
 * deflate block and restarts the matching, which made a signed-in search page ~2× the bytes and
 * ~1.5× the CPU of the same page compressed whole. No page streams data in (no Suspense boundary
 * waits for a loader), so nothing is lost by waiting for the whole document.
 *
 * Anything else (server-sent events, files, an answer already encoded) is streamed as before.
 */
export async function sendWholePage(req: Request, res: Response, response: globalThis.Response): Promise<void> {
  const type = response.headers.get("content-type") ?? "";
  if (!response.body || !WHOLE.test(type) || response.headers.has("content-encoding")) return sendWebResponse(res, response);
  const body = Buffer.from(await response.arrayBuffer());
  if (res.destroyed || res.writableEnded) return;
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) {
    if (key !== "set-cookie") res.setHeader(key, value);
  }
  for (const cookie of response.headers.getSetCookie()) res.append("set-cookie", cookie);
  res.vary("Accept-Encoding");
  let sent = body;
  if (body.length >= MIN_GZIP_BYTES && req.acceptsEncodings("gzip", "identity") === "gzip") {
    sent = await gzip(body);
    // Already encoded: compression() leaves the answer alone.
    res.setHeader("Content-Encoding", "gzip");
  }
  if (res.destroyed || res.writableEnded) return;
  res.setHeader("Content-Length", String(sent.length));
  res.end(req.method === "HEAD" ? undefined : sent);
}

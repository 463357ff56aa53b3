import { Readable, Transform } from "node:stream";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import { plainPage } from "~/server/plain-page";
import { MALFORMED_BODY_MESSAGE } from "~/server/request-body.server";

/**
 * Every request body passes here before Better Auth or React Router sees it:
 *
 * - size: forms and JSON are read into memory only up to FORM_BODY_LIMIT (refused with 413
 *   the moment a Content-Length or the running total passes it); photo uploads stream
 *   through, cut at PHOTO_BODY_LIMIT. A 200 MB anonymous POST never costs more than 64 KiB.
 * - type: a body must say what it is, otherwise 400, instead of a handler failing on it with a
 *   500 (photos are recognised from their bytes by the photo route). Pages (every path outside
 *   /api) take forms only — urlencoded or multipart — with or without a body, since their
 *   actions read `request.formData()`; Better Auth (/api/auth) JSON (and forms where it reads
 *   them: sign-in, sign-up, providers' callbacks) instead of its English 415; the other
 *   /api routes also JSON and text/plain (issue 37).
 * - multipart: a body that does not parse as a form (truncated, wrong or missing boundary) is
 *   refused with 400 here, by the parser the handlers use, so no `formData()` call fails later.
 * - NUL bytes: no text field may carry U+0000 (PostgreSQL refuses it in text: a 500 before).
 *
 * The checked body is kept on `res.locals` and turned into the web `Request` both handlers
 * take (`toWebRequest`), so nothing reads the socket twice.
 */
export const FORM_BODY_LIMIT = 64 * 1024;
/** 15 MB photo (see the photo route) plus multipart/headers slack. */
export const PHOTO_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * A professional's stock file (issue 35): the raw CSV body, streamed like a photo and cut here
 * at the largest STOCK_IMPORT_MAX_BYTES allows; the route refuses above the configured limit
 * with the limit stated.
 */
export const STOCK_FILE_BODY_LIMIT = 200 * 1024 * 1024;
const STOCK_UPLOAD = /^\/api\/pro\/stock-imports\/?$/;

const WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Listing photos and the professional logo: raw image bodies, streamed. */
const PHOTO_UPLOAD = /^\/api\/(listings\/[^/]+\/photos|pro\/logo)\/?$/;
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
/** Better Auth reads JSON; these of its endpoints also forms (an identity provider's form_post callback). */
const AUTH_TYPES = ["application/json"];
const AUTH_FORM_TYPES = ["application/json", "application/x-www-form-urlencoded"];
const AUTH_FORM_PATHS = /^\/api\/auth\/(sign-in\/email|sign-up\/email|callback\/[^/]+|oauth2\/callback\/[^/]+)\/?$/;
const TEXT_TYPES = [...FORM_TYPES, "application/json", "text/plain"];

/** The body types a path takes (Express and React Router match paths case-insensitively). */
function acceptedTypes(req: Request): string[] {
  const pathname = req.path.toLowerCase();
  if (pathname.startsWith("/api/auth/")) return AUTH_FORM_PATHS.test(pathname) ? AUTH_FORM_TYPES : AUTH_TYPES;
  if (pathname.startsWith("/api/")) return TEXT_TYPES;
  return FORM_TYPES;
}

export const REQUEST_MESSAGES = {
  tooLarge: "La requête est trop volumineuse.",
  contentType: "Requête invalide : le type de contenu est absent ou non pris en charge.",
  nulByte: "Requête invalide : un champ contient un caractère interdit.",
  malformed: MALFORMED_BODY_MESSAGE,
} as const;

type GuardedBody = { kind: "none" } | { kind: "buffer"; data: Buffer } | { kind: "stream"; stream: Readable };

const CODES: Record<string, string> = {
  [REQUEST_MESSAGES.tooLarge]: "PAYLOAD_TOO_LARGE",
  [REQUEST_MESSAGES.contentType]: "UNSUPPORTED_CONTENT_TYPE",
  [REQUEST_MESSAGES.nulByte]: "INVALID_CHARACTER",
  [REQUEST_MESSAGES.malformed]: "MALFORMED_BODY",
};

function refuse(req: Request, res: Response, status: number, message: string) {
  // The rest of an oversized or refused body is not read: close the connection after answering.
  res.setHeader("Connection", "close");
  res.setHeader("Cache-Control", "no-store");
  res.status(status);
  if (req.path.toLowerCase().startsWith("/api/") || (req.get("accept") ?? "").includes("application/json")) {
    // `error` like our API routes, `message` + `code` like Better Auth's answers.
    res.json({ error: message, message, code: CODES[message] });
  } else {
    const title = status === 413 ? "Requête trop volumineuse" : "Requête invalide";
    res.type("html").send(plainPage({ title, message, link: { href: "/", label: "Revenir à l'accueil" } }));
  }
}

/** Whether a multipart body parses as a form, by the parser `request.formData()` uses (undici's). */
async function parsesAsForm(contentType: string, body: Buffer): Promise<boolean> {
  try {
    await new globalThis.Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
    return true;
  } catch {
    return false;
  }
}

function mediaType(req: Request): string {
  return (req.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

function declaredLength(req: Request): number | null {
  const header = req.get("content-length");
  return header !== undefined && /^\d+$/.test(header.trim()) ? Number(header) : null;
}

function hasBody(req: Request): boolean {
  const length = declaredLength(req);
  return req.get("transfer-encoding") !== undefined || (length !== null && length > 0);
}

class BodyTooLargeError extends Error {}

/** Reads the body into memory, failing as soon as it passes `maxBytes`. */
function readLimited(req: Request, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) {
        cleanup();
        req.pause();
        reject(new BodyTooLargeError());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, total));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}

function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === "object")
    return Object.entries(value).some(([k, v]) => k.includes("\u0000") || containsNul(v));
  return false;
}

/** NUL check per type; `null` when the body cannot be parsed as what it claims to be. */
function bodyHasNul(type: string, body: Buffer): boolean | null {
  if (type === "application/x-www-form-urlencoded" || type === "text/plain") {
    const text = body.toString("utf8");
    if (text.includes("\u0000")) return true;
    try {
      return [...new URLSearchParams(text)].some(([k, v]) => k.includes("\u0000") || v.includes("\u0000"));
    } catch {
      return null;
    }
  }
  if (type === "application/json") {
    try {
      return containsNul(JSON.parse(body.toString("utf8")));
    } catch {
      return null;
    }
  }
  // multipart/form-data on form routes carries text fields only: no raw NUL byte belongs there.
  return body.includes(0);
}

export function requestGuard() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!WITH_BODY.has(req.method)) {
      res.locals.guardedBody = { kind: "none" } satisfies GuardedBody;
      return next();
    }
    const type = mediaType(req);
    if (!hasBody(req)) {
      res.locals.guardedBody = { kind: "none" } satisfies GuardedBody;
      // A page's action reads a form even when it is empty: it must say it is one.
      if (acceptedTypes(req) !== FORM_TYPES) return next();
      if (!FORM_TYPES.includes(type)) return refuse(req, res, 400, REQUEST_MESSAGES.contentType);
      if (type !== "multipart/form-data") return next();
      parsesAsForm(req.get("content-type")!, Buffer.alloc(0))
        .then((ok) => (ok ? next() : refuse(req, res, 400, REQUEST_MESSAGES.malformed)))
        .catch(next);
      return;
    }
    const length = declaredLength(req);
    const streamedLimit =
      req.method !== "POST"
        ? null
        : PHOTO_UPLOAD.test(req.path)
          ? PHOTO_BODY_LIMIT
          : STOCK_UPLOAD.test(req.path)
            ? STOCK_FILE_BODY_LIMIT
            : null;
    if (streamedLimit !== null) {
      if (length !== null && length > streamedLimit) return refuse(req, res, 413, REQUEST_MESSAGES.tooLarge);
      let total = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          total += chunk.length;
          if (total > streamedLimit) callback(new BodyTooLargeError(REQUEST_MESSAGES.tooLarge));
          else callback(null, chunk);
        },
      });
      req.on("error", (error) => counted.destroy(error));
      res.locals.guardedBody = { kind: "stream", stream: req.pipe(counted) } satisfies GuardedBody;
      return next();
    }
    if (length !== null && length > FORM_BODY_LIMIT) return refuse(req, res, 413, REQUEST_MESSAGES.tooLarge);
    if (!acceptedTypes(req).includes(type)) return refuse(req, res, 400, REQUEST_MESSAGES.contentType);
    readLimited(req, FORM_BODY_LIMIT)
      .then(
        async (data) => {
          const nul = bodyHasNul(type, data);
          if (nul === null) return refuse(req, res, 400, REQUEST_MESSAGES.malformed);
          if (nul) return refuse(req, res, 400, REQUEST_MESSAGES.nulByte);
          if (type === "multipart/form-data" && !(await parsesAsForm(req.get("content-type")!, data))) {
            return refuse(req, res, 400, REQUEST_MESSAGES.malformed);
          }
          res.locals.guardedBody = { kind: "buffer", data } satisfies GuardedBody;
          next();
        },
        (error: unknown) => {
          if (error instanceof BodyTooLargeError) return refuse(req, res, 413, REQUEST_MESSAGES.tooLarge);
          next(error);
        },
      )
      .catch(next);
  };
}

function toHeaders(req: Request): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  return headers;
}

/** The web Request for Better Auth and React Router, with the body `requestGuard` checked. */
export function toWebRequest(req: Request, res: Response): globalThis.Request {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`);
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const headers = toHeaders(req);
  const body = (res.locals.guardedBody as GuardedBody | undefined) ?? { kind: "none" };
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    if (body.kind === "buffer") {
      init.body = new Uint8Array(body.data);
      headers.set("content-length", String(body.data.length));
      headers.delete("transfer-encoding");
    } else if (body.kind === "stream") {
      init.body = createReadableStreamFromReadable(body.stream);
      init.duplex = "half";
    }
  }
  return new globalThis.Request(url.href, init);
}

/** Writes a web Response to Express (the same steps as @react-router/express). */
export async function sendWebResponse(res: Response, response: globalThis.Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) {
    // A header the handler chose (Cache-Control of a public API) replaces the default set earlier.
    if (key !== "set-cookie") res.setHeader(key, value);
  }
  for (const cookie of response.headers.getSetCookie()) res.append("set-cookie", cookie);
  if (/text\/event-stream/i.test(response.headers.get("content-type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

export { BodyTooLargeError };

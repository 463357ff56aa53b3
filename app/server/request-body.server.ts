import { data } from "react-router";
import { AppError } from "./app-error";

/** What a client is told when its body does not parse as what it says it is (same words as server/request-guard.ts). */
export const MALFORMED_BODY_MESSAGE = "Requête invalide : le contenu ne peut pas être lu.";

/**
 * `request.formData()` for a page's action: a body that is not a readable form (JSON, text,
 * truncated multipart, a wrong boundary) is answered 400 with a French message instead of
 * failing the action with a 500. server/request-guard.ts refuses such bodies before any route
 * runs; this keeps every action safe on its own (issue 37).
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data(MALFORMED_BODY_MESSAGE, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
}

/**
 * Reads a raw request body into memory, refusing it (`too_large`, HTTP 413) as soon as it
 * is known to exceed `maxBytes`: at once from a Content-Length header, before reading
 * anything, or while streaming a body without one, the moment the running total passes the
 * limit. At most `maxBytes` (plus one chunk) is ever held.
 *
 * After a refusal the rest of the body is not read: Node keeps the connection paused until
 * the client gives up (it has the 413 by then) or the server's request timeout ends it.
 */
export async function readBodyWithLimit(request: Request, options: { maxBytes: number; message: string }): Promise<Buffer> {
  const tooLarge = () => new AppError("too_large", options.message, { maxBytes: options.maxBytes });
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > options.maxBytes) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > options.maxBytes) throw tooLarge();
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  return Buffer.concat(chunks, total);
}

import { AppError } from "./app-error";

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

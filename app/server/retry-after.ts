/**
 * `Retry-After` for every 429 (and any refusal that knows when to come back): whole seconds,
 * rounded up and at least 1, so a client never retries a moment too early. One helper for
 * every limited route (messages, conversation starts, phone reveals, reports, publishing,
 * photos), the JSON API and the pages' actions alike.
 */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** The `Retry-After` header an error carries (`details.retryAfterSeconds`), if any. */
export function retryAfterHeaders(error: { details?: Record<string, unknown> } | null | undefined): Record<string, string> | undefined {
  const seconds = error?.details?.retryAfterSeconds;
  return typeof seconds === "number" && Number.isFinite(seconds) ? { "Retry-After": String(Math.max(1, Math.ceil(seconds))) } : undefined;
}

/**
 * A page route's `headers`: the loader's, plus the action's `Retry-After` — on a form post
 * without JavaScript (a document request), React Router sends only what `headers` returns.
 */
export function pageHeadersWithRetryAfter({ loaderHeaders, actionHeaders }: { loaderHeaders: Headers; actionHeaders: Headers }): Headers {
  const headers = new Headers(loaderHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

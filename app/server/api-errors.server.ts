import { isAppError } from "./app-error";
import { retryAfterHeaders } from "./retry-after";
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "./database-unavailable";

/**
 * JSON answer of the `/api/...` endpoints for an expected failure: `{ error }` with the
 * AppError's French message and HTTP status (plus `fieldErrors` and `Retry-After` when
 * known). Anything that is not an AppError is a bug: it is rethrown and becomes a 500
 * without details.
 */
export function apiErrorResponse(error: unknown): Response {
  if (isDatabaseUnavailable(error)) {
    return Response.json(
      { error: DATABASE_UNAVAILABLE_MESSAGE },
      { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) } },
    );
  }
  if (!isAppError(error)) throw error;
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const [name, value] of Object.entries(retryAfterHeaders(error) ?? {})) headers.set(name, value);
  const fieldErrors = error.details?.fieldErrors;
  const code = typeof error.details?.code === "string" ? error.details.code : undefined;
  return Response.json({ error: error.message, ...(code ? { code } : {}), ...(fieldErrors ? { fieldErrors } : {}) }, { status: error.status, headers });
}

/** Whether the client asked for JSON rather than a page (API clients, scripts; not browsers). */
export function prefersJson(request: Request): boolean {
  const accept = request.headers.get("accept") ?? "";
  return accept.includes("application/json") && !accept.includes("text/html");
}

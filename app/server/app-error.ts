/**
 * The one error type services throw for expected failures (bad input, missing rights,
 * unknown ids…). Routes map `code` to an HTTP status with `httpStatus` and show `message`,
 * which is always French and safe to display; anything else is a bug and becomes a 500
 * without details.
 */
export const APP_ERROR_STATUS = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  /** A service we depend on (photo storage…) does not answer: retry later. */
  unavailable: 503,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

/** Field-level messages (field name → French message) for forms, plus anything a route needs. */
export interface AppErrorDetails {
  fieldErrors?: Record<string, string>;
  [key: string]: unknown;
}

export class AppError extends Error {
  override readonly name = "AppError";

  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details?: AppErrorDetails,
  ) {
    super(message);
  }

  get status(): number {
    return httpStatus(this.code);
  }
}

export function httpStatus(code: AppErrorCode): number {
  return APP_ERROR_STATUS[code];
}

/**
 * Not `instanceof`: objects built once at start-up (rate limits, event bus…) come from the
 * server process's copy of this module, while routes run from the Vite bundle's copy, so
 * the class is not always the same object. The shape is what counts.
 */
export function isAppError(error: unknown): error is AppError {
  if (error instanceof AppError) return true;
  if (!(error instanceof Error) || error.name !== "AppError") return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && Object.hasOwn(APP_ERROR_STATUS, code) && typeof (error as { status?: unknown }).status === "number";
}

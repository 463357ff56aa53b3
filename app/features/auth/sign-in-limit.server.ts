/**
 * Failed sign-ins per address (USER_RATE_LIMITS.signInFailure), in place of Better Auth's own
 * limit on /sign-in/email, which counts every attempt: a member who signed in and out a dozen
 * times in a quarter of an hour was refused.
 *
 * Each attempt takes a place before the password is checked (atomic: a parallel burst of wrong
 * passwords gets no more than the limit), and a sign-in that did not fail on the credentials
 * gives it back. Only wrong e-mail/password answers (401) stay counted.
 */
import { isAppError } from "~/server/app-error";
import type { UserRateLimits } from "~/server/rate-limit.server";

export const SIGN_IN_PATH = "/api/auth/sign-in/email";

export function isSignInRequest(request: Request): boolean {
  return request.method === "POST" && new URL(request.url).pathname === SIGN_IN_PATH;
}

/**
 * Runs the sign-in `handle` under the failed-attempts limit of `address`; `refuse` builds the
 * answer when the limit is reached (seconds until a place frees up).
 */
export async function signInLimited(
  limits: UserRateLimits,
  address: string,
  handle: () => Promise<Response>,
  refuse: (retryAfterSeconds: number) => Response,
): Promise<Response> {
  let place;
  try {
    place = await limits.consume("signInFailure", address);
  } catch (error) {
    if (isAppError(error) && error.code === "rate_limited") {
      return refuse(Number(error.details?.retryAfterSeconds ?? 60));
    }
    throw error;
  }
  let response: Response | undefined;
  try {
    response = await handle();
    return response;
  } finally {
    // A wrong e-mail or password keeps its place; anything else (success, bad request,
    // suspended account, server error) is not a guess and gives it back.
    if (response?.status !== 401) await place.release().catch(() => {});
  }
}

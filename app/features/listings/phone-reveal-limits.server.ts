import { CLIENT_IP_HEADER } from "~/features/auth/auth.server";
import type { AppServices } from "~/server/context";

/**
 * Runs a phone reveal (a listing's seller, a dealer) inside the reveals' shared limits
 * (USER_RATE_LIMITS.phoneReveal*): signed out, the reveal itself answers 401; signed in, a place
 * per account and per address, each taken atomically before the reveal and both given back if
 * it fails. A refusal is a French 429 with Retry-After.
 */
export function withPhoneRevealLimits<T>(
  request: Request,
  services: Pick<AppServices, "rateLimits">,
  viewerId: string | undefined,
  reveal: () => Promise<T>,
): Promise<T> {
  if (!viewerId) return reveal();
  const address = `ip:${request.headers.get(CLIENT_IP_HEADER) ?? ""}`;
  return services.rateLimits.within("phoneReveal", viewerId, () =>
    services.rateLimits.within("phoneRevealAddress", address, reveal),
  );
}

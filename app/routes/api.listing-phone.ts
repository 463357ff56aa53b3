import { data } from "react-router";
import { CLIENT_IP_HEADER } from "~/features/auth/auth.server";
import { getSessionUser } from "~/features/auth/session.server";
import { revealSellerPhone } from "~/features/listings/seller-phone.server";
import { apiErrorResponse } from "~/server/api-errors.server";
import type { Route } from "./+types/api.listing-phone";

/**
 * POST /api/listings/:id/phone → { phone } for signed-in users (never in the page's HTML).
 * Limited per account and per address (USER_RATE_LIMITS.phoneReveal*): French 429 with Retry-After.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await getSessionUser(request, context.services);
  const { rateLimits } = context.services;
  try {
    if (me) {
      const address = `ip:${request.headers.get(CLIENT_IP_HEADER) ?? ""}`;
      await rateLimits.check("phoneReveal", me.id);
      await rateLimits.check("phoneRevealAddress", address);
      await rateLimits.record("phoneReveal", me.id);
      await rateLimits.record("phoneRevealAddress", address);
    }
    const result = await revealSellerPhone({ db: context.services.db, listingId: params.id, viewerId: me?.id, dedupe: context.services.counterDedupe });
    return data(result, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

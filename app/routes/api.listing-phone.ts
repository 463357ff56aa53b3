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
    const reveal = () => revealSellerPhone({ db: context.services.db, listingId: params.id, viewerId: me?.id, dedupe: context.services.counterDedupe });
    // Signed out, the service answers 401. Signed in: a place per account and per address,
    // each taken atomically before the reveal and both given back if it fails.
    const address = `ip:${request.headers.get(CLIENT_IP_HEADER) ?? ""}`;
    const result = me
      ? await rateLimits.within("phoneReveal", me.id, () => rateLimits.within("phoneRevealAddress", address, reveal))
      : await reveal();
    return data(result, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

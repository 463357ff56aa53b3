import { data } from "react-router";
import { getSessionUser } from "~/features/auth/session.server";
import { withPhoneRevealLimits } from "~/features/listings/phone-reveal-limits.server";
import { revealSellerPhone } from "~/features/listings/seller-phone.server";
import { apiErrorResponse } from "~/server/api-errors.server";
import type { Route } from "./+types/api.listing-phone";

/**
 * POST /api/listings/:id/phone → { phone } for signed-in users (never in the page's HTML).
 * Limited per account and per address (USER_RATE_LIMITS.phoneReveal*): French 429 with Retry-After.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await getSessionUser(request, context.services);
  try {
    const result = await withPhoneRevealLimits(request, context.services, me?.id, () =>
      revealSellerPhone({
        db: context.services.db,
        listingId: params.id,
        viewerId: me?.id,
        dedupe: context.services.counterDedupe,
      }),
    );
    return data(result, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

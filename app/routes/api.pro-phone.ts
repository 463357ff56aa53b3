import { data } from "react-router";
import { getSessionUser } from "~/features/auth/session.server";
import { withPhoneRevealLimits } from "~/features/listings/phone-reveal-limits.server";
import { revealDealerPhone } from "~/features/pro/reveal-dealer-phone.server";
import { apiErrorResponse } from "~/server/api-errors.server";
import type { Route } from "./+types/api.pro-phone";

/**
 * POST /api/pro/:slug/phone → { phone } for signed-in users (never in the dealer page's HTML).
 * The listings' limits (USER_RATE_LIMITS.phoneReveal*), shared with them: a reveal here counts
 * against the same per-account and per-address budget. French 429 with Retry-After.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await getSessionUser(request, context.services);
  try {
    const result = await withPhoneRevealLimits(request, context.services, me?.id, () =>
      revealDealerPhone({ db: context.services.db, slug: params.slug, viewerId: me?.id }),
    );
    return data(result, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

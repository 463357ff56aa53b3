import { data } from "react-router";
import { CLIENT_IP_HEADER } from "~/features/auth/auth.server";
import { getSessionUser } from "~/features/auth/session.server";
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
  const { rateLimits } = context.services;
  try {
    const reveal = () => revealDealerPhone({ db: context.services.db, slug: params.slug, viewerId: me?.id });
    const address = `ip:${request.headers.get(CLIENT_IP_HEADER) ?? ""}`;
    const result = me
      ? await rateLimits.within("phoneReveal", me.id, () => rateLimits.within("phoneRevealAddress", address, reveal))
      : await reveal();
    return data(result, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

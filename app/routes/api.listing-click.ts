import { isbot } from "isbot";
import { CLIENT_IP_HEADER } from "~/features/auth/auth.server";
import { getSessionUser } from "~/features/auth/session.server";
import { recordListingCounter, visitorKey } from "~/features/listings/listing-detail.server";
import type { Route } from "./+types/api.listing-click";

/** POST /api/listings/:id/click — a card was opened (spec §3 click counter); always 204. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await getSessionUser(request, context.services);
  const userAgent = request.headers.get("user-agent");
  await recordListingCounter({
    db: context.services.db,
    dedupe: context.services.counterDedupe,
    counter: "click",
    listingId: params.id,
    visitor: visitorKey({ userId: me?.id, ip: request.headers.get(CLIENT_IP_HEADER), userAgent }),
    viewerId: me?.id,
    isBot: isbot(userAgent),
  });
  return new Response(null, { status: 204 });
}

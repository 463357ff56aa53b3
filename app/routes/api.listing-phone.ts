import { data } from "react-router";
import { getSessionUser } from "~/features/auth/session.server";
import { revealSellerPhone } from "~/features/listings/seller-phone.server";
import { isAppError } from "~/server/app-error";
import type { Route } from "./+types/api.listing-phone";

/** POST /api/listings/:id/phone → { phone } for signed-in users (never in the page's HTML). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const me = await getSessionUser(request, context.services);
  try {
    const result = await revealSellerPhone({ db: context.services.db, listingId: params.id, viewerId: me?.id, dedupe: context.services.counterDedupe });
    return data(result, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (isAppError(error)) return data({ error: error.message }, { status: error.status });
    throw error;
  }
}

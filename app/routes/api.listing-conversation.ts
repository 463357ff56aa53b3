import { getSessionUser } from "~/features/auth/session.server";
import { startConversation } from "~/features/messages/start-conversation.server";
import { apiErrorResponse } from "~/server/api-errors.server";
import type { Route } from "./+types/api.listing-conversation";

/**
 * POST /api/listings/:id/conversation → { id } — 'Message' on a listing: the signed-in
 * buyer's conversation about it, opened or created (new ones are rate-limited).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, rateLimits } = context.services;
  try {
    const me = await getSessionUser(request, context.services);
    const conversation = await startConversation({ db, userId: me?.id, listingId: params.id, limits: rateLimits });
    return Response.json(conversation, {
      status: conversation.created ? 201 : 200,
      headers: { "Cache-Control": "no-store" },
    });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

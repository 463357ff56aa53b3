import { getSessionUser } from "~/features/auth/session.server";
import { requireUserId } from "~/features/publish/listing-access.server";
import { removeListingPhoto } from "~/features/publish/remove-listing-photo.server";
import { apiErrorResponse } from "~/server/api-errors.server";
import type { Route } from "./+types/api.listing-photo";

/**
 * DELETE /api/listings/:id/photos/:photoId — removes one photo of the seller's listing.
 * Answers 200 `{ photos }` (the remaining ones, in order) or `{ error }` with 401/403/404/409.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, storage, events } = context.services;
  if (request.method !== "DELETE") {
    return Response.json({ error: "Méthode non autorisée." }, { status: 405, headers: { Allow: "DELETE" } });
  }
  try {
    const user = await getSessionUser(request, context.services);
    const userId = requireUserId(user?.id, "Vous devez être connecté pour retirer une photo.");
    const result = await removeListingPhoto({ db, storage, userId, listingId: params.id, photoId: params.photoId });
    events.publish(userId, { type: "listings-changed" });
    return Response.json(result, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

export function loader() {
  return Response.json({ error: "Méthode non autorisée." }, { status: 405, headers: { Allow: "DELETE" } });
}

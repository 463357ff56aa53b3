import { getSessionUser } from "~/features/auth/session.server";
import { MAX_UPLOAD_BYTES, PHOTO_MESSAGES } from "~/features/publish/photo-upload.server";
import { addListingPhoto } from "~/features/publish/add-listing-photo.server";
import { requireUserId } from "~/features/publish/listing-access.server";
import { reorderListingPhotos } from "~/features/publish/reorder-listing-photos.server";
import { apiErrorResponse } from "~/server/api-errors.server";
import { readBodyWithLimit } from "~/server/request-body.server";
import type { Route } from "./+types/api.listing-photos";

/**
 * POST /api/listings/:id/photos — one photo, sent as the raw request body (the browser
 * sends the File itself, so the upload streams and reports progress). The content decides
 * the type (magic bytes), never a header or a file name. Answers 201 `{ photo, photoCount }`
 * or `{ error }` with 400/401/403/404/409/413/429. The origin check of server/app.ts
 * applies, as to every POST.
 *
 * PUT /api/listings/:id/photos — `{ photoIds: [...] }`, the full new order (the first is the
 * main photo): drag and drop, 'Avancer' / 'Reculer', 'Définir comme principale'. Answers 200
 * `{ photos }` in the new order, or `{ error }` with 400/401/403/404/409 (409: the photos
 * changed meanwhile, nothing moved).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, storage, events, rateLimits } = context.services;
  if (request.method === "PUT") return reorder({ request, params, context });
  if (request.method !== "POST") {
    return Response.json({ error: "Méthode non autorisée." }, { status: 405, headers: { Allow: "POST, PUT" } });
  }
  try {
    const user = await getSessionUser(request, context.services);
    const userId = requireUserId(user?.id, "Vous devez être connecté pour ajouter des photos.");
    // The place is taken atomically before the body is read and kept even if the upload then
    // fails: reading and decoding the file is the cost the limit bounds (decision 0027).
    await rateLimits.consume("photoUpload", userId);
    const file = await readBodyWithLimit(request, { maxBytes: MAX_UPLOAD_BYTES, message: PHOTO_MESSAGES.tooLarge });
    const result = await addListingPhoto({ db, storage, userId, listingId: params.id, file });
    events.publish(userId, { type: "listings-changed" });
    return Response.json(result, { status: 201, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

async function reorder({ request, params, context }: Pick<Route.ActionArgs, "request" | "params" | "context">) {
  const { db, storage, events } = context.services;
  try {
    const user = await getSessionUser(request, context.services);
    const userId = requireUserId(user?.id, "Vous devez être connecté pour réordonner les photos.");
    const body = (await request.json().catch(() => null)) as { photoIds?: unknown } | null;
    const result = await reorderListingPhotos({ db, storage, userId, listingId: params.id, photoIds: body?.photoIds });
    events.publish(userId, { type: "listings-changed" });
    return Response.json(result, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

export function loader() {
  return Response.json({ error: "Méthode non autorisée." }, { status: 405, headers: { Allow: "POST, PUT" } });
}

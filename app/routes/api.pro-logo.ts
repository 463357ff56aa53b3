import { getSessionUser } from "~/features/auth/session.server";
import { LOGO_MESSAGES, logoUrls, uploadProLogo } from "~/features/pro/pro-logo.server";
import { MAX_UPLOAD_BYTES, PHOTO_MESSAGES } from "~/features/publish/photo-upload.server";
import { apiErrorResponse } from "~/server/api-errors.server";
import { AppError } from "~/server/app-error";
import { readBodyWithLimit } from "~/server/request-body.server";
import type { Route } from "./+types/api.pro-logo";

/**
 * POST /api/pro/logo — the professional form's logo, sent as the raw request body like a
 * listing photo (same checks, same pipeline, same upload limit). Answers 201
 * `{ logo: { key, widths }, src }`: the form sends `logo` back with the profile, which is
 * what attaches it (readLogoRef). 401 signed out; 400/413/429 in French.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { storage, rateLimits } = context.services;
  if (request.method !== "POST") {
    return Response.json({ error: "Méthode non autorisée." }, { status: 405, headers: { Allow: "POST" } });
  }
  try {
    const user = await getSessionUser(request, context.services);
    if (!user) throw new AppError("unauthenticated", LOGO_MESSAGES.unauthenticated);
    await rateLimits.consume("photoUpload", user.id);
    const file = await readBodyWithLimit(request, { maxBytes: MAX_UPLOAD_BYTES, message: PHOTO_MESSAGES.tooLarge });
    const logo = await uploadProLogo({ storage, userId: user.id, file });
    return Response.json({ logo, src: logoUrls(storage, logo).src }, { status: 201, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

export function loader() {
  return Response.json({ error: "Méthode non autorisée." }, { status: 405, headers: { Allow: "POST" } });
}

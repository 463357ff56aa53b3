import { getSessionUser } from "~/features/auth/session.server";
import { startStockImport, tooLargeMessage } from "~/features/stock-import/start-stock-import.server";
import { apiErrorResponse } from "~/server/api-errors.server";
import { AppError } from "~/server/app-error";
import { readBodyWithLimit } from "~/server/request-body.server";
import type { Route } from "./+types/api.pro-stock-imports";

/**
 * POST /api/pro/stock-imports?nom=<file name> — 'Importer un fichier': the CSV as the raw body
 * (streamed like a photo). Answers 202 `{ runId }` at once: the run is applied by a background
 * job and 'Mon stock' shows its progress and report. 401 signed out, 403 not a verified
 * professional, 413 above STOCK_IMPORT_MAX_BYTES (the limit stated), 429 past 12 files an hour
 * (with Retry-After), all in French.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, storage, jobs, config } = context.services;
  if (request.method !== "POST") {
    return Response.json({ error: "Méthode non autorisée." }, { status: 405, headers: { Allow: "POST" } });
  }
  try {
    const user = await getSessionUser(request, context.services);
    if (!user) throw new AppError("unauthenticated", "Connectez-vous pour importer votre stock.");
    // The place is taken before the body is read and kept if the file is then refused: storing
    // and reading it is what the limit bounds (as photo uploads, decision 0027).
    await context.services.rateLimits.consume("stockImport", user.id);
    const maxBytes = config.STOCK_IMPORT_MAX_BYTES;
    const file = await readBodyWithLimit(request, { maxBytes, message: tooLargeMessage(maxBytes) });
    const fileName = new URL(request.url).searchParams.get("nom");
    const { runId } = await startStockImport({ db, storage, jobs, userId: user.id, file, fileName, maxBytes });
    context.services.logger.info({ userId: user.id, runId, bytes: file.length }, "import de stock mis en file");
    return Response.json({ runId }, { status: 202, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

export function loader() {
  return Response.json({ error: "Méthode non autorisée." }, { status: 405, headers: { Allow: "POST" } });
}

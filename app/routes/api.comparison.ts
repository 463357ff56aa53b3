import { data } from "react-router";
import { z } from "zod";
import { getSessionUser } from "~/features/auth/session.server";
import {
  addToComparison,
  clearComparison,
  getComparisonTray,
  mergeComparison,
  removeFromComparison,
} from "~/features/compare/comparison-tray.server";
import { isAppError } from "~/server/app-error";
import type { Route } from "./+types/api.comparison";

const bodySchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("add"), listingId: z.string().max(64) }),
  z.object({ action: z.literal("remove"), listingId: z.string().max(64) }),
  z.object({ action: z.literal("merge"), listingIds: z.array(z.string().max(64)).max(16) }),
  z.object({ action: z.literal("clear") }),
]);

function failure(error: unknown) {
  if (isAppError(error)) return data({ error: error.message, code: error.details?.code }, { status: error.status });
  throw error;
}

/** GET /api/comparison → { listingIds } (session required): the signed-in user's comparison tray. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await getSessionUser(request, context.services);
  try {
    return data(await getComparisonTray({ db: context.services.db, userId: me?.id }));
  } catch (error) {
    return failure(error);
  }
}

/**
 * POST /api/comparison { action: add|remove, listingId } | { action: merge, listingIds } |
 * { action: clear } → { listingIds } (JSON; session required, the user's own tray only).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "Méthode non autorisée." }, { status: 405 });
  const parsed = bodySchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return data({ error: "Requête invalide." }, { status: 400 });
  const me = await getSessionUser(request, context.services);
  const { db } = context.services;
  const body = parsed.data;
  try {
    switch (body.action) {
      case "add":
        return data(await addToComparison({ db, userId: me?.id, listingId: body.listingId }));
      case "remove":
        return data(await removeFromComparison({ db, userId: me?.id, listingId: body.listingId }));
      case "merge":
        return data(await mergeComparison({ db, userId: me?.id, listingIds: body.listingIds }));
      case "clear":
        return data(await clearComparison({ db, userId: me?.id }));
    }
  } catch (error) {
    return failure(error);
  }
}

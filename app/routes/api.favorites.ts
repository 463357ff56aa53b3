import { data } from "react-router";
import { z } from "zod";
import { getSessionUser } from "~/features/auth/session.server";
import { setFavorite } from "~/features/favorites/favorites.server";
import { isAppError } from "~/server/app-error";
import type { Route } from "./+types/api.favorites";

const bodySchema = z.object({ listingId: z.string().max(64), favorite: z.boolean() });

/** POST /api/favorites { listingId, favorite } → { favorite, heartCount } (JSON; session required). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "Méthode non autorisée." }, { status: 405 });
  const parsed = bodySchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return data({ error: "Requête invalide." }, { status: 400 });
  const me = await getSessionUser(request, context.services);
  try {
    return data(await setFavorite({ db: context.services.db, userId: me?.id, ...parsed.data }));
  } catch (error) {
    if (isAppError(error)) return data({ error: error.message }, { status: error.status });
    throw error;
  }
}

import { data } from "react-router";
import { z } from "zod";
import { getSessionUser } from "~/features/auth/session.server";
import { saveSearch } from "~/features/saved-searches/save-search.server";
import { isAppError } from "~/server/app-error";
import type { Route } from "./+types/api.saved-searches";

const bodySchema = z.object({ query: z.string().max(4_000), name: z.string().max(500).optional() });

/** POST /api/saved-searches { query, name? } → { id, name, created } (JSON; session required). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "Méthode non autorisée." }, { status: 405 });
  const parsed = bodySchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return data({ error: "Requête invalide." }, { status: 400 });
  const me = await getSessionUser(request, context.services);
  try {
    return data(await saveSearch({ db: context.services.db, userId: me?.id, query: parsed.data.query, name: parsed.data.name }));
  } catch (error) {
    if (isAppError(error)) return data({ error: error.message }, { status: error.status });
    throw error;
  }
}

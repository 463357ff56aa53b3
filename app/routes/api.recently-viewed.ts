import { data } from "react-router";
import { z } from "zod";
import { primaryDb, readDb } from "~/db/replicas.server";
import { getSessionUser } from "~/features/auth/session.server";
import { listRecentViews } from "~/features/recently-viewed/list-recent-views.server";
import { recordRecentViews } from "~/features/recently-viewed/record-recent-views.server";
import { RECENTLY_VIEWED_LIMIT } from "~/features/recently-viewed/recently-viewed-ids";
import { isAppError } from "~/server/app-error";
import type { Route } from "./+types/api.recently-viewed";

const view = z.object({ id: z.string().max(64), at: z.number() });
const bodySchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("view"), listingId: z.string().max(64) }),
  z.object({ action: z.literal("merge"), views: z.array(view).max(RECENTLY_VIEWED_LIMIT * 4) }),
]);

/**
 * GET /api/recently-viewed[?ids=a,b,c] → { listings } ('Vus récemment', issue 36): signed in, the
 * account's list; signed out, the cards of the ids the browser kept (newest first), published
 * ones only. Private to the browser: never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await getSessionUser(request, context.services);
  const ids = (new URL(request.url).searchParams.get("ids") ?? "").split(",").slice(0, RECENTLY_VIEWED_LIMIT * 4);
  const listings = await listRecentViews({
    // An account's own list, just written by a listing page's GET (no write marker): the primary.
    db: me ? primaryDb(context.services) : readDb(context.services),
    storage: context.services.storage,
    userId: me?.id,
    visitorViews: ids.map((id, i) => ({ id, at: ids.length - i })),
  });
  return data({ listings }, { headers: { "Cache-Control": "private, no-store" } });
}

/**
 * POST /api/recently-viewed { action: view, listingId } | { action: merge, views: [{ id, at }] }
 * → 204 (JSON; session required, the user's own list only).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "Méthode non autorisée." }, { status: 405 });
  const parsed = bodySchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return data({ error: "Requête invalide." }, { status: 400 });
  const me = await getSessionUser(request, context.services);
  const body = parsed.data;
  try {
    await recordRecentViews({
      db: context.services.db,
      userId: me?.id,
      views: body.action === "view" ? [{ id: body.listingId, at: Date.now() }] : body.views,
    });
    return new Response(null, { status: 204 });
  } catch (error) {
    if (isAppError(error)) return data({ error: error.message }, { status: error.status });
    throw error;
  }
}

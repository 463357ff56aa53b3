import { getSessionUser } from "~/features/auth/session.server";
import {
  deleteStockFeed,
  getStockFeedView,
  requestStockFeedSync,
  saveStockFeed,
} from "~/features/stock-import/stock-feeds.server";
import { apiErrorResponse } from "~/server/api-errors.server";
import { AppError } from "~/server/app-error";
import { readFormData } from "~/server/request-body.server";
import type { Route } from "./+types/account.stock.flux";

/**
 * /account/stock/flux — the 'Flux automatique' of 'Mon stock' (issue 35, decision 0051).
 * GET: the account's feed and its state (JSON, read by the page's section). POST, `intent`:
 * 'save-feed' (`url`), 'sync-feed' ('Synchroniser maintenant'), 'delete-feed'. Verified
 * professionals only, their own feed only (the session's account): 401 signed out, 403
 * otherwise; saving and syncing share a rate limit (429 with Retry-After).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const me = await getSessionUser(request, context.services);
    if (!me) throw new AppError("unauthenticated", "Connectez-vous pour voir votre flux de stock.");
    const feed = await getStockFeedView(context.services.db, me.id, context.services.jobs);
    return Response.json({ feed }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, jobs, config, rateLimits } = context.services;
  try {
    const me = await getSessionUser(request, context.services);
    if (!me) throw new AppError("unauthenticated", "Connectez-vous pour gérer votre flux de stock.");
    const form = await readFormData(request);
    const intent = form.get("intent");
    const deps = { db, jobs, allowPrivate: config.PHOTO_FETCH_ALLOW_PRIVATE, userId: me.id };
    let ok: string;
    if (intent === "save-feed") {
      await rateLimits.within("stockFeed", me.id, () =>
        saveStockFeed({ ...deps, url: form.get("url"), intervalSeconds: config.STOCK_FEED_INTERVAL_SECONDS }),
      );
      ok = "Flux enregistré : la première synchronisation commence.";
    } else if (intent === "sync-feed") {
      await rateLimits.within("stockFeed", me.id, () => requestStockFeedSync(deps));
      ok = "Synchronisation demandée : elle commence dans quelques instants.";
    } else if (intent === "delete-feed") {
      await deleteStockFeed(deps);
      ok = "Flux supprimé : vos annonces restent en ligne.";
    } else throw new AppError("invalid", "Action inconnue.");
    return Response.json({ ok, feed: await getStockFeedView(db, me.id, jobs) }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

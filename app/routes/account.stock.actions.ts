import { getSessionUser } from "~/features/auth/session.server";
import { bulkDone } from "~/features/dealer-dashboard/bulk-actions";
import { applyBulkStockAction } from "~/features/dealer-dashboard/bulk-stock-actions.server";
import { apiErrorResponse } from "~/server/api-errors.server";
import { readFormData } from "~/server/request-body.server";
import type { Route } from "./+types/account.stock.actions";

/**
 * POST /account/stock/actions — the bulk actions of 'Mon stock' (issue 35, decision 0052):
 * `action` (price | sold | withdraw | restore | delete, decision 0058), `id` repeated, and for a price `mode` (euros | percent)
 * and `amount`. Answers `{ ok }` with what changed, or the French error with its status (401
 * signed out, 403 not a verified professional, 404 an id not in the stock, 400/409 refused):
 * the service applies all or nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, jobs, config, events } = context.services;
  try {
    const me = await getSessionUser(request, context.services);
    const form = await readFormData(request);
    const result = await applyBulkStockAction({
      db,
      jobs,
      priceDrops: jobs ? { jobs, delaySeconds: config.PRICE_DROP_EMAIL_DELAY_SECONDS } : undefined,
      userId: me?.id,
      input: {
        ids: form.getAll("id"),
        action: form.get("action"),
        mode: form.get("mode"),
        amount: form.get("amount"),
        channel: form.get("channel"),
      },
    });
    if (me && result.changed > 0) events.publish(me.id, { type: "listings-changed" });
    return Response.json({ ok: bulkDone(result.action, result.changed) }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

export function loader() {
  return Response.json({ error: "Méthode non autorisée." }, { status: 405, headers: { Allow: "POST" } });
}

import { getSessionUser } from "~/features/auth/session.server";
import { getStockRun } from "~/features/stock-import/list-stock-runs.server";
import { reportCsv } from "~/features/stock-import/report-csv";
import { apiErrorResponse } from "~/server/api-errors.server";
import { AppError } from "~/server/app-error";
import type { Route } from "./+types/account.stock.rapport";

/**
 * GET /account/stock/imports/:id/rapport.csv — a run's report, to its owner only (404 for any
 * other account, as for an unknown or expired run: whether it exists is not told).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  try {
    const me = await getSessionUser(request, context.services);
    if (!me) throw new AppError("unauthenticated", "Connectez-vous pour télécharger ce rapport.");
    const run = await getStockRun(context.services.db, me.id, params.id);
    return new Response(reportCsv(run), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="rapport-import-${run.createdAt.slice(0, 10)}.csv"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

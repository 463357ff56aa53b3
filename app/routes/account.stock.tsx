import { getSessionUser } from "~/features/auth/session.server";
import { getProStatus } from "~/features/pro/get-pro-profile.server";
import { listStockRuns } from "~/features/stock-import/list-stock-runs.server";
import { listDealerStock } from "~/features/dealer-dashboard/list-dealer-stock.server";
import { parseStockQuery, type StockTableData } from "~/features/dealer-dashboard/stock-table-data";
import { StockTable } from "~/features/dealer-dashboard/stock-table";
import { requireVerifiedPro } from "~/features/stock-import/stock-import-access.server";
import type { StockPageData } from "~/features/stock-import/stock-page-data";
import { StockPage } from "~/features/stock-import/stock-page";
import { StockFeedSection } from "~/features/stock-import/stock-feed-section";
import { isAppError } from "~/server/app-error";
import { pageMeta } from "~/ui/seo";
import { data } from "react-router";
import { readFormData } from "~/server/request-body.server";
import { decideHeldWithdrawals } from "~/features/stock-import/withdraw-absent-references.server";
import type { Route } from "./+types/account.stock";

export function meta() {
  return [
    ...pageMeta("Mon stock", "Vos véhicules et l'import de votre stock."),
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs): Promise<StockPageData & { table?: StockTableData }> {
  const me = await getSessionUser(request, context.services);
  if (!me) return { access: "signed-out" };
  const { db, config, storage } = context.services;
  let trusted: boolean;
  try {
    ({ trusted } = await requireVerifiedPro(db, me.id));
  } catch (error) {
    if (!isAppError(error)) throw error;
    const status = await getProStatus({ db, userId: me.id });
    return { access: "not-verified", proStatus: status?.status ?? null };
  }
  const query = parseStockQuery(new URL(request.url).searchParams);
  const [runs, table] = await Promise.all([
    listStockRuns(db, me.id),
    // The dashboard's table (issue 35, decision 0052): filters, sort, pages and 30-day figures.
    listDealerStock({ db, storage, userId: me.id, query }),
  ]);
  return { access: "ok", runs, maxMegabytes: Math.floor(config.STOCK_IMPORT_MAX_BYTES / 1024 / 1024), trusted, table };
}

/** 'Confirmer le retrait' / 'Garder mes annonces' on a run held by the 50 % guard. */
export async function action({ request, context }: Route.ActionArgs) {
  const me = await getSessionUser(request, context.services);
  const form = await readFormData(request);
  const intent = form.get("intent");
  try {
    const { withdrawn } = await decideHeldWithdrawals({
      db: context.services.db,
      jobs: context.services.jobs,
      userId: me?.id,
      runId: form.get("runId"),
      confirm: intent === "confirm-withdrawals",
    });
    return data({
      ok:
        intent === "confirm-withdrawals"
          ? `${withdrawn} annonce${withdrawn > 1 ? "s" : ""} retirée${withdrawn > 1 ? "s" : ""}.`
          : "Vos annonces sont gardées.",
    });
  } catch (error) {
    if (isAppError(error)) return data({ error: error.message }, { status: error.status });
    throw error;
  }
}

export default function Stock({ loaderData }: Route.ComponentProps) {
  return (
    <StockPage data={loaderData} feedSection={<StockFeedSection />}>
      {loaderData.table ? <StockTable data={loaderData.table} /> : null}
    </StockPage>
  );
}

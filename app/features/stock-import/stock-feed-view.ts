import type { StockImportRunStatus } from "~/db/schema";

/** The 'Flux automatique' as 'Mon stock' shows it (no server types: rendered in the browser too). */
export interface StockFeedView {
  url: string;
  intervalHours: number;
  nextRunAt: string;
  lastCheckedAt: string | null;
  lastSuccessAt: string | null;
  consecutiveFailures: number;
  lastError: string | null;
  /** A run of the feed is being applied. */
  syncing: boolean;
  /** A sync was asked for (registering, 'Synchroniser maintenant', the schedule) and waits to start. */
  queued: boolean;
  lastRun: {
    status: StockImportRunStatus;
    created: number;
    updated: number;
    unchanged: number;
    withdrawn: number;
    rejected: number;
  } | null;
}

/** Failures in a row after which the feed is 'injoignable' and the pro told by e-mail. */
export const FEED_FAILURES_TOLD = 3;

export const STOCK_FEED_PATH = "/account/stock/flux";

function plural(n: number, singular: string, pluralForm: string): string {
  return `${n} ${n > 1 ? pluralForm : singular}`;
}

/** Every count of a finished run, for the list of past runs: "0 créée, 1 mise à jour, 25 inchangées, 1 retirée, 3 refusées". */
export function runCountsText(run: NonNullable<StockFeedView["lastRun"]>): string {
  return [
    plural(run.created, "créée", "créées"),
    plural(run.updated, "mise à jour", "mises à jour"),
    plural(run.unchanged, "inchangée", "inchangées"),
    plural(run.withdrawn, "retirée", "retirées"),
    plural(run.rejected, "refusée", "refusées"),
  ].join(", ");
}

/** "27 créées, 1 retirée" — the counts a run changed (nothing: "aucun changement"). */
export function feedRunSummary(run: NonNullable<StockFeedView["lastRun"]>): string {
  const parts = [
    run.created ? plural(run.created, "créée", "créées") : null,
    run.updated ? plural(run.updated, "mise à jour", "mises à jour") : null,
    run.withdrawn ? plural(run.withdrawn, "retirée", "retirées") : null,
    run.rejected ? plural(run.rejected, "ligne refusée", "lignes refusées") : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : "aucun changement";
}

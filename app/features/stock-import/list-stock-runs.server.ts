import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { stockImportRuns, type StockImportRuns } from "~/db/schema";
import { AppError } from "~/server/app-error";
import { RUN_RETENTION_DAYS } from "./run-retention";
import { REJECTED_ROWS_SHOWN, type StockRunView } from "./stock-page-data";
import { STOCK_IMPORT_MESSAGES } from "./stock-import-access.server";

const RUNS_SHOWN = 20;

function runView(row: StockImportRuns, allRejected = false): StockRunView {
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    withdrawn: row.withdrawn,
    rejected: row.rejected,
    photosFetched: row.photosFetched,
    photosFailed: row.photosFailed,
    rejectedRows: allRejected ? row.rejectedRows : row.rejectedRows.slice(0, REJECTED_ROWS_SHOWN),
    ignoredColumns: row.ignoredColumns,
    heldWithdrawals: row.status === "held" ? row.pendingWithdrawals.length : 0,
  };
}

const kept = () => gte(stockImportRuns.createdAt, sql`now() - make_interval(days => ${RUN_RETENTION_DAYS})`);

/** The professional's runs of the last 90 days, newest first (its own only: the id comes from the session). */
export async function listStockRuns(db: DbExecutor, ownerId: string): Promise<StockRunView[]> {
  const rows = await db
    .select()
    .from(stockImportRuns)
    .where(and(eq(stockImportRuns.ownerId, ownerId), kept()))
    .orderBy(desc(stockImportRuns.createdAt))
    .limit(RUNS_SHOWN);
  return rows.map((row) => runView(row));
}

/** One run of this owner with every rejected row (the report); 404 for anyone else's or an expired one. */
export async function getStockRun(db: DbExecutor, ownerId: string, runId: string): Promise<StockRunView> {
  if (!/^[0-9a-f-]{36}$/i.test(runId)) throw new AppError("not_found", STOCK_IMPORT_MESSAGES.runNotFound);
  const [row] = await db
    .select()
    .from(stockImportRuns)
    .where(and(eq(stockImportRuns.id, runId), eq(stockImportRuns.ownerId, ownerId), kept()));
  if (!row) throw new AppError("not_found", STOCK_IMPORT_MESSAGES.runNotFound);
  return runView(row, true);
}

import { eq, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { stockImportRuns, type StockImportRejectedRow } from "~/db/schema";
import { resolvePlace } from "~/features/publish/listing-values.server";
import type { PriceDropNotifier } from "~/features/price-drops/notice-price-drop.server";
import { AppError } from "~/server/app-error";
import type { JobQueue } from "~/server/jobs.server";
import type { Logger } from "~/server/logger.server";
import type { Mailer } from "~/server/mailer.server";
import type { Storage } from "~/server/storage.server";
import { applyStockRow, listingsByReference } from "./apply-stock-row.server";
import { createStockListings } from "./create-stock-listings.server";
import { NOT_CSV_MESSAGES } from "./decode-stock-file";
import { DEFAULT_MAX_ROWS, stockRowReader, type ImportPlace, type ImportedVehicle, type StockRowReader } from "./parse-stock-file";
import { inspectStockStream, readStockRecords } from "./stream-stock-file.server";
import { notifyRunRejections } from "./notify-run-rejections.server";
import { requireVerifiedPro } from "./stock-import-access.server";
import { RUN_RETENTION_DAYS } from "./run-retention";
import { planWithdrawals, withdrawListings } from "./withdraw-absent-references.server";

/** Vehicles applied per transaction: a 2 000-row file is 20 short transactions, resumable after a crash. */
const BATCH_ROWS = 100;

export interface StockImportDeps {
  db: Database;
  storage: Storage;
  jobs?: JobQueue;
  mailer?: Mailer;
  logger?: Logger;
  publicUrl?: string;
  maxRows?: number;
  priceDrops?: PriceDropNotifier;
  /** TRUSTED_REVIEW_SAMPLE_PERCENT (decision 0054). */
  reviewSamplePercent?: number;
}

async function failRun(deps: StockImportDeps, runId: string, fileKey: string | null, reason: string): Promise<void> {
  await deps.db
    .update(stockImportRuns)
    .set({ status: "failed", failureReason: reason, fileKey: null, finishedAt: sql`now()` })
    .where(eq(stockImportRuns.id, runId));
  if (fileKey) await deps.storage.delete(fileKey).catch(() => undefined);
}

/**
 * The `stock-import` job: parses the run's stored file and applies it to the dealer's stock in
 * batches (each batch and the run's counters and cursor in one transaction), so a worker
 * that dies mid-file resumes after the last committed batch, without duplicates. Photos are
 * fetched by `stock-photos` jobs enqueued in the same transactions.
 */
export async function applyStockImport(deps: StockImportDeps, runId: string): Promise<void> {
  const { db } = deps;
  const [run] = await db.select().from(stockImportRuns).where(eq(stockImportRuns.id, runId));
  if (!run || run.status === "done" || run.status === "failed" || run.status === "held") return;
  await db
    .update(stockImportRuns)
    .set({ status: "running", startedAt: sql`coalesce(${stockImportRuns.startedAt}, now())` })
    .where(eq(stockImportRuns.id, runId));

  let pro;
  try {
    pro = await requireVerifiedPro(db, run.ownerId);
  } catch (error) {
    if (error instanceof AppError) return failRun(deps, runId, run.fileKey, error.message);
    throw error;
  }
  const open = async () => (run.fileKey ? ((await deps.storage.get(run.fileKey))?.body ?? null) : null);
  const first = await open();
  if (!first)
    return failRun(deps, runId, run.fileKey, "Le fichier de cet import n'est plus disponible : importez-le à nouveau.");

  let place: ImportPlace;
  if (pro.latitude !== null && pro.longitude !== null) {
    place = { city: pro.city, postalCode: pro.postalCode, latitude: pro.latitude, longitude: pro.longitude };
  } else {
    place = await resolvePlace(db, { city: pro.city, postalCode: pro.postalCode });
  }
  // Streamed twice (decision 0051): what the file is and how many rows, then the rows.
  const inspection = await inspectStockStream(first, deps.maxRows ?? DEFAULT_MAX_ROWS);
  if (!inspection.ok) return failRun(deps, runId, run.fileKey, inspection.reason);
  const second = await open();
  if (!second)
    return failRun(deps, runId, run.fileKey, "Le fichier de cet import n'est plus disponible : importez-le à nouveau.");

  const context = {
    ownerId: pro.userId,
    trusted: pro.trusted,
    priceDrops: deps.priceDrops,
    reviewSamplePercent: deps.reviewSamplePercent,
  };
  // Rows refused while reading (unreadable cells), and every reference the file holds, valid or
  // not: re-read from the start on a resumed run, so they are never lost.
  const fileRejected: StockImportRejectedRow[] = [];
  const references = new Set<string>();
  let reader: StockRowReader | null = null;
  let vehicleIndex = 0;
  let batch: ImportedVehicle[] = [];

  const applyBatch = async (vehicles: ImportedVehicle[], processedRows: number) => {
    await db.transaction(async (tx) => {
      const existing = await listingsByReference(
        tx,
        pro.userId,
        vehicles.map((v) => v.reference),
      );
      const counts = { created: 0, updated: 0, unchanged: 0 };
      const rejected: StockImportRejectedRow[] = [];
      const photoJobs: { payload: { listingId: string; runId: string }; singletonKey: string }[] = [];
      // The batch's new references in two statements; the others row by row (decision 0055).
      const created = await createStockListings(
        tx,
        context,
        vehicles.filter((v) => !existing.has(v.reference)),
        runId,
      );
      for (const vehicle of vehicles) {
        const result =
          created.get(vehicle.reference) ??
          (await applyStockRow(tx, context, vehicle, existing.get(vehicle.reference), runId));
        if (result.kind === "rejected")
          rejected.push({ line: vehicle.line, reference: vehicle.reference, reason: result.reason });
        else {
          counts[result.kind]++;
          if (result.kind !== "unchanged" && result.photosToFetch) {
            photoJobs.push({ payload: { listingId: result.listingId, runId }, singletonKey: result.listingId });
          }
        }
      }
      await tx
        .update(stockImportRuns)
        .set({
          processedRows,
          created: sql`${stockImportRuns.created} + ${counts.created}`,
          updated: sql`${stockImportRuns.updated} + ${counts.updated}`,
          unchanged: sql`${stockImportRuns.unchanged} + ${counts.unchanged}`,
          rejectedRows: sql`${stockImportRuns.rejectedRows} || ${JSON.stringify(rejected)}::jsonb`,
        })
        .where(eq(stockImportRuns.id, runId));
      if (deps.jobs) await deps.jobs.enqueueMany("stock-photos", photoJobs, { db: tx });
    });
  };

  for await (const item of readStockRecords(second, inspection)) {
    if (item.kind === "malformed") {
      fileRejected.push(item.row);
      continue;
    }
    if (!reader) {
      const header = stockRowReader(item.record, place);
      if (!header.ok) return failRun(deps, runId, run.fileKey, header.reason);
      reader = header;
      await db
        .update(stockImportRuns)
        .set({ totalRows: inspection.rows, encoding: inspection.encoding, ignoredColumns: header.ignoredColumns })
        .where(eq(stockImportRuns.id, runId));
      continue;
    }
    const result = reader.read(item.record, item.line);
    if (!result) continue;
    if (result.kind === "rejected") {
      fileRejected.push(result.row);
      if (result.row.reference) references.add(result.row.reference);
      continue;
    }
    references.add(result.vehicle.reference);
    vehicleIndex++;
    // A resumed run: the rows of the batches already committed are read again, not applied.
    if (vehicleIndex <= run.processedRows) continue;
    batch.push(result.vehicle);
    if (batch.length >= BATCH_ROWS) {
      await applyBatch(batch, vehicleIndex);
      batch = [];
    }
  }
  if (!reader) return failRun(deps, runId, run.fileKey, NOT_CSV_MESSAGES.empty);
  if (batch.length > 0) await applyBatch(batch, vehicleIndex);
  const outcome = { rejected: fileRejected };

  // The file is the whole stock: references it no longer holds are withdrawn (or held, > 50 %).
  // A rejected row keeps its listing: a typo must not take a car off the site.
  const plan = await planWithdrawals(db, pro.userId, references);

  // The file's own rejections (unreadable cells) join the ones met while applying, by line.
  await db.transaction(async (tx) => {
    const withdrawn = plan.kind === "now" ? await withdrawListings(tx, pro.userId, plan.ids, deps.jobs) : 0;
    const [current] = await tx
      .select({ rejectedRows: stockImportRuns.rejectedRows })
      .from(stockImportRuns)
      .where(eq(stockImportRuns.id, runId));
    const all = [...outcome.rejected, ...(current?.rejectedRows ?? [])].sort((a, b) => a.line - b.line);
    await tx
      .update(stockImportRuns)
      .set({
        status: plan.kind === "hold" ? "held" : "done",
        pendingWithdrawals: plan.kind === "hold" ? plan.ids : [],
        withdrawn,
        rejectedRows: all,
        rejected: all.length,
        fileKey: null,
        finishedAt: plan.kind === "hold" ? null : sql`now()`,
      })
      .where(eq(stockImportRuns.id, runId));
    if (all.length > 0)
      await notifyRunRejections(tx, deps, {
        runId,
        email: pro.email,
        companyName: pro.companyName,
        rejected: all.length,
      });
  });
  if (run.fileKey) await deps.storage.delete(run.fileKey).catch(() => undefined);
  await purgeOldRuns(deps.db);
}

/** Runs older than RUN_RETENTION_DAYS go, with their reports. */
export async function purgeOldRuns(db: Database): Promise<number> {
  const removed = await db
    .delete(stockImportRuns)
    .where(lt(stockImportRuns.createdAt, sql`now() - make_interval(days => ${RUN_RETENTION_DAYS})`))
    .returning({ id: stockImportRuns.id });
  return removed.length;
}

export function stockImportHandler(deps: StockImportDeps) {
  return async (payload: { runId: string }) => applyStockImport(deps, payload.runId);
}

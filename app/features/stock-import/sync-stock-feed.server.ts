import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { stockFeeds, stockImportRuns, type StockFeed } from "~/db/schema";
import { AppError } from "~/server/app-error";
import { renderEmail } from "~/server/email-layout";
import { applyStockImport, type StockImportDeps } from "./apply-stock-import.server";
import { FeedFetchError, fetchStockFeed } from "./fetch-stock-feed.server";
import type { PhotoFetchOptions } from "./safe-fetch.server";
import { stockFileKey } from "./start-stock-import.server";
import { requireVerifiedPro } from "./stock-import-access.server";
import { STOCK_PAGE_PATH } from "./stock-import-paths";
import { FEED_FAILURES_TOLD } from "./stock-feed-view";

/**
 * The `stock-feed` job (issue 35, decision 0051): one sync of a professional's feed. A feed
 * whose run is unfinished (worker killed) resumes that run; otherwise the feed is fetched
 * conditionally — a 304 writes no run — and a new body becomes a run of source 'feed',
 * applied here as an upload is (same parse, same upsert, same 50 % withdrawal hold). A fetch
 * that fails (timeout, 5xx, HTML, unreadable) changes no listing, is tried again with a
 * growing delay, and the pro is told by e-mail at the third failure in a row.
 */

export interface StockFeedSyncDeps extends StockImportDeps {
  /** Bytes a feed may weigh (STOCK_IMPORT_MAX_BYTES). */
  maxBytes: number;
  /** PHOTO_FETCH_ALLOW_PRIVATE (tests only). */
  allowPrivate?: boolean;
  /** STOCK_FEED_RETRY_SECONDS: the delay after a first failure, ×4 each further one. */
  retrySeconds: number;
  timeoutMs?: number;
  /** Tests: name resolution (a name resolving to 127.0.0.1). */
  resolve?: PhotoFetchOptions["resolve"];
}

/** The delay before the next try after `failures` failures in a row: 5 min, 20 min, 80 min… at most the interval. */
export function retryDelaySeconds(failures: number, retrySeconds: number, intervalSeconds: number): number {
  return Math.min(intervalSeconds, retrySeconds * 4 ** Math.max(0, failures - 1));
}

function feedLabel(url: string): string {
  try {
    const parsed = new URL(url);
    const label = `Flux ${parsed.host}${parsed.pathname === "/" ? "" : parsed.pathname}`;
    return label.length > 120 ? `${label.slice(0, 119)}…` : label;
  } catch {
    return "Flux";
  }
}

async function recordFailure(deps: StockFeedSyncDeps, feed: StockFeed, reason: string): Promise<void> {
  const failures = feed.consecutiveFailures + 1;
  const delay = retryDelaySeconds(failures, deps.retrySeconds, feed.intervalSeconds);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(stockFeeds)
      .set({
        consecutiveFailures: failures,
        lastError: reason.slice(0, 500),
        lastCheckedAt: sql`now()`,
        currentRunId: null,
        nextRunAt: sql`now() + make_interval(secs => ${delay})`,
        updatedAt: sql`now()`,
      })
      .where(eq(stockFeeds.id, feed.id));
    if (failures !== FEED_FAILURES_TOLD || !deps.mailer) return;
    const pro = await requireVerifiedPro(tx, feed.ownerId).catch(() => null);
    if (!pro) return;
    const content = renderEmail({
      subject: "Votre flux de stock est injoignable",
      greeting: `Bonjour ${pro.companyName},`,
      paragraphs: [
        `Nous n'avons pas pu lire votre flux de stock ${FEED_FAILURES_TOLD} fois de suite (${feed.url}) : ${reason}.`,
        "Vos annonces restent telles qu'elles étaient à la dernière synchronisation réussie. Nous réessaierons automatiquement ; vérifiez l'adresse du flux ou votre logiciel de stock, puis utilisez « Synchroniser maintenant ».",
      ],
      action: { label: "Voir mon stock", url: `${deps.publicUrl ?? ""}${STOCK_PAGE_PATH}` },
    });
    await deps.mailer.send({ to: pro.email, subject: content.subject, text: content.text, html: content.html }, { db: tx });
  });
  deps.logger?.warn({ feedId: feed.id, failures, reason }, "flux de stock en échec");
}

async function recordSuccess(
  deps: StockFeedSyncDeps,
  feed: StockFeed,
  fields: { etag?: string | null; lastModified?: string | null; lastRunId?: string },
): Promise<void> {
  await deps.db
    .update(stockFeeds)
    .set({
      ...fields,
      consecutiveFailures: 0,
      lastError: null,
      currentRunId: null,
      lastCheckedAt: sql`now()`,
      lastSuccessAt: sql`now()`,
      nextRunAt: sql`now() + make_interval(secs => ${feed.intervalSeconds})`,
      updatedAt: sql`now()`,
    })
    .where(eq(stockFeeds.id, feed.id));
}

/** Applies the feed's run and records how it ended (validators kept only for a run applied). */
async function applyFeedRun(
  deps: StockFeedSyncDeps,
  feed: StockFeed,
  runId: string,
  validators: { etag: string | null; lastModified: string | null } | null,
): Promise<void> {
  await applyStockImport(deps, runId);
  const [run] = await deps.db
    .select({ status: stockImportRuns.status, failureReason: stockImportRuns.failureReason })
    .from(stockImportRuns)
    .where(eq(stockImportRuns.id, runId));
  if (!run || run.status === "failed") {
    await deps.db.update(stockFeeds).set({ lastRunId: runId }).where(eq(stockFeeds.id, feed.id));
    return recordFailure(deps, feed, run?.failureReason ?? "import interrompu");
  }
  await recordSuccess(deps, feed, { ...(validators ?? {}), lastRunId: runId });
}

export async function syncStockFeed(deps: StockFeedSyncDeps, feedId: string): Promise<void> {
  const { db } = deps;
  const [feed] = await db.select().from(stockFeeds).where(eq(stockFeeds.id, feedId));
  if (!feed) return;

  // A worker killed mid-run: the same run resumes after its last committed batch.
  if (feed.currentRunId) {
    const [current] = await db
      .select({ status: stockImportRuns.status })
      .from(stockImportRuns)
      .where(eq(stockImportRuns.id, feed.currentRunId));
    if (current && (current.status === "queued" || current.status === "running"))
      return applyFeedRun(deps, feed, feed.currentRunId, null);
  }

  try {
    await requireVerifiedPro(db, feed.ownerId);
  } catch (error) {
    if (error instanceof AppError) return recordFailure(deps, feed, error.message);
    throw error;
  }

  // A run held by the 50 % guard waits for the pro: no new run piles up behind it.
  if (feed.lastRunId) {
    const [last] = await db
      .select({ status: stockImportRuns.status })
      .from(stockImportRuns)
      .where(eq(stockImportRuns.id, feed.lastRunId));
    if (last?.status === "held") {
      await db
        .update(stockFeeds)
        .set({ nextRunAt: sql`now() + make_interval(secs => ${feed.intervalSeconds})` })
        .where(eq(stockFeeds.id, feed.id));
      return;
    }
  }

  let fetched;
  try {
    fetched = await fetchStockFeed(feed.url, {
      allowPrivate: deps.allowPrivate,
      etag: feed.etag,
      lastModified: feed.lastModified,
      maxBytes: deps.maxBytes,
      timeoutMs: deps.timeoutMs,
      resolve: deps.resolve,
    });
  } catch (error) {
    if (error instanceof FeedFetchError) return recordFailure(deps, feed, error.message);
    throw error;
  }
  // Unchanged since the last run applied: one request, no run, no listing touched.
  if (fetched.notModified) return recordSuccess(deps, feed, {});

  const runId = randomUUID();
  const fileKey = stockFileKey(runId);
  await deps.storage.put(fileKey, fetched.csv, "text/csv");
  await db.transaction(async (tx) => {
    await tx.insert(stockImportRuns).values({
      id: runId,
      ownerId: feed.ownerId,
      source: "feed",
      fileName: `${feedLabel(feed.url)}${fetched.format === "json" ? " (JSON)" : ""}`,
      fileKey,
    });
    await tx
      .update(stockFeeds)
      .set({ currentRunId: runId })
      .where(and(eq(stockFeeds.id, feed.id)));
  });
  await applyFeedRun(deps, feed, runId, { etag: fetched.etag, lastModified: fetched.lastModified });
}

export function stockFeedHandler(deps: StockFeedSyncDeps) {
  return async (payload: { feedId: string }) => syncStockFeed(deps, payload.feedId);
}

/**
 * Every minute, in the processes that run jobs: the feeds due get their `stock-feed` job. Taking
 * a feed pushes its `next_run_at` 30 minutes ahead in the same statement (a lease: several
 * processes never take one feed twice; the job sets the real next time when it ends).
 */
export async function enqueueDueStockFeeds(options: { db: Database; jobs: StockImportDeps["jobs"] }): Promise<number> {
  const jobs = options.jobs;
  if (!jobs) return 0;
  return options.db.transaction(async (tx) => {
    const result = (await tx.execute(sql`
      update stock_feeds set next_run_at = now() + interval '30 minutes'
      where id in (
        select id from stock_feeds where next_run_at <= now()
        order by next_run_at limit 100 for update skip locked)
      returning id`)) as unknown as { rows: { id: string }[] };
    const ids = result.rows.map((row) => row.id);
    if (ids.length > 0)
      await jobs.enqueueMany(
        "stock-feed",
        ids.map((feedId) => ({ payload: { feedId }, singletonKey: feedId })),
        { db: tx },
      );
    return ids.length;
  });
}

export function startStockFeedScheduler(options: {
  db: Database;
  jobs: StockImportDeps["jobs"];
  intervalSeconds?: number;
  onError: (err: unknown) => void;
}): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = enqueueDueStockFeeds(options)
      .catch(options.onError)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, (options.intervalSeconds ?? 60) * 1000);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}

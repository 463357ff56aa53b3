import { isIP } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { stockFeeds, stockImportRuns } from "~/db/schema";
import { AppError } from "~/server/app-error";
import type { JobQueue } from "~/server/jobs.server";
import { judgeAddress } from "./address-policy";
import { requireVerifiedPro } from "./stock-import-access.server";
import type { StockFeedView } from "./stock-feed-view";

/**
 * 'Flux automatique' settings (issue 35, decision 0051): a verified professional registers the
 * address of its stock (CSV or JSON), removes it, or asks 'Synchroniser maintenant'. The owner
 * is always the session's account; the fetch itself is the `stock-feed` job's.
 */

export const STOCK_FEED_MESSAGES = {
  invalidUrl: "Saisissez l'adresse complète du flux, par exemple https://www.mon-garage.fr/stock.csv.",
  httpsOnly: "L'adresse du flux doit commencer par https:// (connexion chiffrée).",
  credentials: "L'adresse du flux ne doit pas contenir d'identifiant ni de mot de passe.",
  noFeed: "Aucun flux n'est enregistré : ajoutez d'abord l'adresse de votre flux.",
  unavailable: "Les synchronisations sont momentanément indisponibles : réessayez dans quelques minutes.",
} as const;

/** The feed address as a pro types it: https (http only where tests allow private addresses). */
export function feedUrlSchema(options: { allowHttp: boolean }) {
  return z
    .string({ error: STOCK_FEED_MESSAGES.invalidUrl })
    .trim()
    .min(1, STOCK_FEED_MESSAGES.invalidUrl)
    .max(2_000, STOCK_FEED_MESSAGES.invalidUrl)
    .superRefine((value, ctx) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        ctx.addIssue({ code: "custom", message: STOCK_FEED_MESSAGES.invalidUrl });
        return;
      }
      const allowed = options.allowHttp ? ["https:", "http:"] : ["https:"];
      if (!allowed.includes(url.protocol)) {
        ctx.addIssue({ code: "custom", message: STOCK_FEED_MESSAGES.httpsOnly });
        return;
      }
      if (url.username || url.password) {
        ctx.addIssue({ code: "custom", message: STOCK_FEED_MESSAGES.credentials });
        return;
      }
      // An address literal is judged at once (a name is judged at each fetch, by what it resolves to).
      const host = url.hostname.replace(/^\[|\]$/g, "");
      if (isIP(host)) {
        const verdict = judgeAddress(host, options.allowHttp);
        if (!verdict.allowed) ctx.addIssue({ code: "custom", message: `Adresse refusée : ${verdict.reason}.` });
      }
    });
}

export interface StockFeedDeps {
  db: Database;
  jobs: JobQueue | undefined;
  /** PHOTO_FETCH_ALLOW_PRIVATE (tests only): http and private addresses accepted. */
  allowPrivate: boolean;
}

/** The account's feed as 'Mon stock' shows it; null when it has none. */
export async function getStockFeedView(
  db: Database,
  userId: string | null | undefined,
  jobs: JobQueue | undefined,
): Promise<StockFeedView | null> {
  const pro = await requireVerifiedPro(db, userId);
  const [row] = await db
    .select({
      feed: stockFeeds,
      lastRun: {
        status: stockImportRuns.status,
        created: stockImportRuns.created,
        updated: stockImportRuns.updated,
        unchanged: stockImportRuns.unchanged,
        withdrawn: stockImportRuns.withdrawn,
        rejected: stockImportRuns.rejected,
      },
    })
    .from(stockFeeds)
    .leftJoin(stockImportRuns, eq(stockImportRuns.id, stockFeeds.lastRunId))
    .where(eq(stockFeeds.ownerId, pro.userId));
  if (!row) return null;
  const { feed } = row;
  return {
    url: feed.url,
    intervalHours: Math.round(feed.intervalSeconds / 360) / 10,
    nextRunAt: feed.nextRunAt.toISOString(),
    lastCheckedAt: feed.lastCheckedAt?.toISOString() ?? null,
    lastSuccessAt: feed.lastSuccessAt?.toISOString() ?? null,
    consecutiveFailures: feed.consecutiveFailures,
    lastError: feed.lastError,
    syncing: feed.currentRunId !== null,
    // While it waits, next_run_at is the scheduler's lease (now + 30 min), not a date to show.
    queued: feed.currentRunId === null && jobs ? await jobs.waiting("stock-feed", feed.id) : false,
    lastRun: row.lastRun?.status ? row.lastRun : null,
  };
}

async function enqueueSync(jobs: JobQueue, db: Database, feedId: string): Promise<void> {
  await db.transaction(async (tx) => {
    // The scheduler leaves a feed alone while its job waits (decision 0051: lease on next_run_at).
    await tx
      .update(stockFeeds)
      .set({ nextRunAt: sql`now() + interval '30 minutes'` })
      .where(eq(stockFeeds.id, feedId));
    await jobs.enqueue("stock-feed", { feedId }, { db: tx, singletonKey: feedId });
  });
}

/** 'Enregistrer le flux': creates or replaces the account's feed and syncs it at once. */
export async function saveStockFeed(
  deps: StockFeedDeps & { userId: string | null | undefined; url: unknown; intervalSeconds: number },
): Promise<void> {
  const pro = await requireVerifiedPro(deps.db, deps.userId);
  const parsed = feedUrlSchema({ allowHttp: deps.allowPrivate }).safeParse(deps.url);
  if (!parsed.success) throw new AppError("invalid", parsed.error.issues[0]?.message ?? STOCK_FEED_MESSAGES.invalidUrl);
  if (!deps.jobs) throw new AppError("unavailable", STOCK_FEED_MESSAGES.unavailable);
  const url = new URL(parsed.data).href;
  const [saved] = await deps.db
    .insert(stockFeeds)
    .values({ ownerId: pro.userId, url, intervalSeconds: deps.intervalSeconds })
    .onConflictDoUpdate({
      target: stockFeeds.ownerId,
      // A new address is a new feed: its validators and failures belong to the old one.
      set: {
        url,
        etag: sql`case when ${stockFeeds.url} = ${url} then ${stockFeeds.etag} end`,
        lastModified: sql`case when ${stockFeeds.url} = ${url} then ${stockFeeds.lastModified} end`,
        consecutiveFailures: sql`case when ${stockFeeds.url} = ${url} then ${stockFeeds.consecutiveFailures} else 0 end`,
        lastError: sql`case when ${stockFeeds.url} = ${url} then ${stockFeeds.lastError} end`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: stockFeeds.id });
  await enqueueSync(deps.jobs, deps.db, saved!.id);
}

/** 'Supprimer le flux': the schedule stops; the listings it brought stay. */
export async function deleteStockFeed(deps: { db: Database; userId: string | null | undefined }): Promise<void> {
  const pro = await requireVerifiedPro(deps.db, deps.userId);
  const removed = await deps.db
    .delete(stockFeeds)
    .where(eq(stockFeeds.ownerId, pro.userId))
    .returning({ id: stockFeeds.id });
  if (removed.length === 0) throw new AppError("not_found", STOCK_FEED_MESSAGES.noFeed);
}

/** 'Synchroniser maintenant': the account's feed fetched by a job now (the route rate-limits it). */
export async function requestStockFeedSync(deps: StockFeedDeps & { userId: string | null | undefined }): Promise<void> {
  const pro = await requireVerifiedPro(deps.db, deps.userId);
  const [feed] = await deps.db
    .select({ id: stockFeeds.id })
    .from(stockFeeds)
    .where(and(eq(stockFeeds.ownerId, pro.userId)));
  if (!feed) throw new AppError("not_found", STOCK_FEED_MESSAGES.noFeed);
  if (!deps.jobs) throw new AppError("unavailable", STOCK_FEED_MESSAGES.unavailable);
  await enqueueSync(deps.jobs, deps.db, feed.id);
}

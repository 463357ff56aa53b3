import { randomUUID } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { appMeta } from "~/db/schema";
import { FULL_REFIT_META_KEY, refreshAllMarketPrices } from "./refresh-all-market-prices.server";
import { refreshDirtyModels } from "./refresh-dirty-models.server";

/**
 * Keeps the stored market price ratings up to date (decision 0015):
 * - `refreshAllMarketPrices` (refresh-all-market-prices.server.ts): the full batch — fits the
 *   whole market, writes every model's row and rates every published listing, one statement per
 *   model (only rows whose rating visibly changed are written);
 * - `refreshDirtyModels` (refresh-dirty-models.server.ts): the models a trigger on `listings`
 *   marked (a listing published, repriced or gone), fitted again with the market's slopes kept,
 *   and their listings rated;
 * - `refreshMarketPrices` (here): what the background refresher runs — the dirty models, or the
 *   full batch when there is no market fit yet or it is older than FULL_REFIT_HOURS.
 * The listing that changed was already rated by the trigger in its own transaction from the
 * model's stored row; the refresh then moves the model (and so its other listings) a little.
 */

export const FULL_REFIT_HOURS = 24;
/**
 * Which process runs the full batch: with several workers (WEB_CONCURRENCY, `npm run worker`)
 * every refresher finds it due at the same moment; one claims it (a row of app_meta), the others
 * refit the dirty models only. A claim older than this is a crashed process's: taken over.
 */
export const FULL_REFIT_CLAIM_KEY = "market_price_full_fit_claim";
const CLAIM_STALE_SECONDS = 2 * 3600;

/**
 * Claims the full batch for this process; null when another one holds a live claim. The
 * claim's age is the database's clock (one clock for every process).
 */
async function claimFullRefit(db: Database): Promise<string | null> {
  const token = `${process.pid} ${randomUUID()}`;
  const claimed = await db
    .insert(appMeta)
    .values({ key: FULL_REFIT_CLAIM_KEY, value: token, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: appMeta.key,
      set: { value: token, updatedAt: sql`now()` },
      setWhere: lt(appMeta.updatedAt, sql`now() - make_interval(secs => ${CLAIM_STALE_SECONDS})`),
    })
    .returning({ value: appMeta.value });
  return claimed[0]?.value === token ? token : null;
}

async function releaseFullRefit(db: Database, token: string): Promise<void> {
  await db.delete(appMeta).where(and(eq(appMeta.key, FULL_REFIT_CLAIM_KEY), eq(appMeta.value, token)));
}

/** The background refresher's step: the full batch when due (and not run by another process), else the dirty models. */
export async function refreshMarketPrices(options: {
  db: Database;
  now?: Date;
}): Promise<{ full: boolean; models: number; updated: number }> {
  const { db } = options;
  const now = options.now ?? new Date();
  const lastFit = async () => (await db.select().from(appMeta).where(eq(appMeta.key, FULL_REFIT_META_KEY)))[0];
  const due = (meta: { value: string } | undefined) => !meta || now.getTime() - new Date(meta.value).getTime() > FULL_REFIT_HOURS * 3600_000;
  const meta = await lastFit();
  if (due(meta)) {
    const token = await claimFullRefit(db);
    if (token) {
      try {
        // Read again under the claim: another process may have finished the batch meanwhile.
        if (due(await lastFit())) {
          const result = await refreshAllMarketPrices({ db });
          return { full: true, models: result.models, updated: result.updated };
        }
      } finally {
        await releaseFullRefit(db, token);
      }
    }
    // Another process is fitting the market; before any fit exists there is nothing to refit.
    if (!meta) return { full: false, models: 0, updated: 0 };
  }
  const result = await refreshDirtyModels({ db });
  return { full: false, ...result };
}

/** Runs `refreshMarketPrices` every `intervalSeconds` in this process (0: never); returns a stop function. */
export function startMarketPriceRefresher(options: {
  db: Database;
  intervalSeconds: number;
  onError: (err: unknown) => void;
}): () => Promise<void> {
  if (options.intervalSeconds <= 0) return async () => {};
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = refreshMarketPrices({ db: options.db })
      .catch(options.onError)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.intervalSeconds * 1000);
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}

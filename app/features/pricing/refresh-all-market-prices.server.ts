import { setImmediate as nextTurn } from "node:timers/promises";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { appMeta } from "~/db/schema";
import { fitMarketInWorker } from "./fit-market-in-worker.server";
import { fitMarket, groupsFromColumns } from "./market-fit";
import { loadColumns, rateListings, writeModels } from "./market-price-store.server";

/** When the last full batch finished (app_meta). */
export const FULL_REFIT_META_KEY = "market_price_full_fit_at";

export interface FullRefreshResult {
  models: number;
  listings: number;
  updated: number;
  fitMs: number;
  loadMs: number;
  writeMs: number;
}

/**
 * The full batch: one market fit, every model's row, every published listing rated. The fit
 * (seconds of computation at 1 M listings) runs in a worker thread (`fitIn: "worker"`, the
 * default) so the event loop of the process keeps serving; `"process"` fits on this thread
 * (the event-loop benchmark's "before").
 */
export async function refreshAllMarketPrices(options: {
  db: Database;
  fitIn?: "worker" | "process";
}): Promise<FullRefreshResult> {
  const { db } = options;
  let t = performance.now();
  const columns = await loadColumns(db);
  const listingCount = columns.price.length;
  const loadMs = performance.now() - t;
  t = performance.now();
  const models =
    listingCount === 0
      ? []
      : options.fitIn === "process"
        ? fitMarket(groupsFromColumns(columns))
        : await fitMarketInWorker(columns);
  const fitMs = performance.now() - t;
  t = performance.now();
  const computedAt = new Date();
  await db.transaction(async (tx) => {
    await writeModels(tx, models, computedAt);
    // Models with no published listing left.
    await tx.execute(sql`delete from market_price_models where computed_at < ${computedAt.toISOString()}::timestamptz`);
    // Everything is fitted again now: pending marks are covered.
    await tx.execute(sql`delete from market_price_dirty where marked_at <= ${computedAt.toISOString()}::timestamptz`);
  });
  // One statement (one short transaction) per model: a seller editing a listing never waits
  // for the whole market's rewrite, whose row locks would otherwise last the whole batch.
  // On the embedded default, PGlite runs each statement on this thread and its promises settle
  // as microtasks: without a turn of the event loop between statements the whole batch would be
  // one block (seconds at 100 000 listings) during which no request is answered.
  let updated = 0;
  for (const model of models) {
    updated += await rateListings(db, model);
    await nextTurn();
  }
  updated += await rateListings(db, "unfitted");
  await db
    .insert(appMeta)
    .values({ key: FULL_REFIT_META_KEY, value: computedAt.toISOString() })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: computedAt.toISOString(), updatedAt: computedAt } });
  return {
    models: models.length,
    listings: listingCount,
    updated,
    loadMs: Math.round(loadMs),
    fitMs: Math.round(fitMs),
    writeMs: Math.round(performance.now() - t),
  };
}

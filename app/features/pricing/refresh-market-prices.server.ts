import { setImmediate as nextTurn } from "node:timers/promises";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { appMeta, marketPriceModels } from "~/db/schema";
import { fitMarketInWorker } from "./fit-market-in-worker.server";
import {
  fitMarket,
  groupsFromColumns,
  refitModel,
  type FittedModel,
  type MarketColumns,
  type MarketGroup,
  type MarketObservation,
  type MarketSlopes,
} from "./market-fit";

/**
 * Keeps the stored market price ratings up to date (decision 0015):
 * - `refreshAllMarketPrices`: the full batch — fits the whole market, writes every model's row
 *   and rates every published listing, one statement per model (only rows whose rating visibly
 *   changed are written);
 * - `refreshDirtyModels`: the models a trigger on `listings` marked (a listing published,
 *   repriced or gone), fitted again with the market's slopes kept, and their listings rated;
 * - `refreshMarketPrices`: what the background refresher runs — the dirty models, or the full
 *   batch when there is no market fit yet or it is older than FULL_REFIT_HOURS.
 * The listing that changed was already rated by the trigger in its own transaction from the
 * model's stored row; the refresh then moves the model (and so its other listings) a little.
 */

export const FULL_REFIT_META_KEY = "market_price_full_fit_at";
export const FULL_REFIT_HOURS = 24;
/** Dirty models taken per transaction. */
const DIRTY_BATCH = 50;

type ObservationRow = {
  brand: string;
  model: string;
  prices: number[];
  years: number[];
  mileages: number[];
  fuels: (string | null)[];
  gearboxes: (string | null)[];
};

function rowsOf(result: unknown): ObservationRow[] {
  return (result as { rows: ObservationRow[] }).rows;
}

function toGroups(rows: ObservationRow[]): MarketGroup[] {
  return rows.map((r) => ({
    brand: r.brand,
    model: r.model,
    observations: r.prices.map((price, i): MarketObservation => ({
      price: Number(price),
      year: Number(r.years[i]),
      mileage: Number(r.mileages[i]),
      fuel: r.fuels[i] ?? null,
      gearbox: r.gearboxes[i] ?? null,
    })),
  }));
}

const observationsQuery = (filter = sql``) => sql`
    select brand, model, array_agg(price) as prices, array_agg(year::int) as years, array_agg(mileage) as mileages,
           array_agg(fuel) as fuels, array_agg(gearbox) as gearboxes
    from listings
    where status = 'published' and price is not null and year is not null and mileage is not null ${filter}
    group by brand, model`;

/** The observations of published listings of one model (arrays: one round trip). */
async function loadGroup(db: DbExecutor, only: { brand: string; model: string }): Promise<MarketGroup | undefined> {
  const result = await db.execute(observationsQuery(sql`and brand = ${only.brand} and model = ${only.model}`));
  return toGroups(rowsOf(result))[0];
}

/**
 * The whole market's observations as typed arrays for the fitting worker, one row per model
 * from one query; no object per listing is built on this thread.
 */
async function loadColumns(db: DbExecutor): Promise<MarketColumns> {
  const rows = rowsOf(await db.execute(observationsQuery()));
  const n = rows.reduce((sum, r) => sum + r.prices.length, 0);
  const columns: MarketColumns = {
    brands: rows.map((r) => r.brand),
    models: rows.map((r) => r.model),
    offsets: new Int32Array(rows.length + 1),
    price: new Float64Array(n),
    year: new Float64Array(n),
    mileage: new Float64Array(n),
    fuel: new Int32Array(n),
    fuelNames: [],
    gearbox: new Int32Array(n),
    gearboxNames: [],
  };
  const codes = (names: string[]) => {
    const index = new Map<string, number>();
    return (value: string | null) => {
      if (value == null) return -1;
      let code = index.get(value);
      if (code === undefined) {
        code = names.push(value) - 1;
        index.set(value, code);
      }
      return code;
    };
  };
  const fuelCode = codes(columns.fuelNames);
  const gearboxCode = codes(columns.gearboxNames);
  let i = 0;
  rows.forEach((r, g) => {
    columns.offsets[g] = i;
    for (let k = 0; k < r.prices.length; k++, i++) {
      columns.price[i] = Number(r.prices[k]);
      columns.year[i] = Number(r.years[k]);
      columns.mileage[i] = Number(r.mileages[k]);
      columns.fuel[i] = fuelCode(r.fuels[k] ?? null);
      columns.gearbox[i] = gearboxCode(r.gearboxes[k] ?? null);
    }
  });
  columns.offsets[rows.length] = i;
  return columns;
}

async function writeModels(db: DbExecutor, models: FittedModel[], computedAt: Date) {
  for (let i = 0; i < models.length; i += 500) {
    const values = models.slice(i, i + 500).map((m) => ({ ...m, computedAt }));
    await db
      .insert(marketPriceModels)
      .values(values)
      .onConflictDoUpdate({
        target: [marketPriceModels.brand, marketPriceModels.model],
        set: {
          intercept: sql`excluded.intercept`,
          ageSlope: sql`excluded.age_slope`,
          ageSquare: sql`excluded.age_square`,
          kmSlope: sql`excluded.km_slope`,
          fuelEffects: sql`excluded.fuel_effects`,
          gearboxEffects: sql`excluded.gearbox_effects`,
          referenceYear: sql`excluded.reference_year`,
          sigma: sql`excluded.sigma`,
          sampleCount: sql`excluded.sample_count`,
          computedAt: sql`excluded.computed_at`,
        },
      });
  }
}

/**
 * Rates the published listings (of one model, or all) from the stored model rows, through the
 * SQL function `market_price_rate` (the trigger's). A listing in its model's fit is compared
 * with the others: comparables = sample − 1. Only changed ratings are written.
 */
async function rateListings(db: DbExecutor, only: { brand: string; model: string } | "unfitted"): Promise<number> {
  const filter =
    only === "unfitted" ? sql`and m.brand is null` : sql`and l2.brand = ${only.brand} and l2.model = ${only.model}`;
  const result = await db.execute(sql`
    update listings l set
      price_level = (x.r).level,
      price_estimate_low = (x.r).estimate_low,
      price_estimate_high = (x.r).estimate_high,
      price_comparables = (x.r).comparables,
      price_rated_at = now()
    from (
      -- OFFSET 0 keeps the subquery whole: the (inlined) rating is computed once per listing,
      -- not once per reference to one of its fields.
      select c.id, market_price_rate(c.m, c.price, c.year, c.mileage, c.fuel, c.gearbox, c.comparables) as r
      from (
        select l2.id, m, l2.price, l2.year, l2.mileage, l2.fuel, l2.gearbox,
          greatest(coalesce(m.sample_count, 0)
            - case when l2.price is not null and l2.year is not null and l2.mileage is not null then 1 else 0 end, 0) as comparables
        from listings l2
        left join market_price_models m on m.brand = l2.brand and m.model = l2.model
        where l2.status = 'published' ${filter}
        offset 0
      ) c
      offset 0
    ) x
    where l.id = x.id
      -- A rewritten listing row updates every search index: rewrite it when what buyers see
      -- changes (the level, the comparables, a range appearing or moving by more than 2 %),
      -- not for every 50 € step of a refit.
      and ((l.price_level, l.price_comparables) is distinct from ((x.r).level, (x.r).comparables)
        or (l.price_estimate_low is null) <> ((x.r).estimate_low is null)
        or abs(l.price_estimate_low - (x.r).estimate_low) > 0.02 * l.price_estimate_low
        or abs(l.price_estimate_high - (x.r).estimate_high) > 0.02 * l.price_estimate_high)`);
  return (
    (result as { rowCount?: number; affectedRows?: number }).rowCount ??
    (result as { affectedRows?: number }).affectedRows ??
    0
  );
}

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

/** The market's slopes as last fitted (every model row carries them), or null before any fit. */
async function marketSlopes(db: DbExecutor): Promise<MarketSlopes | null> {
  const [row] = await db.select().from(marketPriceModels).orderBy(desc(marketPriceModels.sampleCount)).limit(1);
  if (!row) return null;
  const sigmas = await db.execute(
    sql`select percentile_cont(0.5) within group (order by sigma) as s from market_price_models`,
  );
  const s = Number((sigmas as unknown as { rows: { s: number | null }[] }).rows[0]?.s ?? row.sigma);
  return {
    ageSlope: row.ageSlope,
    ageSquare: row.ageSquare,
    kmSlope: row.kmSlope,
    fuelEffects: row.fuelEffects,
    gearboxEffects: row.gearboxEffects,
    referenceYear: row.referenceYear,
    marketSigma: s,
  };
}

/** Fits again the models marked dirty (DIRTY_BATCH per transaction) and rates their listings. */
export async function refreshDirtyModels(options: { db: Database }): Promise<{ models: number; updated: number }> {
  const { db } = options;
  let models = 0;
  let updated = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      // SKIP LOCKED: several processes may run the refresher; each model is taken once.
      const claimed = (
        (await tx.execute(sql`
          delete from market_price_dirty
          where (brand, model) in (
            select brand, model from market_price_dirty order by marked_at limit ${DIRTY_BATCH} for update skip locked)
          returning brand, model`)) as unknown as { rows: { brand: string; model: string }[] }
      ).rows;
      if (claimed.length === 0) return true;
      const slopes = await marketSlopes(tx);
      for (const key of claimed) {
        const group = await loadGroup(tx, key);
        const fitted = slopes && group ? refitModel(group, slopes) : null;
        if (fitted) await writeModels(tx, [fitted], new Date());
        else if (!group) {
          await tx
            .delete(marketPriceModels)
            .where(and(eq(marketPriceModels.brand, key.brand), eq(marketPriceModels.model, key.model)));
        }
        updated += await rateListings(tx, key);
        models++;
        await nextTurn();
      }
      return claimed.length < DIRTY_BATCH;
    });
    if (done) return { models, updated };
  }
}

/** The background refresher's step: the full batch when due, else the dirty models. */
export async function refreshMarketPrices(options: {
  db: Database;
  now?: Date;
}): Promise<{ full: boolean; models: number; updated: number }> {
  const { db } = options;
  const now = options.now ?? new Date();
  const [meta] = await db.select().from(appMeta).where(eq(appMeta.key, FULL_REFIT_META_KEY));
  const last = meta ? new Date(meta.value).getTime() : 0;
  if (!meta || now.getTime() - last > FULL_REFIT_HOURS * 3600_000) {
    const result = await refreshAllMarketPrices({ db });
    return { full: true, models: result.models, updated: result.updated };
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

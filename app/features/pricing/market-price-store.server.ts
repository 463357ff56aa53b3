import { desc, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { marketPriceModels } from "~/db/schema";
import {
  type FittedModel,
  type MarketColumns,
  type MarketGroup,
  type MarketObservation,
  type MarketSlopes,
} from "./market-fit";

/**
 * The market price refresh's reads and writes (decision 0015), shared by the full batch
 * (refresh-all-market-prices.server.ts) and the dirty models' refit (refresh-dirty-models.server.ts):
 * the observations of published listings, the models' rows, the listings' stored ratings.
 */

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
export async function loadGroup(db: DbExecutor, only: { brand: string; model: string }): Promise<MarketGroup | undefined> {
  const result = await db.execute(observationsQuery(sql`and brand = ${only.brand} and model = ${only.model}`));
  return toGroups(rowsOf(result))[0];
}

/**
 * The whole market's observations as typed arrays for the fitting worker, one row per model
 * from one query; no object per listing is built on this thread.
 */
export async function loadColumns(db: DbExecutor): Promise<MarketColumns> {
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

export async function writeModels(db: DbExecutor, models: FittedModel[], computedAt: Date) {
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
export async function rateListings(db: DbExecutor, only: { brand: string; model: string } | "unfitted"): Promise<number> {
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

/** The market's slopes as last fitted (every model row carries them), or null before any fit. */
export async function marketSlopes(db: DbExecutor): Promise<MarketSlopes | null> {
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

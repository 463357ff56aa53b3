import { sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { isPriceLevel, type MarketEstimate } from "./price-rating";

/**
 * The market estimates of listings that are not (yet) published — the moderation queue's price
 * check — from their model's stored fit, through the same SQL function as the stored ratings
 * (`market_price_rate`; every published listing of the model is a comparable). One statement for
 * the whole page (one per listing cost 20 round trips per queue page). A listing is absent from
 * the map when its model has fewer than MIN_COMPARABLES published listings or it lacks price,
 * year or mileage.
 */
export async function estimateMarketPrices(options: {
  db: DbExecutor;
  listingIds: string[];
}): Promise<Map<string, MarketEstimate>> {
  const estimates = new Map<string, MarketEstimate>();
  if (options.listingIds.length === 0) return estimates;
  const ids = sql.join(
    options.listingIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = (await options.db.execute(sql`
    select x.id, (x.r).level, (x.r).estimate_low, (x.r).estimate_high, (x.r).comparables
    from (
      select l.id,
             market_price_rate(m, l.price, l.year, l.mileage, l.fuel::text, l.gearbox::text, m.sample_count) as r
      from listings l
      join market_price_models m on m.brand = l.brand and m.model = l.model
      where l.id in (${ids})
        and l.price is not null and l.year is not null and l.mileage is not null
    ) x`)) as unknown as {
    rows: { id: string; level: number | null; estimate_low: number | null; estimate_high: number | null; comparables: number }[];
  };
  for (const row of result.rows) {
    if (row.estimate_low == null || row.estimate_high == null) continue;
    estimates.set(row.id, {
      level: isPriceLevel(row.level) ? row.level : null,
      estimateLow: Number(row.estimate_low),
      estimateHigh: Number(row.estimate_high),
      comparables: Number(row.comparables),
    });
  }
  return estimates;
}

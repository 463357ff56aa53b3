import { sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { isPriceLevel, type MarketEstimate } from "./price-rating";

/**
 * The market estimate of a listing that is not (yet) published — the moderation queue's price
 * check — from its model's stored fit, through the same SQL function as the stored ratings
 * (`market_price_rate`; every published listing of the model is a comparable). Null when the
 * model has fewer than MIN_COMPARABLES published listings or the listing lacks price, year or mileage.
 */
export async function estimateMarketPrice(options: {
  db: DbExecutor;
  listing: {
    brand: string;
    model: string;
    price: number | null;
    year: number | null;
    mileage: number | null;
    fuel: string | null;
    gearbox: string | null;
  };
}): Promise<MarketEstimate | null> {
  const { listing } = options;
  if (listing.price == null || listing.year == null || listing.mileage == null) return null;
  const result = (await options.db.execute(sql`
    select (r).level, (r).estimate_low, (r).estimate_high, (r).comparables
    from (
      select market_price_rate(m, ${listing.price}::int, ${listing.year}::int, ${listing.mileage}::int,
                               ${listing.fuel}::text, ${listing.gearbox}::text, m.sample_count) as r
      from market_price_models m
      where m.brand = ${listing.brand} and m.model = ${listing.model}
    ) x`)) as unknown as {
    rows: { level: number | null; estimate_low: number | null; estimate_high: number | null; comparables: number }[];
  };
  const row = result.rows[0];
  if (!row || row.estimate_low == null || row.estimate_high == null) return null;
  return {
    level: isPriceLevel(row.level) ? row.level : null,
    estimateLow: Number(row.estimate_low),
    estimateHigh: Number(row.estimate_high),
    comparables: Number(row.comparables),
  };
}

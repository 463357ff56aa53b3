import { sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { MIN_COMPARABLES } from "./price-rating";
import type { PriceGuidance } from "./price-guidance";

/**
 * The market estimate of the car a seller describes (brand, model, year, mileage, energy,
 * gearbox), from its model's stored fit through the same SQL function as buyers' ratings
 * (`market_price_log_estimate`, migration 0009): the range is the middle half of the model's
 * prices at that age and mileage, rounded to 50 €. Null when the car is not described enough
 * to estimate (no year or mileage yet); `estimate` null when the model has too few comparables
 * or no fit. A published listing is one of its model's comparables: it is not counted.
 */
export async function priceGuidanceFor(
  db: DbExecutor,
  car: { brand: string; model: string; year: number | null; mileage: number | null; fuel: string | null; gearbox: string | null; status?: string },
): Promise<PriceGuidance | null> {
  if (car.year == null || car.mileage == null) return null;
  const result = (await db.execute(sql`
    select market_price_log_estimate(m, ${car.year}::integer, ${car.mileage}::integer, ${car.fuel}::text, ${car.gearbox}::text) as log_center,
           m.sigma, m.sample_count
    from market_price_models m
    where m.brand = ${car.brand} and m.model = ${car.model}`)) as unknown as {
    rows: { log_center: number | string | null; sigma: number | string | null; sample_count: number | string | null }[];
  };
  const row = result.rows[0];
  const comparables = Math.max(0, Number(row?.sample_count ?? 0) - (car.status === "published" ? 1 : 0));
  const base = { brand: car.brand, model: car.model, year: car.year, mileage: car.mileage, fuel: car.fuel, gearbox: car.gearbox, comparables };
  if (!row || row.log_center == null || row.sigma == null || comparables < MIN_COMPARABLES) return { ...base, estimate: null };
  const logCenter = Number(row.log_center);
  const sigma = Number(row.sigma);
  const round50 = (value: number) => Math.round(value / 50) * 50;
  return {
    ...base,
    estimate: { low: round50(Math.exp(logCenter - 0.6745 * sigma)), high: round50(Math.exp(logCenter + 0.6745 * sigma)), logCenter, sigma },
  };
}

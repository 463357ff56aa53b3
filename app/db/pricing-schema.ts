import { doublePrecision, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The market price model of each brand and model (docs/decisions/0015-market-price-rating.md):
 * log(price) = intercept + ageSlope·age + ageSquare·age² + kmSlope·(km / 10 000)
 *              + fuelEffects[fuel] + gearboxEffects[gearbox],
 * age = referenceYear − year, fitted by robust (Huber) regression on the published listings.
 * The slopes and effects are shared by every model (one market-wide fit with a fixed effect
 * per model); the intercept and the spread (`sigma`, a robust scale of the log residuals) are
 * the model's own. Rows are written by `app/features/pricing` (full batch or the dirty models);
 * the SQL function `market_price_rate` (migration) turns a row and a listing into a rating.
 */
export const marketPriceModels = pgTable(
  "market_price_models",
  {
    brand: text().notNull(),
    model: text().notNull(),
    intercept: doublePrecision().notNull(),
    ageSlope: doublePrecision().notNull(),
    ageSquare: doublePrecision().notNull(),
    kmSlope: doublePrecision().notNull(),
    fuelEffects: jsonb().$type<Record<string, number>>().notNull(),
    gearboxEffects: jsonb().$type<Record<string, number>>().notNull(),
    referenceYear: smallint().notNull(),
    sigma: doublePrecision().notNull(),
    /** Published listings of the model with a price, year and mileage when it was fitted. */
    sampleCount: integer().notNull(),
    computedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.brand, t.model] })],
);

/**
 * Models whose market changed (a listing of theirs was published, changed price or left), to be
 * fitted again. Filled by a trigger on `listings` in the transaction of the change; drained by
 * `refreshDirtyMarketModels` (one row per model however many changes: the queue coalesces).
 */
export const marketPriceDirty = pgTable(
  "market_price_dirty",
  {
    brand: text().notNull(),
    model: text().notNull(),
    markedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.brand, t.model] })],
);

import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listings } from "~/db/schema";
import { isUuid } from "~/db/ids";
import { CHART_POINTS_CAP, isPriceLevel, type ListingPriceRating } from "./price-rating";

/**
 * The stored rating of a published listing, with what the detail page's chart draws: the
 * comparables' prices and mileages (the nearest in year first, at most CHART_POINTS_CAP).
 * Null for an unknown or unpublished listing. Reads what the trigger and the batch stored;
 * nothing is estimated here.
 */
export async function getListingPriceRating(options: {
  db: DbExecutor;
  listingId: string;
}): Promise<ListingPriceRating | null> {
  const { db, listingId } = options;
  if (!isUuid(listingId)) return null;
  const [row] = await db
    .select({
      brand: listings.brand,
      model: listings.model,
      price: listings.price,
      year: listings.year,
      mileage: listings.mileage,
      level: listings.priceLevel,
      low: listings.priceEstimateLow,
      high: listings.priceEstimateHigh,
      comparables: listings.priceComparables,
      ratedAt: listings.priceRatedAt,
    })
    .from(listings)
    .where(and(eq(listings.id, listingId), eq(listings.status, "published")));
  if (!row) return null;
  const points = await db
    .select({ price: listings.price, mileage: listings.mileage, year: listings.year })
    .from(listings)
    .where(
      and(
        eq(listings.status, "published"),
        eq(listings.brand, row.brand),
        eq(listings.model, row.model),
        ne(listings.id, listingId),
        isNotNull(listings.price),
        isNotNull(listings.mileage),
        isNotNull(listings.year),
      ),
    )
    .orderBy(sql`abs(${listings.year} - ${row.year ?? 0})`, listings.id)
    .limit(CHART_POINTS_CAP);
  return {
    level: isPriceLevel(row.level) ? row.level : null,
    estimateLow: row.low,
    estimateHigh: row.high,
    comparables: row.comparables ?? 0,
    ratedAt: row.ratedAt?.toISOString() ?? null,
    self:
      row.price != null && row.mileage != null && row.year != null
        ? { price: row.price, mileage: row.mileage, year: row.year }
        : null,
    points: points.map((p) => ({ price: p.price!, mileage: p.mileage!, year: p.year! })),
  };
}

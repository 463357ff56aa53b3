import { and, between, eq, isNotNull, ne, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listings } from "~/db/schema";
import type { ListingDetail } from "~/features/listings/listing-detail-data";
import { CHART_POINTS_CAP, type ListingPriceRating } from "./price-rating";

/**
 * Comparables drawn on the chart are at most this many years older or newer than the listing:
 * the chart plots price against mileage, where a car ten years apart says little, and the
 * bound keeps the read to a slice of the model (a tested key column of
 * `listings_published_brand_model_idx`) instead of sorting all of a 40 000-listing model.
 */
export const CHART_YEAR_WINDOW = 4;

/**
 * The detail page's rating of a published listing, from the row `getListingDetail` already read
 * (its stored rating: nothing is estimated here), with what the chart draws: the comparables'
 * prices and mileages within CHART_YEAR_WINDOW years, nearest in year first, at most
 * CHART_POINTS_CAP. Null for a listing that is not published.
 */
export async function getListingPriceRating(options: {
  db: DbExecutor;
  listing: Pick<ListingDetail, "id" | "status" | "brand" | "model" | "price" | "year" | "mileage" | "priceRating">;
}): Promise<ListingPriceRating | null> {
  const { db, listing } = options;
  if (listing.status !== "published") return null;
  const { level, estimate, comparables, ratedAt } = listing.priceRating;
  const points =
    listing.year == null
      ? []
      : await db
          .select({ price: listings.price, mileage: listings.mileage, year: listings.year })
          .from(listings)
          .where(
            and(
              eq(listings.status, "published"),
              eq(listings.brand, listing.brand),
              eq(listings.model, listing.model),
              between(listings.year, listing.year - CHART_YEAR_WINDOW, listing.year + CHART_YEAR_WINDOW),
              ne(listings.id, listing.id),
              isNotNull(listings.price),
              isNotNull(listings.mileage),
            ),
          )
          .orderBy(sql`abs(${listings.year} - ${listing.year})`, listings.id)
          .limit(CHART_POINTS_CAP);
  return {
    level,
    estimateLow: estimate?.low ?? null,
    estimateHigh: estimate?.high ?? null,
    comparables,
    ratedAt,
    self:
      listing.price != null && listing.mileage != null && listing.year != null
        ? { price: listing.price, mileage: listing.mileage, year: listing.year }
        : null,
    points: points.map((p) => ({ price: p.price!, mileage: p.mileage!, year: p.year! })),
  };
}

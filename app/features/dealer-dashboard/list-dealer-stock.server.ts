import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listingCounters, listingPhotos, listings } from "~/db/schema";
import { photoUrls } from "~/features/listings/listing-cards.server";
import { isPriceLevel } from "~/features/pricing/price-rating";
import { requireVerifiedPro } from "~/features/stock-import/stock-import-access.server";
import type { Storage } from "~/server/storage.server";
import { STATS_DAY } from "./daily-stats.server";
import { STOCK_PAGE_SIZE, type StockQuery, type StockRow, type StockTableData } from "./stock-table-data";

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * 'Mon stock': one page of the dealer's listings (every status), filtered by status, by words
 * of the brand, model or reference, and by the search's main filters (brand, energy, maximum
 * price, minimum year), sorted, with the first photo, the price rating and
 * the last 30 days' figures (from `listing_daily_stats`, ≤ 30 rows per listing of the page).
 */
export async function listDealerStock(options: {
  db: DbExecutor;
  storage: Storage;
  userId: string | null | undefined;
  query: StockQuery;
}): Promise<StockTableData> {
  const pro = await requireVerifiedPro(options.db, options.userId);
  const { db, query } = options;
  const conditions: SQL[] = [eq(listings.ownerId, pro.userId)];
  if (query.status !== "all") conditions.push(eq(listings.status, query.status));
  // The search's main filters, on the dealer's own listings only (the owner condition above).
  if (query.brand) conditions.push(eq(listings.brand, query.brand));
  if (query.energy) conditions.push(eq(listings.fuel, query.energy));
  if (query.maxPrice) conditions.push(lte(listings.price, query.maxPrice));
  if (query.minYear) conditions.push(gte(listings.year, query.minYear));
  for (const word of query.q.split(/\s+/).filter(Boolean).slice(0, 5)) {
    const pattern = `%${escapeLike(word)}%`;
    conditions.push(
      or(ilike(listings.brand, pattern), ilike(listings.model, pattern), ilike(listings.stockReference, pattern))!,
    );
  }
  const where = and(...conditions);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(listings).where(where);
  const pageCount = Math.max(1, Math.ceil(total / STOCK_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const order =
    query.sort === "price_asc"
      ? [sql`${listings.price} asc nulls last`, desc(listings.id)]
      : query.sort === "price_desc"
        ? [sql`${listings.price} desc nulls last`, desc(listings.id)]
        : query.sort === "views"
          ? [sql`coalesce(${listingCounters.viewCount}, 0) desc`, desc(listings.updatedAt), desc(listings.id)]
          : [desc(listings.updatedAt), desc(listings.id)];
  const rows = await db
    .select({
      id: listings.id,
      reference: listings.stockReference,
      brand: listings.brand,
      model: listings.model,
      year: listings.year,
      mileage: listings.mileage,
      price: listings.price,
      status: listings.status,
      priceLevel: listings.priceLevel,
    })
    .from(listings)
    .leftJoin(listingCounters, eq(listingCounters.listingId, listings.id))
    .where(where)
    .orderBy(...order)
    .limit(STOCK_PAGE_SIZE)
    .offset((page - 1) * STOCK_PAGE_SIZE);
  const ids = rows.map((row) => row.id);
  const [photos, figures] = ids.length
    ? await Promise.all([
        db
          .selectDistinctOn([listingPhotos.listingId], {
            listingId: listingPhotos.listingId,
            storageKey: listingPhotos.storageKey,
            variantWidths: listingPhotos.variantWidths,
          })
          .from(listingPhotos)
          .where(inArray(listingPhotos.listingId, ids))
          .orderBy(listingPhotos.listingId, asc(listingPhotos.position)),
        db.execute(sql`
          select listing_id, sum(views)::int as views, sum(phone_reveals)::int as phone_reveals, sum(messages)::int as messages
          from listing_daily_stats
          where listing_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}) and day > ${STATS_DAY} - 30
          group by listing_id`) as unknown as Promise<{
          rows: { listing_id: string; views: number; phone_reveals: number; messages: number }[];
        }>,
      ])
    : [[], { rows: [] }];
  const photoOf = new Map(photos.map((photo) => [photo.listingId, photo]));
  const figuresOf = new Map(figures.rows.map((row) => [row.listing_id, row]));
  const result: StockRow[] = rows.map((row) => {
    const photo = photoOf.get(row.id);
    const figure = figuresOf.get(row.id);
    const smallest = photo ? { ...photo, variantWidths: photo.variantWidths.slice(0, 1) } : null;
    return {
      id: row.id,
      reference: row.reference,
      title: `${row.brand} ${row.model}`,
      year: row.year,
      mileage: row.mileage,
      price: row.price,
      status: row.status,
      priceLevel: isPriceLevel(row.priceLevel) ? row.priceLevel : null,
      photo: smallest ? photoUrls(options.storage, smallest, row.status) : null,
      views30: Number(figure?.views ?? 0),
      phoneReveals30: Number(figure?.phone_reveals ?? 0),
      messages30: Number(figure?.messages ?? 0),
    };
  });
  return { query: { ...query, page }, rows: result, total, page, pageCount };
}

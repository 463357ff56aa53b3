import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listings } from "~/db/schema";
import type { ListingCardData } from "~/features/listings/listing-card-data";
import { cardColumns, withPhotos } from "~/features/listings/listing-cards.server";
import type { Storage } from "~/server/storage.server";

/** How many cards 'Annonces similaires' shows (issue 36). */
export const SIMILAR_LISTINGS = 6;

/**
 * Candidates read from the index before the seller's own are set aside: a seller would need
 * more than this many of the nearest listings of one model for the section to come out short
 * (it is then filled by the segment and price band, like a rare model).
 */
const CANDIDATES = 60;

/**
 * The nearest are taken among the model's newest this many: bounded work for a model with tens
 * of thousands of listings, and the newest are the likeliest still for sale.
 */
const RECENT_OF_MODEL = 2000;

/** The price band of the fallback: ± 25 % of the listing's price. */
const PRICE_BAND = 0.25;

export interface SimilarTo {
  /** The listing itself (never shown) — absent on the page of a removed listing. */
  listingId: string;
  /** The seller: none of its own listings is suggested. */
  ownerId: string;
  brand: string;
  model: string;
  vehicleType: string | null;
  price: number | null;
  latitude: number | null;
  longitude: number | null;
}

/** What the similar listings of a listing row are chosen from (the listing page, the 410 pages). */
export function similarTo(listing: {
  id: string;
  ownerId: string;
  brand: string;
  model: string;
  vehicleType: string | null;
  price: number | null;
  latitude: number | null;
  longitude: number | null;
}): SimilarTo {
  const { id, ownerId, brand, model, vehicleType, price, latitude, longitude } = listing;
  return { listingId: id, ownerId, brand, model, vehicleType, price, latitude, longitude };
}

/**
 * 'Annonces similaires' (issue 36): up to 6 published listings of the same model, nearest first
 * (from the visitor's place when known, else from the car's own), the seller's own excluded;
 * when the model has fewer, the same segment (body type) in a ± 25 % price band, closest price
 * first. Index-only reads: the model's 2 000 newest entries of `listings_published_brand_model_idx`
 * (which carries the coordinates), and two walks of `listings_published_price_idx` from the price
 * outwards for the band (decision 0041).
 */
export async function findSimilarListings(options: {
  db: DbExecutor;
  storage: Storage;
  to: SimilarTo;
  /** The visitor's place (their search's postal code), when known. */
  near?: { latitude: number; longitude: number } | null;
}): Promise<ListingCardData[]> {
  const { db, to } = options;
  const origin = options.near ?? (to.latitude !== null && to.longitude !== null ? { latitude: to.latitude, longitude: to.longitude } : null);

  const sameModel = await nearestOfModel(db, to, origin);
  let rows = sameModel;
  if (rows.length < SIMILAR_LISTINGS && to.vehicleType && to.price !== null) {
    const band = await closestInBand(db, to, SIMILAR_LISTINGS - rows.length);
    rows = [...rows, ...band];
  }
  return withPhotos({ db, storage: options.storage, rows });
}

type CardRow = Parameters<typeof withPhotos>[0]["rows"][number];

async function nearestOfModel(db: DbExecutor, to: SimilarTo, origin: { latitude: number; longitude: number } | null): Promise<CardRow[]> {
  // Squared equirectangular distance: orders like the great-circle distance at these scales,
  // computed from the index's own columns. Listings without a place come last.
  // The model's newest entries, in the index's own order (a popular model has 30 000 listings at
  // 1 M: sorting them all by distance cost 11 ms), then the nearest of those.
  const recent = db
    .select({ id: listings.id, latitude: listings.latitude, longitude: listings.longitude, publishedAt: listings.publishedAt })
    .from(listings)
    .where(and(eq(listings.status, "published"), eq(listings.brand, to.brand), eq(listings.model, to.model), ne(listings.id, to.listingId)))
    .orderBy(sql`${listings.publishedAt} desc nulls last`, sql`${listings.id} desc nulls last`)
    .limit(RECENT_OF_MODEL)
    .as("recent");
  const distance = origin
    ? sql`(power(${recent.latitude} - ${origin.latitude}, 2) + power((${recent.longitude} - ${origin.longitude}) * ${Math.cos((origin.latitude * Math.PI) / 180)}, 2))`
    : sql`0`;
  const candidates = db
    .select({ id: recent.id, distance: distance.as("distance"), publishedAt: recent.publishedAt })
    .from(recent)
    .orderBy(sql`distance asc nulls last`, sql`${recent.publishedAt} desc nulls last`)
    .limit(CANDIDATES)
    .as("candidates");
  const rows = await db
    .select(cardColumns)
    .from(candidates)
    .innerJoin(listings, eq(listings.id, candidates.id))
    .where(ne(listings.ownerId, to.ownerId))
    .orderBy(sql`${candidates.distance} asc nulls last`, sql`${candidates.publishedAt} desc nulls last`)
    .limit(SIMILAR_LISTINGS);
  return rows;
}

async function closestInBand(db: DbExecutor, to: SimilarTo, wanted: number): Promise<CardRow[]> {
  const price = to.price!;
  const low = Math.floor(price * (1 - PRICE_BAND));
  const high = Math.ceil(price * (1 + PRICE_BAND));
  const base = and(
    eq(listings.status, "published"),
    eq(listings.vehicleType, to.vehicleType!),
    ne(listings.id, to.listingId),
    // Already offered by the same-model part.
    sql`not (${listings.brand} = ${to.brand} and ${listings.model} = ${to.model})`,
  );
  const up = db
    .select({ id: listings.id, price: listings.price })
    .from(listings)
    .where(and(base, sql`${listings.price} >= ${price}`, sql`${listings.price} <= ${high}`))
    .orderBy(sql`${listings.price} asc`, sql`${listings.id} asc`)
    .limit(CANDIDATES);
  const down = db
    .select({ id: listings.id, price: listings.price })
    .from(listings)
    .where(and(base, sql`${listings.price} < ${price}`, sql`${listings.price} >= ${low}`))
    .orderBy(sql`${listings.price} desc`, sql`${listings.id} desc`)
    .limit(CANDIDATES);
  const found = [...(await up), ...(await down)];
  if (found.length === 0) return [];
  const closest = found.sort((a, b) => Math.abs((a.price ?? 0) - price) - Math.abs((b.price ?? 0) - price));
  const rows = await db
    .select({ ...cardColumns, ownerId: listings.ownerId })
    .from(listings)
    .where(inArray(listings.id, closest.map((c) => c.id)));
  const byId = new Map(rows.filter((r) => r.ownerId !== to.ownerId).map((r) => [r.id, r]));
  const picked: CardRow[] = [];
  for (const candidate of closest) {
    const row = byId.get(candidate.id);
    if (!row) continue;
    const { ownerId: _owner, ...card } = row;
    picked.push(card);
    if (picked.length === wanted) break;
  }
  return picked;
}

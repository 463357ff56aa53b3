import { and, eq, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { isUuid } from "~/db/ids";
import { listings } from "~/db/schema";
import { cardColumns, withPhotos } from "~/features/listings/listing-cards.server";
import type { Storage } from "~/server/storage.server";
import type { SearchFilters } from "./search-params";
import type { MapCard, MapPoint, MapPointsResult } from "./search-types";
import { ORDER_BY, resolveArea, safeFilters, searchWhere } from "./search-where.server";
import { firstMatching, textMatches } from "./text-match.server";
import { refreshEquipmentShares } from "./equipment-shares.server";

/** The map receives at most this many markers (the newest), as compact tuples. */
export const MAP_POINTS_CAP = 5_000;

/**
 * Every matching listing that has coordinates, for the map (not one page): the newest
 * MAP_POINTS_CAP as `[id, lat, lon, price]`, coordinates rounded to ~1 m to keep JSON small.
 */
export async function searchMapPoints(options: { db: DbExecutor; filters: SearchFilters }): Promise<MapPointsResult> {
  const { db } = options;
  const filters = safeFilters(options.filters);
  refreshEquipmentShares(db, filters);
  const resolved = await resolveArea(db, filters);
  if (!resolved.ok) return { points: [], truncated: false, errors: resolved.errors };
  const rows = await firstMatching(
    await textMatches(db, filters),
    (text) =>
      db
        .select({ id: listings.id, latitude: listings.latitude, longitude: listings.longitude, price: listings.price })
        .from(listings)
        .where(
          and(
            searchWhere(filters, resolved.area, "band", text),
            sql`${listings.latitude} is not null`,
            sql`${listings.longitude} is not null`,
          ),
        )
        .orderBy(...ORDER_BY.recent)
        .limit(MAP_POINTS_CAP + 1),
    (found) => found.length > 0,
  );
  const round = (n: number) => Math.round(n * 1e5) / 1e5;
  const points: MapPoint[] = rows
    .slice(0, MAP_POINTS_CAP)
    .map((r) => [r.id, round(r.latitude ?? 0), round(r.longitude ?? 0), r.price]);
  return {
    points,
    truncated: rows.length > MAP_POINTS_CAP,
    ...(resolved.area ? { center: resolved.area.center } : {}),
    errors: [],
  };
}

/** The info card of a map marker; null for an unknown, malformed or unpublished id. */
export async function getMapCard(options: { db: DbExecutor; storage: Storage; id: string }): Promise<MapCard | null> {
  const { db, storage, id } = options;
  // A malformed id would make PostgreSQL raise "invalid input syntax for type uuid" (a 500).
  if (!isUuid(id)) return null;
  const rows = await db
    .select(cardColumns)
    .from(listings)
    .where(and(eq(listings.id, id), eq(listings.status, "published")))
    .limit(1);
  const [card] = await withPhotos({ db, storage, rows });
  if (!card) return null;
  return {
    id: card.id,
    brand: card.brand,
    model: card.model,
    price: card.price,
    city: card.city,
    postalCode: card.postalCode,
    photo: card.photos[0] ?? null,
    priceLevel: card.priceLevel ?? null,
  };
}

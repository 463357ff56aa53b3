import { randomBytes } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { savedSearches } from "~/db/schema";
import { locatePostalCode } from "~/features/places/places.server";
import { boundingBox, textWords } from "~/features/search/search-where.server";
import { DEFAULT_RADIUS_KM } from "~/features/search/search-params";
import { AppError } from "~/server/app-error";
import {
  MAX_SAVED_SEARCHES,
  parseSavedSearchQuery,
  proposeSearchName,
  SAVED_SEARCH_MESSAGES,
  searchMatchKeys,
  type SavedFilters,
} from "./saved-search-filters";
import { cleanSearchName } from "./manage-saved-searches.server";

export function requireSignedIn(userId: string | null | undefined): string {
  if (!userId) throw new AppError("unauthenticated", SAVED_SEARCH_MESSAGES.signedOut);
  return userId;
}

/** The typed columns of a saved search: NULL is 'Tous'; the radius centre resolved now. */
async function filterColumns(db: Database, filters: SavedFilters) {
  let location = {};
  if (filters.postalCode) {
    const center = await locatePostalCode({ db, postalCode: filters.postalCode, city: filters.city });
    if (!center) {
      throw new AppError("invalid", `Le code postal ${filters.postalCode} est introuvable : la recherche ne peut pas être sauvegardée.`);
    }
    const radiusKm = filters.radius ?? DEFAULT_RADIUS_KM;
    const box = boundingBox({ center, radiusKm });
    location = {
      postalCode: filters.postalCode,
      radiusKm,
      latitude: center.latitude,
      longitude: center.longitude,
      minLatitude: box.minLat,
      maxLatitude: box.maxLat,
      minLongitude: box.minLon,
      maxLongitude: box.maxLon,
    };
  }
  return {
    brand: filters.brand ?? null,
    model: filters.model ?? null,
    brands: filters.brands?.length ? filters.brands : null,
    models: filters.models?.length ? filters.models : null,
    energies: filters.energies?.length ? filters.energies : null,
    vehicleType: filters.vehicleType ?? null,
    fuel: filters.fuel ?? null,
    gearbox: filters.gearbox ?? null,
    color: filters.color ?? null,
    priceMin: filters.priceMin ?? null,
    priceMax: filters.priceMax ?? null,
    yearMin: filters.yearMin ?? null,
    yearMax: filters.yearMax ?? null,
    mileageMax: filters.mileageMax ?? null,
    textQuery: textWords(filters.q) || null,
    goodDeals: filters.goodDeals ?? false,
    ...location,
    matchKeys: searchMatchKeys(filters),
  };
}

/**
 * 'Sauvegarder la recherche': the filters of a /recherche query string, canonicalised, under
 * the given (or proposed) name. The same filters saved again return the existing search
 * (renamed if a new name was given); at most 20 per account, checked under a lock on the
 * account's searches so two concurrent saves cannot make 21.
 */
export async function saveSearch(options: {
  db: Database;
  userId: string | null | undefined;
  query: unknown;
  name?: unknown;
}): Promise<{ id: string; name: string; created: boolean }> {
  const userId = requireSignedIn(options.userId);
  const parsed = parseSavedSearchQuery(typeof options.query === "string" ? options.query : "");
  if (!parsed.ok) throw new AppError("invalid", parsed.error, { fieldErrors: { query: parsed.error } });
  const name =
    options.name === undefined || options.name === null || options.name === ""
      ? proposeSearchName(parsed.filters)
      : cleanSearchName(options.name);
  const columns = await filterColumns(options.db, parsed.filters);
  return options.db.transaction(async (tx) => {
    // Serialises this account's saves (the limit), whatever the engine.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved-searches:${userId}`}))`);
    const [existing] = await tx
      .select({ id: savedSearches.id })
      .from(savedSearches)
      .where(and(eq(savedSearches.userId, userId), eq(savedSearches.query, parsed.query)));
    if (existing) {
      if (options.name) await tx.update(savedSearches).set({ name }).where(eq(savedSearches.id, existing.id));
      const [row] = await tx.select({ name: savedSearches.name }).from(savedSearches).where(eq(savedSearches.id, existing.id));
      return { id: existing.id, name: row?.name ?? name, created: false };
    }
    const [counted] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
    if (Number(counted?.n ?? 0) >= MAX_SAVED_SEARCHES) throw new AppError("conflict", SAVED_SEARCH_MESSAGES.limit);
    const [row] = await tx
      .insert(savedSearches)
      .values({
        userId,
        name,
        query: parsed.query,
        ...columns,
        unsubscribeToken: randomBytes(24).toString("base64url"),
      })
      .returning({ id: savedSearches.id });
    return { id: row!.id, name, created: true };
  });
}

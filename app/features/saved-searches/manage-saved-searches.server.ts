import { EQUIPMENT_LABELS } from "~/features/catalogue/equipment";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { isUuid } from "~/db/ids";
import { ALERT_FREQUENCIES, savedSearches, type AlertFrequency } from "~/db/schema";
import { requireUserId } from "~/features/publish/listing-access.server";
import { countSearchMatches } from "~/features/search/count-search-matches.server";
import { AppError } from "~/server/app-error";
import {
  MAX_SAVED_SEARCH_NAME,
  SAVED_SEARCH_MESSAGES,
  savedFilters,
  savedSearchBadges,
} from "./saved-search-filters";

/**
 * 'Mes recherches': every use case takes the acting user's id and only ever reads or
 * changes rows of that user (the id is part of every WHERE): someone else's saved search
 * answers "introuvable", exactly like one that does not exist.
 */

const signedIn = (userId: string | null | undefined) => requireUserId(userId, SAVED_SEARCH_MESSAGES.signedOutManage);

/** The name as stored; empty or too long is `invalid` with the message as the `name` field's error (the form shows it there). */
export function cleanSearchName(raw: unknown): string {
  const name = typeof raw === "string" ? raw.replace(/\p{Cc}/gu, " ").replace(/\s+/g, " ").trim() : "";
  if (!name) throw new AppError("invalid", SAVED_SEARCH_MESSAGES.nameRequired, { fieldErrors: { name: SAVED_SEARCH_MESSAGES.nameRequired } });
  if (name.length > MAX_SAVED_SEARCH_NAME) {
    throw new AppError("invalid", SAVED_SEARCH_MESSAGES.nameTooLong, { fieldErrors: { name: SAVED_SEARCH_MESSAGES.nameTooLong } });
  }
  return name;
}

async function ownedSearch(db: DbExecutor, userId: string, id: unknown) {
  if (typeof id !== "string" || !isUuid(id)) throw new AppError("not_found", SAVED_SEARCH_MESSAGES.notFound);
  const [row] = await db
    .select({ id: savedSearches.id, query: savedSearches.query })
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
  if (!row) throw new AppError("not_found", SAVED_SEARCH_MESSAGES.notFound);
  return row;
}

export interface SavedSearchItem {
  id: string;
  name: string;
  query: string;
  badges: { key: string; label: string }[];
  frequency: AlertFrequency;
  matchCount: number;
  matchCountCapped: boolean;
  newCount: number;
}

export async function listSavedSearches(options: { db: DbExecutor; userId: string | null | undefined }): Promise<SavedSearchItem[]> {
  const userId = signedIn(options.userId);
  const rows = await options.db
    .select({
      id: savedSearches.id,
      name: savedSearches.name,
      query: savedSearches.query,
      frequency: savedSearches.frequency,
      lastSeenAt: savedSearches.lastSeenAt,
      latitude: savedSearches.latitude,
      longitude: savedSearches.longitude,
      radiusKm: savedSearches.radiusKm,
    })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
  const searches = rows.map((row) => ({
    row,
    filters: savedFilters(row.query),
    // The circle stored when the search was saved (the search's own resolution): no place lookup here.
    area:
      row.latitude !== null && row.longitude !== null && row.radiusKm !== null
        ? { center: { latitude: row.latitude, longitude: row.longitude }, radiusKm: row.radiusKm }
        : undefined,
  }));
  const counts = await countSearchMatches({
    db: options.db,
    searches: searches.map(({ row, filters, area }) => ({ filters, area, publishedAfter: row.lastSeenAt })),
  });
  return searches.map(({ row, filters }, i) => ({
    id: row.id,
    name: row.name,
    query: row.query,
    badges: savedSearchBadges(filters, EQUIPMENT_LABELS),
    frequency: row.frequency,
    matchCount: counts[i]!.count,
    matchCountCapped: counts[i]!.capped,
    newCount: counts[i]!.newCount,
  }));
}

export async function renameSavedSearch(options: {
  db: Database;
  userId: string | null | undefined;
  id: unknown;
  name: unknown;
}): Promise<{ id: string; name: string }> {
  const userId = signedIn(options.userId);
  const name = cleanSearchName(options.name);
  const row = await ownedSearch(options.db, userId, options.id);
  await options.db.update(savedSearches).set({ name }).where(and(eq(savedSearches.id, row.id), eq(savedSearches.userId, userId)));
  return { id: row.id, name };
}

export async function setAlertFrequency(options: {
  db: Database;
  userId: string | null | undefined;
  id: unknown;
  frequency: unknown;
}): Promise<{ id: string; frequency: AlertFrequency }> {
  const userId = signedIn(options.userId);
  const frequency = ALERT_FREQUENCIES.find((f) => f === options.frequency);
  if (!frequency) throw new AppError("invalid", SAVED_SEARCH_MESSAGES.badFrequency);
  const row = await ownedSearch(options.db, userId, options.id);
  await options.db.update(savedSearches).set({ frequency }).where(and(eq(savedSearches.id, row.id), eq(savedSearches.userId, userId)));
  return { id: row.id, frequency };
}

export async function deleteSavedSearch(options: { db: Database; userId: string | null | undefined; id: unknown }): Promise<{ id: string }> {
  const userId = signedIn(options.userId);
  const row = await ownedSearch(options.db, userId, options.id);
  await options.db.delete(savedSearches).where(and(eq(savedSearches.id, row.id), eq(savedSearches.userId, userId)));
  return { id: row.id };
}

/** 'Voir les résultats': everything published until now counts as seen; `url` is the /recherche to open. */
export async function openSavedSearch(options: {
  db: Database;
  userId: string | null | undefined;
  id: unknown;
}): Promise<{ id: string; url: string }> {
  const userId = signedIn(options.userId);
  const row = await ownedSearch(options.db, userId, options.id);
  await options.db
    .update(savedSearches)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(savedSearches.id, row.id), eq(savedSearches.userId, userId)));
  return { id: row.id, url: row.query ? `/recherche?${row.query}` : "/recherche" };
}

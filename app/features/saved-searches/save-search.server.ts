import { EQUIPMENT_LABELS, isEquipmentSlug } from "~/features/catalogue/equipment";
import { randomBytes } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { savedSearches } from "~/db/schema";
import { requireUserId } from "~/features/publish/listing-access.server";
import { resolveArea } from "~/features/search/search-where.server";
import { AppError } from "~/server/app-error";
import { cleanSearchName } from "./manage-saved-searches.server";
import { savedSearchColumns } from "./saved-search-columns.server";
import { MAX_SAVED_SEARCHES, parseSavedSearchQuery, proposeSearchName, SAVED_SEARCH_MESSAGES } from "./saved-search-filters";

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
  const userId = requireUserId(options.userId, SAVED_SEARCH_MESSAGES.signedOut);
  const parsed = parseSavedSearchQuery(typeof options.query === "string" ? options.query : "");
  if (!parsed.ok) throw new AppError("invalid", parsed.error, { fieldErrors: { query: parsed.error } });
  // The browser's parse checks the equipment's form only (decision 0043): the vocabulary here.
  const unknown = parsed.filters.equipment?.find((slug) => !isEquipmentSlug(slug));
  if (unknown) {
    const message = `Équipement inconnu : « ${unknown} ».`;
    throw new AppError("invalid", message, { fieldErrors: { query: message } });
  }
  const name =
    options.name === undefined || options.name === null || options.name === ""
      ? proposeSearchName(parsed.filters, EQUIPMENT_LABELS)
      : cleanSearchName(options.name);
  // The circle /recherche itself would draw (centre from the reference table, radius on the slider's scale).
  const resolved = await resolveArea(options.db, parsed.filters);
  if (!resolved.ok) {
    throw new AppError("invalid", `Le code postal ${parsed.filters.postalCode} est introuvable : la recherche ne peut pas être sauvegardée.`);
  }
  const columns = savedSearchColumns(parsed.filters, resolved.area);
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

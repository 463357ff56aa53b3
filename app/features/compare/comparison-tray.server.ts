import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { isUuid } from "~/db/ids";
import { comparisonItems, listings, user } from "~/db/schema";
import { AppError } from "~/server/app-error";
import { COMPARE_FULL_MESSAGE, COMPARE_LIMIT, COMPARE_UNAVAILABLE_MESSAGE, parseCompareIds } from "./compare-ids";

/**
 * The comparison tray of a signed-in user, kept on the server (issue 14). Every function acts on
 * the acting user's own tray only: there is no way to name another user's. Only published
 * listings can be added; a listing that leaves afterwards stays until it is removed (the
 * comparison page drops it with a message), and goes with its row when it is deleted for good.
 */
export interface ComparisonTray {
  listingIds: string[];
}

function requireSignedIn(userId: string | null | undefined): string {
  if (!userId) throw new AppError("unauthenticated", "Veuillez vous connecter pour garder votre comparaison sur votre compte.");
  return userId;
}

async function trayIds(db: DbExecutor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ listingId: comparisonItems.listingId })
    .from(comparisonItems)
    .where(eq(comparisonItems.userId, userId))
    .orderBy(asc(comparisonItems.createdAt), asc(comparisonItems.listingId));
  return rows.map((r) => r.listingId);
}

export async function getComparisonTray(options: { db: DbExecutor; userId: string | null | undefined }): Promise<ComparisonTray> {
  return { listingIds: await trayIds(options.db, requireSignedIn(options.userId)) };
}

/**
 * Adds listings (in order) to the tray, published ones only, up to the limit. Serialised per
 * user (the user row is locked), so two tabs adding at once cannot pass the limit.
 */
async function addMany(
  db: Database,
  userId: string,
  wanted: string[],
): Promise<{ tray: ComparisonTray; added: string[]; refused: { full: string[]; unavailable: string[] } }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
    const current = await trayIds(tx, userId);
    const candidates = wanted.filter((id) => !current.includes(id));
    const published = candidates.length
      ? new Set(
          (
            await tx
              .select({ id: listings.id })
              .from(listings)
              .where(and(inArray(listings.id, candidates), eq(listings.status, "published")))
          ).map((r) => r.id),
        )
      : new Set<string>();
    const added: string[] = [];
    const full: string[] = [];
    const unavailable: string[] = [];
    for (const id of candidates) {
      if (!published.has(id)) unavailable.push(id);
      else if (current.length + added.length >= COMPARE_LIMIT) full.push(id);
      else added.push(id);
    }
    // Distinct timestamps keep the order in which they were added.
    for (const [i, listingId] of added.entries()) {
      await tx
        .insert(comparisonItems)
        .values({ userId, listingId, createdAt: sql`now() + ${i} * interval '1 millisecond'` })
        .onConflictDoNothing();
    }
    return { tray: { listingIds: [...current, ...added] }, added, refused: { full, unavailable } };
  });
}

/**
 * 'Comparer' on a card, the detail page or /wishlists. A fifth listing is refused (409, French);
 * anything not published is 404 with the same message as an unknown id.
 */
export async function addToComparison(options: {
  db: Database;
  userId: string | null | undefined;
  listingId: unknown;
}): Promise<ComparisonTray> {
  const userId = requireSignedIn(options.userId);
  if (!isUuid(options.listingId)) throw new AppError("not_found", COMPARE_UNAVAILABLE_MESSAGE);
  const result = await addMany(options.db, userId, [options.listingId.toLowerCase()]);
  // Unknown and unpublished (pending, sold, deleted…) look the same from outside, even to the
  // seller: a private listing's existence is not told to whoever guesses its id.
  if (result.refused.unavailable.length) throw new AppError("not_found", COMPARE_UNAVAILABLE_MESSAGE);
  if (result.refused.full.length) throw new AppError("conflict", COMPARE_FULL_MESSAGE, { code: "comparison_full" });
  return result.tray;
}

export async function removeFromComparison(options: {
  db: Database;
  userId: string | null | undefined;
  listingId: unknown;
}): Promise<ComparisonTray> {
  const userId = requireSignedIn(options.userId);
  if (isUuid(options.listingId)) {
    await options.db
      .delete(comparisonItems)
      .where(and(eq(comparisonItems.userId, userId), eq(comparisonItems.listingId, options.listingId.toLowerCase())));
  }
  return { listingIds: await trayIds(options.db, userId) };
}

export async function clearComparison(options: { db: Database; userId: string | null | undefined }): Promise<ComparisonTray> {
  const userId = requireSignedIn(options.userId);
  await options.db.delete(comparisonItems).where(eq(comparisonItems.userId, userId));
  return { listingIds: [] };
}

/**
 * At sign-in, the visitor's tray (kept in the browser) joins the account's: the account's
 * listings first, then the browser's published ones while there is room. Returns how many were
 * left out, so the page can say so.
 */
export async function mergeComparison(options: {
  db: Database;
  userId: string | null | undefined;
  listingIds: unknown;
}): Promise<ComparisonTray & { leftOut: number }> {
  const userId = requireSignedIn(options.userId);
  const wanted = parseCompareIds(Array.isArray(options.listingIds) ? options.listingIds : [], COMPARE_LIMIT * 4).ids;
  const result = await addMany(options.db, userId, wanted);
  return { ...result.tray, leftOut: result.refused.full.length + result.refused.unavailable.length };
}

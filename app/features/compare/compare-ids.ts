import { isUuid } from "~/db/ids";

/** How many listings can be compared side by side (issue 14). */
export const COMPARE_LIMIT = 4;

export const COMPARE_FULL_MESSAGE = `Vous comparez déjà ${COMPARE_LIMIT} annonces, le maximum. Retirez-en une pour en ajouter une autre.`;
export const COMPARE_UNAVAILABLE_MESSAGE = "Cette annonce n'est plus disponible : elle ne peut pas être comparée.";

/**
 * The listing ids of a `/comparer?ids=…` value or of a stored tray: UUIDs only, each once, in
 * their order, at most `limit`. Anything else (a 10 KB string, SQL, commas only) gives fewer ids.
 */
export function parseCompareIds(value: string | readonly unknown[] | null | undefined, limit = COMPARE_LIMIT * 4): string[] {
  const parts = typeof value === "string" ? value.slice(0, 2_000).split(",") : (value ?? []);
  const ids: string[] = [];
  for (const part of parts) {
    const id = typeof part === "string" ? part.trim().toLowerCase() : "";
    if (isUuid(id) && !ids.includes(id)) ids.push(id);
    if (ids.length >= limit) break;
  }
  return ids;
}

/** The comparison page of these listings. */
export function comparePath(ids: readonly string[]): string {
  return ids.length ? `/comparer?ids=${ids.join(",")}` : "/comparer";
}

import { isUuid } from "~/db/ids";

/** How many listings can be compared side by side (issue 14). */
export const COMPARE_LIMIT = 4;

export const COMPARE_FULL_MESSAGE = `Vous comparez déjà ${COMPARE_LIMIT} annonces, le maximum. Retirez-en une pour en ajouter une autre.`;
/**
 * One answer (404) for an unknown id and for a listing that is not published (pending, sold,
 * deleted…): a different status or message would tell who asks that a private listing exists.
 */
export const COMPARE_UNAVAILABLE_MESSAGE = "Cette annonce n'existe pas ou n'est plus en ligne : elle ne peut pas être comparée.";

/**
 * The listing ids of a `/comparer?ids=…` value or of a stored tray: UUIDs only, each once, in
 * their order, at most `limit`; `malformed` counts the parts that are not a listing id at all
 * (a 10 KB string, SQL, a truncated link), so the page can say so. Empty parts (commas only)
 * are not counted.
 */
export function parseCompareIds(
  value: string | readonly unknown[] | null | undefined,
  limit = COMPARE_LIMIT * 4,
): { ids: string[]; malformed: number } {
  const parts = typeof value === "string" ? value.slice(0, 2_000).split(",") : (value ?? []);
  const ids: string[] = [];
  let malformed = 0;
  for (const part of parts) {
    const id = typeof part === "string" ? part.trim().toLowerCase() : "";
    if (isUuid(id)) {
      if (ids.length < limit && !ids.includes(id)) ids.push(id);
    } else if (id !== "" || typeof part !== "string") malformed++;
  }
  return { ids, malformed };
}

/** The comparison page of these listings. */
export function comparePath(ids: readonly string[]): string {
  return ids.length ? `/comparer?ids=${ids.join(",")}` : "/comparer";
}

import { RECENTLY_VIEWED_LIMIT } from "./recently-viewed-limits";

export { RECENTLY_VIEWED_LIMIT };

/** A listing id (as ~/db/ids, not imported: this module is loaded on its own after hydration). */
const LISTING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One remembered view: the listing and when it was opened (ms since the epoch). */
export interface RecentView {
  id: string;
  at: number;
}

/**
 * Views as stored in a browser or sent by one: valid ids only (lower-cased), the latest view of
 * each listing, newest first, at most RECENTLY_VIEWED_LIMIT. Anything else is dropped: the list
 * is the browser's own and can be edited by hand.
 */
export function parseRecentViews(value: unknown): RecentView[] {
  if (!Array.isArray(value)) return [];
  const latest = new Map<string, number>();
  for (const item of value.slice(0, RECENTLY_VIEWED_LIMIT * 4)) {
    if (!item || typeof item !== "object") continue;
    const { id, at } = item as { id?: unknown; at?: unknown };
    if (typeof id !== "string" || !LISTING_ID.test(id) || typeof at !== "number" || !Number.isFinite(at) || at <= 0)
      continue;
    const key = id.toLowerCase();
    latest.set(key, Math.max(latest.get(key) ?? 0, at));
  }
  return [...latest]
    .map(([id, at]) => ({ id, at }))
    .sort((a, b) => b.at - a.at)
    .slice(0, RECENTLY_VIEWED_LIMIT);
}

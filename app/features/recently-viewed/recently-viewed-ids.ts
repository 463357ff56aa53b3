import { isUuid } from "~/db/ids";

/** 'Vus récemment' (issue 36): how many listings are remembered, per browser or per account. */
export const RECENTLY_VIEWED_LIMIT = 12;

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
    if (!isUuid(id) || typeof at !== "number" || !Number.isFinite(at) || at <= 0) continue;
    const key = id.toLowerCase();
    latest.set(key, Math.max(latest.get(key) ?? 0, at));
  }
  return [...latest]
    .map(([id, at]) => ({ id, at }))
    .sort((a, b) => b.at - a.at)
    .slice(0, RECENTLY_VIEWED_LIMIT);
}

/** A view added to a list: first, without its earlier occurrence, trimmed to the limit. */
export function withRecentView(views: RecentView[], id: string, at: number): RecentView[] {
  return parseRecentViews([{ id, at }, ...views]);
}

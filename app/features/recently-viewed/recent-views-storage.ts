import { parseRecentViews, type RecentView } from "./recently-viewed-ids";
import { VISITOR_RECENT_KEY } from "./recently-viewed-limits";

/**
 * 'Vus récemment' (issue 36) in the browser: a visitor's views live in localStorage; a signed-in
 * user's on the account (/api/recently-viewed), and at sign-in the browser's join the account's
 * and leave the browser when a signed-in user next sees the list (home page, /vus-recemment).
 */

export function readVisitorViews(): RecentView[] {
  try {
    return parseRecentViews(JSON.parse(window.localStorage.getItem(VISITOR_RECENT_KEY) ?? "[]"));
  } catch {
    return [];
  }
}

function writeVisitorViews(views: RecentView[]) {
  try {
    if (views.length) window.localStorage.setItem(VISITOR_RECENT_KEY, JSON.stringify(views));
    else window.localStorage.removeItem(VISITOR_RECENT_KEY);
  } catch {
    // Private browsing with storage disabled: nothing is kept.
  }
}

function postViews(body: unknown): Promise<Response> {
  return fetch("/api/recently-viewed", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** Signed in: the browser's list (kept while signed out) joins the account's, then leaves the browser. */
export async function mergeVisitorViewsIntoAccount(): Promise<void> {
  const views = readVisitorViews();
  if (!views.length) return writeVisitorViews([]);
  const response = await postViews({ action: "merge", views }).catch(() => null);
  if (response?.ok) writeVisitorViews([]);
}

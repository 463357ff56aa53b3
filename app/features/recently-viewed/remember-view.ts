import { useEffect } from "react";
import { useRootData } from "~/features/auth/session-user";

/**
 * The list's place and size, as recently-viewed-limits.ts (a unit test holds them equal): not
 * imported, so this hook stays inside the listing page's own file instead of a shared one.
 */
export const REMEMBERED_KEY = "occazio:vus-recemment";
export const REMEMBERED_LIMIT = 12;

/**
 * On a published listing's page: a visitor keeps it first of the browser's list ('Vus récemment',
 * issue 36); a signed-in user's view is recorded by the page's loader instead (writing it here
 * too would post it again as a merge each time the list is shown). The browser's list joins the
 * account's when a signed-in user next sees it (recent-views-storage.ts).
 * Deliberately small (the listing page's first-load JavaScript is at its budget): it only
 * prepends; whoever reads the list validates it (parseRecentViews).
 */
export function useRememberView(listingId: string | null) {
  const signedIn = Boolean(useRootData().user);
  useEffect(() => {
    if (!listingId || signedIn) return;
    try {
      const kept = JSON.parse(localStorage.getItem(REMEMBERED_KEY) ?? "[]") as { id?: unknown }[];
      const others = Array.isArray(kept) ? kept.filter((view) => view?.id !== listingId) : [];
      localStorage.setItem(
        REMEMBERED_KEY,
        JSON.stringify([{ id: listingId, at: Date.now() }, ...others].slice(0, REMEMBERED_LIMIT)),
      );
    } catch {
      // Storage disabled or a hand-edited value: nothing is kept.
    }
  }, [listingId, signedIn]);
}

import { useEffect } from "react";
import { useRootData } from "~/features/auth/session-user";

/**
 * On a published listing's page: remembers that the visitor opened it ('Vus récemment', issue
 * 36). Only this hook is in the page's first load — the listing page's JavaScript is at its
 * budget; the code that writes (recent-views-storage.ts) loads after hydration.
 */
export function useRememberView(listingId: string | null) {
  const signedIn = Boolean(useRootData().user);
  useEffect(() => {
    if (listingId) void import("./recent-views-storage").then((views) => views.rememberView(listingId, signedIn));
  }, [listingId, signedIn]);
}

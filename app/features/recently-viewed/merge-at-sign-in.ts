import { useEffect } from "react";
import { useRootData } from "~/features/auth/session-user";

/**
 * At sign-in, the views this browser kept while signed out join the account's ('Vus récemment',
 * issue 36), like the comparison tray. The code that does it loads only for a signed-in page.
 */
export function useMergeRecentViewsAtSignIn() {
  const signedIn = Boolean(useRootData().user);
  useEffect(() => {
    if (signedIn) void import("./recent-views-storage").then((views) => views.mergeVisitorViewsIntoAccount());
  }, [signedIn]);
}

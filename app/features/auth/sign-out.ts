import { authRequest } from "./auth-client";

/**
 * Ends the session, then reloads the current page's data: pages that need an account
 * redirect to "/" from their loader, the others show the signed-out header.
 */
export async function signOut(revalidate: () => Promise<void>): Promise<void> {
  await authRequest("/sign-out");
  await revalidate();
}

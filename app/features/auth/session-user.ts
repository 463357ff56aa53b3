import { useRouteLoaderData } from "react-router";

/** What pages know about the signed-in user (from the server session, GUIDE §6.9). */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  username: string | null;
  /** 'Prénom ou pseudo' (issue 33); null for accounts made before it, asked before they post. */
  displayName: string | null;
  firstname: string | null;
  lastname: string | null;
  image: string | null;
  role: "user" | "moderator";
  /** False until the sign-up e-mail's link is clicked: publishing and messaging wait for it. */
  emailVerified: boolean;
}

export interface RootData {
  user: SessionUser | null;
  /** Messages from others the signed-in user has not read yet (header badge); 0 when signed out. */
  unreadMessages: number;
  /** Label of the identity-provider button ("Google"), or null when none is configured. */
  identityProvider: { label: string; kind: "oidc" | "google" } | null;
  /** Public map settings (tiles are configurable, GUIDE §2). */
  map: { tileUrl: string; attribution: string };
  /** The signed-in user's comparison tray (issue 14); visitors keep theirs in the browser. */
  comparisonIds: string[];
}

export function useRootData(): RootData {
  return (
    useRouteLoaderData<RootData>("root") ?? {
      user: null,
      unreadMessages: 0,
      identityProvider: null,
      map: { tileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png", attribution: "© OpenStreetMap" },
      comparisonIds: [],
    }
  );
}

export function useOptionalUser(): SessionUser | null {
  return useRootData().user;
}

/**
 * How the signed-in user is named to themself: the display name, else the first name, else
 * "Utilisateur" (spec §2: account screen). Never the username: accounts get a random one at
 * sign-up, which means nothing to the person reading it.
 */
export function displayName(user: (Pick<SessionUser, "firstname"> & { displayName?: string | null }) | null): string {
  return user?.displayName?.trim() || user?.firstname?.trim() || "Utilisateur";
}

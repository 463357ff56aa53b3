import { redirect } from "react-router";
import type { AppServices, SessionLookup } from "~/server/context";
import type { SessionUser } from "./session-user";

/**
 * The signed-in user from the HttpOnly session cookie, or null.
 *
 * The root loader and the page's own loaders all ask for the user of one request: look the
 * session up once per Request object (a WeakMap, so nothing outlives the request).
 */
const sessionsByRequest = new WeakMap<Request, Promise<SessionUser | null>>();

export function getSessionUser(request: Request, services: Pick<AppServices, "auth" | "identity">): Promise<SessionUser | null> {
  let pending = sessionsByRequest.get(request);
  if (!pending) {
    pending = readSessionUser(request, services);
    sessionsByRequest.set(request, pending);
  }
  return pending;
}

/**
 * Better Auth's session of this request: for a page's GET, the one lookup the request pipeline
 * already made (decision 0030), else a lookup of its own.
 */
export function lookUpSession(request: Request, services: Pick<AppServices, "auth" | "identity">): Promise<SessionLookup> {
  return services.identity?.session ?? services.auth.api.getSession({ headers: request.headers });
}

async function readSessionUser(request: Request, services: Pick<AppServices, "auth" | "identity">): Promise<SessionUser | null> {
  const session = await lookUpSession(request, services);
  if (!session) return null;
  // Whatever the cookie's exact name or spelling: this page was rendered for an account and
  // must never be stored or shared (server/page-cache.ts reads this after the render).
  if (services.identity) services.identity.sessionFound = true;
  const u = session.user;
  // Suspension deletes the sessions; this covers a session read from a cache meanwhile.
  if (u.suspendedAt) return null;
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    username: u.username ?? null,
    displayName: u.displayName ?? null,
    firstname: u.firstname ?? null,
    lastname: u.lastname ?? null,
    image: u.image ?? null,
    role: u.role === "moderator" ? "moderator" : "user",
    emailVerified: Boolean(u.emailVerified),
  };
}

/** Pages that need an account send visitors to "/" (spec §6). */
export async function requireUser(
  request: Request,
  services: Pick<AppServices, "auth" | "identity">,
  redirectTo = "/",
): Promise<SessionUser> {
  const user = await getSessionUser(request, services);
  if (!user) throw redirect(redirectTo);
  return user;
}

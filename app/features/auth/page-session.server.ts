import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { parseCookies } from "better-auth/cookies";
import type { Database } from "~/db/client.server";
import { preparedOn } from "~/db/prepared.server";
import * as schema from "~/db/schema";
import type { SessionLookup } from "~/server/context";
import type { Auth } from "./auth.server";

/**
 * The session of a page view (GET or HEAD) in one statement, without Better Auth's endpoint
 * machinery (decision 0040): every signed-in page reads it, and Better Auth's `getSession` costs
 * two statements (session, then user), a WebCrypto job for the cookie's HMAC and its router's
 * context building — about 0.5 ms of CPU per page, half of what a signed-in search page costs
 * more than an anonymous one (docs/PERFORMANCE.md, quiet re-measure).
 *
 * It answers only what it can answer exactly as Better Auth would, from the same sources
 * (`auth.$context`: cookie names, secret, session lifetimes; the same tables): a cookie signed
 * with the secret, a session row that exists, has not expired and does not need the sliding
 * refresh. Everything else — no valid signature, an unknown or expired token, a session due for
 * its refresh, the 'do not remember me' or cookie-cache cookies, a cookie name it does not
 * recognise — returns `undefined`: the caller then asks Better Auth, which refreshes, cleans up
 * and rejects as it always did. Nothing is cached: each page view reads the rows, so a signed-out,
 * revoked or suspended session is gone on the next page as before.
 */
export type PageSessionReader = (cookieHeader: string) => Promise<SessionLookup | undefined>;

export function createPageSessionReader(auth: Auth, db: Database): PageSessionReader {
  const settings = auth.$context.then((context) => ({
    tokenCookie: context.authCookies.sessionToken.name,
    otherCookies: [context.authCookies.sessionData.name, context.authCookies.dontRememberToken.name],
    secret: context.secret,
    expiresInMs: context.sessionConfig.expiresIn * 1000,
    updateAgeMs: context.sessionConfig.updateAge * 1000,
  }));

  return async function readPageSession(cookieHeader) {
    const { tokenCookie, otherCookies, secret, expiresInMs, updateAgeMs } = await settings;
    const cookies = parseCookies(cookieHeader);
    if (otherCookies.some((name) => cookies.has(name))) return undefined;
    const signed = cookies.get(tokenCookie);
    if (!signed) {
      // No session cookie at all: anonymous, as Better Auth would say. A cookie whose name merely
      // resembles it (another prefix) is Better Auth's to judge.
      return cookieHeader.includes("session_token") ? undefined : null;
    }
    const token = verifiedToken(signed, secret);
    if (!token) return undefined;

    const [row] = await preparedOn(db, "occazio_page_session", sessionByToken).execute({ token });
    if (!row) return undefined;
    const now = Date.now();
    const expiresAt = row.session.expiresAt.getTime();
    // Expired (Better Auth deletes it), or old enough for the sliding refresh (Better Auth
    // extends it): both are writes, left to Better Auth.
    if (expiresAt < now || expiresAt - expiresInMs + updateAgeMs <= now) return undefined;
    return { session: row.session, user: row.user } as unknown as SessionLookup;
  };
}

/**
 * better-call's signed cookie: `<value>.<base64 HMAC-SHA-256 of value>` (44 characters ending
 * with '='), compared in constant time. Null when the signature is not the secret's.
 */
export function verifiedToken(cookieValue: string, secret: string): string | null {
  const dot = cookieValue.lastIndexOf(".");
  if (dot < 1) return null;
  const value = cookieValue.slice(0, dot);
  const signature = cookieValue.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const expected = createHmac("sha256", secret).update(value).digest();
  const given = Buffer.from(signature, "base64");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return value;
}

/** The session row of a token and its user, built once (app/db/prepared.server.ts). */
function sessionByToken(db: Database) {
  return db
    .select({ session: schema.session, user: schema.user })
    .from(schema.session)
    .innerJoin(schema.user, eq(schema.user.id, schema.session.userId))
    .where(eq(schema.session.token, sql.placeholder("token")))
    .limit(1)
    .prepare("occazio_page_session");
}

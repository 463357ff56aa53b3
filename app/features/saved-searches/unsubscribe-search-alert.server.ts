import { timingSafeEqual } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { isUuid } from "~/db/ids";
import { savedSearches } from "~/db/schema";
import { UNSUBSCRIBE_PATH } from "./saved-search-filters";

export { UNSUBSCRIBE_PATH };

/**
 * One-click unsubscribe of alert e-mails (RFC 8058), signed out: the link carries, for each
 * saved search, its id and its random unsubscribe token (24 bytes, stored with the search), so
 * only the recipient of the e-mail can use it. `r=<id>.<token>[,<id>.<token>…]`.
 */

export function unsubscribeUrl(publicUrl: string, searches: { id: string; unsubscribeToken: string }[]): string {
  const ref = searches.map((s) => `${s.id}.${s.unsubscribeToken}`).join(",");
  return `${publicUrl}${UNSUBSCRIBE_PATH}?r=${encodeURIComponent(ref)}`;
}

export type UnsubscribeResult = { ok: true; names: string[] } | { ok: false };

function parseRef(raw: string | null): { id: string; token: string }[] | null {
  if (!raw || raw.length > 2_000) return null;
  const refs = raw.split(",").map((part) => {
    const [id, token, ...rest] = part.split(".");
    return id && token && rest.length === 0 && isUuid(id) ? { id, token } : null;
  });
  return refs.length && refs.length <= 20 && refs.every(Boolean) ? (refs as { id: string; token: string }[]) : null;
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The searches a link names, if every token is right; nothing otherwise (a tampered link). */
export async function checkUnsubscribeLink(options: { db: Database; ref: string | null }) {
  const refs = parseRef(options.ref);
  if (!refs) return null;
  const rows = await options.db
    .select({ id: savedSearches.id, name: savedSearches.name, token: savedSearches.unsubscribeToken, frequency: savedSearches.frequency })
    .from(savedSearches)
    .where(inArray(savedSearches.id, refs.map((r) => r.id)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const found = refs.map((r) => {
    const row = byId.get(r.id);
    return row && sameToken(row.token, r.token) ? row : null;
  });
  return found.every(Boolean) ? (found as typeof rows) : null;
}

/** Turns the alerts of the link's searches off ('Désactivée'); a tampered link changes nothing. */
export async function unsubscribeSearchAlerts(options: { db: Database; ref: string | null }): Promise<UnsubscribeResult> {
  const rows = await checkUnsubscribeLink(options);
  if (!rows) return { ok: false };
  for (const row of rows) await options.db.update(savedSearches).set({ frequency: "off" }).where(eq(savedSearches.id, row.id));
  return { ok: true, names: rows.map((r) => r.name) };
}

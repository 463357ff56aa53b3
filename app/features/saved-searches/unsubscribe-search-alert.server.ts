import { timingSafeEqual } from "node:crypto";
import { inArray } from "drizzle-orm";
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

/**
 * `names`: the searches whose alerts the link stops; `missing`: how many of the link's
 * searches were deleted since the e-mail (nothing left to stop for them).
 */
export type UnsubscribeResult = { ok: true; names: string[]; missing: number } | { ok: false };

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

/**
 * The searches a link names, or null for a malformed or tampered link (any wrong token: the
 * link is refused whole). A search deleted since the e-mail is skipped and counted in
 * `missing`: a digest's link still stops the other searches it names.
 */
export async function checkUnsubscribeLink(options: { db: Database; ref: string | null }) {
  const refs = parseRef(options.ref);
  if (!refs) return null;
  const rows = await options.db
    .select({ id: savedSearches.id, name: savedSearches.name, token: savedSearches.unsubscribeToken, frequency: savedSearches.frequency })
    .from(savedSearches)
    .where(inArray(savedSearches.id, refs.map((r) => r.id)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const searches: typeof rows = [];
  let missing = 0;
  for (const ref of refs) {
    const row = byId.get(ref.id);
    if (!row) missing++;
    else if (!sameToken(row.token, ref.token)) return null;
    else if (!searches.includes(row)) searches.push(row);
  }
  return { searches, missing };
}

/** Turns the alerts of the link's searches off ('Désactivée'), in one UPDATE; a tampered link changes nothing. */
export async function unsubscribeSearchAlerts(options: { db: Database; ref: string | null }): Promise<UnsubscribeResult> {
  const link = await checkUnsubscribeLink(options);
  if (!link) return { ok: false };
  if (link.searches.length) {
    await options.db
      .update(savedSearches)
      .set({ frequency: "off" })
      .where(inArray(savedSearches.id, link.searches.map((r) => r.id)));
  }
  return { ok: true, names: link.searches.map((r) => r.name), missing: link.missing };
}

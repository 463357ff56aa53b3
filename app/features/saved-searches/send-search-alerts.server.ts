import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { greetingName } from "~/features/account/display-name";
import { listingPhotos, listings, savedSearchNotices, savedSearches, searchAlertDigests, user } from "~/db/schema";
import { photoUrls } from "~/features/listings/listing-cards.server";
import { approvedPhoto } from "~/features/listings/photo-access.server";
import { listingPath } from "~/features/listings/listing-seo";
import type { JobQueue } from "~/server/jobs.server";
import type { Logger } from "~/server/logger.server";
import type { Mailer } from "~/server/mailer.server";
import type { Storage } from "~/server/storage.server";
import { IMMEDIATE_WINDOW_MS, nextDigestAt } from "./match-saved-searches.server";
import { searchAlertEmail, unsubscribeHeaders, type AlertListing, type AlertSection } from "./search-alert-emails";
import { unsubscribeUrl } from "./unsubscribe-search-alert.server";

/** What the alert jobs need; `jobs` reschedules a throttled alert (absent in some tests). */
export interface AlertSender {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  /** Where photo URLs point (PHOTO_BASE_URL or the app's /uploads). */
  storage: Storage;
  logger: Logger;
  jobs?: JobQueue;
}

export type AlertOutcome = "sent" | "nothing" | "throttled" | "disabled" | "gone";

/** Digests of one account are at least this far apart (a day, with slack for job timing). */
const DIGEST_MIN_GAP_MS = 20 * 60 * 60 * 1000;

interface PendingRow {
  savedSearchId: string;
  listingId: string;
  brand: string;
  model: string;
  year: number | null;
  price: number | null;
  city: string | null;
  postalCode: string | null;
  status: string;
  ownerId: string;
}

/**
 * The account's pending notices (of the given searches), newest listing first, split into
 * what may be e-mailed — still published, not the account's own, never e-mailed to this
 * account before (by any of its searches), once per listing — and what is only dropped.
 */
async function takePending(tx: DbExecutor, userId: string, searchIds: string[]) {
  if (searchIds.length === 0) return { listed: [] as PendingRow[], all: [] as PendingRow[] };
  const rows: PendingRow[] = await tx
    .select({
      savedSearchId: savedSearchNotices.savedSearchId,
      listingId: savedSearchNotices.listingId,
      brand: listings.brand,
      model: listings.model,
      year: listings.year,
      price: listings.price,
      city: listings.city,
      postalCode: listings.postalCode,
      status: listings.status,
      ownerId: listings.ownerId,
    })
    .from(savedSearchNotices)
    .innerJoin(listings, eq(listings.id, savedSearchNotices.listingId))
    .where(
      and(
        eq(savedSearchNotices.userId, userId),
        inArray(savedSearchNotices.savedSearchId, searchIds),
        isNull(savedSearchNotices.handledAt),
      ),
    )
    .orderBy(desc(listings.publishedAt), asc(listings.id));
  const already = rows.length
    ? await tx
        .selectDistinct({ listingId: savedSearchNotices.listingId })
        .from(savedSearchNotices)
        .where(
          and(
            eq(savedSearchNotices.userId, userId),
            eq(savedSearchNotices.emailed, true),
            inArray(
              savedSearchNotices.listingId,
              rows.map((r) => r.listingId),
            ),
          ),
        )
    : [];
  const sent = new Set(already.map((r) => r.listingId));
  const listed: PendingRow[] = [];
  for (const row of rows) {
    if (row.status !== "published" || row.ownerId === userId || sent.has(row.listingId)) continue;
    sent.add(row.listingId);
    listed.push(row);
  }
  return { listed, all: rows };
}

/** Marks the taken notices handled, and e-mailed for those listed: one UPDATE for all of them. */
async function markHandled(tx: DbExecutor, all: PendingRow[], listed: PendingRow[]) {
  if (all.length === 0) return;
  const emailed = new Set(listed.map((r) => `${r.savedSearchId}|${r.listingId}`));
  const column = (values: (string | boolean)[], type: "uuid" | "boolean") =>
    sql`array[${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )}]::${sql.raw(type)}[]`;
  await tx.execute(sql`
    update saved_search_notices n
    set handled_at = now(), emailed = v.emailed
    from unnest(
      ${column(all.map((r) => r.savedSearchId), "uuid")},
      ${column(all.map((r) => r.listingId), "uuid")},
      ${column(all.map((r) => emailed.has(`${r.savedSearchId}|${r.listingId}`)), "boolean")}
    ) as v(saved_search_id, listing_id, emailed)
    where n.saved_search_id = v.saved_search_id and n.listing_id = v.listing_id
  `);
}

async function toAlertListings(sender: AlertSender, tx: DbExecutor, rows: PendingRow[]): Promise<Map<string, AlertListing>> {
  const ids = [...new Set(rows.map((r) => r.listingId))];
  const photos = ids.length
    ? await tx
        .select({ listingId: listingPhotos.listingId, storageKey: listingPhotos.storageKey, variantWidths: listingPhotos.variantWidths })
        .from(listingPhotos)
        .where(and(inArray(listingPhotos.listingId, ids), approvedPhoto))
        .orderBy(asc(listingPhotos.listingId), asc(listingPhotos.position))
    : [];
  const firstPhoto = new Map<string, string>();
  for (const photo of photos) {
    if (firstPhoto.has(photo.listingId)) continue;
    // Only published listings are listed: their photos may come from PHOTO_BASE_URL.
    const url = photoUrls(sender.storage, photo, "published").src;
    firstPhoto.set(photo.listingId, url.startsWith("/") ? `${sender.publicUrl}${url}` : url);
  }
  return new Map(
    rows.map((r) => [
      r.listingId,
      {
        title: [r.brand, r.model, r.year].filter(Boolean).join(" "),
        price: r.price,
        place: [r.city, r.postalCode ? `(${r.postalCode})` : null].filter(Boolean).join(" ") || "Lieu non indiqué",
        url: `${sender.publicUrl}${listingPath({ id: r.listingId, brand: r.brand, model: r.model, year: r.year, city: r.city })}`,
        photoUrl: firstPhoto.get(r.listingId) ?? null,
      },
    ]),
  );
}

/**
 * The account an alert goes to, and whether it wants one: 'Alertes de recherche' on, not
 * suspended, and its address confirmed — an account made with a stranger's address sends
 * that stranger nothing (issue 37). Notices recorded meanwhile are dropped, not sent: alerts
 * begin with the matches after the confirmation, without a backlog.
 */
async function recipient(tx: DbExecutor, userId: string) {
  const [row] = await tx
    .select({
      email: user.email,
      firstname: user.firstname,
      displayName: user.displayName,
      notify: user.notifySearchAlerts,
      suspendedAt: user.suspendedAt,
      emailVerified: user.emailVerified,
    })
    .from(user)
    .where(eq(user.id, userId));
  return row && { ...row, wantsAlerts: row.notify !== false && row.suspendedAt === null && row.emailVerified };
}

/**
 * The 'Immédiate' alert of one saved search (job "search-alert"): every new match since its
 * last e-mail, at most one e-mail an hour. One transaction locks the search, takes its pending
 * notices, marks them handled and enqueues the e-mail (outbox): a crash before the commit
 * leaves everything pending for the retry; after it, the retry finds nothing left to send.
 */
export async function sendSearchAlert(sender: AlertSender, savedSearchId: string, now = new Date()): Promise<AlertOutcome> {
  return sender.db.transaction(async (tx) => {
    const [search] = await tx
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.id, savedSearchId))
      .for("update");
    if (!search) return "gone";
    // 'Quotidienne' notices wait for the digest; 'Désactivée' ones are dropped below.
    if (search.frequency === "daily") return "nothing";
    if (search.frequency === "immediate" && search.lastAlertAt && now.getTime() - search.lastAlertAt.getTime() < IMMEDIATE_WINDOW_MS) {
      const due = new Date(search.lastAlertAt.getTime() + IMMEDIATE_WINDOW_MS);
      await sender.jobs?.enqueue("search-alert", { savedSearchId }, { db: tx, startAfter: due, singletonKey: savedSearchId });
      return "throttled";
    }
    const { listed, all } = await takePending(tx, search.userId, [search.id]);
    const to = await recipient(tx, search.userId);
    const wanted = search.frequency === "immediate" && to !== undefined && to.wantsAlerts;
    await markHandled(tx, all, wanted ? listed : []);
    if (!wanted) return search.frequency === "off" ? "nothing" : "disabled";
    if (listed.length === 0) return "nothing";
    const cards = await toAlertListings(sender, tx, listed);
    const unsubscribe = unsubscribeUrl(sender.publicUrl, [search]);
    const section: AlertSection = {
      searchName: search.name,
      resultsUrl: `${sender.publicUrl}/recherche${search.query ? `?${search.query}` : ""}`,
      unsubscribeUrl: unsubscribe,
      listings: listed.map((r) => cards.get(r.listingId)!),
    };
    const email = searchAlertEmail({
      name: greetingName(to),
      sections: [section],
      daily: false,
      manageUrl: `${sender.publicUrl}/recherches`,
    });
    await sender.mailer.send({ to: to.email, ...email, headers: unsubscribeHeaders(unsubscribe) }, { db: tx });
    await tx.update(savedSearches).set({ lastAlertAt: now }).where(eq(savedSearches.id, search.id));
    return "sent";
  });
}

/**
 * The 'Quotidienne' digest of one account (job "search-digest"): the pending notices of all
 * its daily searches in one e-mail, grouped by search, at most one a day; same transaction
 * discipline as `sendSearchAlert`, with the account's digest row as the lock.
 */
export async function sendSearchDigest(sender: AlertSender, userId: string, now = new Date()): Promise<AlertOutcome> {
  return sender.db.transaction(async (tx) => {
    const to = await recipient(tx, userId);
    if (!to) return "gone";
    await tx.insert(searchAlertDigests).values({ userId }).onConflictDoNothing();
    const [digest] = await tx.select().from(searchAlertDigests).where(eq(searchAlertDigests.userId, userId)).for("update");
    if (digest?.lastSentAt && now.getTime() - digest.lastSentAt.getTime() < DIGEST_MIN_GAP_MS) {
      await sender.jobs?.enqueue("search-digest", { userId }, { db: tx, startAfter: nextDigestAt(now), singletonKey: userId });
      return "throttled";
    }
    const searches = await tx
      .select()
      .from(savedSearches)
      .where(and(eq(savedSearches.userId, userId), eq(savedSearches.frequency, "daily")))
      .orderBy(asc(savedSearches.createdAt));
    const { listed, all } = await takePending(tx, userId, searches.map((s) => s.id));
    const wanted = to.wantsAlerts;
    await markHandled(tx, all, wanted ? listed : []);
    if (!wanted) return "disabled";
    if (listed.length === 0) return "nothing";
    const cards = await toAlertListings(sender, tx, listed);
    const sections: AlertSection[] = [];
    const included: typeof searches = [];
    for (const search of searches) {
      const rows = listed.filter((r) => r.savedSearchId === search.id);
      if (rows.length === 0) continue;
      included.push(search);
      sections.push({
        searchName: search.name,
        resultsUrl: `${sender.publicUrl}/recherche${search.query ? `?${search.query}` : ""}`,
        unsubscribeUrl: unsubscribeUrl(sender.publicUrl, [search]),
        listings: rows.map((r) => cards.get(r.listingId)!),
      });
    }
    const email = searchAlertEmail({ name: greetingName(to), sections, daily: true, manageUrl: `${sender.publicUrl}/recherches` });
    // The header's one click stops every search of this digest.
    await sender.mailer.send({ to: to.email, ...email, headers: unsubscribeHeaders(unsubscribeUrl(sender.publicUrl, included)) }, { db: tx });
    await tx.update(searchAlertDigests).set({ lastSentAt: now }).where(eq(searchAlertDigests.userId, userId));
    return "sent";
  });
}

/** The job handlers, for the web process (JOBS_IN_WEB, embedded) and `npm run worker`. */
export function searchAlertHandlers(sender: AlertSender) {
  return {
    "search-alert": async ({ savedSearchId }: { savedSearchId: string }) => {
      await sendSearchAlert(sender, savedSearchId);
    },
    "search-digest": async ({ userId }: { userId: string }) => {
      await sendSearchDigest(sender, userId);
    },
  };
}

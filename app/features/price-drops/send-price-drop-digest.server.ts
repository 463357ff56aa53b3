import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { greetingName } from "~/features/account/display-name";
import { favorites, listingPhotos, listings, priceDropDigests, priceDropNotices, user } from "~/db/schema";
import { photoUrls } from "~/features/listings/listing-cards.server";
import { approvedPhoto } from "~/features/listings/photo-access.server";
import { listingPath } from "~/features/listings/listing-seo";
import type { JobQueue } from "~/server/jobs.server";
import type { Logger } from "~/server/logger.server";
import type { Mailer } from "~/server/mailer.server";
import type { Storage } from "~/server/storage.server";
import { DIGEST_INTERVAL_MS } from "./notice-price-drop.server";
import { currentPriceDrop } from "./price-drop";
import { priceDropEmail, type PriceDropEmailItem } from "./price-drop-emails";
import { recentPriceChanges } from "./price-history.server";

export type DigestOutcome = "sent" | "deferred" | "nothing" | "disabled";

/**
 * The 'price-drop-digest' job for one account. One transaction, the account row locked so
 * two runs for the same account take turns:
 * - an e-mail less than 24 hours ago → the job is put back for 24 hours after it;
 * - otherwise the pending notices are marked handled, a digest row is written (unique per
 *   account and UTC day) and the e-mail job is enqueued — all or nothing. A retry after a
 *   crash finds the notices handled (nothing twice) or not (nothing lost).
 * Only listings still published, still in the account's favourites and still below the
 * reference price (decision 0016) are listed.
 */
export async function sendPriceDropDigest(options: {
  db: Database;
  mailer: Mailer;
  jobs: JobQueue;
  storage: Storage;
  publicUrl: string;
  logger?: Logger;
  userId: string;
  now?: Date;
}): Promise<DigestOutcome> {
  const { userId } = options;
  return options.db.transaction(async (tx) => {
    const [account] = await tx
      .select({
        email: user.email,
        firstname: user.firstname,
        displayName: user.displayName,
        notify: user.notifyPriceDrops,
        emailVerified: user.emailVerified,
      })
      .from(user)
      .where(eq(user.id, userId))
      .for("update");
    if (!account) return "nothing";
    const now = options.now ?? new Date();
    const pending = await tx
      .select({ id: priceDropNotices.id, listingId: priceDropNotices.listingId })
      .from(priceDropNotices)
      .where(and(eq(priceDropNotices.userId, userId), isNull(priceDropNotices.handledAt)));
    if (pending.length === 0) return "nothing";
    const markHandled = (digestId: string | null) =>
      tx
        .update(priceDropNotices)
        .set({ handledAt: now, digestId })
        .where(inArray(priceDropNotices.id, pending.map((p) => p.id)));
    // An unconfirmed address gets nothing (issue 37): its notices are dropped, not kept for later.
    if (account.notify === false || !account.emailVerified) {
      await markHandled(null);
      return "disabled";
    }
    const [last] = await tx
      .select({ sentAt: priceDropDigests.sentAt })
      .from(priceDropDigests)
      .where(eq(priceDropDigests.userId, userId))
      .orderBy(desc(priceDropDigests.sentAt))
      .limit(1);
    const nextAllowed = last ? new Date(last.sentAt).getTime() + DIGEST_INTERVAL_MS : 0;
    if (nextAllowed > now.getTime()) {
      await options.jobs.enqueue("price-drop-digest", { userId }, { db: tx, singletonKey: userId, startAfter: new Date(nextAllowed) });
      return "deferred";
    }

    const listingIds = [...new Set(pending.map((p) => p.listingId))];
    const rows = await tx
      .select({
        id: listings.id,
        brand: listings.brand,
        model: listings.model,
        year: listings.year,
        city: listings.city,
        price: listings.price,
        publishedAt: listings.publishedAt,
        ownerId: listings.ownerId,
      })
      .from(listings)
      .innerJoin(favorites, and(eq(favorites.listingId, listings.id), eq(favorites.userId, userId)))
      .where(and(inArray(listings.id, listingIds), eq(listings.status, "published")));
    const history = await recentPriceChanges(tx, rows.map((r) => r.id), now);
    const photos = rows.length
      ? await tx
          .select({ listingId: listingPhotos.listingId, storageKey: listingPhotos.storageKey, variantWidths: listingPhotos.variantWidths })
          .from(listingPhotos)
          // The main photo buyers see: the first approved one (decision 0053).
          .where(and(inArray(listingPhotos.listingId, rows.map((r) => r.id)), approvedPhoto))
          .orderBy(asc(listingPhotos.listingId), asc(listingPhotos.position))
      : [];
    const absolute = (url: string) => (url.startsWith("/") ? `${options.publicUrl}${url}` : url);
    const items: PriceDropEmailItem[] = [];
    for (const row of rows) {
      if (row.ownerId === userId || row.price == null) continue;
      const drop = currentPriceDrop({ price: row.price, publishedAt: row.publishedAt, changes: history.get(row.id) ?? [], now });
      if (!drop) continue;
      const photo = photos.find((p) => p.listingId === row.id);
      items.push({
        title: [`${row.brand} ${row.model}`, row.year ? String(row.year) : null].filter(Boolean).join(" "),
        url: `${options.publicUrl}${listingPath(row)}`,
        photoUrl: photo ? absolute(photoUrls(options.storage, photo, "published").src) : null,
        previousPrice: drop.previousPrice,
        price: row.price,
      });
    }
    if (items.length === 0) {
      await markHandled(null);
      return "nothing";
    }
    const [digest] = await tx
      .insert(priceDropDigests)
      .values({ userId, sentAt: now, sentOn: sql`(${now.toISOString()}::timestamptz at time zone 'UTC')::date`, listingCount: items.length })
      .returning({ id: priceDropDigests.id });
    await markHandled(digest!.id);
    await options.mailer.send(
      {
        to: account.email,
        ...priceDropEmail({
          name: greetingName(account),
          items,
          favoritesUrl: `${options.publicUrl}/wishlists`,
          preferencesUrl: `${options.publicUrl}/account/notifications`,
        }),
      },
      { db: tx },
    );
    options.logger?.info({ userId, listings: items.length }, "e-mail « Prix en baisse » mis en file");
    return "sent";
  });
}

/** The job handler, built once with the process's services (server/boot.ts, server/worker.ts). */
export function priceDropDigestHandler(deps: Omit<Parameters<typeof sendPriceDropDigest>[0], "userId" | "now">) {
  return async ({ userId }: { userId: string }) => {
    await sendPriceDropDigest({ ...deps, userId });
  };
}

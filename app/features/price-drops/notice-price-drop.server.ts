import { inArray, max, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { priceDropDigests, type Listing } from "~/db/schema";
import type { JobQueue } from "~/server/jobs.server";
import { currentPriceDrop } from "./price-drop";
import { recentPriceChanges } from "./price-history.server";

/** What the edit flow needs to schedule the 'Prix en baisse sur vos favoris' e-mails. */
export interface PriceDropNotifier {
  jobs: JobQueue;
  /** PRICE_DROP_EMAIL_DELAY_SECONDS: the first drop waits this long for others to join its e-mail. */
  delaySeconds: number;
}

export const DIGEST_INTERVAL_MS = 24 * 3600_000;

/**
 * Called by the seller's edit transaction after the new price was applied and recorded
 * (`priceChangeId`). When the listing is published and the change is a drop (decision 0016),
 * writes one notice per account that has it in favourites — never the seller, never an
 * account that turned the preference off — and schedules each account's digest job in the
 * same transaction: the notices and their job exist exactly when the new price does.
 * Returns the accounts noticed.
 */
export async function noticePriceDrop(
  tx: DbExecutor,
  options: {
    listing: Pick<Listing, "id" | "ownerId" | "status" | "publishedAt">;
    newPrice: number | null;
    priceChangeId: string | null;
    notifier: PriceDropNotifier | undefined;
    now?: Date;
  },
): Promise<string[]> {
  const { listing, priceChangeId } = options;
  if (!priceChangeId || listing.status !== "published") return [];
  const changes = (await recentPriceChanges(tx, [listing.id], options.now)).get(listing.id) ?? [];
  const drop = currentPriceDrop({ price: options.newPrice, publishedAt: listing.publishedAt, changes, now: options.now });
  if (!drop || options.newPrice == null) return [];
  const inserted = (await tx.execute(sql`
    insert into price_drop_notices (user_id, listing_id, price_change_id, old_price, new_price)
    select f.user_id, f.listing_id, ${priceChangeId}::uuid, ${drop.previousPrice}::int, ${options.newPrice}::int
    from favorites f
    join "user" u on u.id = f.user_id
    where f.listing_id = ${listing.id}::uuid
      and f.user_id <> ${listing.ownerId}
      and coalesce(u.notify_price_drops, true)
      and u.suspended_at is null
    on conflict (user_id, price_change_id) do nothing
    returning user_id
  `)) as unknown as { rows: { user_id: string }[] };
  const recipients = inserted.rows.map((r) => r.user_id);
  if (recipients.length === 0 || !options.notifier) return recipients;
  const { jobs, delaySeconds } = options.notifier;
  const last = await tx
    .select({ userId: priceDropDigests.userId, sentAt: max(priceDropDigests.sentAt) })
    .from(priceDropDigests)
    .where(inArray(priceDropDigests.userId, recipients))
    .groupBy(priceDropDigests.userId);
  const lastSent = new Map(last.map((r) => [r.userId, r.sentAt]));
  const soonest = (options.now ?? new Date()).getTime() + delaySeconds * 1000;
  for (const userId of recipients) {
    const previous = lastSent.get(userId);
    const startAfter = new Date(Math.max(soonest, previous ? new Date(previous).getTime() + DIGEST_INTERVAL_MS : 0));
    // One waiting digest per account ("short" queue): a later drop joins the one already waiting.
    await jobs.enqueue("price-drop-digest", { userId }, { db: tx, singletonKey: userId, startAfter });
  }
  return recipients;
}

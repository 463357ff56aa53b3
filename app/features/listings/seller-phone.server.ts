import { eq, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listings, phoneReveals, proProfiles, user } from "~/db/schema";
import { displayPhone } from "~/features/pro/pro-phone";
import { AppError } from "~/server/app-error";
import type { CounterDedupe } from "./listing-detail.server";
import { isUuid } from "~/db/ids";
import { dailyStatsWrites } from "~/features/dealer-dashboard/daily-stats.server";

/**
 * The seller's phone number for a published listing, to signed-in users only, on request:
 * it never appears in a page's HTML, so it cannot be scraped from listings.
 *
 * Each reveal counts once per viewer and listing (`phone_reveal_count`), never for the
 * owner: the phone_reveals primary key decides, and `dedupe` spares the write for repeated
 * clicks.
 */
export async function revealSellerPhone(options: {
  db: DbExecutor;
  listingId: string;
  viewerId: string | null | undefined;
  dedupe?: CounterDedupe;
}): Promise<{ phone: string | null }> {
  const viewerId = options.viewerId;
  if (!viewerId) throw new AppError("unauthenticated", "Connectez-vous pour voir le numéro du vendeur.");
  if (!isUuid(options.listingId)) throw new AppError("not_found", "Annonce introuvable.");
  const [row] = await options.db
    // A professional's listings give its business number (pro_profiles.phone), else the account's.
    .select({ status: listings.status, phone: sql<string | null>`coalesce(nullif(trim(${proProfiles.phone}), ''), ${user.phoneNumber})`, ownerId: listings.ownerId })
    .from(listings)
    .innerJoin(user, eq(user.id, listings.ownerId))
    .leftJoin(proProfiles, eq(proProfiles.userId, listings.ownerId))
    .where(eq(listings.id, options.listingId));
  if (!row || row.status !== "published") throw new AppError("not_found", "Annonce introuvable.");
  if (!row.phone) return { phone: null };
  if (row.ownerId !== viewerId && ((await options.dedupe?.firstTime(`phone:${options.listingId}:${viewerId}`)) ?? true)) {
    // One statement: the counter and the day's figures (decision 0052) move only if this viewer's row is new.
    await options.db.execute(sql`
      with revealed as (
        insert into ${phoneReveals} (listing_id, viewer_id) values (${options.listingId}, ${viewerId})
        on conflict do nothing
        returning listing_id
      ),
      stats_src as (
        update ${listings} set phone_reveal_count = phone_reveal_count + 1
        where id in (select listing_id from revealed)
        returning id as listing_id, owner_id
      )
      ${dailyStatsWrites("phoneReveals")}
      select 1`);
  }
  return { phone: displayPhone(row.phone) };
}

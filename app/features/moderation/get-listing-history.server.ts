import { desc, eq, inArray } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { isUuid } from "~/db/ids";
import { moderationEvents, user } from "~/db/schema";
import { requireModerator, type Viewer } from "./moderator.server";

export async function listingHistoryRows(db: DbExecutor, listingIds: string[]) {
  const rows = await db
    .select({
      listingId: moderationEvents.listingId,
      action: moderationEvents.action,
      reasonCode: moderationEvents.reasonCode,
      reasonText: moderationEvents.reasonText,
      at: moderationEvents.createdAt,
      moderator: user.username,
    })
    .from(moderationEvents)
    .leftJoin(user, eq(user.id, moderationEvents.moderatorId))
    .where(inArray(moderationEvents.listingId, listingIds))
    .orderBy(desc(moderationEvents.createdAt));
  return rows.map((r) => ({ ...r, reason: r.reasonText ?? r.reasonCode }));
}

/** A listing's moderation history, for moderators (detail page, queue). */
export async function getListingHistory(options: { db: DbExecutor; viewer: Viewer | null; listingId: string }) {
  requireModerator(options.viewer);
  if (!isUuid(options.listingId)) return [];
  return (await listingHistoryRows(options.db, [options.listingId])).map((h) => ({
    action: h.action,
    reason: h.reason,
    at: h.at.toISOString(),
    moderator: h.moderator,
  }));
}

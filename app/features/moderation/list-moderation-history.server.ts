import { and, asc, count, desc, eq, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbExecutor } from "~/db/client.server";
import { isUuid } from "~/db/ids";
import { conversations, listings, moderationEvents, proProfiles, user, type ModerationAction } from "~/db/schema";
import { listingPath } from "~/features/listings/listing-seo";
import {
  CONVERSATION_REPORT_REASONS,
  MODERATION_ACTION_LABELS,
  reasonSentence,
  REJECTION_REASONS,
  REPORT_REASONS,
} from "./moderation-reasons";
import { listingSummaryColumns } from "./listing-summary-columns.server";
import { DELETED_USER, requireModerator, type Viewer } from "./moderator.server";
import type { ModerationHistory } from "./moderation-data";

export const HISTORY_PAGE_SIZE = 25;

function reasonLabel(action: ModerationAction, code: string | null, fromConversation: boolean): string | null {
  if (!code) return null;
  const table: Record<string, string> =
    action === "rejected" || action === "revision_rejected" || action === "sample_removed"
      ? REJECTION_REASONS
      : fromConversation || action === "account_warned" || action === "account_suspended"
        ? CONVERSATION_REPORT_REASONS
        : REPORT_REASONS;
  return table[code] ?? code;
}

/**
 * The moderators' journal: every decision (listings validated, refused, removed, reports
 * dismissed, revisions decided, accounts warned or suspended), newest first, one page at a
 * time, optionally for one listing or one moderator.
 */
export async function listModerationHistory(options: {
  db: DbExecutor;
  viewer: Viewer | null;
  listingId?: string | null;
  moderatorId?: string | null;
  /** Decisions about this account (warnings, suspensions, a professional's trust and reviews). */
  accountId?: string | null;
  page?: number;
  pageSize?: number;
}): Promise<ModerationHistory> {
  requireModerator(options.viewer);
  const { db } = options;
  const pageSize = options.pageSize ?? HISTORY_PAGE_SIZE;
  const listingId = options.listingId && isUuid(options.listingId) ? options.listingId : null;
  const moderatorId = options.moderatorId || null;
  const accountId = options.accountId || null;
  const where: SQL[] = [];
  if (listingId) where.push(eq(moderationEvents.listingId, listingId));
  if (moderatorId) where.push(eq(moderationEvents.moderatorId, moderatorId));
  if (accountId) where.push(eq(moderationEvents.targetUserId, accountId));
  const filter = where.length ? and(...where) : undefined;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(moderationEvents).where(filter);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(pageCount, Math.max(1, Math.trunc(options.page ?? 1) || 1));
  const moderator = alias(user, "moderator");
  const target = alias(user, "target");
  const [rows, moderators, filteredListing, filteredAccount] = await Promise.all([
    db
      .select({
        id: moderationEvents.id,
        action: moderationEvents.action,
        reasonCode: moderationEvents.reasonCode,
        reasonText: moderationEvents.reasonText,
        at: moderationEvents.createdAt,
        moderatorId: moderationEvents.moderatorId,
        moderator: moderator.username,
        conversationId: moderationEvents.conversationId,
        conversation: conversations.listingTitle,
        targetUserId: moderationEvents.targetUserId,
        account: target.username,
        listing: listingSummaryColumns,
      })
      .from(moderationEvents)
      .leftJoin(moderator, eq(moderator.id, moderationEvents.moderatorId))
      .leftJoin(target, eq(target.id, moderationEvents.targetUserId))
      .leftJoin(listings, eq(listings.id, moderationEvents.listingId))
      .leftJoin(conversations, eq(conversations.id, moderationEvents.conversationId))
      .where(filter)
      .orderBy(desc(moderationEvents.createdAt), desc(moderationEvents.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ id: user.id, username: user.username })
      .from(user)
      .where(eq(user.role, "moderator"))
      .orderBy(asc(user.username)),
    listingId
      ? db
          .select({ id: listings.id, brand: listings.brand, model: listings.model, year: listings.year })
          .from(listings)
          .where(eq(listings.id, listingId))
      : [],
    accountId
      ? db
          .select({ id: user.id, username: user.username, companyName: proProfiles.companyName })
          .from(user)
          .leftJoin(proProfiles, eq(proProfiles.userId, user.id))
          .where(eq(user.id, accountId))
      : [],
  ]);
  const title = (l: { brand: string; model: string; year: number | null }) =>
    [l.brand, l.model, l.year].filter(Boolean).join(" ");
  return {
    entries: rows.map((r) => {
      const label = reasonLabel(r.action, r.reasonCode, Boolean(r.conversationId));
      return {
        id: r.id,
        action: r.action,
        label: MODERATION_ACTION_LABELS[r.action] ?? r.action,
        at: r.at.toISOString(),
        moderator: r.moderatorId ? { id: r.moderatorId, username: r.moderator ?? DELETED_USER } : null,
        listing: r.listing
          ? { id: r.listing.id, title: title(r.listing), path: listingPath(r.listing), status: r.listing.status }
          : null,
        conversation: r.conversationId ? (r.conversation ?? "") : null,
        account: r.targetUserId ? (r.account ?? "?") : null,
        reason: label ? reasonSentence(label, r.reasonText) : (r.reasonText ?? null),
      };
    }),
    count: total,
    page,
    pageCount,
    moderators: moderators.map((m) => ({ id: m.id, username: m.username ?? "?" })),
    filters: {
      listing: filteredListing[0] ? { id: filteredListing[0].id, title: title(filteredListing[0]) } : null,
      moderatorId,
      account: filteredAccount[0]
        ? { id: filteredAccount[0].id, name: filteredAccount[0].companyName ?? filteredAccount[0].username ?? "?" }
        : null,
    },
  };
}

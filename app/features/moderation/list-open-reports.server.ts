import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbExecutor } from "~/db/client.server";
import { conversations, listings, messages, moderationEvents, reports, user } from "~/db/schema";
import { listingPath } from "~/features/listings/listing-seo";
import {
  CONVERSATION_REPORT_REASONS,
  REPORT_REASONS,
  type ConversationReportReasonCode,
  type ReportReasonCode,
} from "./moderation-reasons";
import { listingSummaryColumns } from "./listing-summary-columns.server";
import { DELETED_USER, requireModerator, type Viewer } from "./moderator.server";
import type { OpenReport, ReportedMessage } from "./moderation-data";

/** Messages shown around a reported conversation: the ones the reporter had seen, newest last. */
const REPORTED_MESSAGES_SHOWN = 20;
const OPEN_REPORTS_SHOWN = 100;

export async function listOpenReports(options: { db: DbExecutor; viewer: Viewer | null }): Promise<OpenReport[]> {
  requireModerator(options.viewer);
  const { db } = options;
  const buyer = alias(user, "buyer");
  const seller = alias(user, "seller");
  const reporter = alias(user, "reporter");
  const rows = await db
    .select({
      id: reports.id,
      reasonCode: reports.reasonCode,
      message: reports.message,
      createdAt: reports.createdAt,
      reporterId: reports.reporterId,
      reporter: reporter.username,
      listing: listingSummaryColumns,
      conversation: {
        id: conversations.id,
        title: conversations.listingTitle,
        buyerId: conversations.buyerId,
        sellerId: conversations.sellerId,
        buyer: buyer.username,
        seller: seller.username,
        buyerSuspendedAt: buyer.suspendedAt,
        sellerSuspendedAt: seller.suspendedAt,
      },
    })
    .from(reports)
    .leftJoin(reporter, eq(reporter.id, reports.reporterId))
    .leftJoin(listings, eq(listings.id, reports.listingId))
    .leftJoin(conversations, eq(conversations.id, reports.conversationId))
    .leftJoin(buyer, eq(buyer.id, conversations.buyerId))
    .leftJoin(seller, eq(seller.id, conversations.sellerId))
    .where(eq(reports.status, "open"))
    .orderBy(asc(reports.createdAt))
    .limit(OPEN_REPORTS_SHOWN);
  const participantIds = [
    ...new Set(rows.flatMap((r) => [r.conversation?.buyerId, r.conversation?.sellerId]).filter((id): id is string => Boolean(id))),
  ];
  const sanctions = participantIds.length
    ? await db
        .select({ userId: moderationEvents.targetUserId, n: sql<number>`count(*)::int` })
        .from(moderationEvents)
        .where(inArray(moderationEvents.targetUserId, participantIds))
        .groupBy(moderationEvents.targetUserId)
    : [];
  const sanctionsOf = (id: string | null | undefined) => sanctions.find((s) => s.userId === id)?.n ?? 0;
  const result: OpenReport[] = [];
  for (const r of rows) {
    const common = { id: r.id, message: r.message, createdAt: r.createdAt.toISOString() };
    if (r.listing) {
      result.push({
        ...common,
        kind: "listing",
        reporter: r.reporterId ? (r.reporter ?? DELETED_USER) : null,
        reason: REPORT_REASONS[r.reasonCode as ReportReasonCode] ?? r.reasonCode,
        listing: r.listing,
        listingPath: listingPath(r.listing),
      });
    } else if (r.conversation?.id) {
      const id = r.conversation.id;
      const c = r.conversation;
      const reportedBy = r.reporterId && r.reporterId === c.sellerId ? "seller" : "buyer";
      const excerpt = await reportedExcerpt(db, id, r.createdAt, { buyerId: c.buyerId, sellerId: c.sellerId, reportedBy });
      result.push({
        ...common,
        kind: "conversation",
        reason: CONVERSATION_REPORT_REASONS[r.reasonCode as ConversationReportReasonCode] ?? r.reasonCode,
        conversation: {
          id,
          title: c.title ?? "",
          buyer: {
            username: c.buyerId ? (c.buyer ?? "?") : DELETED_USER,
            deleted: !c.buyerId,
            suspended: Boolean(c.buyerSuspendedAt),
            sanctions: sanctionsOf(c.buyerId),
          },
          seller: {
            username: c.sellerId ? (c.seller ?? "?") : DELETED_USER,
            deleted: !c.sellerId,
            suspended: Boolean(c.sellerSuspendedAt),
            sanctions: sanctionsOf(c.sellerId),
          },
        },
        reportedBy,
        ...excerpt,
      });
    }
  }
  return result;
}

/** The last messages of a conversation up to the moment it was reported, and how many came after. */
async function reportedExcerpt(
  db: DbExecutor,
  conversationId: string,
  reportedAt: Date,
  parties: { buyerId: string | null; sellerId: string | null; reportedBy: "buyer" | "seller" },
): Promise<{ messages: ReportedMessage[]; laterMessages: number }> {
  const sender = alias(user, "sender");
  const rows = await db
    .select({
      id: messages.id,
      body: messages.body,
      at: messages.createdAt,
      senderId: messages.senderId,
      sender: sender.username,
    })
    .from(messages)
    .leftJoin(sender, eq(sender.id, messages.senderId))
    .where(and(eq(messages.conversationId, conversationId), lte(messages.createdAt, reportedAt)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(REPORTED_MESSAGES_SHOWN);
  const [later] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), sql`${messages.createdAt} > ${reportedAt}`));
  return {
    messages: rows.reverse().map((m) => {
      const side = m.senderId && m.senderId === parties.sellerId ? "seller" : "buyer";
      return {
        id: m.id,
        side,
        sender: m.senderId ? (m.sender ?? "?") : DELETED_USER,
        body: m.body,
        at: m.at.toISOString(),
        fromReported: Boolean(m.senderId) && side !== parties.reportedBy,
      };
    }),
    laterMessages: later?.n ?? 0,
  };
}

import { and, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { publicNameColumns } from "~/features/account/public-name.server";
import { conversations, listings, messages } from "~/db/schema";
import type { Storage } from "~/server/storage.server";
import {
  describeListing,
  describeOtherParty,
  emptyListing,
  firstPhotos,
  listingColumns,
  other,
  otherPartyId,
  type Side,
} from "./conversation-access.server";
import type { ConversationSummary } from "./message-data";

/** Conversations per page of the inbox (newest first; older ones on the next pages). */
export const INBOX_PAGE_SIZE = 30;

export interface ConversationPage {
  conversations: ConversationSummary[];
  total: number;
  /** The page shown: the one asked for, or the last one when it asked for more. */
  page: number;
  pageCount: number;
}

function excerpt(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** The inbox's rows: the user's conversations with at least one message (the open or the archived ones). */
function inboxWhere(userId: string, archived: boolean | undefined) {
  const archivedFilter = (column: typeof conversations.buyerArchivedAt | typeof conversations.sellerArchivedAt) =>
    archived ? isNotNull(column) : isNull(column);
  return and(
    isNotNull(conversations.lastMessageAt),
    or(
      and(eq(conversations.buyerId, userId), archivedFilter(conversations.buyerArchivedAt)),
      and(eq(conversations.sellerId, userId), archivedFilter(conversations.sellerArchivedAt)),
    ),
  );
}

/**
 * One page of the inbox, newest first. A page past the end (conversations archived meanwhile,
 * an old link) shows the last one.
 */
export async function listConversationPage(options: {
  db: DbExecutor;
  storage: Storage;
  userId: string;
  archived?: boolean;
  page?: number;
  pageSize?: number;
}): Promise<ConversationPage> {
  const pageSize = options.pageSize ?? INBOX_PAGE_SIZE;
  const [counted] = await options.db
    .select({ n: sql<number>`count(*)::int` })
    .from(conversations)
    .where(inboxWhere(options.userId, options.archived));
  const total = Number(counted?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const asked = Number.isFinite(options.page) ? Math.floor(options.page ?? 1) : 1;
  const page = Math.min(Math.max(1, asked), pageCount);
  const summaries = await listConversations({ ...options, limit: pageSize, offset: (page - 1) * pageSize });
  return { conversations: summaries, total, page, pageCount };
}

/** The inbox: the user's conversations with at least one message, newest first (one page of them). */
export async function listConversations(options: {
  db: DbExecutor;
  storage: Storage;
  userId: string;
  archived?: boolean;
  limit?: number;
  offset?: number;
}): Promise<ConversationSummary[]> {
  const { db, userId } = options;
  const myReadAt = sql`case when ${conversations.buyerId} = ${userId} then ${conversations.buyerLastReadAt} else ${conversations.sellerLastReadAt} end`;
  const rows = await db
    .select({
      conversation: {
        id: conversations.id,
        buyerId: conversations.buyerId,
        listingTitle: conversations.listingTitle,
        lastMessageAt: conversations.lastMessageAt,
        buyerArchivedAt: conversations.buyerArchivedAt,
        sellerArchivedAt: conversations.sellerArchivedAt,
      },
      listing: listingColumns,
      other: { id: other.id, ...publicNameColumns(other) },
      lastBody: sql<
        string | null
      >`(select ${messages.body} from ${messages} where ${messages.conversationId} = ${conversations.id} order by ${messages.createdAt} desc limit 1)`,
      lastSenderId: sql<
        string | null
      >`(select ${messages.senderId} from ${messages} where ${messages.conversationId} = ${conversations.id} order by ${messages.createdAt} desc limit 1)`,
      unread: sql<number>`(select count(*)::int from ${messages} where ${messages.conversationId} = ${conversations.id} and ${messages.createdAt} > coalesce(${myReadAt}, '-infinity'::timestamptz) and ${messages.senderId} is distinct from ${userId})`,
    })
    .from(conversations)
    .leftJoin(listings, eq(listings.id, conversations.listingId))
    .leftJoin(other, sql`${other.id} = ${otherPartyId(userId)}`)
    .where(inboxWhere(userId, options.archived))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(options.limit ?? INBOX_PAGE_SIZE)
    .offset(options.offset ?? 0);
  const photos = await firstPhotos(
    db,
    options.storage,
    rows.map((r) => r.listing?.id).filter((id): id is string => Boolean(id)),
    userId,
  );
  return rows.map((row) => {
    const role: Side = row.conversation.buyerId === userId ? "buyer" : "seller";
    return {
      id: row.conversation.id,
      role,
      listing: describeListing(row.conversation.listingTitle, row.listing ?? emptyListing, photos),
      otherParty: describeOtherParty(row.other),
      lastMessage:
        row.lastBody !== null && row.conversation.lastMessageAt
          ? {
              excerpt: excerpt(row.lastBody),
              fromMe: row.lastSenderId === userId,
              at: row.conversation.lastMessageAt.toISOString(),
            }
          : null,
      unread: Number(row.unread),
      archived: (role === "buyer" ? row.conversation.buyerArchivedAt : row.conversation.sellerArchivedAt) !== null,
    };
  });
}

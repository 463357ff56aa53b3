import { and, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
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

/** Conversations shown in the inbox (the most recent ones). */
const INBOX_LIMIT = 200;

function excerpt(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** The inbox: the user's conversations with at least one message, newest first. */
export async function listConversations(options: {
  db: DbExecutor;
  storage: Storage;
  userId: string;
  archived?: boolean;
}): Promise<ConversationSummary[]> {
  const { db, userId } = options;
  const archivedFilter = (column: typeof conversations.buyerArchivedAt | typeof conversations.sellerArchivedAt) =>
    options.archived ? isNotNull(column) : isNull(column);
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
      other: { id: other.id, username: other.username },
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
    .where(
      and(
        isNotNull(conversations.lastMessageAt),
        or(
          and(eq(conversations.buyerId, userId), archivedFilter(conversations.buyerArchivedAt)),
          and(eq(conversations.sellerId, userId), archivedFilter(conversations.sellerArchivedAt)),
        ),
      ),
    )
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(INBOX_LIMIT);
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
      otherParty: describeOtherParty(row.other?.username ?? null, row.other?.id ?? null),
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

import { desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { publicNameOf } from "~/features/account/display-name";
import type { DbExecutor } from "~/db/client.server";
import { conversations, messages, user } from "~/db/schema";
import type { Storage } from "~/server/storage.server";
import {
  describeListing,
  describeOtherParty,
  emptyListing,
  firstPhotos,
  participantConversation,
  readOnlyReason,
  requireSignedIn,
} from "./conversation-access.server";
import { DELETED_USER_NAME, type ConversationThread } from "./message-data";

/** Messages per page of a thread: page 1 holds the newest ones, the next pages older ones. */
export const THREAD_PAGE_SIZE = 100;

/**
 * One conversation with its messages (oldest first), for its two participants only. Reading
 * it marks it read up to the newest message returned, not beyond: a message arriving during
 * the request stays unread.
 */
export async function getConversation(options: {
  db: DbExecutor;
  storage: Storage;
  userId: string | null | undefined;
  conversationId: string;
  /** 1 = the newest messages; a page past the oldest shows the oldest one. */
  page?: number;
}): Promise<ConversationThread> {
  const userId = requireSignedIn(options.userId);
  const { db } = options;
  const found = await participantConversation(db, userId, options.conversationId);
  const conversationId = found.conversation.id;
  const sender = alias(user, "sender");
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(eq(messages.conversationId, conversationId));
  const total = Number(counted?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / THREAD_PAGE_SIZE));
  const asked = Number.isFinite(options.page) ? Math.floor(options.page ?? 1) : 1;
  const page = Math.min(Math.max(1, asked), pageCount);
  const rows = (
    await db
      .select({
        id: messages.id,
        body: messages.body,
        createdAt: messages.createdAt,
        senderId: messages.senderId,
        senderDisplayName: sender.displayName,
        senderFirstname: sender.firstname,
        senderLastname: sender.lastname,
      })
      .from(messages)
      .leftJoin(sender, eq(sender.id, messages.senderId))
      .where(eq(messages.conversationId, conversationId))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(THREAD_PAGE_SIZE)
      .offset((page - 1) * THREAD_PAGE_SIZE)
  ).reverse();
  const newest = rows.at(-1);
  const myReadAt = found.side === "buyer" ? found.conversation.buyerLastReadAt : found.conversation.sellerLastReadAt;
  const hasUnread = rows.some((m) => m.senderId !== userId && (!myReadAt || m.createdAt >= myReadAt));
  if (newest && hasUnread) {
    const readColumn = found.side === "buyer" ? conversations.buyerLastReadAt : conversations.sellerLastReadAt;
    const read = sql`greatest(coalesce(${readColumn}, '-infinity'::timestamptz), (select ${messages.createdAt} from ${messages} where ${messages.id} = ${newest.id}))`;
    await db
      .update(conversations)
      .set(found.side === "buyer" ? { buyerLastReadAt: read } : { sellerLastReadAt: read })
      .where(eq(conversations.id, conversationId));
  }
  const photos = await firstPhotos(db, options.storage, found.listing?.id ? [found.listing.id] : [], userId);
  const listing = describeListing(found.conversation.listingTitle, found.listing ?? emptyListing, photos);
  const otherParty = describeOtherParty(found.other);
  return {
    id: conversationId,
    role: found.side,
    listing,
    otherParty,
    archived:
      (found.side === "buyer" ? found.conversation.buyerArchivedAt : found.conversation.sellerArchivedAt) !== null,
    messages: rows.map((m) => ({
      id: m.id,
      body: m.body,
      createdAt: m.createdAt.toISOString(),
      mine: m.senderId === userId,
      senderName: m.senderId === userId ? "Vous" : m.senderId ? publicNameOf({ displayName: m.senderDisplayName, firstname: m.senderFirstname, lastname: m.senderLastname }) : DELETED_USER_NAME,
    })),
    readOnlyReason: readOnlyReason(listing, otherParty),
    page,
    pageCount,
  };
}

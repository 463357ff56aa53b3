import { and, eq, ne, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { isUuid } from "~/db/ids";
import { conversations, messages } from "~/db/schema";
import type { Side } from "./conversation-access.server";

const unreadOf = (userId: string, side: Side) => {
  const readColumn = side === "buyer" ? conversations.buyerLastReadAt : conversations.sellerLastReadAt;
  return and(
    sql`${messages.createdAt} > coalesce(${readColumn}, '-infinity'::timestamptz)`,
    sql`${messages.senderId} is distinct from ${userId}`,
  );
};

/** The header's badge: messages from others the user has not read yet, in every conversation. */
export async function countUnread(options: {
  db: DbExecutor;
  userId: string;
  /** The conversation on screen, being read by this very request. */
  exceptConversationId?: string | null;
}): Promise<number> {
  const { db, userId } = options;
  const except =
    options.exceptConversationId && isUuid(options.exceptConversationId) ? options.exceptConversationId : null;
  const count = async (side: Side) => {
    const participant = side === "buyer" ? conversations.buyerId : conversations.sellerId;
    const readColumn = side === "buyer" ? conversations.buyerLastReadAt : conversations.sellerLastReadAt;
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(conversations)
      .innerJoin(messages, eq(messages.conversationId, conversations.id))
      .where(
        and(
          eq(participant, userId),
          // Conversations with nothing new are skipped on the conversation row alone.
          sql`${conversations.lastMessageAt} > coalesce(${readColumn}, '-infinity'::timestamptz)`,
          unreadOf(userId, side),
          except ? ne(conversations.id, except) : undefined,
        ),
      );
    return row?.n ?? 0;
  };
  const buyer = await count("buyer");
  const seller = await count("seller");
  return buyer + seller;
}

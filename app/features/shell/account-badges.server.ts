import { sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { isUuid } from "~/db/ids";
import { comparisonItems, conversations, messages } from "~/db/schema";

export interface AccountBadges {
  /** The header's badge: messages from others not read yet (as `countUnread`). */
  unreadMessages: number;
  /** The comparison tray, in the order it was filled (as `getComparisonTray`). */
  comparisonIds: string[];
}

/**
 * What every page's header needs of a signed-in account, in one statement (decision 0030): the
 * unread count of both sides of the conversations and the comparison tray, which were three
 * round trips after the session's own. Same rules as `countUnread` and `getComparisonTray`.
 */
export async function accountBadges(options: {
  db: DbExecutor;
  userId: string;
  /** The conversation on screen, being read by this very request. */
  exceptConversationId?: string | null;
}): Promise<AccountBadges> {
  const { db, userId } = options;
  const except = options.exceptConversationId && isUuid(options.exceptConversationId) ? options.exceptConversationId : null;
  const unread = (participant: SQL, readAt: SQL) => sql`(
    select count(*)::int from ${conversations}
    join ${messages} on ${messages.conversationId} = ${conversations.id}
    where ${participant} = ${userId}
      -- Conversations with nothing new are skipped on the conversation row alone.
      and ${conversations.lastMessageAt} > coalesce(${readAt}, '-infinity'::timestamptz)
      and ${messages.createdAt} > coalesce(${readAt}, '-infinity'::timestamptz)
      and ${messages.senderId} is distinct from ${userId}
      ${except ? sql`and ${conversations.id} <> ${except}` : sql``})`;
  const result = (await db.execute(sql`select
    ${unread(sql`${conversations.buyerId}`, sql`${conversations.buyerLastReadAt}`)} as buyer,
    ${unread(sql`${conversations.sellerId}`, sql`${conversations.sellerLastReadAt}`)} as seller,
    (select coalesce(json_agg(${comparisonItems.listingId} order by ${comparisonItems.createdAt}, ${comparisonItems.listingId}), '[]'::json)
      from ${comparisonItems} where ${comparisonItems.userId} = ${userId}) as tray`)) as unknown as {
    rows: { buyer: number | string; seller: number | string; tray: string[] | string }[];
  };
  const row = result.rows[0];
  if (!row) return { unreadMessages: 0, comparisonIds: [] };
  const tray = typeof row.tray === "string" ? (JSON.parse(row.tray) as string[]) : row.tray;
  return { unreadMessages: Number(row.buyer) + Number(row.seller), comparisonIds: tray };
}

import { eq, getTableName, sql, type Column, type SQL } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import type { DbExecutor } from "~/db/client.server";
import { isUuid } from "~/db/ids";
import { preparedOn } from "~/db/prepared.server";
import { comparisonItems, conversations, messages, user } from "~/db/schema";

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
 * Every signed-in page runs it: prepared once per database handle (issue 37), in two forms,
 * with and without the conversation being read.
 */
export async function accountBadges(options: {
  db: DbExecutor;
  userId: string;
  /** The conversation on screen, being read by this very request. */
  exceptConversationId?: string | null;
}): Promise<AccountBadges> {
  const { db, userId } = options;
  const except = options.exceptConversationId && isUuid(options.exceptConversationId) ? options.exceptConversationId : null;
  const [row] = except
    ? await preparedOn(db, "occazio_account_badges_except", (on) => badgesStatement(on, "occazio_account_badges_except", true)).execute({ userId, except })
    : await preparedOn(db, "occazio_account_badges", (on) => badgesStatement(on, "occazio_account_badges", false)).execute({ userId });
  if (!row) return { unreadMessages: 0, comparisonIds: [] };
  const tray = typeof row.tray === "string" ? (JSON.parse(row.tray) as string[]) : row.tray;
  return { unreadMessages: Number(row.buyer) + Number(row.seller), comparisonIds: tray ?? [] };
}

/**
 * A column with its table's name: drizzle writes a single-table select's columns bare, and these
 * sub-queries join two tables whose columns share names (`id`, `created_at`). Named as the
 * database's `casing: "snake_case"` names them.
 */
function q(column: Column): SQL {
  const name = column.keyAsName ? toSnakeCase(column.name) : column.name;
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(name)}`;
}

/** The badges read from the account's own row (it exists: the session was just read). */
function badgesStatement(db: DbExecutor, name: string, withExcept: boolean) {
  const userId = sql.placeholder("userId");
  const unread = (participant: Column, readAt: Column) => sql<number | string>`(
    select count(*)::int from ${conversations}
    join ${messages} on ${q(messages.conversationId)} = ${q(conversations.id)}
    where ${q(participant)} = ${userId}
      -- Conversations with nothing new are skipped on the conversation row alone.
      and ${q(conversations.lastMessageAt)} > coalesce(${q(readAt)}, '-infinity'::timestamptz)
      and ${q(messages.createdAt)} > coalesce(${q(readAt)}, '-infinity'::timestamptz)
      and ${q(messages.senderId)} is distinct from ${userId}
      ${withExcept ? sql`and ${q(conversations.id)} <> ${sql.placeholder("except")}::uuid` : sql``})`;
  return db
    .select({
      buyer: unread(conversations.buyerId, conversations.buyerLastReadAt),
      seller: unread(conversations.sellerId, conversations.sellerLastReadAt),
      tray: sql<string[] | string>`(select coalesce(json_agg(${q(comparisonItems.listingId)} order by ${q(comparisonItems.createdAt)}, ${q(comparisonItems.listingId)}), '[]'::json)
        from ${comparisonItems} where ${q(comparisonItems.userId)} = ${userId})`,
    })
    .from(user)
    .where(eq(user.id, userId))
    .prepare(name);
}

import { eq, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { conversations } from "~/db/schema";
import { participantConversation, requireSignedIn } from "./conversation-access.server";

/** Archives (or brings back) a conversation for the acting participant only. */
export async function archiveConversation(options: {
  db: DbExecutor;
  userId: string | null | undefined;
  conversationId: string;
  archived: boolean;
}): Promise<void> {
  const userId = requireSignedIn(options.userId);
  const found = await participantConversation(options.db, userId, options.conversationId);
  const value = options.archived ? sql`now()` : null;
  await options.db
    .update(conversations)
    .set(found.side === "buyer" ? { buyerArchivedAt: value } : { sellerArchivedAt: value })
    .where(eq(conversations.id, found.conversation.id));
}

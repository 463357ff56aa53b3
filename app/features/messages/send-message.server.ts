import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { conversations, messages } from "~/db/schema";
import { EMAIL_VERIFICATION_TEXTS } from "~/features/auth/email-verification";
import { assertMayPost } from "~/features/auth/email-verification.server";
import { dailyStatsWrites } from "~/features/dealer-dashboard/daily-stats.server";
import { enqueueSellerStats } from "~/features/sellers/refresh-seller-stats.server";
import type { JobQueue } from "~/server/jobs.server";
import { AppError } from "~/server/app-error";
import {
  describeListing,
  describeOtherParty,
  emptyListing,
  participantConversation,
  readOnlyReason,
  requireSignedIn,
  type Limits,
  type MessageNotifier,
} from "./conversation-access.server";
import { hasVisibleText, MESSAGE_MAX_LENGTH, MESSAGE_TEXTS } from "./message-data";
import { notifyRecipient, type NotificationOutcome } from "./notify-recipient.server";

export type { NotificationOutcome };

/** Trimmed plain text without control characters (NUL would even break PostgreSQL's text). */
export function normalizeMessageBody(body: unknown): string {
  if (typeof body !== "string") return "";
  return (
    body
      .replace(/\r\n?/g, "\n")
      // Control characters other than tab and newline.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
      .trim()
  );
}

export interface SentMessage {
  id: string;
  conversationId: string;
  createdAt: string;
  recipientId: string;
  /** The e-mail to the recipient, sent after the commit; never rejects (a failure is logged). */
  notification: Promise<NotificationOutcome>;
}

/**
 * Posts a message in a conversation the user takes part in. The body is plain text, 1–2,000
 * characters once trimmed. After the commit the recipient's open pages are told (live event)
 * and, at most once per conversation per 15 minutes, e-mailed.
 */
export async function sendMessage(options: {
  db: Database;
  userId: string | null | undefined;
  conversationId: string;
  body: unknown;
  limits?: Limits;
  notifier?: MessageNotifier;
  /** The seller's response figures are computed again ('seller-stats' job, decision 0035). */
  jobs?: JobQueue;
}): Promise<SentMessage> {
  const userId = requireSignedIn(options.userId);
  const { db } = options;
  const found = await participantConversation(db, userId, options.conversationId);
  const listing = describeListing(found.conversation.listingTitle, found.listing ?? emptyListing, new Map());
  const otherParty = describeOtherParty(found.other);
  const closed = readOnlyReason(listing, otherParty);
  if (closed) throw new AppError("conflict", closed);
  await assertMayPost(db, userId, EMAIL_VERIFICATION_TEXTS.message);
  const body = normalizeMessageBody(options.body);
  if (!body) throw new AppError("invalid", MESSAGE_TEXTS.empty, { fieldErrors: { body: MESSAGE_TEXTS.empty } });
  if (!hasVisibleText(body))
    throw new AppError("invalid", MESSAGE_TEXTS.invisible, { fieldErrors: { body: MESSAGE_TEXTS.invisible } });
  if (body.length > MESSAGE_MAX_LENGTH)
    throw new AppError("invalid", MESSAGE_TEXTS.tooLong, { fieldErrors: { body: MESSAGE_TEXTS.tooLong } });
  const conversationId = found.conversation.id;
  const recipientId = found.other!.id;
  // The place in the window is taken before the write and given back if the write fails.
  const limited = <T>(run: () => Promise<T>) => (options.limits ? options.limits.within("message", userId, run) : run());
  const message = await limited(() => db.transaction(async (tx) => {
    // clock_timestamp(): each message gets the time it was written, not its transaction's start.
    const [row] = await tx
      .insert(messages)
      .values({ conversationId, senderId: userId, body, createdAt: sql`clock_timestamp()` })
      .returning({ id: messages.id, createdAt: messages.createdAt });
    const at = sql`(select ${messages.createdAt} from ${messages} where ${messages.id} = ${row!.id})`;
    const readColumn = found.side === "buyer" ? conversations.buyerLastReadAt : conversations.sellerLastReadAt;
    // Timestamps are copied in SQL: a JavaScript Date would drop the microseconds.
    const read = sql`greatest(coalesce(${readColumn}, '-infinity'::timestamptz), ${at})`;
    await tx
      .update(conversations)
      .set({
        lastMessageAt: sql`greatest(coalesce(${conversations.lastMessageAt}, '-infinity'::timestamptz), ${at})`,
        ...(found.side === "buyer" ? { buyerLastReadAt: read } : { sellerLastReadAt: read }),
        // A new message brings an archived conversation back for both parties.
        buyerArchivedAt: null,
        sellerArchivedAt: null,
      })
      .where(eq(conversations.id, conversationId));
    if (found.side === "buyer") {
      // A buyer's first message about the listing is the day's contact in the dealer's
      // figures (decision 0052): one per conversation, whatever follows.
      await tx.execute(sql`
        with stats_src as (
          select c.listing_id, l.owner_id from ${conversations} c join listings l on l.id = c.listing_id
          where c.id = ${conversationId}::uuid
            and (select count(*) from ${messages} m where m.conversation_id = c.id and m.sender_id = ${userId}) = 1
        )
        ${dailyStatsWrites("messages")}
        select 1`);
    }
    await enqueueSellerStats(options.jobs, tx, [found.conversation.sellerId]);
    return row!;
  }));

  let notification: Promise<NotificationOutcome> = Promise.resolve("no-recipient");
  if (options.notifier) {
    options.notifier.events.publish(recipientId, { type: "messages-changed" });
    notification = notifyRecipient({
      db,
      notifier: options.notifier,
      conversationId,
      recipientSide: found.side === "buyer" ? "seller" : "buyer",
      recipientId,
      senderId: userId,
      listingTitle: found.conversation.listingTitle,
      body,
    });
  }
  return { id: message.id, conversationId, createdAt: message.createdAt.toISOString(), recipientId, notification };
}

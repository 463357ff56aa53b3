import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { publicNameColumns } from "~/features/account/public-name.server";
import { greetingName, publicNameOf } from "~/features/account/display-name";
import { conversations, user } from "~/db/schema";
import type { MessageNotifier, Side } from "./conversation-access.server";
import { newMessageEmail } from "./message-emails";

/** At most one new-message e-mail per conversation and recipient in this window. */
export const NOTIFICATION_THROTTLE_MINUTES = 15;

export type NotificationOutcome = "sent" | "throttled" | "disabled" | "unverified" | "no-recipient" | "failed";

/**
 * The new-message e-mail, if the recipient wants it and had none about this conversation in
 * the last 15 minutes. The slot is claimed by one conditional UPDATE, so a burst of messages
 * (even concurrent ones) sends one e-mail. A failed send frees the slot and is only logged.
 */
export async function notifyRecipient(options: {
  db: Database;
  notifier: MessageNotifier;
  conversationId: string;
  recipientSide: Side;
  recipientId: string;
  senderId: string;
  listingTitle: string;
  body: string;
}): Promise<NotificationOutcome> {
  const { db, notifier } = options;
  const column = options.recipientSide === "buyer" ? conversations.buyerNotifiedAt : conversations.sellerNotifiedAt;
  try {
    const [recipient] = await db
      .select({
        email: user.email,
        firstname: user.firstname,
        displayName: user.displayName,
        notify: user.notifyNewMessage,
        verified: user.emailVerified,
      })
      .from(user)
      .where(eq(user.id, options.recipientId));
    if (!recipient) return "no-recipient";
    if (recipient.notify === false) return "disabled";
    // No notification to an address its owner has not confirmed (issue 37).
    if (!recipient.verified) return "unverified";
    const [sender] = await db
      .select(publicNameColumns(user))
      .from(user)
      .where(eq(user.id, options.senderId));
    const claimed = await db
      .update(conversations)
      .set(options.recipientSide === "buyer" ? { buyerNotifiedAt: sql`now()` } : { sellerNotifiedAt: sql`now()` })
      .where(
        and(
          eq(conversations.id, options.conversationId),
          sql`(${column} is null or ${column} < now() - make_interval(mins => ${NOTIFICATION_THROTTLE_MINUTES}))`,
        ),
      )
      .returning({ id: conversations.id });
    if (claimed.length === 0) return "throttled";
    try {
      await notifier.mailer.send({
        to: recipient.email,
        ...newMessageEmail({
          name: greetingName(recipient),
          senderName: sender ? publicNameOf(sender) : "Un utilisateur",
          listingTitle: options.listingTitle,
          toSeller: options.recipientSide === "seller",
          excerpt: options.body,
          url: `${notifier.publicUrl}/messages/${options.conversationId}`,
          preferencesUrl: `${notifier.publicUrl}/account/notifications`,
        }),
      });
      return "sent";
    } catch (error) {
      await db
        .update(conversations)
        .set(options.recipientSide === "buyer" ? { buyerNotifiedAt: null } : { sellerNotifiedAt: null })
        .where(eq(conversations.id, options.conversationId));
      throw error;
    }
  } catch (error) {
    notifier.logger.error(
      { err: error, conversationId: options.conversationId },
      "e-mail de nouveau message non envoyé",
    );
    return "failed";
  }
}

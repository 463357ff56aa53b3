import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database, DbExecutor } from "~/db/client.server";
import { conversations, listingPhotos, listings, messages, reports, user } from "~/db/schema";
import { photoUrls } from "~/features/listings/listing-cards.server";
import { hasPublicPhotos } from "~/features/listings/photo-access.server";
import { listingPath } from "~/features/listings/listing-seo";
import {
  CONVERSATION_REPORT_REASONS,
  type ConversationReportReasonCode,
} from "~/features/moderation/moderation-reasons";
import { AppError } from "~/server/app-error";
import type { EventBus } from "~/server/events.server";
import type { Logger } from "~/server/logger.server";
import type { Mailer } from "~/server/mailer.server";
import type { UserRateLimits } from "~/server/rate-limit.server";
import type { Storage } from "~/server/storage.server";
import { newMessageEmail } from "./message-emails";
import {
  DELETED_USER_NAME,
  hasVisibleText,
  MESSAGE_MAX_LENGTH,
  MESSAGE_TEXTS,
  type ConversationListing,
  type ConversationListingState,
  type ConversationSummary,
  type ConversationThread,
  type OtherParty,
} from "./message-data";
import { isUuid } from "~/db/ids";
import { EMAIL_VERIFICATION_TEXTS } from "~/features/auth/email-verification";
import { assertEmailVerified } from "~/features/auth/email-verification.server";

/** At most one new-message e-mail per conversation and recipient in this window. */
export const NOTIFICATION_THROTTLE_MINUTES = 15;

/** Messages shown in a thread (the newest ones). */
const THREAD_LIMIT = 500;
/** Conversations shown in the inbox (the most recent ones). */
const INBOX_LIMIT = 200;

type Side = "buyer" | "seller";
type Limits = Pick<UserRateLimits, "check" | "record">;

/** What sending a message needs to tell the recipient (live event, e-mail). */
export interface MessageNotifier {
  events: EventBus;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
}

function requireSignedIn(userId: string | null | undefined): string {
  if (!userId) throw new AppError("unauthenticated", MESSAGE_TEXTS.signedOut);
  return userId;
}

const other = alias(user, "other_party");

/** The other participant of `userId` in a conversation row (SQL), for joins. */
function otherPartyId(userId: string): SQL {
  return sql`case when ${conversations.buyerId} = ${userId} then ${conversations.sellerId} else ${conversations.buyerId} end`;
}

/** Columns describing a conversation's listing, from a left join (the row may be gone). */
const listingColumns = {
  id: listings.id,
  brand: listings.brand,
  model: listings.model,
  year: listings.year,
  city: listings.city,
  price: listings.price,
  status: listings.status,
};

type ListingColumns = {
  id: string | null;
  brand: string | null;
  model: string | null;
  year: number | null;
  city: string | null;
  price: number | null;
  status: string | null;
};
const emptyListing: ListingColumns = {
  id: null,
  brand: null,
  model: null,
  year: null,
  city: null,
  price: null,
  status: null,
};

function listingState(status: string | null): ConversationListingState {
  if (status === "published") return "available";
  if (status === "sold") return "sold";
  if (status === null || status === "deleted") return "deleted";
  return "unavailable";
}

/**
 * Each listing's first photo. A listing the public cannot see (sold, withdrawn…) keeps its
 * photo for its seller only: the buyer gets the placeholder, never a link they may not open.
 */
async function firstPhotos(db: DbExecutor, storage: Storage, listingIds: string[], viewerId: string) {
  const result = new Map<string, ReturnType<typeof photoUrls>>();
  if (listingIds.length === 0) return result;
  const rows = await db
    .select({
      listingId: listingPhotos.listingId,
      storageKey: listingPhotos.storageKey,
      variantWidths: listingPhotos.variantWidths,
      status: listings.status,
      ownerId: listings.ownerId,
    })
    .from(listingPhotos)
    .innerJoin(listings, eq(listings.id, listingPhotos.listingId))
    .where(inArray(listingPhotos.listingId, listingIds))
    .orderBy(asc(listingPhotos.listingId), asc(listingPhotos.position));
  for (const row of rows) {
    if (result.has(row.listingId) || (!hasPublicPhotos(row.status) && row.ownerId !== viewerId)) continue;
    result.set(row.listingId, photoUrls(storage, row, row.status));
  }
  return result;
}

function describeListing(
  title: string,
  row: ListingColumns,
  photos: Map<string, ReturnType<typeof photoUrls>>,
): ConversationListing {
  const state = listingState(row.id ? row.status : null);
  const alive = row.id !== null && row.brand !== null && row.model !== null;
  const current = alive ? [`${row.brand} ${row.model}`, row.year].filter(Boolean).join(" ") : title;
  return {
    id: row.id,
    title: current,
    price: row.price,
    path:
      alive && state === "available"
        ? listingPath({ id: row.id!, brand: row.brand!, model: row.model!, year: row.year, city: row.city })
        : null,
    photo: row.id ? (photos.get(row.id) ?? null) : null,
    state,
  };
}

function describeOtherParty(username: string | null, id: string | null): OtherParty {
  return id ? { username: username ?? "Utilisateur", deleted: false } : { username: DELETED_USER_NAME, deleted: true };
}

/**
 * The conversation if `userId` takes part in it; everybody else gets "not found", whether
 * the conversation exists or not.
 */
async function participantConversation(db: DbExecutor, userId: string, conversationId: string) {
  if (!isUuid(conversationId)) throw new AppError("not_found", MESSAGE_TEXTS.notFound);
  const [row] = await db
    .select({
      conversation: conversations,
      listing: listingColumns,
      other: { id: other.id, username: other.username },
    })
    .from(conversations)
    .leftJoin(listings, eq(listings.id, conversations.listingId))
    .leftJoin(other, sql`${other.id} = ${otherPartyId(userId)}`)
    .where(
      and(
        eq(conversations.id, conversationId),
        or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)),
      ),
    );
  if (!row) throw new AppError("not_found", MESSAGE_TEXTS.notFound);
  const side: Side = row.conversation.buyerId === userId ? "buyer" : "seller";
  return { ...row, side };
}

function readOnlyReason(listing: ConversationListing, otherParty: OtherParty): string | null {
  if (otherParty.deleted) return MESSAGE_TEXTS.otherPartyGone;
  if (listing.state === "deleted") return MESSAGE_TEXTS.listingDeleted;
  return null;
}

/**
 * 'Message' on a listing: the buyer's conversation about it, created on first use. One per
 * (listing, buyer): clicking again, or twice at once, opens the same one. Only published
 * listings can be contacted, never one's own. `limits` counts new conversations only.
 */
export async function startConversation(options: {
  db: DbExecutor;
  userId: string | null | undefined;
  listingId: string;
  limits?: Limits;
}): Promise<{ id: string; created: boolean }> {
  const userId = requireSignedIn(options.userId);
  const { db } = options;
  if (!isUuid(options.listingId)) throw new AppError("not_found", MESSAGE_TEXTS.listingUnavailable);
  await assertEmailVerified(db, userId, EMAIL_VERIFICATION_TEXTS.message);
  const [listing] = await db
    .select({
      id: listings.id,
      ownerId: listings.ownerId,
      status: listings.status,
      brand: listings.brand,
      model: listings.model,
    })
    .from(listings)
    .where(eq(listings.id, options.listingId));
  if (!listing) throw new AppError("not_found", MESSAGE_TEXTS.listingUnavailable);
  if (listing.ownerId === userId) throw new AppError("forbidden", MESSAGE_TEXTS.ownListing);
  const existing = async () =>
    (
      await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.listingId, listing.id), eq(conversations.buyerId, userId)))
    )[0];
  const found = await existing();
  if (found) return { id: found.id, created: false };
  if (listing.status !== "published") throw new AppError("not_found", MESSAGE_TEXTS.listingUnavailable);
  await options.limits?.check("conversationStart", userId);
  const [inserted] = await db
    .insert(conversations)
    .values({
      listingId: listing.id,
      listingTitle: `${listing.brand} ${listing.model}`,
      buyerId: userId,
      sellerId: listing.ownerId,
    })
    .onConflictDoNothing({ target: [conversations.listingId, conversations.buyerId] })
    .returning({ id: conversations.id });
  if (!inserted) {
    // A double click created it a moment ago.
    const raced = await existing();
    if (!raced) throw new AppError("conflict", "La conversation n'a pas pu être ouverte. Réessayez.");
    return { id: raced.id, created: false };
  }
  await options.limits?.record("conversationStart", userId);
  return { id: inserted.id, created: true };
}

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

export type NotificationOutcome = "sent" | "throttled" | "disabled" | "no-recipient" | "failed";

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
}): Promise<SentMessage> {
  const userId = requireSignedIn(options.userId);
  const { db } = options;
  const found = await participantConversation(db, userId, options.conversationId);
  const listing = describeListing(found.conversation.listingTitle, found.listing ?? emptyListing, new Map());
  const otherParty = describeOtherParty(found.other?.username ?? null, found.other?.id ?? null);
  const closed = readOnlyReason(listing, otherParty);
  if (closed) throw new AppError("conflict", closed);
  await assertEmailVerified(db, userId, EMAIL_VERIFICATION_TEXTS.message);
  const body = normalizeMessageBody(options.body);
  if (!body) throw new AppError("invalid", MESSAGE_TEXTS.empty, { fieldErrors: { body: MESSAGE_TEXTS.empty } });
  if (!hasVisibleText(body))
    throw new AppError("invalid", MESSAGE_TEXTS.invisible, { fieldErrors: { body: MESSAGE_TEXTS.invisible } });
  if (body.length > MESSAGE_MAX_LENGTH)
    throw new AppError("invalid", MESSAGE_TEXTS.tooLong, { fieldErrors: { body: MESSAGE_TEXTS.tooLong } });
  await options.limits?.check("message", userId);

  const conversationId = found.conversation.id;
  const recipientId = found.other!.id;
  const message = await db.transaction(async (tx) => {
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
    return row!;
  });
  await options.limits?.record("message", userId);

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

/**
 * The new-message e-mail, if the recipient wants it and had none about this conversation in
 * the last 15 minutes. The slot is claimed by one conditional UPDATE, so a burst of messages
 * (even concurrent ones) sends one e-mail. A failed send frees the slot and is only logged.
 */
async function notifyRecipient(options: {
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
      .select({ email: user.email, firstname: user.firstname, username: user.username, notify: user.notifyNewMessage })
      .from(user)
      .where(eq(user.id, options.recipientId));
    if (!recipient) return "no-recipient";
    if (recipient.notify === false) return "disabled";
    const [sender] = await db.select({ username: user.username }).from(user).where(eq(user.id, options.senderId));
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
          name: recipient.firstname || recipient.username || "",
          senderName: sender?.username ?? "Un utilisateur",
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
}): Promise<ConversationThread> {
  const userId = requireSignedIn(options.userId);
  const { db } = options;
  const found = await participantConversation(db, userId, options.conversationId);
  const conversationId = found.conversation.id;
  const sender = alias(user, "sender");
  const rows = (
    await db
      .select({
        id: messages.id,
        body: messages.body,
        createdAt: messages.createdAt,
        senderId: messages.senderId,
        senderName: sender.username,
      })
      .from(messages)
      .leftJoin(sender, eq(sender.id, messages.senderId))
      .where(eq(messages.conversationId, conversationId))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(THREAD_LIMIT)
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
  const otherParty = describeOtherParty(found.other?.username ?? null, found.other?.id ?? null);
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
      senderName: m.senderId === userId ? "Vous" : m.senderId ? (m.senderName ?? "Utilisateur") : DELETED_USER_NAME,
    })),
    readOnlyReason: readOnlyReason(listing, otherParty),
  };
}

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

/**
 * 'Signaler la conversation': a participant sends it to the moderators' Reports tab. A second
 * report by the same person while the first is open changes nothing.
 */
export async function reportConversation(options: {
  db: DbExecutor;
  userId: string | null | undefined;
  conversationId: string;
  reasonCode: string;
  message?: string;
}): Promise<{ id: string }> {
  const userId = requireSignedIn(options.userId);
  const found = await participantConversation(options.db, userId, options.conversationId);
  if (!Object.hasOwn(CONVERSATION_REPORT_REASONS, options.reasonCode)) {
    throw new AppError("invalid", "Choisissez un motif de signalement.", {
      fieldErrors: { reasonCode: "Choisissez un motif de signalement." },
    });
  }
  const [open] = await options.db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.conversationId, found.conversation.id),
        eq(reports.reporterId, userId),
        eq(reports.status, "open"),
      ),
    );
  if (open) return open;
  const [row] = await options.db
    .insert(reports)
    .values({
      conversationId: found.conversation.id,
      reporterId: userId,
      reasonCode: options.reasonCode as ConversationReportReasonCode,
      message: options.message?.trim().slice(0, 2000) || null,
    })
    .returning({ id: reports.id });
  return { id: row!.id };
}

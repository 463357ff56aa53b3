import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth-schema";
// Circular with schema.ts (which re-exports this file): safe, references are resolved lazily.
import { listings } from "./schema";

/**
 * One conversation per (listing, buyer). Participants and the listing are kept as nullable
 * references: a deleted account leaves the other party's copy readable ("Utilisateur
 * supprimé"), and a listing removed with its owner's account leaves `listing_title`.
 * Read, archive and e-mail state is kept per party on the row (two parties, no join table).
 */
export const conversations = pgTable(
  "conversations",
  {
    id: uuid().primaryKey().defaultRandom(),
    listingId: uuid().references(() => listings.id, { onDelete: "set null" }),
    /** "Peugeot 208 2019", kept for when the listing row is gone. */
    listingTitle: text().notNull(),
    buyerId: text().references(() => user.id, { onDelete: "set null" }),
    sellerId: text().references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp({ withTimezone: true }),
    buyerLastReadAt: timestamp({ withTimezone: true }),
    sellerLastReadAt: timestamp({ withTimezone: true }),
    buyerArchivedAt: timestamp({ withTimezone: true }),
    sellerArchivedAt: timestamp({ withTimezone: true }),
    /** Last new-message e-mail to each party: at most one per conversation per 15 minutes. */
    buyerNotifiedAt: timestamp({ withTimezone: true }),
    sellerNotifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("conversations_listing_buyer_idx").on(t.listingId, t.buyerId),
    // Inbox (newest first) and the header's unread count, per side.
    index("conversations_buyer_idx").on(t.buyerId, t.lastMessageAt.desc()),
    index("conversations_seller_idx").on(t.sellerId, t.lastMessageAt.desc()),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: uuid().primaryKey().defaultRandom(),
    conversationId: uuid()
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    /** Null once the sender's account is deleted. */
    senderId: text().references(() => user.id, { onDelete: "set null" }),
    /** Plain text as typed (trimmed); escaped when shown. */
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("messages_body_length_check", sql`char_length(${t.body}) between 1 and 2000`),
    index("messages_conversation_idx").on(t.conversationId, t.createdAt),
  ],
);

/** Who revealed which seller's phone number: one row, and one count, per viewer and listing. */
export const phoneReveals = pgTable(
  "phone_reveals",
  {
    listingId: uuid()
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    viewerId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.viewerId] })],
);

export type Conversation = typeof conversations.$inferSelect;
export type Message = typeof messages.$inferSelect;

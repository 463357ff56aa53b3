import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth-schema";
import { listingPriceHistory } from "./moderation-schema";
// Circular with schema.ts (which re-exports this file): safe, references are resolved lazily.
import { listings } from "./schema";

/**
 * One e-mail listing a buyer's favourites whose price dropped (issue 13, decision 0016): at most
 * one per account and day — the job checks the last one was 24 hours ago, and (user, day) is
 * unique so a second one the same UTC day cannot even be recorded.
 */
export const priceDropDigests = pgTable(
  "price_drop_digests",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The UTC day of `sentAt`. */
    sentOn: date({ mode: "string" }).notNull(),
    listingCount: integer().notNull(),
  },
  (t) => [uniqueIndex("price_drop_digests_user_day_idx").on(t.userId, t.sentOn), index("price_drop_digests_user_sent_idx").on(t.userId, t.sentAt)],
);

/**
 * "Tell this buyer about this price change": written by the seller's edit transaction for
 * every account that has the listing in its favourites (never the seller), unique per
 * (account, price change) so nothing is noticed twice. `handledAt` is the sent marker: set by
 * the digest job's transaction together with the e-mail job it enqueues.
 */
export const priceDropNotices = pgTable(
  "price_drop_notices",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    listingId: uuid()
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    priceChangeId: uuid()
      .notNull()
      .references(() => listingPriceHistory.id, { onDelete: "cascade" }),
    /** The reference price struck through (decision 0016) and the new price, at the change. */
    oldPrice: integer().notNull(),
    newPrice: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set once the notice went into a digest (digestId) or was dropped (no longer a drop, preference off). */
    handledAt: timestamp({ withTimezone: true }),
    digestId: uuid().references(() => priceDropDigests.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("price_drop_notices_user_change_idx").on(t.userId, t.priceChangeId),
    index("price_drop_notices_pending_idx").on(t.userId).where(sql`${t.handledAt} is null`),
  ],
);

import { sql } from "drizzle-orm";
import { check, date, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth-schema";
// Circular with schema.ts (which re-exports this file): safe, references are resolved lazily.
import { listings } from "./schema";

/** The per-day figures of the dealer dashboard (issue 35, decision 0052), one column each. */
const dailyFigures = () => ({
  /** Counted detail views (the same dedupe as `listing_counters.view_count`). */
  views: integer().notNull().default(0),
  /** Cards opened from results (`listing_counters.click_count`). */
  resultClicks: integer().notNull().default(0),
  /** Signed-in buyers who revealed the number (once each, `phone_reveals`). */
  phoneReveals: integer().notNull().default(0),
  /** Buyers who wrote their first message about the listing (one per conversation). */
  messages: integer().notNull().default(0),
  /** Favourites added (a removal does not take one back: the day's interest happened). */
  favorites: integer().notNull().default(0),
});

const nonNegative = (t: {
  views: unknown;
  resultClicks: unknown;
  phoneReveals: unknown;
  messages: unknown;
  favorites: unknown;
}) =>
  sql`${t.views} >= 0 and ${t.resultClicks} >= 0 and ${t.phoneReveals} >= 0 and ${t.messages} >= 0 and ${t.favorites} >= 0`;

/**
 * One row per listing and Paris day with at least one counted event, written by the statement
 * that counts the event (one upsert more). The per-listing chart reads ≤ 90 rows by primary key.
 */
export const listingDailyStats = pgTable(
  "listing_daily_stats",
  {
    listingId: uuid()
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    day: date({ mode: "string" }).notNull(),
    ...dailyFigures(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.day] }), check("listing_daily_stats_check", nonNegative(t))],
);

/**
 * The same figures summed per seller and day, written in the same statement as the listing's
 * row: the shop's 90-day chart reads ≤ 90 rows whatever the size of the stock (summing
 * 5 000 listings × 90 days of listing rows on each page view would read 450 000 rows).
 * Kept when a listing is deleted (the shop's past does not change).
 */
export const ownerDailyStats = pgTable(
  "owner_daily_stats",
  {
    ownerId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    day: date({ mode: "string" }).notNull(),
    ...dailyFigures(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.day] }), check("owner_daily_stats_check", nonNegative(t))],
);

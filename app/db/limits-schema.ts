import { bigint, index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Rate-limit windows shared by every server process (rate-limit-sql.server.ts): one row per
 * limit and key (an account id or an address), holding the times (ms since epoch) of the
 * attempts still inside the window. Rows past `expires_at` are deleted now and then.
 */
export const rateLimitWindows = pgTable(
  "rate_limit_windows",
  {
    name: text().notNull(),
    key: text().notNull(),
    hits: bigint({ mode: "number" }).array().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.name, t.key] }), index("rate_limit_windows_expires_idx").on(t.expiresAt)],
);

/**
 * Who already counted as a view, click or phone reveal of which listing, until when (the
 * counters' dedupe window), shared by every server process.
 */
export const counterDedupe = pgTable(
  "counter_dedupe",
  {
    key: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("counter_dedupe_expires_idx").on(t.expiresAt)],
);

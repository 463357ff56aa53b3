import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { user } from "./auth-schema";
import type { ListingRevisionChanges } from "./moderation-schema";
// Circular with schema.ts (which re-exports this file): safe, references are resolved lazily.
import { listings } from "./schema";

/**
 * Why a listing was published without a moderator and then drawn for review: created by a
 * 'de confiance' dealer's import, or materially changed by it (text fields or photos).
 */
export const REVIEW_SAMPLE_KINDS = ["created", "updated"] as const;
export type ReviewSampleKind = (typeof REVIEW_SAMPLE_KINDS)[number];

/**
 * 'Contrôle après publication' (issue 35, decision 0054): listings a trusted dealer's import
 * published at once and the draw chose for an after-the-fact review. One open sample per
 * listing (a later sampled change of the same listing joins it); the row goes when a
 * moderator decides ('Conforme' or 'Retirer'), the journal keeps the decision.
 */
export const listingReviewSamples = pgTable(
  "listing_review_samples",
  {
    listingId: uuid()
      .primaryKey()
      .references(() => listings.id, { onDelete: "cascade" }),
    /** The dealer: its trust can be withdrawn from the card in the same step. */
    ownerId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: varchar({ length: 8 }).$type<ReviewSampleKind>().notNull(),
    /** The import row version (listings.import_fingerprint) the draw was made on. */
    revision: varchar({ length: 64 }).notNull(),
    /** The values the change replaced, field by field (material fields only; empty for a creation). */
    previous: jsonb().$type<ListingRevisionChanges>().notNull().default({}),
    /** Photos were added or replaced by the change. */
    photosChanged: boolean().notNull().default(false),
    sampledAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("listing_review_samples_kind_check", sql`${t.kind} in ('created','updated')`),
    // The moderators' section, oldest first.
    index("listing_review_samples_sampled_idx").on(t.sampledAt),
    // A professional's reviews waiting (its card in the 'Professionnels' tab).
    index("listing_review_samples_owner_idx").on(t.ownerId),
  ],
);

import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { user } from "./auth-schema";
import { conversations } from "./messaging-schema";
// Circular with schema.ts (which re-exports this file): safe, references are resolved lazily.
import { listings } from "./schema";

/**
 * Every moderation decision, for the listing's history and the moderators' journal: decisions
 * on listings (listing_id), on conversation reports (conversation_id) and on accounts
 * (target_user_id: warned, suspended).
 */
export const MODERATION_ACTIONS = [
  "validated",
  "rejected",
  "removed",
  "report_dismissed",
  "revision_validated",
  "revision_rejected",
  "account_warned",
  "account_suspended",
  "pro_verified",
  "pro_refused",
  // Issue 35, decision 0054: 'de confiance' given and withdrawn, after-the-fact review of a sample.
  "pro_trusted",
  "pro_untrusted",
  "sample_confirmed",
  "sample_removed",
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const moderationEvents = pgTable(
  "moderation_events",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Null for a decision on a conversation or an account. */
    listingId: uuid().references(() => listings.id, { onDelete: "cascade" }),
    conversationId: uuid().references(() => conversations.id, { onDelete: "set null" }),
    /** The account warned or suspended (account decisions only). */
    targetUserId: text().references(() => user.id, { onDelete: "set null" }),
    /** The moderator; null once their account is deleted. */
    moderatorId: text().references(() => user.id, { onDelete: "set null" }),
    action: varchar({ length: 24 }).$type<ModerationAction>().notNull(),
    reasonCode: varchar({ length: 32 }),
    reasonText: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "moderation_events_action_check",
      sql`${t.action} in ('validated','rejected','removed','report_dismissed','revision_validated','revision_rejected','account_warned','account_suspended','pro_verified','pro_refused','pro_trusted','pro_untrusted','sample_confirmed','sample_removed')`,
    ),
    index("moderation_events_listing_idx").on(t.listingId, t.createdAt),
    // The journal, newest first, whole or per moderator.
    index("moderation_events_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("moderation_events_moderator_idx").on(t.moderatorId, t.createdAt.desc()),
    // A professional's trust decisions and the reviews of its samples, newest first (its card, its history).
    index("moderation_events_target_idx")
      .on(t.targetUserId, t.createdAt.desc())
      .where(sql`${t.targetUserId} is not null`),
  ],
);

export const REPORT_STATUSES = ["open", "dismissed", "actioned"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** A visitor's report of a listing ('Signaler l'annonce') or a participant's of a conversation. */
export const reports = pgTable(
  "reports",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Exactly one of listing_id and conversation_id is set. */
    listingId: uuid().references(() => listings.id, { onDelete: "cascade" }),
    conversationId: uuid().references(() => conversations.id, { onDelete: "cascade" }),
    /** Signed-in reporter, or null for a visitor. */
    reporterId: text().references(() => user.id, { onDelete: "set null" }),
    reasonCode: varchar({ length: 32 }).notNull(),
    message: text(),
    status: varchar({ length: 16 }).$type<ReportStatus>().notNull().default("open"),
    handledBy: text().references(() => user.id, { onDelete: "set null" }),
    handledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("reports_status_check", sql`${t.status} in ('open','dismissed','actioned')`),
    check("reports_target_check", sql`num_nonnulls(${t.listingId}, ${t.conversationId}) = 1`),
    index("reports_open_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    index("reports_listing_idx").on(t.listingId),
    index("reports_conversation_idx").on(t.conversationId),
  ],
);

/**
 * Material changes (brand, model, description, mileage, location) a seller made to a
 * published listing, waiting for a moderator: buyers keep seeing the approved version until
 * the revision is validated (applied) or refused (discarded). One pending revision per listing;
 * a new edit replaces it.
 */
export interface ListingRevisionChanges {
  brand?: string;
  model?: string;
  description?: string | null;
  mileage?: number | null;
  city?: string;
  postalCode?: string;
  latitude?: number;
  longitude?: number;
  /** Issue 34: the facts buyers filter and decide on wait for a moderator too. */
  euroNorm?: string | null;
  inspectionDate?: string | null;
  inspectionResult?: string | null;
  ownerCount?: number | null;
  /** Issue 34, second slice (decision 0043). */
  equipment?: string[];
  serviceHistory?: boolean | null;
  warrantyMonths?: number | null;
  warrantyKind?: "constructeur" | "professionnelle" | null;
  nonSmoker?: boolean | null;
  histovecUrl?: string | null;
}

export const listingRevisions = pgTable(
  "listing_revisions",
  {
    listingId: uuid()
      .primaryKey()
      .references(() => listings.id, { onDelete: "cascade" }),
    changes: jsonb().$type<ListingRevisionChanges>().notNull(),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("listing_revisions_submitted_idx").on(t.submittedAt)],
);

/** Every price change of a listing after its first submission (price changes apply at once). */
export const listingPriceHistory = pgTable(
  "listing_price_history",
  {
    id: uuid().primaryKey().defaultRandom(),
    listingId: uuid()
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    oldPrice: integer(),
    newPrice: integer(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("listing_price_history_listing_idx").on(t.listingId, t.changedAt)],
);

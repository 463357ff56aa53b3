import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { user } from "./auth-schema";
// Circular with schema.ts (which re-exports this file): safe, references are resolved lazily.
import { listings } from "./schema";

/**
 * A professional's stock imports (issue 35, decision 0046): one row per run (a file uploaded,
 * later a feed fetched), processed by the `stock-import` job, with its report. Kept 90 days.
 */
/** 'held': applied, but its withdrawals wait for the pro's confirmation (over half of the live stock). */
export const STOCK_IMPORT_RUN_STATUSES = ["queued", "running", "held", "done", "failed"] as const;
export type StockImportRunStatus = (typeof STOCK_IMPORT_RUN_STATUSES)[number];

export interface StockImportRejectedRow {
  line: number;
  reference: string | null;
  reason: string;
}

export const stockImportRuns = pgTable(
  "stock_import_runs",
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** 'file' (uploaded), 'feed' (fetched from the registered URL). */
    source: varchar({ length: 8 }).notNull().default("file"),
    /** The uploaded file's name as the browser sent it (shown only, never a path). */
    fileName: text(),
    /** Storage key of the uploaded bytes while the run waits or runs; removed when it ends. */
    fileKey: text(),
    status: varchar({ length: 12 }).$type<StockImportRunStatus>().notNull().default("queued"),
    /** Why nothing was imported (not a CSV, empty, required columns missing…), in French. */
    failureReason: text(),
    /** Rows of the file already applied: a job retried after a crash resumes after them. */
    processedRows: integer().notNull().default(0),
    totalRows: integer(),
    created: integer().notNull().default(0),
    updated: integer().notNull().default(0),
    unchanged: integer().notNull().default(0),
    withdrawn: integer().notNull().default(0),
    rejected: integer().notNull().default(0),
    photosFetched: integer().notNull().default(0),
    photosFailed: integer().notNull().default(0),
    rejectedRows: jsonb()
      .$type<StockImportRejectedRow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** A held run's listings to withdraw once the pro confirms (ids). */
    pendingWithdrawals: jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Header cells that name no documented column. */
    ignoredColumns: jsonb()
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    encoding: varchar({ length: 16 }),
    /** Set when the 'rejections' e-mail was enqueued (once per run). */
    notifiedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("stock_import_runs_status_check", sql`${t.status} in ('queued','running','held','done','failed')`),
    check("stock_import_runs_source_check", sql`${t.source} in ('file','feed')`),
    // 'Mon stock' lists a pro's runs, newest first; the 90-day purge reads by date.
    index("stock_import_runs_owner_idx").on(t.ownerId, t.createdAt.desc()),
    index("stock_import_runs_created_idx").on(t.createdAt),
  ],
);

/**
 * A photo of an imported listing by URL (issue 35): fetched by the `stock-photo` job, SSRF-checked
 * (decision 0047). `etag` and `contentHash` let an unchanged photo be neither downloaded again
 * (If-None-Match) nor processed again (same bytes).
 */
export const STOCK_PHOTO_STATUSES = ["pending", "fetched", "failed"] as const;
export type StockPhotoStatus = (typeof STOCK_PHOTO_STATUSES)[number];

export const stockPhotoSources = pgTable(
  "stock_photo_sources",
  {
    id: uuid().primaryKey().defaultRandom(),
    listingId: uuid()
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    /** 0-based, the order of the file's photo cell. */
    position: smallint().notNull(),
    url: text().notNull(),
    status: varchar({ length: 8 }).$type<StockPhotoStatus>().notNull().default("pending"),
    /** French reason of the last failure ('délai de 20 s dépassé', 'adresse privée refusée'…). */
    failureReason: text(),
    etag: text(),
    lastModified: text(),
    /** SHA-256 of the bytes last processed. */
    contentHash: varchar({ length: 64 }),
    /** The listing photo made from it (listing_photos.id). */
    photoId: uuid(),
    /** The run that asked for it (its report counts fetched / failed). */
    runId: uuid(),
    fetchedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("stock_photo_sources_listing_position_idx").on(t.listingId, t.position),
    check("stock_photo_sources_status_check", sql`${t.status} in ('pending','fetched','failed')`),
  ],
);

export type StockImportRuns = typeof stockImportRuns.$inferSelect;

/**
 * A professional's 'Flux automatique' (issue 35, decision 0051): the HTTPS address of its stock
 * as CSV or JSON, fetched every `intervalSeconds` by the `stock-feed` job (the scheduler takes
 * the rows whose `nextRunAt` passed). `etag` / `lastModified` are those of the last feed
 * applied: sent back, a 304 costs one request and writes no run. One feed per account.
 */
export const stockFeeds = pgTable(
  "stock_feeds",
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    url: text().notNull(),
    intervalSeconds: integer().notNull().default(21_600),
    nextRunAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    etag: text(),
    lastModified: text(),
    /** The run being applied (a job retried after a crash resumes it instead of fetching again). */
    currentRunId: uuid(),
    /** The last run the feed produced (its counts are the state shown). */
    lastRunId: uuid(),
    lastCheckedAt: timestamp({ withTimezone: true }),
    lastSuccessAt: timestamp({ withTimezone: true }),
    /** Failures in a row (fetch, HTML, unreadable): 3 → the pro is told by e-mail, once. */
    consecutiveFailures: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("stock_feeds_owner_idx").on(t.ownerId),
    // The scheduler's scan: the feeds due.
    index("stock_feeds_next_run_idx").on(t.nextRunAt),
  ],
);

export type StockFeed = typeof stockFeeds.$inferSelect;

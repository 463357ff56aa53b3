import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { user } from "./auth-schema";
import type { SellerKind } from "./pro-schema";
// Circular with schema.ts (which re-exports this file): safe, references are resolved lazily.
import { listings } from "./schema";

export const ALERT_FREQUENCIES = ["immediate", "daily", "off"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/**
 * A buyer's saved search (issue 13). The canonical filters are stored twice: as the canonical
 * query string (`query`, what 'Voir les résultats' opens and what makes two saves of the same
 * filters one row), and as typed columns, NULL meaning 'Tous', so that matching a newly
 * published listing against every saved search is one indexed SQL query
 * (docs/decisions/0019-saved-searches-and-alerts.md): `match_keys` (GIN) picks the candidates by
 * brand, model and geographic cell, the other columns are tested on them, the radius exactly (haversine).
 */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** Canonical query string of /recherche (no sort, no page). */
    query: text().notNull(),
    /** Lists of brands/models (`brands=`, `models=`); a single brand or model is in `match_keys` only. */
    brands: text().array(),
    models: text().array(),
    energies: text().array(),
    vehicleType: text(),
    fuel: text(),
    gearbox: text(),
    color: text(),
    priceMin: integer(),
    priceMax: integer(),
    yearMin: smallint(),
    yearMax: smallint(),
    mileageMax: integer(),
    /** The free-text words (`q`, as the search tokenises them), matched like /recherche does. */
    textQuery: text(),
    /** 'Bonne affaire et mieux' (`deals=1`): market price level 1–2 (app/features/pricing). */
    goodDeals: boolean().notNull().default(false),
    /** 'Vendeur' (`seller=private|pro`, issue 33): matched against listings.seller_kind; NULL = 'Tous'. */
    sellerKind: varchar({ length: 8 }).$type<SellerKind>(),
    /** 'Crit'Air : N ou mieux' (`critair=N`, issue 34): listings.critair <= N; NULL = 'Tous'. */
    critairMax: smallint(),
    /** 'Équipements' (`equipment=a,b`, issue 34): the listing has all of them; NULL = none asked. */
    equipment: text().array(),
    /**
     * Issue 34's last filters (decision 0049): 'Kilométrage min.' (km), 'Puissance (ch)' (din_power
     * range), 'Portes' (`doors=3,5`: exactly one of them), 'Places' (`seats=5,7`: exactly one, 7 =
     * 7 or more), '1re main' (`owners=1`: owner_count = 1). NULL / false = 'Tous'.
     */
    mileageMin: integer(),
    powerMin: smallint(),
    powerMax: smallint(),
    doors: smallint().array(),
    seats: smallint().array(),
    firstHand: boolean().notNull().default(false),
    postalCode: varchar({ length: 5 }),
    radiusKm: smallint(),
    /** Centre of the radius (the postal code's coordinates when saved) and its bounding box. */
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    minLatitude: doublePrecision(),
    maxLatitude: doublePrecision(),
    minLongitude: doublePrecision(),
    maxLongitude: doublePrecision(),
    /**
     * "brand|model|cell" keys a listing must hit, '*' for 'Tous' ("Peugeot|3008|45:4",
     * "Peugeot|*|*", "*|*|45:4"): the allowed brand/model pairs × the 1° cells the radius
     * circle touches (saved-search-columns.server.ts); empty when the filters contradict each
     * other (nothing can match).
     */
    matchKeys: text().array().notNull(),
    frequency: varchar({ length: 16 }).$type<AlertFrequency>().notNull().default("immediate"),
    /** Random capability of the one-click unsubscribe link (works signed out). */
    unsubscribeToken: text().notNull(),
    /** 'N nouvelles' counts listings published after this ('Voir les résultats' moves it). */
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Last 'Immédiate' e-mail: at most one per hour. */
    lastAlertAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("saved_searches_frequency_check", sql`${t.frequency} in ('immediate','daily','off')`),
    uniqueIndex("saved_searches_user_query_idx").on(t.userId, t.query),
    index("saved_searches_user_idx").on(t.userId, t.createdAt),
    // The candidates of a new listing: searches whose keys overlap the listing's eight keys.
    index("saved_searches_match_keys_idx")
      .using("gin", t.matchKeys)
      .where(sql`${t.frequency} <> 'off'`),
  ],
);

/**
 * A listing found for a saved search, waiting for (or already in) an alert e-mail. The
 * primary key makes recording idempotent: a retried match or a republished listing never
 * yields a second notice, hence never a second e-mail.
 */
export const savedSearchNotices = pgTable(
  "saved_search_notices",
  {
    savedSearchId: uuid()
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    listingId: uuid()
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Handled: listed in an e-mail (`emailed`) or dropped (preference off, listing gone, already sent). */
    handledAt: timestamp({ withTimezone: true }),
    emailed: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.listingId] }),
    index("saved_search_notices_pending_idx").on(t.userId).where(sql`${t.handledAt} is null`),
    index("saved_search_notices_user_listing_idx").on(t.userId, t.listingId),
  ],
);

/** The daily digest of each account: at most one a day. */
export const searchAlertDigests = pgTable("search_alert_digests", {
  userId: text()
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  lastSentAt: timestamp({ withTimezone: true }),
});

import { sql } from "drizzle-orm";
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import type { OpeningHours } from "../features/pro/opening-hours";
import { user } from "./auth-schema";

/**
 * A professional seller's verification: 'pending' from 'Je suis un professionnel' (and after a
 * correction), 'verified' or 'refused' by a moderator, 'suspended' when the account is. The
 * account is a professional as soon as it declares itself one (its listings say
 * 'Professionnel'); 'vérifié' and the dealer page need 'verified' (issue 33, decision 0031).
 */
export const PRO_STATUSES = ["pending", "verified", "refused", "suspended"] as const;
export type ProStatus = (typeof PRO_STATUSES)[number];

/** Who sells a listing, as buyers filter on it (`seller=private|pro`). */
export const SELLER_KINDS = ["private", "pro"] as const;
export type SellerKind = (typeof SELLER_KINDS)[number];

export const proProfiles = pgTable(
  "pro_profiles",
  {
    userId: text()
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    /** `/pro/<slug>`: from the company name, unique, kept when the name changes. */
    slug: varchar({ length: 80 }).notNull(),
    companyName: text().notNull(),
    /** 14 digits, Luhn-checked (app/features/pro/siret.ts). */
    siret: varchar({ length: 14 }).notNull(),
    addressLine: text().notNull(),
    postalCode: varchar({ length: 5 }).notNull(),
    city: text().notNull(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    phone: text().notNull(),
    openingHours: jsonb().$type<OpeningHours>().notNull(),
    /** Storage key prefix of the logo's WebP variants (`${logoKey}-${width}.webp`), processed like listing photos. */
    logoKey: text(),
    logoVariantWidths: integer().array(),
    presentation: text(),
    status: varchar({ length: 16 }).$type<ProStatus>().notNull().default("pending"),
    /** The moderator's reason, e-mailed to the professional, shown until it resubmits. */
    refusalReason: text(),
    /** Set by moderators: feed imports publish at once and are sampled for review (issue 35). */
    trusted: smallint().notNull().default(0),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: text().references(() => user.id, { onDelete: "set null" }),
    verifiedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("pro_profiles_status_check", sql`${t.status} in ('pending','verified','refused','suspended')`),
    check("pro_profiles_siret_check", sql`${t.siret} ~ '^[0-9]{14}$'`),
    check("pro_profiles_postal_code_check", sql`${t.postalCode} ~ '^[0-9]{5}$'`),
    uniqueIndex("pro_profiles_slug_idx").on(t.slug),
    // One verified professional per establishment; pending claims may collide until one is verified.
    uniqueIndex("pro_profiles_verified_siret_idx")
      .on(t.siret)
      .where(sql`${t.status} = 'verified'`),
    // The moderators' 'Professionnels' tab: pending first, oldest first.
    index("pro_profiles_pending_idx")
      .on(t.submittedAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Trust figures of a seller (issue 33), read by the listing page and the dealer page in one
 * primary-key lookup: kept by a job / incrementally, never computed per page view.
 */
export const sellerStats = pgTable("seller_stats", {
  userId: text()
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  publishedCount: integer().notNull().default(0),
  soldCount: integer().notNull().default(0),
  /** Private sellers: listings published in the last 12 months ('Vendeur particulier très actif' above 5). */
  publishedLast12Months: integer().notNull().default(0),
  /** Buyer-started conversations of the last 90 days, and how many the seller answered. */
  conversations90d: integer().notNull().default(0),
  answered90d: integer().notNull().default(0),
  /** Median seconds from the buyer's first message to the seller's first reply (answered ones). */
  medianResponseSeconds: integer(),
  refreshedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

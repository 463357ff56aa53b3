import { bigint, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/** The value of a facet column in a row that counts every value of it ('Tous'). */
export const ANY_FACET = "*";

/**
 * Published listings per combination of the search's equality filters (issue 37, decision
 * 0029): one row per grouping set of the cube of brand, model, fuel, gearbox, body type,
 * colour and seller kind (issue 33, decision 0034), '*' standing for 'Tous' in that column and '' for a listing without the value. The
 * number of matches of a search whose only filters are among these equalities is one row (or
 * the sum of a few, for lists): exact, whatever the number of matches. Kept by the
 * statement-level triggers `listings_facet_counts_*` of migration 0017 (seller kind added by 0021) (transition tables: a
 * bulk load pays one grouped upsert per statement, not one per row).
 */
export const listingFacetCounts = pgTable(
  "listing_facet_counts",
  {
    brand: text().notNull(),
    model: text().notNull(),
    fuel: text().notNull(),
    gearbox: text().notNull(),
    vehicleType: text().notNull(),
    color: text().notNull(),
    /** 'private', 'pro' or '*' (issue 33, migration 0021: the seventh dimension, 128 grouping sets). */
    sellerKind: text().notNull(),
    n: bigint({ mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.brand, t.model, t.fuel, t.gearbox, t.vehicleType, t.color, t.sellerKind] })],
);

import { bigint, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/** The value of a facet column in a row that counts every value of it ('Tous'). */
export const ANY_FACET = "*";

/**
 * Published listings per combination of the search's equality filters (issue 37, decision
 * 0029): one row per grouping set of the cube of brand, model, fuel, gearbox, body type and
 * colour, '*' standing for 'Tous' in that column and '' for a listing without the value. The
 * number of matches of a search whose only filters are among these equalities is one row (or
 * the sum of a few, for lists): exact, whatever the number of matches. Kept by the
 * statement-level triggers `listings_facet_counts_*` of migration 0017 (transition tables: a
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
    n: bigint({ mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.brand, t.model, t.fuel, t.gearbox, t.vehicleType, t.color] })],
);

/**
 * The same counts for one kind of seller (issue 33, `seller=private|pro`, decision 0034): the
 * 64 grouping sets of the cube above, each with the listing's `seller_kind` ('private' or
 * 'pro', never '*': 'Tous' is the table above). Together the two tables are the cube of seven
 * dimensions (128 grouping sets); a separate table keeps the first one as it was for the
 * previous release during a rolling deploy (decision 0036: migrations only expand). Kept by
 * the triggers `listings_seller_facet_counts_*` of migration 0021.
 */
export const listingSellerFacetCounts = pgTable(
  "listing_seller_facet_counts",
  {
    sellerKind: text().notNull(),
    brand: text().notNull(),
    model: text().notNull(),
    fuel: text().notNull(),
    gearbox: text().notNull(),
    vehicleType: text().notNull(),
    color: text().notNull(),
    n: bigint({ mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sellerKind, t.brand, t.model, t.fuel, t.gearbox, t.vehicleType, t.color] })],
);

import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { user } from "./auth-schema";
import type { SellerKind } from "./pro-schema";

export * from "./auth-schema";
export * from "./moderation-schema";
export * from "./messaging-schema";
export * from "./limits-schema";
export * from "./pricing-schema";
export * from "./price-drop-schema";
export * from "./saved-search-schema";
export * from "./facet-count-schema";
export * from "./pro-schema";
export * from "./stock-import-schema";
export * from "./dashboard-schema";
export * from "./review-sample-schema";

/**
 * Listing lifecycle. The spec's flags derive from it:
 * check = status === "published"; delete = status === "deleted".
 * `withdrawn` (decision 0058): a published listing its seller took offline for a while ('Retirer
 * de la vente'); off the site like a deleted one, put back as it was by 'Remettre en vente'.
 */
export const LISTING_STATUSES = ["draft", "pending", "published", "rejected", "sold", "deleted", "withdrawn"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** Issue 34: 20 photos (the spec says 3; docs/decisions/0044-twenty-photos.md). */
export const MAX_LISTING_PHOTOS = 20;

type SearchFilterColumn =
  | "fuel"
  | "gearbox"
  | "vehicleType"
  | "color"
  | "sellerKind"
  | "critair"
  | "doors"
  | "seats"
  | "ownerCount"
  | "dinPower"
  | "price"
  | "year"
  | "mileage"
  | "brand"
  | "model"
  | "latitude"
  | "longitude"
  | "equipmentMask";

/**
 * The columns search filters on (app/features/search/search-where.server.ts), low-cardinality
 * equalities first: B-tree index conditions on trailing columns are tested in column order,
 * and a failed equality ends the test early.
 */
function searchFilterColumns<C>(t: Record<SearchFilterColumn, C>, except: SearchFilterColumn[] = []): C[] {
  const order: SearchFilterColumn[] = [
    "fuel",
    "gearbox",
    "vehicleType",
    "color",
    // Who sells (issue 33, `seller=private|pro`): tested in the B-tree on every ordered path.
    "sellerKind",
    // 'Crit'Air : N ou mieux' (issue 34): tested in the B-tree on every path, not only its own
    // index, so a Crit'Air search around a place stays an index-only count (migration 0024).
    "critair",
    // 'Portes', 'Places', '1re main' and 'Puissance (ch)' (issue 34, decision 0049, migration
    // 0029): every new filter tested in the B-tree on every ordered path, so 'power 150–250 ch +
    // Automatique' counts index-only like the other combinations.
    "doors",
    "seats",
    "ownerCount",
    "dinPower",
    "price",
    "year",
    "mileage",
    "brand",
    "model",
    "latitude",
    "longitude",
    // 'Équipements' (issue 34, decision 0056, migration 0033): the items as bits, tested on the
    // entry as `equipment_mask & m = m` (a filter of the index-only scan, no B-tree operator
    // expresses it, hence last), so an equipment search counts and pages without the heap.
    "equipmentMask",
  ];
  return order.filter((name) => !except.includes(name)).map((name) => t[name]);
}

/** PostgreSQL's `tsvector` (drizzle has no built-in type for it). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The words free-text search matches (issue 14, docs/decisions/0018-free-text-search.md), in the
 * `occazio_fr` text-search configuration (French stemming after `unaccent`, created by the
 * migration): brand and model weigh most (A), then energy, gearbox, body type (B), city and
 * postal code (C), the seller's description (D).
 */
const searchDocument = sql`setweight(to_tsvector('occazio_fr'::regconfig, coalesce(brand, '') || ' ' || coalesce(model, '')), 'A')
  || setweight(to_tsvector('occazio_fr'::regconfig, coalesce(fuel, '') || ' ' || coalesce(gearbox, '') || ' ' || coalesce(vehicle_type, '') || ' ' || coalesce(color, '')), 'B')
  || setweight(to_tsvector('occazio_fr'::regconfig, coalesce(city, '') || ' ' || coalesce(postal_code, '')), 'C')
  || setweight(to_tsvector('occazio_fr'::regconfig, left(coalesce(description, ''), 20000)), 'D')`;

export const listings = pgTable(
  "listings",
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: varchar({ length: 16 }).$type<ListingStatus>().notNull().default("draft"),
    /** Wizard step the seller reached (1–8), so a draft resumes where it was left. */
    draftStep: smallint().notNull().default(1),
    brand: text().notNull(),
    model: text().notNull(),
    year: smallint(),
    /** MM/AAAA as typed in the wizard. */
    firstRegistration: varchar({ length: 7 }),
    fuel: text(),
    gearbox: text(),
    vehicleType: text(),
    doors: smallint(),
    seats: smallint(),
    fiscalPower: smallint(),
    dinPower: smallint(),
    licenseStatus: text(),
    mileage: integer(),
    color: text(),
    vehicleCondition: text(),
    description: text(),
    /** Whole euros. */
    price: integer(),
    city: text(),
    /** Always 5 characters: "01000" keeps its leading zero. */
    postalCode: varchar({ length: 5 }),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    heartCount: integer().notNull().default(0),
    /** Signed-in viewers who revealed the seller's phone (once each, see phone_reveals). */
    phoneRevealCount: integer().notNull().default(0),
    /**
     * Market price rating (app/features/pricing, decision 0015), set by the trigger
     * `listings_rate_price` and the pricing batch: 1 'Très bonne affaire' … 5 'Prix très élevé',
     * null when not published or with too few comparables.
     */
    priceLevel: smallint(),
    /** Estimated market range (whole euros) and how many other published listings of the model it rests on. */
    priceEstimateLow: integer(),
    priceEstimateHigh: integer(),
    priceComparables: integer(),
    priceRatedAt: timestamp({ withTimezone: true }),
    rejectionReason: text(),
    /**
     * 'pro' when the owner has declared itself a professional (pro_profiles), else 'private';
     * copied here so search filters on it like the other columns (`seller=private|pro`).
     */
    sellerKind: varchar({ length: 8 }).$type<SellerKind>().notNull().default("private"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp({ withTimezone: true }),
    publishedAt: timestamp({ withTimezone: true }),
    soldAt: timestamp({ withTimezone: true }),
    /**
     * 'Vendu sur Occazio ?' when marked sold (issue 36): 'occazio', 'ailleurs', 'non_precise';
     * NULL for listings sold before the question existed.
     */
    soldChannel: varchar({ length: 12 }).$type<"occazio" | "ailleurs" | "non_precise">(),
    deletedAt: timestamp({ withTimezone: true }),
    /**
     * Facts buyers decide on (issue 34, decision 0039): the Euro emission standard as on the
     * registration certificate ('Euro 1' … 'Euro 6d', null = 'Je ne sais pas'), the last
     * contrôle technique (date and result: favorable, defavorable, not_required) and the number
     * of owners (1 = '1re main').
     */
    euroNorm: varchar({ length: 16 }),
    inspectionDate: date({ mode: "string" }),
    inspectionResult: varchar({ length: 16 }),
    ownerCount: smallint(),
    /**
     * Issue 34, second slice (decision 0043): the equipment as stable slugs of
     * app/features/catalogue/equipment.ts (filter `equipment=a,b`: the listing has all of them,
     * tested on `equipment_mask` below, or `equipment @> array[...]` on the GIN index for rare
     * items, decision 0056); 'Carnet d'entretien à jour' and 'Véhicule
     * non fumeur' (null = not said); 'Garantie' in months (0–60) and, for a professional seller
     * only, its kind ('constructeur' | 'professionnelle'); the HistoVec share link as pasted
     * (checked against the official site's format, never fetched).
     */
    equipment: text().array().notNull().default(sql`'{}'::text[]`),
    /**
     * The same equipment as bits (decision 0056): bit i set when the listing has the i-th item of
     * EQUIPMENT_MASK_ORDER (app/features/catalogue/equipment-mask.ts, append only). Computed by
     * PostgreSQL (`occazio_equipment_mask`, migration 0033), so every write path of `equipment`
     * keeps it; a trailing key column of the ordered search indexes, tested there by the filter
     * `equipment=a,b` (`equipment_mask & m = m`). Read as a number: never needed in JavaScript.
     */
    equipmentMask: bigint({ mode: "number" }).generatedAlwaysAs(sql`occazio_equipment_mask(equipment)`),
    serviceHistory: boolean(),
    warrantyMonths: smallint(),
    warrantyKind: varchar({ length: 16 }).$type<"constructeur" | "professionnelle">(),
    nonSmoker: boolean(),
    histovecUrl: text(),
    /**
     * Crit'Air class, computed by PostgreSQL from type, energy, Euro standard and first
     * registration (`occazio_critair`, migration 0022; app/features/catalogue/critair.ts is the
     * same table for the browser): 0–5, 6 = 'Non classé', null = cannot be computed. Stored so
     * the filter `critair=N` ("N or better": `critair <= N`) is an index condition.
     */
    critair: smallint().generatedAlwaysAs(sql`occazio_critair(vehicle_type, fuel, euro_norm, first_registration)`),
    /**
     * The dealer's own stock number (issue 35, decision 0046): an imported row finds its listing
     * by it; unique per owner among listings not sold or deleted (a withdrawn one keeps it). Null for listings typed in the wizard.
     */
    stockReference: text(),
    /** SHA-256 of the imported row's values and photo addresses: an unchanged row is skipped without comparing fields. */
    importFingerprint: varchar({ length: 64 }),
    /** Free-text search document, kept by PostgreSQL itself (a stored generated column). */
    searchVector: tsvector().generatedAlwaysAs(searchDocument),
    /** Brand and model folded (`occazio_fold`: unaccented, lower case) for trigram similarity on typos. */
    searchName: text().generatedAlwaysAs(sql`occazio_fold(brand || ' ' || model)`),
  },
  (t) => [
    check("listings_status_check", sql`${t.status} in ('draft','pending','published','rejected','sold','deleted','withdrawn')`),
    check("listings_postal_code_check", sql`${t.postalCode} ~ '^[0-9]{5}$'`),
    check("listings_price_check", sql`${t.price} >= 1`),
    check("listings_sold_channel_check", sql`${t.soldChannel} in ('occazio','ailleurs','non_precise')`),
    check("listings_seller_kind_check", sql`${t.sellerKind} in ('private','pro')`),
    check("listings_counters_check", sql`${t.heartCount} >= 0`),
    check(
      "listings_euro_norm_check",
      sql`${t.euroNorm} in ('Euro 1','Euro 2','Euro 3','Euro 4','Euro 5','Euro 6','Euro 6b','Euro 6c','Euro 6d-TEMP','Euro 6d')`,
    ),
    check("listings_inspection_result_check", sql`${t.inspectionResult} in ('favorable','defavorable','not_required')`),
    check("listings_owner_count_check", sql`${t.ownerCount} between 1 and 99`),
    check("listings_warranty_months_check", sql`${t.warrantyMonths} between 0 and 60`),
    check("listings_warranty_kind_check", sql`${t.warrantyKind} in ('constructeur','professionnelle')`),
    check("listings_equipment_count_check", sql`cardinality(${t.equipment}) <= 100`),
    check("listings_histovec_url_check", sql`length(${t.histovecUrl}) <= 500`),
    index("listings_owner_idx").on(t.ownerId, t.status),
    // A dealer's stock by its own reference (issue 35): one live listing per reference.
    uniqueIndex("listings_owner_stock_reference_idx")
      .on(t.ownerId, t.stockReference)
      .where(sql`${t.stockReference} is not null and ${t.status} not in ('sold','deleted')`),
    // Search (spec §7; docs/decisions/0004-search-indexes.md). Partial on published listings.
    // Each index opens with the columns of one access path (an order, brand + model, a
    // latitude band) and ends with every other filtered column as trailing *key* columns, so
    // any combination of filters is tested inside the B-tree (index conditions, ~5× cheaper
    // per entry than INCLUDE columns tested as filters, which drizzle cannot express anyway)
    // and counts and page ids come from index-only scans.
    index("listings_published_recent_idx")
      .on(t.publishedAt.desc(), t.id.desc(), ...searchFilterColumns(t))
      .where(sql`${t.status} = 'published'`),
    index("listings_published_brand_model_idx")
      .on(t.brand, t.model, t.publishedAt.desc(), t.id.desc(), ...searchFilterColumns(t, ["brand", "model"]))
      .where(sql`${t.status} = 'published'`),
    // Both price sorts (read backwards for "price_desc") and price ranges.
    index("listings_published_price_idx")
      .on(t.price, t.id, ...searchFilterColumns(t, ["price"]))
      .where(sql`${t.status} = 'published'`),
    // Radius search, spatial: a GiST R-tree of point(longitude, latitude) (built in: no
    // extension, PGlite has it too). Its migration adds INCLUDE (latitude, longitude), which
    // drizzle cannot express, so the exact distance is tested on the index entry (index-only).
    // Serves only the capped count of a search by place alone over a large circle, chosen by
    // radius in search-listings.server.ts (decision 0007); any other filter counts on its own
    // B-tree, so the entry carries no filter column (migration 0016 narrowed it).
    index("listings_published_point_idx")
      .using("gist", sql`point(${t.longitude}, ${t.latitude})`)
      .where(sql`${t.status} = 'published'`),
    // A brand around a place ("Peugeot within 50 km of Paris", issue 33's bench line with
    // `seller`): the brand's entries inside the latitude band only, every other filter tested
    // in the B-tree. The brand + model index would walk every entry of the brand (140 000 for
    // Peugeot at 1 000 000 listings) to count the few in the circle; the band index every
    // brand's entries in the band. Counts only: pages keep the ordered indexes.
    index("listings_published_brand_geo_idx")
      .on(t.brand, t.latitude, t.longitude, ...searchFilterColumns(t, ["brand", "latitude", "longitude"]))
      .where(sql`${t.status} = 'published'`),
    // Radius search, ordered paths: the latitude/longitude band, then the exact distance on the entry.
    index("listings_published_geo_idx")
      .on(t.latitude, t.longitude, ...searchFilterColumns(t, ["latitude", "longitude"]), t.publishedAt, t.id)
      .where(sql`${t.status} = 'published'`),
    // Rare option values ("Cabriolet", "Jaune", "GPL") match too few entries for the ordered
    // scans above to stop early. One index led by each option column, then the other option
    // columns and the three ranges (price, year, mileage) as trailing key columns: counts of
    // option filters, with or without a range ("Cabriolet ≤ 20 000 €", "Électrique +
    // Automatique ≤ 30 000 €"), are index-only scans testing every filter inside the B-tree
    // (issue 16: with the options alone they read thousands of heap pages per count).
    index("listings_published_vehicle_type_idx")
      .on(t.vehicleType, t.color, t.fuel, t.gearbox, t.price, t.year, t.mileage)
      .where(sql`${t.status} = 'published'`),
    index("listings_published_color_idx")
      .on(t.color, t.fuel, t.gearbox, t.vehicleType, t.price, t.year, t.mileage)
      .where(sql`${t.status} = 'published'`),
    index("listings_published_fuel_idx")
      .on(t.fuel, t.gearbox, t.price, t.vehicleType, t.color, t.year, t.mileage)
      .where(sql`${t.status} = 'published'`),
    // "Bonnes affaires d'abord" and the "Bonne affaire et mieux" filter (price_level <= 2):
    // rated listings first, best deals first, newest first within a level.
    index("listings_published_deal_idx")
      .on(t.priceLevel, t.publishedAt.desc(), t.id.desc(), ...searchFilterColumns(t))
      .where(sql`${t.status} = 'published'`),
    // 'Crit'Air : N ou mieux' (issue 34, decision 0039): the class leads (a range `critair <= N`),
    // then the newest first and every other filter as trailing key columns, like the deal
    // index: the capped count and the pages of a Crit'Air search are index-only scans.
    index("listings_published_critair_idx")
      .on(t.critair, t.publishedAt.desc(), t.id.desc(), ...searchFilterColumns(t, ["critair"]))
      .where(sql`${t.status} = 'published'`),
    // 'Équipements' (issue 34, decisions 0043, 0056, 0060): `equipment @> array[…]` on the published
    // listings, for items too rare for the mask's walk of the ordered indexes (equipment-shares.server.ts).
    // The brand is its first column (btree_gin): a rare combination inside a big brand is counted
    // from the two posting lists, without walking the brand's entries. A GIN index answers any of
    // its columns alone as well, so it also serves `equipment @>` without a brand.
    index("listings_published_brand_equipment_idx")
      .using("gin", t.brand, t.equipment)
      .where(sql`${t.status} = 'published'`),
    // Rarer sorts: plain (filters, when any, are read from the rows of the page being built).
    index("listings_published_mileage_idx")
      .on(t.mileage, t.id)
      .where(sql`${t.status} = 'published'`),
    index("listings_published_year_idx")
      .on(t.year.desc(), t.id.desc())
      .where(sql`${t.status} = 'published'`),
    // Free-text search (issue 14): the words, and trigrams of brand + model for misspellings.
    index("listings_published_search_idx")
      .using("gin", t.searchVector)
      .where(sql`${t.status} = 'published'`),
    index("listings_published_search_name_idx")
      .using("gin", sql`${t.searchName} gin_trgm_ops`)
      .where(sql`${t.status} = 'published'`),
    // A seller's published listings, newest first: the dealer page (/pro/<slug>) and the
    // seller's counters, whatever the size of the stock (issue 33).
    index("listings_published_owner_idx")
      .on(t.ownerId, t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'published'`),
    // Moderation queue: pending listings, oldest first.
    index("listings_pending_idx")
      .on(t.submittedAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Detail views and card clicks (spec §3 counters), out of the `listings` row: a counted view
 * updates this narrow row (one primary-key index, HOT updates) instead of rewriting the wide
 * listing row and its 13 indexes and clearing the visibility-map bit the search's index-only
 * counts rely on. See docs/decisions/0007-counters-and-radius-index.md.
 */
export const listingCounters = pgTable(
  "listing_counters",
  {
    listingId: uuid()
      .primaryKey()
      .references(() => listings.id, { onDelete: "cascade" }),
    viewCount: integer().notNull().default(0),
    clickCount: integer().notNull().default(0),
  },
  (t) => [check("listing_counters_check", sql`${t.viewCount} >= 0 and ${t.clickCount} >= 0`)],
);

export const listingPhotos = pgTable(
  "listing_photos",
  {
    id: uuid().primaryKey().defaultRandom(),
    listingId: uuid()
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    /** 0-based display order; at most MAX_LISTING_PHOTOS per listing. */
    position: smallint().notNull(),
    /** Storage key prefix; variants are `${storageKey}-${width}.webp`. */
    storageKey: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    /** Widths of the stored WebP variants, ascending. */
    variantWidths: integer().array().notNull(),
    /** SHA-256 of the uploaded file: the same photo on several listings is a fraud signal. */
    contentHash: varchar({ length: 64 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when the photo was added to a published listing (issue 34, decision 0053): it waits for
     * a moderator and only its seller and moderators see it; null = it goes with the listing
     * (approved, or the listing itself is not public yet and is moderated whole).
     */
    pendingSince: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("listing_photos_position_idx").on(t.listingId, t.position),
    // The moderation queue's listings with new photos (few rows: only photos waiting).
    index("listing_photos_pending_idx")
      .on(t.pendingSince, t.listingId)
      .where(sql`${t.pendingSince} is not null`),
    index("listing_photos_content_hash_idx").on(t.contentHash),
    // Who may fetch /uploads/<key>-<width>.webp (photo-access.server.ts).
    index("listing_photos_storage_key_idx").on(t.storageKey),
    check("listing_photos_position_check", sql`${t.position} >= 0 and ${t.position} < 20`),
  ],
);

export const favorites = pgTable(
  "favorites",
  {
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    listingId: uuid()
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    /** The spec's addedAt. */
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listingId] }),
    index("favorites_user_recent_idx").on(t.userId, t.createdAt.desc()),
    index("favorites_listing_idx").on(t.listingId),
  ],
);

/**
 * The comparison tray of a signed-in user (issue 14): up to 4 listings, oldest first. Visitors
 * keep theirs in the browser; it is merged here at sign-in.
 */
export const comparisonItems = pgTable(
  "comparison_items",
  {
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    listingId: uuid()
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listingId] }),
    // Deleting a listing (or its owner's account) cascades here.
    index("comparison_items_listing_idx").on(t.listingId),
  ],
);

/**
 * 'Vus récemment' of a signed-in user (issue 36): the listings they opened, newest first, at
 * most RECENTLY_VIEWED_LIMIT per user (older rows are trimmed on each view). A visitor's list
 * lives in the browser and joins the account's at sign-in, like the comparison tray.
 */
export const recentlyViewed = pgTable(
  "recently_viewed",
  {
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    listingId: uuid()
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    viewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listingId] }),
    index("recently_viewed_user_recent_idx").on(t.userId, t.viewedAt.desc()),
    // Deleting a listing cascades here.
    index("recently_viewed_listing_idx").on(t.listingId),
  ],
);

/** Postal-code reference (La Poste, ODbL), loaded from reference/places.csv. */
export const places = pgTable(
  "places",
  {
    id: serial().primaryKey(),
    postalCode: varchar({ length: 5 }).notNull(),
    inseeCode: varchar({ length: 5 }).notNull(),
    city: text().notNull(),
    locality: text(),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
  },
  (t) => [index("places_postal_code_idx").on(t.postalCode)],
);

/** E-mails kept in the database when no SMTP server is configured (the embedded default). */
export const outboxEmails = pgTable(
  "outbox_emails",
  {
    id: uuid().primaryKey().defaultRandom(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("outbox_emails_recent_idx").on(t.createdAt.desc())],
);

/** Key/value facts about this database (e.g. which reference data version is loaded). */
export const appMeta = pgTable("app_meta", {
  key: text().primaryKey(),
  value: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type Listing = typeof listings.$inferSelect;
export type NewListing = typeof listings.$inferInsert;
export type ListingPhoto = typeof listingPhotos.$inferSelect;
export type Place = typeof places.$inferSelect;

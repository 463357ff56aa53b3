import { randomUUID } from "node:crypto";
import { faker } from "@faker-js/faker/locale/fr";
import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { refreshAllMarketPrices } from "~/features/pricing/refresh-all-market-prices.server";
import { appMeta, listingCounters, listingPhotos, listings, places } from "~/db/schema";
import { storeEncodedPhoto } from "~/features/listings/photo-processing.server";
import type { Storage } from "~/server/storage.server";
import { buildListing, type BuiltListing, type BuiltPlace } from "~/testing/builders";
import { buildLongDescription } from "~/testing/descriptions";
import { insertUser, type InsertedUser } from "~/testing/inserters.server";
import { refreshSellerStats } from "~/features/sellers/refresh-seller-stats.server";
import { planDealerStock } from "./demo-dealers";
import { planDemoVehicles } from "./demo-market";
import { createDemoPhotoRenderer } from "./demo-photos.server";
import { insertDemoDailyStats } from "./demo-daily-stats.server";
import { insertDemoConversations, insertDemoDealers, insertSoldHistory } from "./demo-pros.server";

export const DEMO_META_KEY = "demo_data_seeded_at";
export const DEMO_PASSWORD = "occazio-demo";

/** Accounts a developer can sign in with on the embedded default (printed at start-up). */
export const DEMO_ACCOUNTS = [
  {
    email: "vendeur@occazio.local",
    firstname: "Camille",
    lastname: "Martin",
    role: "user" as const,
    phoneNumber: "612345678",
  },
  {
    email: "acheteur@occazio.local",
    firstname: "Louis",
    lastname: "Bernard",
    role: "user" as const,
    phoneNumber: null,
  },
  {
    email: "moderateur@occazio.local",
    firstname: "Inès",
    lastname: "Moreau",
    role: "moderator" as const,
    phoneNumber: null,
  },
];

/** Big cities first: demo listings cluster where French buyers are, plus a spread elsewhere. */
const CITY_POSTAL_CODES = [
  "75011",
  "75015",
  "75017",
  "75020",
  "92100",
  "93100",
  "94000",
  "78000",
  "91000",
  "95000",
  "69001",
  "69003",
  "69100",
  "13001",
  "13008",
  "31000",
  "06000",
  "44000",
  "67000",
  "34000",
  "33000",
  "59000",
  "35000",
  "51100",
  "76600",
  "42000",
  "83000",
  "38000",
  "21000",
  "49000",
  "37000",
  "63000",
  "29200",
  "87000",
  "80000",
  "45000",
  "57000",
  "66000",
  "64000",
  "25000",
];

const DEMO_PHOTO_WIDTHS = [480, 960] as const;


function withLongDescription(listing: BuiltListing): BuiltListing {
  return { ...listing, description: buildLongDescription(listing) };
}

async function pickPlaces(db: Database, count: number): Promise<BuiltPlace[]> {
  const select = {
    city: places.city,
    postalCode: places.postalCode,
    latitude: places.latitude,
    longitude: places.longitude,
  };
  const cities = await db
    .selectDistinctOn([places.postalCode], select)
    .from(places)
    .where(inArray(places.postalCode, CITY_POSTAL_CODES))
    .orderBy(places.postalCode, places.id);
  const spread = await db
    .select(select)
    .from(places)
    .orderBy(sql`md5(${places.id}::text)`)
    .limit(count);
  if (cities.length + spread.length === 0)
    throw new Error("La table des lieux est vide : chargez-la avant les données de démonstration.");
  return Array.from({ length: count }, (_, i) =>
    i % 5 < 3 && cities.length > 0
      ? faker.helpers.arrayElement(cities)
      : (spread[i] ?? faker.helpers.arrayElement(cities)),
  );
}

/**
 * The search e2e tests (tests/e2e/search.spec.ts) need, whatever the random draw: a listing in
 * Villeurbanne (about 5 km from Lyon 1er, inside a 50 km radius) and listings in Marseille
 * (about 280 km away, outside it). Three published listings, after the main seller's first six,
 * get these places; they are set after the draw, so every other listing stays as it was.
 */
const SEARCH_TEST_PLACES: Record<number, string> = { 10: "69100", 11: "13001", 12: "13008" };

async function pinSearchTestPlaces(db: Database, spots: BuiltPlace[]): Promise<void> {
  const wanted = Object.entries(SEARCH_TEST_PLACES).filter(([index]) => Number(index) < spots.length);
  if (wanted.length === 0) return;
  const found = await db
    .selectDistinctOn([places.postalCode], {
      city: places.city,
      postalCode: places.postalCode,
      latitude: places.latitude,
      longitude: places.longitude,
    })
    .from(places)
    .where(inArray(places.postalCode, wanted.map(([, code]) => code)))
    .orderBy(places.postalCode, places.id);
  for (const [index, code] of wanted) {
    const place = found.find((p) => p.postalCode === code);
    if (place) spots[Number(index)] = place;
  }
}

type DemoOwner = { kind: "main" } | { kind: "dealer"; index: number } | { kind: "private"; index: number; home: number };

/** Listings of the main demo seller (vendeur@occazio.local): the first ones, two pending. */
const MAIN_SELLER_LISTINGS = 6;

/**
 * Who sells each demo listing: the main demo account the first MAIN_SELLER_LISTINGS; the
 * dealers (planDealerStock) about two thirds of the others, drawn at random so the home page
 * mixes them; private sellers the rest, one or two consecutive listings each (`home`: the
 * listing whose place is the seller's). A listing with a place the e2e tests pin starts a
 * seller of its own and stays private.
 */
function planOwners(count: number): { owners: DemoOwner[]; stock: number[]; privateSellers: number } {
  const owners: DemoOwner[] = Array.from({ length: count }, () => ({ kind: "main" }));
  const pinned = (i: number) => i in SEARCH_TEST_PLACES;
  const eligible = Array.from({ length: count }, (_, i) => i).filter((i) => i >= MAIN_SELLER_LISTINGS && !pinned(i));
  const stock = planDealerStock(Math.round(((count - MAIN_SELLER_LISTINGS) * 2) / 3));
  const forDealers = faker.helpers.shuffle(eligible).slice(0, stock.reduce((a, b) => a + b, 0));
  let next = 0;
  stock.forEach((cars, index) => {
    for (const i of forDealers.slice(next, next + cars)) owners[i] = { kind: "dealer", index };
    next += cars;
  });
  const dealerOwned = new Set(forDealers);
  let privateSellers = 0;
  let open: { index: number; home: number; left: number } | null = null;
  for (let i = MAIN_SELLER_LISTINGS; i < count; i++) {
    if (dealerOwned.has(i)) continue;
    if (!open || open.left === 0 || pinned(i)) {
      open = { index: privateSellers++, home: i, left: faker.number.int({ min: 0, max: 1 }) };
    } else open.left--;
    owners[i] = { kind: "private", index: open.index, home: open.home };
  }
  return { owners, stock, privateSellers };
}

/**
 * Demo users and realistic listings with photos so the embedded default looks alive on first
 * start. Runs once per database (marked in app_meta); deterministic thanks to a fixed seed.
 */
export async function seedDemoData(options: {
  db: Database;
  storage: Storage;
  listingCount: number;
  /** The demo accounts' password (see demo-accounts.server.ts). */
  password?: string;
}): Promise<{ seeded: boolean; listings: number; users: number; ms: number }> {
  const started = performance.now();
  const { db, storage } = options;
  const [done] = await db.select().from(appMeta).where(eq(appMeta.key, DEMO_META_KEY));
  if (done) return { seeded: false, listings: 0, users: 0, ms: 0 };
  faker.seed(20261121);

  const accounts: InsertedUser[] = [];
  for (const demo of DEMO_ACCOUNTS) {
    accounts.push(await insertUser(db, { ...demo, password: options.password ?? DEMO_PASSWORD, createdAt: faker.date.past({ years: 3 }) }));
  }
  const spots = await pickPlaces(db, options.listingCount);
  await pinSearchTestPlaces(db, spots);
  // What each listing is: the two pending listings first, then the home page's popular models
  // (so each of its links finds a listing), then the French market's mix (demo-market.ts).
  // Drawn before the sellers, so the market's mix does not depend on how many sellers there are.
  const vehicles = planDemoVehicles(spots.length, { firstPublished: 2 });
  // Who sells what (issue 33): the main demo seller's first six, verified dealers about two
  // thirds of the rest (each at its address), private sellers with one or two cars each, at
  // home. Other sellers have no password (they cannot sign in).
  const plan = planOwners(spots.length);
  const dealers = await insertDemoDealers({ db, storage, count: plan.stock.length, password: options.password ?? DEMO_PASSWORD });
  const privateSellers: InsertedUser[] = [];
  for (let i = 0; i < plan.privateSellers; i++) {
    privateSellers.push(await insertUser(db, { canSignIn: false, createdAt: faker.date.past({ years: 5 }) }));
  }
  const owners = plan.owners.map((owner, i) => {
    // The main demo seller is a private person too: every car at home.
    if (owner.kind === "main") {
      spots[i] = spots[0]!;
      return accounts[0]!.id;
    }
    if (owner.kind === "dealer") {
      spots[i] = dealers[owner.index]!.place;
      return dealers[owner.index]!.user.id;
    }
    // A private seller's cars are where the seller lives: the place of the first one.
    if (owner.home !== i) spots[i] = spots[owner.home]!;
    return privateSellers[owner.index]!.id;
  });
  const counters: { clickCount: number; viewCount: number }[] = [];
  const built = spots.map((place, i) => {
    const { spec, fuel } = vehicles[i]!;
    const vehicle = { place, brand: spec.brand, model: spec.model, ...(fuel ? { fuel } : {}) };
    // The newest listing (first on the home page) has a seller's long description and a few
    // facts left blank, as imported listings do: the detail page's "Voir plus" and
    // "Non spécifié" are visible on first start.
    // Its description says only what its fields say (descriptions.ts).
    const listing = i === 2 ? withLongDescription(buildListing({ ...vehicle, fiscalPower: null, dinPower: null, firstRegistration: null, createdAt: new Date(), publishedAt: new Date() })) : buildListing(vehicle);
    // Two of the main seller's listings wait for validation, so /hosting shows every tab.
    const status = i < 2 ? ("pending" as const) : ("published" as const);
    // Card clicks open the detail page: never more clicks than views.
    const viewCount = faker.number.int({ max: 400 });
    counters.push({ viewCount, clickCount: faker.number.int({ max: Math.round(viewCount * 0.8) }) });
    return {
      ...listing,
      ownerId: owners[i]!,
      status,
      publishedAt: status === "published" ? listing.publishedAt : null,
      heartCount: faker.number.int({ max: 25 }),
    };
  });
  const render = createDemoPhotoRenderer(DEMO_PHOTO_WIDTHS);
  const photoRows: (typeof listingPhotos.$inferInsert)[] = [];
  await db.transaction(async (tx) => {
    for (let i = 0; i < built.length; i += 500) {
      const rows = await tx
        .insert(listings)
        .values(built.slice(i, i + 500))
        .returning({ id: listings.id });
      await tx.insert(listingCounters).values(rows.map((row, j) => ({ listingId: row.id, ...counters[i + j]! })));
      for (const [j, row] of rows.entries()) {
        const listing = built[i + j]!;
        const photoCount = faker.number.int({ min: 1, max: 3 });
        for (let position = 0; position < photoCount; position++) {
          const storageKey = `listings/${row.id}/${randomUUID()}`;
          const photo = await render({ color: listing.color, vehicleType: listing.vehicleType, view: position });
          photoRows.push({
            listingId: row.id,
            position,
            storageKey,
            ...(await storeEncodedPhoto({ storage, storageKey, photo })),
          });
        }
      }
    }
    for (let i = 0; i < photoRows.length; i += 500) {
      await tx.insert(listingPhotos).values(photoRows.slice(i, i + 500));
    }
    await insertSoldHistory(tx, [
      ...dealers.map(({ user, place }) => ({ id: user.id, place, count: faker.number.int({ min: 6, max: 40 }), withinDays: 700 })),
      // The main demo seller sold two cars this year: with its listings, more than 5 published in
      // 12 months, so moderators see 'Vendeur particulier très actif' on its pending ones.
      { id: accounts[0]!.id, place: spots[0]!, count: 2, withinDays: 200 },
    ]);
    // Buyers' questions, mostly answered: dealers within the hour or a few, private sellers slower.
    const buyers: InsertedUser[] = [];
    for (let i = 0; i < 8; i++) buyers.push(await insertUser(tx, { canSignIn: false, createdAt: faker.date.past({ years: 2 }) }));
    await insertDemoConversations({
      db: tx,
      buyers,
      sellers: [
        ...dealers.map(({ user }, i) => ({ id: user.id, typicalReplyMinutes: [35, 90, 20, 150, 45, 300, 60][i % 7]!, conversations: faker.number.int({ min: 4, max: 10 }) })),
        ...privateSellers.map((seller) => ({
          id: seller.id,
          typicalReplyMinutes: faker.number.int({ min: 30, max: 20 * 60 }),
          conversations: faker.number.int({ min: 0, max: 3 }),
        })),
      ],
    });
  });
  await insertDemoDailyStats(db);
  // Every demo seller's trust figures, as the 'seller-stats' job computes them (decision 0035).
  await refreshSellerStats(db, [accounts[0]!.id, ...dealers.map((d) => d.user.id), ...privateSellers.map((s) => s.id)]);
  const inserted = built.length;
  // Every published demo listing gets its market price rating (decision 0015).
  await refreshAllMarketPrices({ db });
  await db.insert(appMeta).values({ key: DEMO_META_KEY, value: new Date().toISOString() });
  return {
    seeded: true,
    listings: inserted,
    users: accounts.length + dealers.length + privateSellers.length,
    ms: Math.round(performance.now() - started),
  };
}

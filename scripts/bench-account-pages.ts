// Server time of the account pages for a big account (issue 16): one seller with 500 listings,
// 1 000 favourites and 500 conversations (one of them 600 messages long), and a moderator
// facing a queue of pending listings. Times what each page's loader asks the database for,
// through the same services and with the same arguments as the routes (the default page):
//   - /moderation: the queue page, open reports, pending revisions, large price changes;
//   - /hosting ("Mes annonces"): the three tab counts and one page of a tab, with counters and photos;
//   - /wishlists: the first page of favourites;
//   - /messages: the first page of the inbox; /messages/:id: the newest page of a long thread;
//   - /recherches ("Mes recherches"): 20 saved searches, each with its count and 'N nouvelles'.
// Usage: npm run bench:account-pages -- [--engine pglite|postgres] [--runs 60] [--bar 50] [--only <words in the page's name>]
// PostgreSQL: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test (a throwaway database is
// created and dropped, tests/support/test-db.ts). Exits 1 when a page's p95 is above --bar ms.
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { conversations, favorites, listings, messages } from "../app/db/schema";
import { listFavorites } from "../app/features/favorites/favorites.server";
import { listMyListings } from "../app/features/hosting/hosting.server";
import { getConversation } from "../app/features/messages/get-conversation.server";
import { listConversationPage } from "../app/features/messages/list-conversations.server";
import { listSavedSearches } from "../app/features/saved-searches/manage-saved-searches.server";
import { saveSearch } from "../app/features/saved-searches/save-search.server";
import { listLargePriceChanges, listPendingRevisions } from "../app/features/moderation/listing-revisions.server";
import { listModerationQueue } from "../app/features/moderation/list-moderation-queue.server";
import { listOpenReports } from "../app/features/moderation/list-open-reports.server";
import { createLocalStorage } from "../app/server/storage.server";
import { buildListing } from "../app/testing/builders";
import { insertUser } from "../app/testing/inserters.server";
import { createTestDatabase } from "../tests/support/test-db";

const { values } = parseArgs({
  options: {
    engine: { type: "string", default: "postgres" },
    runs: { type: "string", default: "60" },
    bar: { type: "string", default: "50" },
    only: { type: "string" },
  },
});
process.env.TEST_DB_ENGINE = values.engine === "pglite" ? "pglite" : "postgres";
const RUNS = Number(values.runs);
const BAR_MS = Number(values.bar);
const storage = createLocalStorage(path.join(os.tmpdir(), "occazio-bench-account-pages"));

const t = await createTestDatabase({ withPlaces: true });
const { db } = t;
const timed = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
  const t0 = performance.now();
  const result = await work();
  console.log(`  ${label.padEnd(50)} ${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s`);
  return result;
};

const failures: string[] = [];
try {
  console.log(`Engine ${process.env.TEST_DB_ENGINE}; building the account`);
  const seller = await insertUser(db, { canSignIn: false });
  const other = await insertUser(db, { canSignIn: false });
  const moderator = await insertUser(db, { role: "moderator", canSignIn: false });
  const buyers = await Promise.all(Array.from({ length: 50 }, () => insertUser(db, { canSignIn: false })));
  const day = 86_400_000;
  const now = Date.now();
  /** Inserts listings in batches, returns their ids. */
  const insertListings = async (ownerId: string, statuses: string[]) => {
    const ids: string[] = [];
    for (let i = 0; i < statuses.length; i += 250) {
      const rows = statuses.slice(i, i + 250).map((status, j) => {
        const when = new Date(now - (i + j) * 3_600_000);
        return {
          ...buildListing(),
          ownerId,
          status: status as "published",
          submittedAt: when,
          publishedAt: status === "published" || status === "sold" ? when : null,
          deletedAt: status === "deleted" ? when : null,
          rejectionReason: status === "rejected" ? "Photos floues : reprenez-les à la lumière du jour." : null,
          updatedAt: when,
          createdAt: when,
        };
      });
      const inserted = await db.insert(listings).values(rows).returning({ id: listings.id });
      ids.push(...inserted.map((r) => r.id));
    }
    return ids;
  };
  const statuses = [
    ...Array<string>(300).fill("published"),
    ...Array<string>(20).fill("sold"),
    ...Array<string>(100).fill("pending"),
    ...Array<string>(40).fill("rejected"),
    ...Array<string>(40).fill("deleted"),
  ];
  const mine = await timed("500 listings of the seller", () => insertListings(seller.id, statuses));
  const others = await timed("1 000 listings of another seller", () =>
    insertListings(other.id, Array<string>(1000).fill("published")),
  );
  await timed("photos (3 per listing)", () =>
    db.execute(sql`insert into listing_photos (listing_id, position, storage_key, width, height, variant_widths)
      select l.id, k, 'bench/' || l.id || '/photo' || k, 1600, 1200, '{480,960}'::int[]
      from listings l cross join generate_series(0, 2) k`),
  );
  await timed("1 000 favourites", async () => {
    for (let i = 0; i < others.length; i += 500) {
      await db.insert(favorites).values(
        others.slice(i, i + 500).map((listingId, j) => ({
          userId: seller.id,
          listingId,
          createdAt: new Date(now - (i + j) * 60_000),
        })),
      );
    }
  });
  const published = mine.slice(0, 300);
  const conversationRows = [
    // The seller buys: 250 conversations on the other seller's listings.
    ...others.slice(0, 250).map((listingId) => ({ listingId, buyerId: seller.id, sellerId: other.id })),
    // The seller sells: 250 conversations, 50 buyers × 5 listings.
    ...Array.from({ length: 250 }, (_, i) => ({
      listingId: published[i % published.length]!,
      buyerId: buyers[Math.floor(i / 5)]!.id,
      sellerId: seller.id,
    })),
  ].map((c, i) => ({
    ...c,
    listingTitle: "Peugeot 208",
    createdAt: new Date(now - i * day),
    lastMessageAt: new Date(now - i * 600_000),
  }));
  const conversationIds = await timed("500 conversations, 4 messages each (one of 600)", async () => {
    const inserted = await db.insert(conversations).values(conversationRows).returning({
      id: conversations.id,
      buyerId: conversations.buyerId,
      sellerId: conversations.sellerId,
    });
    const rows = inserted.flatMap((c, i) =>
      Array.from({ length: i === 0 ? 600 : 4 }, (_, k) => ({
        conversationId: c.id,
        senderId: k % 2 === 0 ? c.buyerId : c.sellerId,
        body: `Bonjour, le véhicule est-il toujours disponible ? Message ${k + 1}.`,
        createdAt: new Date(now - i * 600_000 - (600 - k) * 1000),
      })),
    );
    for (let i = 0; i < rows.length; i += 500) await db.insert(messages).values(rows.slice(i, i + 500));
    return inserted.map((c) => c.id);
  });
  await timed("20 saved searches of the seller", async () => {
    // What buyers save: a brand or model, a price, a place and radius, sometimes free text.
    const queries = [
      "brand=Peugeot", "brand=Peugeot&model=208", "brand=Renault&model=Clio&price=15000", "fuel=Electrique",
      "postalCode=69001&radius=50", "brand=Volkswagen&postalCode=75011&radius=100", "price=10000&mileageMax=100000",
      "vehicleType=SUV&yearMin=2018", "gearbox=Automatique&price=25000", "brands=Peugeot,Renault,Citroen",
      "brand=Citroen&model=C3&postalCode=13001&radius=30", "q=break diesel", "color=Noir", "deals=1",
      "brand=Toyota&fuel=Hybride", "yearMin=2020&postalCode=33000&radius=200", "priceMin=5000&price=8000",
      "brand=Dacia&model=Sandero", "energies=Hybride,Electrique&postalCode=31000&radius=100", "",
    ];
    for (const query of queries) await saveSearch({ db, userId: seller.id, query });
  });
  if (process.env.TEST_DB_ENGINE === "postgres") await db.execute(sql`vacuum analyze`);
  else await db.execute(sql`analyze`);

  const viewer = { id: moderator.id, role: "moderator" };
  const pages: [string, () => Promise<unknown>][] = [
    [
      "/moderation (queue, reports, revisions, prices)",
      () =>
        Promise.all([
          listModerationQueue({ db, storage, viewer, page: 1 }),
          listOpenReports({ db, viewer }),
          listPendingRevisions({ db, storage, viewer }),
          listLargePriceChanges({ db, viewer }),
        ]),
    ],
    ["  moderation: queue page", () => listModerationQueue({ db, storage, viewer, page: 1 })],
    ["  moderation: open reports", () => listOpenReports({ db, viewer })],
    ["  moderation: pending revisions", () => listPendingRevisions({ db, storage, viewer })],
    ["  moderation: large price changes", () => listLargePriceChanges({ db, viewer })],
    [
      "/hosting (Mes annonces, 500 listings: first tab)",
      () => listMyListings({ db, storage, userId: seller.id, tab: "pending" }),
    ],
    [
      "/hosting?onglet=publiees&page=16 (the last)",
      () => listMyListings({ db, storage, userId: seller.id, tab: "published", page: 16 }),
    ],
    ["/wishlists (1 000 favourites, page 1)", () => listFavorites({ db, storage, userId: seller.id, page: 1 })],
    ["/wishlists (page 21, the last)", () => listFavorites({ db, storage, userId: seller.id, page: 21 })],
    ["/messages (500 conversations, page 1)", () => listConversationPage({ db, storage, userId: seller.id })],
    ["/messages?page=17 (the last)", () => listConversationPage({ db, storage, userId: seller.id, page: 17 })],
    [
      "/messages/:id (600 messages, newest page)",
      () => getConversation({ db, storage, userId: seller.id, conversationId: conversationIds[0]! }),
    ],
    ["/recherches (20 saved searches, counts and new)", () => listSavedSearches({ db, userId: seller.id })],
  ];
  const load = () =>
    os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ");
  console.log(`\nLoad average before measuring: ${load()}`);
  console.log(`Server time of each page's data (${RUNS} runs after 5 warm-up runs), ms`);
  console.log(`| Page | p50 | p95 | max |\n|---|---:|---:|---:|`);
  for (const [name, run] of pages.filter(([name]) => !values.only || name.includes(values.only))) {
    for (let i = 0; i < 5; i++) await run();
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await run();
      samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    const at = (p: number) => samples[Math.min(samples.length - 1, Math.ceil(p * samples.length) - 1)] ?? 0;
    console.log(`| ${name} | ${at(0.5).toFixed(1)} | ${at(0.95).toFixed(1)} | ${(samples.at(-1) ?? 0).toFixed(1)} |`);
    if (at(0.95) > BAR_MS) failures.push(`${name}: p95 ${at(0.95).toFixed(1)} ms > ${BAR_MS} ms`);
  }
  console.log(`Load average after measuring: ${load()}`);
} finally {
  await t.close();
}
if (failures.length) {
  console.error(`\nAbove the bar:\n  ${failures.join("\n  ")}`);
  process.exitCode = 1;
} else {
  console.log(`\nEvery page has p95 ≤ ${BAR_MS} ms.`);
}

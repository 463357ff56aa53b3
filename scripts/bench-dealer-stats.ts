// Issue 35 bar: 'The shop's 90-day statistics answer in p95 ≤ 50 ms for a dealer with 5 000
// listings.' Creates its own PostgreSQL database (BENCH_DEALER_STATS_DB, default
// occazio_bench_dealer_stats, on the server of DATABASE_URL; dropped at the end unless --keep),
// one verified dealer with 5 000 published listings and a figure row for every listing and day
// of the last 90 (450 000 rows: the worst case, every listing seen every day) with their
// per-owner sums, then measures:
//  - the shop's 90-day read as the statistics page does it (getShopStats: the verified-pro check
//    and ≤ 90 rows of owner_daily_stats by primary key);
//  - the same figures summed from the listings' rows instead (what a per-owner table spares);
//  - a listing's 90-day read (getListingStats);
//  - the write of a counted view (the counter and both day rows in one statement).
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:dealer-stats [-- --listings 5000 --runs 300]
import { parseArgs } from "node:util";
import pg from "pg";
import { sql } from "drizzle-orm";
import { openDatabase } from "../app/db/client.server";
import { proProfiles } from "../app/db/schema";
import { getListingStats, getShopStats } from "../app/features/dealer-dashboard/dealer-stats.server";
import { recordListingCounter } from "../app/features/listings/listing-detail.server";
import { insertListing, insertUser } from "../app/testing/inserters.server";

const { values } = parseArgs({
  options: {
    listings: { type: "string", default: "5000" },
    days: { type: "string", default: "90" },
    runs: { type: "string", default: "300" },
    keep: { type: "boolean", default: false },
  },
});
const LISTINGS = Number(values.listings);
const DAYS = Number(values.days);
const RUNS = Number(values.runs);
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error("bench:dealer-stats demande DATABASE_URL (un serveur PostgreSQL).");
const name = process.env.BENCH_DEALER_STATS_DB ?? "occazio_bench_dealer_stats";
if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error("BENCH_DEALER_STATS_DB : lettres minuscules, chiffres et _ seulement.");

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `p50 ${at(0.5).toFixed(2)} ms · p95 ${at(0.95).toFixed(2)} ms · max ${sorted.at(-1)!.toFixed(2)} ms`;
}

async function time(runs: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < Math.min(10, runs); i++) await fn(i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn(i);
    samples.push(performance.now() - started);
  }
  return samples;
}

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`drop database if exists ${name} with (force)`);
await admin.query(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
const { db } = handle;
try {
  const started = performance.now();
  const dealer = await insertUser(db);
  await db.insert(proProfiles).values({
    userId: dealer.id,
    slug: "garage-bench",
    companyName: "Garage du Banc",
    siret: "73282932000074",
    addressLine: "1 place Bellecour",
    postalCode: "69002",
    city: "Lyon",
    latitude: 45.757,
    longitude: 4.832,
    phone: "0478000000",
    openingHours: [[], [], [], [], [], [], []],
    status: "verified",
  });
  const first = await insertListing(db, dealer.id);
  // The other listings are copies of the first (every column that is not generated or the id).
  const columns = (
    (await db.execute(sql`
      select column_name from information_schema.columns
      where table_name = 'listings' and table_schema = 'public' and is_generated = 'NEVER' and column_name <> 'id'
      order by ordinal_position`)) as unknown as { rows: { column_name: string }[] }
  ).rows.map((r) => `"${r.column_name}"`);
  const list = sql.raw(columns.join(", "));
  await db.execute(sql`insert into listings (${list}) select ${list} from listings, generate_series(2, ${LISTINGS}) where id = ${first.id}`);
  await db.execute(sql`
    insert into listing_daily_stats (listing_id, day, views, result_clicks, phone_reveals, messages, favorites)
    select l.id, (now() at time zone 'Europe/Paris')::date - d, 1 + (random() * 40)::int, (random() * 10)::int,
      (random() * 3)::int, (random() * 2)::int, (random() * 2)::int
    from listings l, generate_series(0, ${DAYS - 1}) d where l.owner_id = ${dealer.id}`);
  await db.execute(sql`
    insert into owner_daily_stats (owner_id, day, views, result_clicks, phone_reveals, messages, favorites)
    select l.owner_id, s.day, sum(s.views), sum(s.result_clicks), sum(s.phone_reveals), sum(s.messages), sum(s.favorites)
    from listing_daily_stats s join listings l on l.id = s.listing_id group by l.owner_id, s.day`);
  await db.execute(sql`vacuum analyze listings`);
  await db.execute(sql`vacuum analyze listing_daily_stats`);
  await db.execute(sql`vacuum analyze owner_daily_stats`);
  const rows = (await db.execute(sql`select count(*)::int as n from listing_daily_stats`)) as unknown as { rows: { n: number }[] };
  console.log(`Données : ${LISTINGS} annonces, ${rows.rows[0]!.n} lignes par annonce et jour, en ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const shop = await time(RUNS, () => getShopStats({ db, userId: dealer.id, days: 90 }));
  console.log(`Boutique, 90 jours (getShopStats, owner_daily_stats)      : ${stats(shop)}`);
  const summed = await time(Math.min(RUNS, 30), () =>
    db.execute(sql`
      select s.day, sum(s.views), sum(s.result_clicks), sum(s.phone_reveals), sum(s.messages), sum(s.favorites)
      from listing_daily_stats s join listings l on l.id = s.listing_id
      where l.owner_id = ${dealer.id} and s.day > (now() at time zone 'Europe/Paris')::date - 90
      group by s.day order by s.day`),
  );
  console.log(`Boutique, 90 jours sommés depuis les lignes des annonces   : ${stats(summed)}`);
  const one = await time(RUNS, () => getListingStats({ db, userId: dealer.id, listingId: first.id, days: 90 }));
  console.log(`Une annonce, 90 jours (getListingStats)                   : ${stats(one)}`);
  const ids = ((await db.execute(sql`select id from listings where owner_id = ${dealer.id}`)) as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  const always = { firstTime: async () => true };
  const viewer = await insertUser(db);
  const views = await time(RUNS, (i) =>
    recordListingCounter({ db, dedupe: always, counter: "view", listingId: ids[i % ids.length]!, visitor: `v${i}`, viewerId: viewer.id, isBot: false }),
  );
  console.log(`Vue comptée (compteur + 2 lignes du jour, une instruction) : ${stats(views)}`);
  const plain = await time(RUNS, (i) =>
    db.execute(sql`
      insert into listing_counters (listing_id, view_count, click_count)
      select id, 1, 0 from listings where id = ${ids[i % ids.length]!}::uuid and status = 'published'
      on conflict (listing_id) do update set view_count = listing_counters.view_count + 1`),
  );
  console.log(`Vue comptée, le compteur seul (avant la décision 0052)     : ${stats(plain)}`);
} finally {
  await handle.close();
  if (!values.keep) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

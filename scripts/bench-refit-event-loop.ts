// The event loop during a full market refit (issue 14 review, decision 0015): how long the
// process that runs the refresher (the web process on the embedded default or with JOBS_IN_WEB)
// stops answering while `refreshAllMarketPrices` runs, with the fit on the main thread
// ("process", the former behaviour) and in a worker thread ("worker", the default).
//
// Usage: npm run bench:refit-event-loop -- [--engine pglite|postgres] [--rows 100000 | --demo]
//                                           [--database-url postgres://postgres@127.0.0.1:5432/test]
// PostgreSQL: BENCH_DB=occazio_bench_<name> is required; the script creates that database and
// drops it at the end (an existing one is never touched). PGlite: in memory.
// Steps: the demo data (seedDemoData, DEMO_LISTINGS listings) or N published listings on 600
// models with a known price curve (generated in SQL, triggers off during the load); one full
// batch from scratch (worker); then the full batch on the unchanged market, fitted on the main
// thread and in the worker, twice each alternately. For each run: the longest event-loop block
// (perf_hooks monitorEventLoopDelay, 5 ms resolution: max delay ≈ longest block) and its p99.
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { createSyntheticMarketTables, insertSyntheticListings } from "./lib/synthetic-market";
import { seedDemoData } from "~/features/demo/demo-seed.server";
import { ensurePlacesLoaded } from "~/features/places/places.server";
import { refreshAllMarketPrices, type FullRefreshResult } from "~/features/pricing/refresh-all-market-prices.server";
import { createLocalStorage } from "~/server/storage.server";

const { values: args } = parseArgs({
  options: {
    engine: { type: "string", default: "pglite" },
    rows: { type: "string", default: "100000" },
    demo: { type: "boolean", default: false },
    "database-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/test" },
  },
});
const ROWS = Number(args.rows);
const engine = args.engine === "postgres" ? "postgres" : "pglite";
const loadavg = () => os.loadavg().map((l) => l.toFixed(2)).join(" ");
const storage = createLocalStorage(path.join(os.tmpdir(), "occazio-bench-refit-uploads"));

async function openBenchDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (engine === "pglite") return { handle: await openDatabase({}), drop: async () => {} };
  const name = process.env.BENCH_DB;
  if (!name || !/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error("BENCH_DB obligatoire : lettres minuscules, chiffres et _");
  const adminUrl = args["database-url"]!;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  if ((await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount)
    throw new Error(`La base ${name} existe déjà : elle n'est pas à ce script, choisissez un autre BENCH_DB.`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    handle: await openDatabase({ databaseUrl: url.toString(), poolSize: 4 }),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** N published listings over 600 models (the market of bench-pricing.ts, generated in SQL). */
async function generateMarket(handle: DatabaseHandle, rows: number) {
  const { db } = handle;
  await createSyntheticMarketTables(db);
  await db.execute(sql`alter table listings disable trigger user`);
  await insertSyntheticListings(db, rows, 50_000);
  await db.execute(sql`alter table listings enable trigger user`);
  await db.execute(sql`vacuum analyze listings`);
}

async function measured(label: string, work: () => Promise<FullRefreshResult>) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const t0 = performance.now();
  const result = await work();
  const total = performance.now() - t0;
  // A block that lasts until the end of the work is recorded when the sampling timer runs:
  // give it a turn before reading (on PGlite, statements settle as microtasks, so a batch that
  // never yields would otherwise show no sample at all).
  await new Promise((resolve) => setTimeout(resolve, 50));
  histogram.disable();
  const ms = (ns: number) => (ns / 1e6).toFixed(0);
  console.log(
    `  ${label.padEnd(44)} longest block ${ms(histogram.max).padStart(6)} ms, p99 ${ms(histogram.percentile(99)).padStart(5)} ms` +
      ` | total ${total.toFixed(0)} ms (load ${result.loadMs}, fit ${result.fitMs}, write ${result.writeMs}), ${result.updated} rewritten` +
      ` | loadavg ${loadavg()}`,
  );
}

const { handle, drop } = await openBenchDatabase();
try {
  const t0 = performance.now();
  if (args.demo) {
    await ensurePlacesLoaded({ db: handle.db, csvPath: path.resolve(import.meta.dirname, "../reference/places.csv") });
    // The demo seeding ends with its own full batch (in the worker).
    await seedDemoData({ db: handle.db, storage, listingCount: Number(process.env.DEMO_LISTINGS ?? 320) });
  } else {
    await generateMarket(handle, ROWS);
  }
  const counted = (await handle.db.execute(sql`select count(*)::int as n from listings where status = 'published'`)) as unknown as {
    rows: { n: number }[];
  };
  console.log(
    `bench:refit-event-loop — ${engine}, ${args.demo ? "demo data" : "generated market"}, ${counted.rows[0]!.n} published listings, data ready in ${((performance.now() - t0) / 1000).toFixed(1)} s, loadavg ${loadavg()}`,
  );
  await measured("from scratch, fit in worker", () => refreshAllMarketPrices({ db: handle.db }));
  for (let i = 0; i < 2; i++) {
    await measured("unchanged market, fit on the main thread", () => refreshAllMarketPrices({ db: handle.db, fitIn: "process" }));
    await measured("unchanged market, fit in worker", () => refreshAllMarketPrices({ db: handle.db, fitIn: "worker" }));
  }
} finally {
  await handle.close();
  await drop();
}

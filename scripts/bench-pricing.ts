// Market price rating benchmark (issue 14, decision 0015): the full recomputation batch, the
// per-change cost (trigger) and the dirty-model refresh, and the search by rating, at N listings.
//
// Usage: BENCH_DB=occazio_bench_<name> npm run bench:pricing -- [--rows 1000000] [--runs 50]
//                                 [--database-url postgres://postgres@127.0.0.1:5432/test] [--keep]
//
// PostgreSQL only. Connects to --database-url only to create (and at the end drop) its OWN
// database named by BENCH_DB (required); an existing database of that name is never touched.
// Steps: migrate; generate N published listings over 600 models in SQL with a KNOWN price curve
// (log price = log P0[model] − 0.08·age − 0.02·km/10 000 + 0.05·Diesel + N(0, 0.12)), triggers
// and indexes off during the load, then indexes rebuilt and VACUUM ANALYZE; time the full batch
// (refreshAllMarketPrices) from scratch and again on an unchanged market; time 1 000 price
// changes through the trigger and the dirty-model refresh; check the estimate against the true
// curve; time 'Bonnes affaires d'abord' and 'Bonne affaire et mieux' searches (p50/p95).
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, type Database } from "~/db/client.server";
import { createSyntheticMarketTables, insertSyntheticListings } from "./lib/synthetic-market";
import { refreshAllMarketPrices } from "~/features/pricing/refresh-all-market-prices.server";
import { refreshDirtyModels } from "~/features/pricing/refresh-dirty-models.server";
import type { SearchFilters } from "~/features/search/search-params";
import { searchListings } from "~/features/search/search-listings.server";
import { createLocalStorage } from "~/server/storage.server";

const { values: args } = parseArgs({
  options: {
    rows: { type: "string", default: "1000000" },
    runs: { type: "string", default: "50" },
    "database-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/test" },
    keep: { type: "boolean", default: false },
  },
});
const ROWS = Number(args.rows);
const RUNS = Number(args.runs);
if (!Number.isInteger(ROWS) || ROWS < 1000) throw new Error("--rows : au moins 1000");
const BENCH_DB = process.env.BENCH_DB;
if (!BENCH_DB || !/^[a-z_][a-z0-9_]*$/.test(BENCH_DB))
  throw new Error("BENCH_DB obligatoire : lettres minuscules, chiffres et _");
const storage = createLocalStorage(path.join(os.tmpdir(), "occazio-bench-pricing-uploads"));

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const result = await work();
  console.log(`  ${label.padEnd(52)} ${((performance.now() - t0) / 1000).toFixed(2).padStart(8)} s`);
  return result;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main() {
  const adminUrl = args["database-url"]!;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = await admin.query("select 1 from pg_database where datname = $1", [BENCH_DB]);
  if (exists.rowCount)
    throw new Error(`La base ${BENCH_DB} existe déjà : elle n'est pas à ce script, choisissez un autre BENCH_DB.`);
  await admin.query(`create database ${BENCH_DB}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${BENCH_DB}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  const db: Database = handle.db;
  console.log(
    `bench:pricing — ${ROWS.toLocaleString("fr-FR")} annonces publiées, PostgreSQL (${BENCH_DB}), loadavg ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  try {
    await timed("lookup tables", () => createSyntheticMarketTables(db));
    const indexDefs = rowsOf(
      await db.execute(
        sql`select indexname, indexdef from pg_indexes where tablename = 'listings' and indexname not like '%_pkey'`,
      ),
    ).map((r) => ({ name: String(r.indexname), def: String(r.indexdef) }));
    await db.execute(sql.raw(`drop index ${indexDefs.map((i) => `"${i.name}"`).join(", ")}`));
    await db.execute(sql`alter table listings disable trigger user`);
    await timed(`listings (${ROWS.toLocaleString("fr-FR")})`, async () => {
      await insertSyntheticListings(db, ROWS, 250_000);
    });
    await timed(`indexes (${indexDefs.length})`, async () => {
      for (const index of indexDefs) await db.execute(sql.raw(index.def));
    });
    await db.execute(sql`alter table listings enable trigger user`);
    await timed("vacuum analyze", () => db.execute(sql`vacuum analyze listings`));

    const first = await timed("full batch, from scratch (every listing rated)", () => refreshAllMarketPrices({ db }));
    console.log(
      `    ${first.models} modèles, ${first.listings.toLocaleString("fr-FR")} annonces, ${first.updated.toLocaleString("fr-FR")} notes écrites (lecture ${first.loadMs} ms, ajustement ${first.fitMs} ms, écriture ${first.writeMs} ms)`,
    );
    await timed("vacuum analyze", () => db.execute(sql`vacuum analyze listings`));
    const second = await timed("full batch, unchanged market", () => refreshAllMarketPrices({ db }));
    console.log(
      `    ${second.updated.toLocaleString("fr-FR")} notes réécrites (lecture ${second.loadMs} ms, ajustement ${second.fitMs} ms, écriture ${second.writeMs} ms)`,
    );

    // Accuracy against the known curve (no noise): median |log(estimate / truth)|.
    const accuracy = rowsOf(
      await db.execute(sql`
        select percentile_cont(0.5) within group (order by abs(ln(sqrt(l.price_estimate_low::float8 * l.price_estimate_high) /
                 (m.p0 * exp(-0.08 * (extract(year from now())::int - l.year) - 0.02 * l.mileage / 10000.0 + case when l.fuel = 'Diesel' then 0.05 else 0 end))))) as med,
               count(*) filter (where l.price_level is not null)::int as rated,
               count(*)::int as n
        from listings l join bench_model m on m.brand = l.brand and m.model = l.model
        where l.status = 'published'`),
    )[0]!;
    console.log(
      `    estimation contre la vraie courbe : écart médian ${(Number(accuracy.med) * 100).toFixed(1)} %, ${Number(accuracy.rated).toLocaleString("fr-FR")} / ${Number(accuracy.n).toLocaleString("fr-FR")} annonces notées`,
    );
    const levels = rowsOf(
      await db.execute(
        sql`select price_level, count(*)::int as n from listings where status = 'published' group by 1 order by 1`,
      ),
    );
    console.log(
      `    niveaux : ${levels.map((r) => `${r.price_level ?? "aucun"}=${Number(r.n).toLocaleString("fr-FR")}`).join(", ")}`,
    );

    // 1 000 price changes, one transaction each, through the trigger; then the dirty models.
    const ids = rowsOf(
      await db.execute(sql`select id from listings where status = 'published' order by random() limit 1000`),
    ).map((r) => String(r.id));
    const durations: number[] = [];
    for (const id of ids) {
      const t0 = performance.now();
      await db.execute(sql`update listings set price = greatest(1, round(price * 0.9)) where id = ${id}`);
      durations.push(performance.now() - t0);
    }
    durations.sort((a, b) => a - b);
    console.log(
      `  price change + its own rating (trigger), 1 000 updates   p50 ${percentile(durations, 50).toFixed(1)} ms, p95 ${percentile(durations, 95).toFixed(1)} ms`,
    );
    const dirty = await timed("dirty-model refresh after the 1 000 changes", () => refreshDirtyModels({ db }));
    console.log(`    ${dirty.models} modèles réajustés, ${dirty.updated.toLocaleString("fr-FR")} notes réécrites`);

    const top = rowsOf(await db.execute(sql`select brand, model from bench_model order by slot limit 1`))[0]!;
    const queries: { name: string; filters: SearchFilters }[] = [
      { name: "Bonnes affaires d'abord (tout)", filters: { sort: "deals" } },
      { name: "Bonne affaire et mieux (tout)", filters: { goodDeals: true } },
      {
        name: `Bonne affaire et mieux, ${top.brand} ${top.model}`,
        filters: { brand: String(top.brand), model: String(top.model), goodDeals: true },
      },
      {
        name: "Bonnes affaires d'abord, Diesel ≤ 15 000 €",
        filters: { fuel: "Diesel", priceMax: 15_000, sort: "deals" },
      },
    ];
    for (const q of queries) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await searchListings({ db, storage, filters: { ...q.filters, page: 1 } });
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      console.log(
        `  search: ${q.name.padEnd(46)} p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`,
      );
    }
    console.log(
      `  loadavg à la fin : ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
  } finally {
    await handle.close();
    if (!args.keep) {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${BENCH_DB} with (force)`);
      await client.end();
    }
  }
}

await main();

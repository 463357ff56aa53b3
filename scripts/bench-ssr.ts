// SSR throughput of a search page under load (issue 5): the production server started as
// `npm start` starts it, then 50 keep-alive connections request the page for 30 s.
//
// Usage: npm run build && npm run bench:ssr -- [--path "/recherche?brand=Peugeot"]
//          [--connections 50] [--duration 30] [--warmup 5] [--listings 1000]
//          [--database-url postgres://postgres@127.0.0.1:5432/test] [--database-name occazio_bench_ssr]
//          [--workers 1,2] [--skip-pglite]
//
// Runs on the embedded default (PGlite in a fresh temporary DATA_DIR, demo data seeded at
// start-up; one process by design) unless --skip-pglite. With --database-url (or DATABASE_URL),
// runs on PostgreSQL too, once per --workers value (WEB_CONCURRENCY, default 1 then 2), all on
// the same database: it creates that database on the server (--database-name or
// BENCH_SSR_DATABASE, default occazio_bench_ssr_<random>; it stops if the name exists), seeds
// the demo data into it, and drops it at the end. It never drops a database it did not create.
//
// autocannon is not a dependency (and cannot be installed here), so the load comes from a small
// bounded generator: an http.Agent with keep-alive and at most `connections` sockets, as many
// request loops as sockets, each sending its next request when the previous answer has been
// read in full (closed-loop, like autocannon). Latency = request sent → last byte received.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { openDatabase } from "~/db/client.server";
import { seedDemoData } from "~/features/demo/demo-seed.server";
import { ensurePlacesLoaded } from "~/features/places/places.server";
import { createLocalStorage } from "~/server/storage.server";
import { startServerProcess, type ServerProcess } from "../tests/support/server-process";

const { values: args } = parseArgs({
  options: {
    path: { type: "string", default: "/recherche?brand=Peugeot" },
    connections: { type: "string", default: "50" },
    duration: { type: "string", default: "30" },
    warmup: { type: "string", default: "5" },
    listings: { type: "string", default: "1000" },
    "database-url": { type: "string", default: process.env.DATABASE_URL ?? "" },
    "database-name": { type: "string", default: process.env.BENCH_SSR_DATABASE ?? "" },
    workers: { type: "string", default: "1,2" },
    "skip-pglite": { type: "boolean", default: false },
  },
});
const WORKERS = args.workers!.split(",").map(Number);
if (!WORKERS.every((n) => Number.isInteger(n) && n >= 1 && n <= 64)) throw new Error("--workers : liste de 1 à 64, ex. 1,2");
const DATABASE_NAME = args["database-name"] || `occazio_bench_ssr_${randomBytes(4).toString("hex")}`;
if (!/^[a-z_][a-z0-9_]{0,62}$/.test(DATABASE_NAME)) throw new Error("--database-name : lettres minuscules, chiffres et _");
const CONNECTIONS = Number(args.connections);
const DURATION_S = Number(args.duration);
const WARMUP_S = Number(args.warmup);
const LISTINGS = Number(args.listings);
if (!Number.isInteger(CONNECTIONS) || CONNECTIONS < 1 || CONNECTIONS > 1_000) throw new Error("--connections : 1 à 1000");
if (!(DURATION_S > 0 && DURATION_S <= 600)) throw new Error("--duration : 1 à 600 secondes");
if (!(WARMUP_S >= 0 && WARMUP_S <= 60)) throw new Error("--warmup : 0 à 60 secondes");
if (!Number.isInteger(LISTINGS) || LISTINGS < 1 || LISTINGS > 100_000) throw new Error("--listings : 1 à 100 000");
const PLACES_CSV = path.resolve(import.meta.dirname, "../reference/places.csv");
const BUILD = path.resolve(import.meta.dirname, "../build/server/index.js");

interface LoadResult {
  requests: number;
  errors: number;
  non2xx: number;
  bytes: number;
  seconds: number;
  latenciesMs: number[];
}

/** Closed-loop load: `connections` loops over a keep-alive agent, stopping at the deadline. */
async function load(url: URL, connections: number, seconds: number): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const result: LoadResult = { requests: 0, errors: 0, non2xx: 0, bytes: 0, seconds: 0, latenciesMs: [] };
  const started = performance.now();
  const deadline = started + seconds * 1_000;
  const once = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const request = http.get(url, { agent, headers: { "accept-encoding": "gzip", "user-agent": "occazio-bench-ssr" } }, (response) => {
        response.on("data", (chunk: Buffer) => (result.bytes += chunk.length));
        response.on("end", () => {
          result.latenciesMs.push(performance.now() - t0);
          result.requests++;
          if ((response.statusCode ?? 0) < 200 || (response.statusCode ?? 0) >= 300) result.non2xx++;
          resolve();
        });
        response.on("error", () => {
          result.errors++;
          resolve();
        });
      });
      // A request that hangs must not hold the benchmark past its end.
      request.setTimeout(10_000, () => request.destroy(new Error("délai dépassé")));
      request.on("error", () => {
        result.errors++;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  result.seconds = (performance.now() - started) / 1_000;
  agent.destroy();
  return result;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function summarize(result: LoadResult) {
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  return {
    reqPerSec: result.requests / result.seconds,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? 0,
    requests: result.requests,
    errors: result.errors,
    non2xx: result.non2xx,
    kbPerResponse: result.requests ? result.bytes / result.requests / 1024 : 0,
  };
}

/** Latency histogram in the terminal: one bar per bucket, log-spaced. */
function histogram(latencies: number[]): string {
  const edges = [5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, Infinity];
  const counts = edges.map(() => 0);
  for (const ms of latencies) counts[edges.findIndex((edge) => ms <= edge)]!++;
  const most = Math.max(1, ...counts);
  let previous = 0;
  return edges
    .map((edge, i) => {
      const label = `${previous}–${edge === Infinity ? "∞" : edge} ms`.padStart(14);
      previous = edge;
      const n = counts[i] ?? 0;
      return `${label} ${"█".repeat(Math.round((n / most) * 40)).padEnd(40)} ${n}`;
    })
    .join("\n");
}

async function stop(server: ServerProcess) {
  server.child.kill("SIGTERM");
  await server.exited;
}

/** Creates the benchmark's own database (never an existing one), seeded like the demo. */
async function createBenchDatabase(databaseUrl: string, dataDir: string) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const exists = await admin.query("select 1 from pg_database where datname = $1", [DATABASE_NAME]);
    if (exists.rowCount) throw new Error(`la base ${DATABASE_NAME} existe déjà : choisissez un autre --database-name (elle n'est pas touchée)`);
    await admin.query(`create database ${DATABASE_NAME}`);
  } finally {
    await admin.end();
  }
  const drop = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`drop database if exists ${DATABASE_NAME} with (force)`);
    await client.end();
  };
  const url = new URL(databaseUrl);
  url.pathname = `/${DATABASE_NAME}`;
  try {
    const t0 = performance.now();
    const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    await ensurePlacesLoaded({ db: handle.db, csvPath: PLACES_CSV });
    await seedDemoData({ db: handle.db, storage: createLocalStorage(path.join(dataDir, "uploads")), listingCount: LISTINGS });
    await handle.close();
    console.log(`  base ${DATABASE_NAME} créée et remplie en ${Math.round(performance.now() - t0)} ms`);
  } catch (error) {
    await drop();
    throw error;
  }
  return { url: url.toString(), drop };
}

async function run(label: string, dataDir: string, extraEnv: Record<string, string>) {
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    DEMO_LISTINGS: String(LISTINGS),
    // Every request comes from 127.0.0.1; keep the auth limits out of the way.
    RATE_LIMIT_SCALE: "1000",
    ...extraEnv,
  };
  const t0 = performance.now();
  const server = startServerProcess(env);
  const base = await server.ready;
  try {
    console.log(`  serveur prêt en ${Math.round(performance.now() - t0)} ms (${base})`);
    const url = new URL(args.path!, base);
    const first = await fetch(url);
    const html = await first.text();
    if (first.status !== 200) throw new Error(`${url} a répondu ${first.status}`);
    const count = /(\d[\d\s\u202f\u00a0]*\+?) annonces?/.exec(html)?.[1]?.replace(/\s/g, " ");
    console.log(`  ${url.pathname}${url.search} : 200, ${(html.length / 1024).toFixed(0)} Kio de HTML, ${count ?? "?"} annonces`);
    if (WARMUP_S > 0) await load(url, CONNECTIONS, WARMUP_S);
    const loadBefore = os.loadavg()[0]!;
    const result = await load(url, CONNECTIONS, DURATION_S);
    const stats = summarize(result);
    const loadAfter = os.loadavg()[0]!;
    console.log(histogram(result.latenciesMs));
    console.log(
      `  ${label} : ${stats.reqPerSec.toFixed(1)} req/s, p50 ${stats.p50.toFixed(1)} ms, p90 ${stats.p90.toFixed(1)} ms, ` +
        `p99 ${stats.p99.toFixed(1)} ms, max ${stats.max.toFixed(0)} ms — ${stats.requests} requêtes, ` +
        `${stats.non2xx} non-2xx, ${stats.errors} erreurs, ${stats.kbPerResponse.toFixed(1)} Kio/réponse (gzip), ` +
        `charge ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`,
    );
    return { label, ...stats, load: `${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}` };
  } finally {
    await stop(server);
  }
}

if (!fs.existsSync(BUILD)) throw new Error("build/server/index.js manquant : lancez `npm run build` d'abord.");
const cpus = os.cpus();
console.log(
  `SSR ${args.path} — ${CONNECTIONS} connexions keep-alive, ${DURATION_S} s (+${WARMUP_S} s de chauffe), ` +
    `${LISTINGS} annonces de démonstration\nMachine : ${cpus.length} × ${cpus[0]?.model ?? "?"}, ` +
    `${Math.round(os.totalmem() / 2 ** 30)} Gio, Node ${process.version}, charge ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}`,
);
const rows = [];
if (!args["skip-pglite"]) {
  console.log("\nPGlite (défaut embarqué, un seul processus) :");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-bench-ssr-"));
  try {
    rows.push(await run("pglite", dataDir, {}));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
if (args["database-url"]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-bench-ssr-"));
  console.log(`\nPostgreSQL, WEB_CONCURRENCY ${WORKERS.join(" puis ")} sur la même base :`);
  const database = await createBenchDatabase(args["database-url"], dataDir);
  try {
    // Required in production with DATABASE_URL; a throwaway one for a throwaway database.
    const secret = randomBytes(32).toString("hex");
    for (const workers of WORKERS) {
      console.log(`\n  WEB_CONCURRENCY=${workers}`);
      rows.push(
        await run(`postgres, WEB_CONCURRENCY=${workers}`, dataDir, {
          DATABASE_URL: database.url,
          BETTER_AUTH_SECRET: secret,
          WEB_CONCURRENCY: String(workers),
        }),
      );
    }
  } finally {
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log("\n| Run | req/s | p50 ms | p90 ms | p99 ms | max ms | requests | errors | load (1 min) |");
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---|");
for (const r of rows) {
  console.log(
    `| ${r.label} | ${r.reqPerSec.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p90.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(0)} | ${r.requests} | ${r.errors + r.non2xx} | ${r.load} |`,
  );
}
const one = rows.find((r) => r.label === "postgres, WEB_CONCURRENCY=1");
for (const r of rows) {
  if (one && r !== one && r.label.startsWith("postgres")) console.log(`${r.label} / WEB_CONCURRENCY=1 : × ${(r.reqPerSec / one.reqPerSec).toFixed(2)}`);
}

// SSR throughput under load (issues 5, 12, 15): the production server started as `npm start`
// starts it, then 50 keep-alive connections request each page for 30 s: the search page, the
// detail page of its first card, and a static route (`/robots.txt`, no React, no database) as
// the ceiling of the same server on the same machine.
//
// Usage: npm run build && npm run bench:ssr -- [--path "/recherche?brand=Peugeot"]
//          [--detail] [--ceiling /robots.txt] [--connections 50] [--duration 30] [--warmup 5]
//          [--listings 1000] [--database-url postgres://postgres@127.0.0.1:5432/test]
//          [--database-name occazio_bench_ssr] [--reuse] [--workers 1,2] [--skip-pglite]
//          [--cpu-prof DIR] [--detail yes|no] [--keep] [--page-cache SECONDS]
//          [--generator auto|wrk|autocannon] [--idle SECONDS] [--pglite-data DATA_DIR]
//          [--user-agent occazio-bench-ssr|browser|"…"] [--signed-in] [--compare-workers]
//
// --signed-in (issue 37): the search page three ways in one run, per engine: anonymous from the
// page cache (PAGE_CACHE_SECONDS=5), anonymous rendered every time (a second server, cache 0),
// and signed in (an account signed up through the API, its session cookie on every request, on
// the cache-5 server as in production). Prints CPU ms per request and bytes on the wire of each,
// and signed-in ÷ anonymous uncached (bar ≤ 1.1).
// --compare-workers (issue 37): PostgreSQL only, the search page with WEB_CONCURRENCY 1, 2, 1, 2
// (default; --workers to choose) on the same database, and their relative efficiency over all runs: requests per server CPU-second of two
// workers ÷ that of one (bar ≥ 0.95), with PostgreSQL's CPU too.
//
// Runs on the embedded default (PGlite in a fresh temporary DATA_DIR, demo data seeded at
// start-up; one process by design) unless --skip-pglite. With --database-url (or DATABASE_URL),
// runs on PostgreSQL too, once per --workers value (WEB_CONCURRENCY, default 1 then 2), all on
// the same database: it creates that database on the server (--database-name or
// BENCH_SSR_DATABASE, default occazio_bench_ssr_<random>; it stops if the name exists), seeds
// the demo data into it, and drops it at the end. It never drops a database it did not create:
// --reuse runs on an existing database of that name as it is (e.g. the 100 000 listings of
// `BENCH_DB=… npm run bench:search -- --rows 100000 --keep`) and leaves it in place; --keep
// leaves the database this run created (for a later --reuse). --ceiling "" skips the static
// route, --detail no the detail page. --page-cache sets the server's PAGE_CACHE_SECONDS (0: every
// request renders; default: the server's default).
//
// Load: closed loop, `connections` keep-alive connections, `Accept-Encoding: gzip`, from
// --generator: `wrk` (native, one thread; `apt-get install wrk`), or autocannon in this Node
// process; `auto` (default) takes wrk when it is installed, else autocannon. Each line says
// which one ran and where the cores went during the measure, from /proc: CPU time per answered
// request of the server (all workers), of the generator (this process + wrk) and of PostgreSQL
// (every `postgres` process of a local server: all its databases, not only this one), and the
// machine's busy cores. --idle SECONDS measures the same CPU times with no load for that long
// once the server is ready (start-up builds) and again after the pages (steady background work:
// job polling, refreshers).
// --user-agent: the default one is a crawler's to the server (isbot), so a listing page counts
// no view; `browser` sends a desktop Chrome's, so every detail request goes through the view
// counter (one visitor seen again: the dedupe lookup, as for a returning buyer).
// --cpu-prof DIR writes a V8 CPU profile of
// each server process (`node --cpu-prof`) into DIR when it stops: open it in Chrome DevTools.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { openDatabase } from "~/db/client.server";
import { seedDemoData } from "~/features/demo/demo-seed.server";
import { ensurePlacesLoaded } from "~/features/places/places.server";
import { refreshMarketPrices } from "~/features/pricing/refresh-market-prices.server";
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
    detail: { type: "string", default: "yes" },
    keep: { type: "boolean", default: false },
    ceiling: { type: "string", default: "/robots.txt" },
    reuse: { type: "boolean", default: false },
    "cpu-prof": { type: "string", default: "" },
    "page-cache": { type: "string", default: "" },
    generator: { type: "string", default: "auto" },
    idle: { type: "string", default: "0" },
    "pglite-data": { type: "string", default: "" },
    "user-agent": { type: "string", default: "occazio-bench-ssr" },
    "signed-in": { type: "boolean", default: false },
    "compare-workers": { type: "boolean", default: false },
  },
});
const SIGNED_IN = args["signed-in"]!;
const COMPARE_WORKERS = args["compare-workers"]!;
if (COMPARE_WORKERS) {
  // One page, PostgreSQL only, 1 then 2 workers: what the comparison needs and nothing else.
  args["skip-pglite"] = true;
  // Alternated, twice: a change of the machine's load between two runs weighs on both sides.
  if (!process.argv.some((arg) => arg.startsWith("--workers"))) args.workers = "1,2,1,2";
  args.detail = "no";
  args.ceiling = "";
  if (!args["database-url"]) throw new Error("--compare-workers : PostgreSQL requis (--database-url ou DATABASE_URL)");
}
if (SIGNED_IN) {
  args.detail = "no";
  args.ceiling = "";
  if (!process.argv.some((arg) => arg.startsWith("--workers"))) args.workers = "1";
}
if (!["auto", "wrk", "autocannon"].includes(args.generator!)) throw new Error("--generator : auto, wrk ou autocannon");
const WRK_INSTALLED = spawnSync("wrk", ["--version"], { stdio: "ignore" }).error === undefined;
if (args.generator === "wrk" && !WRK_INSTALLED) throw new Error("--generator wrk : wrk n'est pas installé (apt-get install wrk)");
const GENERATOR: "wrk" | "autocannon" = args.generator === "auto" ? (WRK_INSTALLED ? "wrk" : "autocannon") : (args.generator as "wrk" | "autocannon");
const BROWSER_USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const USER_AGENT = args["user-agent"] === "browser" ? BROWSER_USER_AGENT : args["user-agent"]!;
const WORKERS = args.workers!.split(",").map(Number);
if (!WORKERS.every((n) => Number.isInteger(n) && n >= 1 && n <= 64)) throw new Error("--workers : liste de 1 à 64, ex. 1,2");
const DATABASE_NAME = args["database-name"] || `occazio_bench_ssr_${randomBytes(4).toString("hex")}`;
if (!/^[a-z_][a-z0-9_]{0,62}$/.test(DATABASE_NAME)) throw new Error("--database-name : lettres minuscules, chiffres et _");
const CONNECTIONS = Number(args.connections);
const DURATION_S = Number(args.duration);
const WARMUP_S = Number(args.warmup);
const LISTINGS = Number(args.listings);
const IDLE_S = Number(args.idle);
if (!(IDLE_S >= 0 && IDLE_S <= 600)) throw new Error("--idle : 0 à 600 secondes");
if (!Number.isInteger(CONNECTIONS) || CONNECTIONS < 1 || CONNECTIONS > 1_000) throw new Error("--connections : 1 à 1000");
if (!(DURATION_S > 0 && DURATION_S <= 600)) throw new Error("--duration : 1 à 600 secondes");
if (!(WARMUP_S >= 0 && WARMUP_S <= 60)) throw new Error("--warmup : 0 à 60 secondes");
if (!Number.isInteger(LISTINGS) || LISTINGS < 1 || LISTINGS > 100_000) throw new Error("--listings : 1 à 100 000");
const PLACES_CSV = path.resolve(import.meta.dirname, "../reference/places.csv");
const BUILD = path.resolve(import.meta.dirname, "../build/server/index.js");

interface Stats {
  reqPerSec: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  requests: number;
  errors: number;
  non2xx: number;
  kbPerResponse: number;
}

/** Closed-loop load from the chosen generator: `connections` keep-alive connections until the deadline. */
function load(url: URL, connections: number, seconds: number, cookie?: string): Promise<Stats> {
  return GENERATOR === "wrk" ? loadWithWrk(url, connections, seconds, cookie) : loadWithAutocannon(url, connections, seconds, cookie);
}

/**
 * wrk prints its summary through this script's `done` hook (exact percentiles, error counts);
 * no per-request hook, so wrk keeps its native request path.
 */
const WRK_SCRIPT = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"duration_us":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%.1f,"p75":%.1f,"p90":%.1f,"p99":%.1f,"max":%.1f}\\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(75), latency:percentile(90), latency:percentile(99), latency.max))
end
`;
let wrkScriptPath = "";

/** wrk, one thread (one epoll loop, like autocannon), `--latency` for its distribution. */
async function loadWithWrk(url: URL, connections: number, seconds: number, cookie?: string): Promise<Stats> {
  if (!wrkScriptPath) {
    wrkScriptPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "occazio-bench-wrk-")), "summary.lua");
    fs.writeFileSync(wrkScriptPath, WRK_SCRIPT);
  }
  const child = spawn(
    "wrk",
    ["-t", "1", "-c", String(connections), "-d", `${seconds}s`, "--timeout", "10s", "--latency", "-s", wrkScriptPath,
      "-H", "Accept-Encoding: gzip", "-H", `User-Agent: ${USER_AGENT}`, ...(cookie ? ["-H", `Cookie: ${cookie}`] : []), url.href],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
  const json = /WRK_JSON (\{.*\})/.exec(out)?.[1];
  if (code !== 0 || !json) throw new Error(`wrk a échoué (code ${code}) :\n${out}`);
  const r = JSON.parse(json) as Record<string, number>;
  const n = r.requests!;
  const us = (v: number | undefined) => (v ?? 0) / 1000;
  return {
    reqPerSec: n / (r.duration_us! / 1e6),
    p50: us(r.p50),
    p90: us(r.p90),
    p99: us(r.p99),
    max: us(r.max),
    requests: n,
    errors: r.connect! + r.read! + r.write! + r.timeout!,
    // wrk counts a status >= 400 as an error ("Non-2xx or 3xx responses").
    non2xx: r.status!,
    kbPerResponse: n ? r.bytes! / n / 1024 : 0,
  };
}

async function loadWithAutocannon(url: URL, connections: number, seconds: number, cookie?: string): Promise<Stats> {
  const result = await autocannon({
    url: url.href,
    connections,
    duration: seconds,
    timeout: 10,
    headers: { "accept-encoding": "gzip", "user-agent": USER_AGENT, ...(cookie ? { cookie } : {}) },
  });
  return {
    reqPerSec: result.requests.total / (result.duration || seconds),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    kbPerResponse: result.requests.total ? result.throughput.total / result.requests.total / 1024 : 0,
  };
}

async function stop(server: ServerProcess) {
  server.child.kill("SIGTERM");
  await server.exited;
}

/** --reuse: an existing database of that name, used as it is and never dropped. */
async function reuseBenchDatabase(databaseUrl: string) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const exists = await admin.query("select 1 from pg_database where datname = $1", [DATABASE_NAME]);
    if (!exists.rowCount) throw new Error(`--reuse : la base ${DATABASE_NAME} n'existe pas`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${DATABASE_NAME}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const { rows } = await client.query<{ n: string }>("select count(*)::text as n from listings where status = 'published'");
  await client.end();
  console.log(`  base existante ${DATABASE_NAME} : ${Number(rows[0]?.n ?? 0).toLocaleString("fr-FR")} annonces publiées (conservée)`);
  await settle(url.toString());
  return { url: url.toString(), drop: async () => {} };
}

/**
 * Puts the database in the state a running production server keeps it in, so that the measure
 * is of serving pages, not of catching up: the market price ratings computed (a fresh database
 * would have the first full refit run inside the measured window, decision 0015) and the tables
 * vacuumed and analysed (autovacuum does it in production; it is off on some test servers, and
 * a seeded or re-rated table without statistics gets bad plans).
 */
async function settle(databaseUrl: string) {
  const t0 = performance.now();
  const handle = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    const pricing = await refreshMarketPrices({ db: handle.db });
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const autovacuum = (await client.query<{ autovacuum: string }>("show autovacuum")).rows[0]?.autovacuum;
    await client.query("vacuum analyze");
    await client.end();
    console.log(
      `  base prête en ${Math.round(performance.now() - t0)} ms : estimations de prix ${pricing.full ? "calculées (lot complet)" : "à jour"}` +
        ` (${pricing.models} modèles), VACUUM ANALYZE fait (autovacuum du serveur : ${autovacuum})`,
    );
  } finally {
    await handle.close();
  }
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
    if (args.keep) return void console.log(`  base ${DATABASE_NAME} conservée (--keep) : relancez avec --reuse`);
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
    await settle(url.toString());
  } catch (error) {
    await drop();
    throw error;
  }
  return { url: url.toString(), drop };
}

interface Row extends Stats {
  label: string;
  /** CPU time of the server processes (all workers) per answered request. */
  cpuMsPerRequest: number;
  /** CPU time of the load generator (this process, and wrk when it runs) per answered request. */
  generatorMsPerRequest: number;
  /** CPU time of the local PostgreSQL server (all its processes) per answered request. */
  postgresMsPerRequest: number;
  /** Cores busy during the measure: server, generator, PostgreSQL, the rest of the machine. */
  cores: { server: number; serverMain: number; generator: number; postgres: number; other: number; busy: number };
  page: string;
  load: string;
}

/** CPU time (ms) used so far by a process and its children (the cluster workers), from /proc. */
/** A process and its direct children (the cluster workers), from /proc. */
function processTree(pid: number): (number | string)[] {
  const tree: (number | string)[] = [pid];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(fs.readFileSync(`/proc/${entry}/stat`, "utf8").replace(/^.*\) /, "").split(" ")[1]);
      if (ppid === pid) tree.push(entry);
    } catch {
      continue;
    }
  }
  return tree;
}

function processTreeCpuMs(pid: number): number {
  const stat = (p: number | string) => {
    try {
      // Fields after the command name (which may contain spaces): state is field 3.
      const fields = fs.readFileSync(`/proc/${p}/stat`, "utf8").replace(/^.*\) /, "").split(" ");
      return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
    } catch {
      return null;
    }
  };
  let ticks = 0;
  for (const p of processTree(pid)) ticks += stat(p)?.ticks ?? 0;
  return ticks * 10; // USER_HZ = 100 on Linux
}

/** Peak resident memory (VmHWM, MiB) of the server process, or of its largest child (cluster workers). */
function peakRssMiB(pid: number): number {
  const hwm = (p: number | string) => {
    try {
      return Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0) / 1024;
    } catch {
      return 0;
    }
  };
  return Math.max(...processTree(pid).map(hwm));
}

/**
 * CPU time (ms) of the main (JavaScript) threads alone of the server process and its children:
 * /proc/PID/task/PID/stat is that thread's own time, without libuv's pool (gzip, file reads)
 * or V8's helper threads (garbage collection, compilation). One worker cannot use more than
 * one core of this; what the process uses beyond it already runs on the other core.
 */
function mainThreadsCpuMs(pid: number): number {
  const threadTicks = (p: number | string) => {
    const t = procTicksAt(`/proc/${p}/task/${p}/stat`);
    return t ? t[0] + t[1] : 0;
  };
  let ticks = 0;
  for (const p of processTree(pid)) ticks += threadTicks(p);
  return ticks * 10;
}

/** utime, stime, cutime, cstime (ticks) of a process from /proc/PID/stat, or null if it is gone. */
function procTicks(pid: number | string): [number, number, number, number] | null {
  return procTicksAt(`/proc/${pid}/stat`);
}

function procTicksAt(file: string): [number, number, number, number] | null {
  try {
    const fields = fs.readFileSync(file, "utf8").replace(/^.*\) /, "").split(" ");
    return [Number(fields[11]), Number(fields[12]), Number(fields[13]), Number(fields[14])];
  } catch {
    return null;
  }
}

/**
 * CPU time (ms) of the load generator so far: this process (autocannon runs in it) and the
 * children it has reaped (each wrk run, counted once it exits). The server is a child too but
 * is only reaped at the end of its run, after the measures.
 */
function generatorCpuMs(): { self: number; children: number } {
  const t = procTicks("self") ?? [0, 0, 0, 0];
  return { self: (t[0] + t[1]) * 10, children: (t[2] + t[3]) * 10 };
}

/**
 * CPU time (ms) of the PostgreSQL server on this machine so far: every process named
 * `postgres` (postmaster, backends, background writers), plus the children the postmaster has
 * reaped (backends that ended during the measure). Zero when PostgreSQL runs elsewhere.
 */
function postgresCpuMs(): number {
  let ticks = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let comm: string;
    try {
      comm = fs.readFileSync(`/proc/${entry}/comm`, "utf8").trim();
    } catch {
      continue;
    }
    if (comm !== "postgres") continue;
    const t = procTicks(entry);
    if (t) ticks += t[0] + t[1] + t[2] + t[3];
  }
  return ticks * 10;
}

/** Busy CPU time (ms, all cores) of the machine so far, from /proc/stat. */
function machineBusyMs(): number {
  const [, ...values] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = values.map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) * 10;
}

/** A figure with 2 decimals, or "—" when there is none (PostgreSQL's share of a PGlite run). */
const fixed = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : "—");

const loadavg = () => os.loadavg().map((n) => n.toFixed(2)).join(" ");

/** --idle: CPU per second of the server, PostgreSQL and the machine with no load at all. */
async function idle(label: string, serverPid: number) {
  const serverBefore = processTreeCpuMs(serverPid);
  const postgresBefore = postgresCpuMs();
  const busyBefore = machineBusyMs();
  const t1 = performance.now();
  await new Promise((resolve) => setTimeout(resolve, IDLE_S * 1000));
  const perSecond = (ms: number) => ((ms / (performance.now() - t1)) * 1000).toFixed(1);
  console.log(
    `  ${label} : CPU serveur ${perSecond(processTreeCpuMs(serverPid) - serverBefore)} ms/s, ` +
      `PostgreSQL ${perSecond(postgresCpuMs() - postgresBefore)} ms/s, machine ${perSecond(machineBusyMs() - busyBefore)} ms/s (${loadavg()})`,
  );
}

/**
 * --signed-in: signs an account up through the API and
 * returns its session cookie, once checked: the page it gets names the account.
 */
async function signUpCookie(base: string, page: URL): Promise<string> {
  const email = `bench-ssr-${randomBytes(4).toString("hex")}@example.fr`;
  const response = await fetch(new URL("/api/auth/sign-up/email", base), {
    method: "POST",
    // As a browser on the site would (the server's PUBLIC_URL is this address, see run).
    headers: { origin: new URL(base).origin, "content-type": "application/json" },
    body: JSON.stringify({ email, password: `banc-${randomBytes(8).toString("hex")}`, name: "Banc", displayName: "Banc" }),
  });
  if (!response.ok) throw new Error(`inscription refusée : ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().map((line) => line.split(";")[0]!).join("; ");
  const html = await (await fetch(page, { headers: { cookie } })).text();
  if (!html.includes(email)) throw new Error("--signed-in : la page reçue avec le cookie ne montre pas le compte");
  console.log(`  compte ${email} inscrit : son cookie de session accompagne chaque requête « (connecté) »`);
  return cookie;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Waits (up to 90 s) until the server has finished its start-up work: every worker builds the
 * sitemap, warms the town index and the place densities and runs a first pricing pass once it
 * answers, and two workers do it twice, more slowly on a busy machine (issue 37: a measure begun
 * while it ran charged it to the requests). Quiet: under 30 ms of CPU in a 1 s window.
 */
async function quiet(label: string, serverPid: number) {
  const t0 = performance.now();
  const cpu0 = processTreeCpuMs(serverPid);
  for (;;) {
    const before = processTreeCpuMs(serverPid);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const used = processTreeCpuMs(serverPid) - before;
    if (used < 30 || performance.now() - t0 > 90_000) {
      console.log(
        `  ${label} : au calme après ${((performance.now() - t0) / 1000).toFixed(0)} s ` +
          `(${processTreeCpuMs(serverPid) - cpu0} ms de CPU de démarrage hors mesure, dernière seconde ${used} ms)`,
      );
      return;
    }
  }
}

async function run(label: string, dataDir: string, extraEnv: Record<string, string>, signedIn = false): Promise<Row[]> {
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    DEMO_LISTINGS: String(LISTINGS),
    // Every request comes from 127.0.0.1; keep the auth limits out of the way.
    RATE_LIMIT_SCALE: "1000",
    ...(args["page-cache"] ? { PAGE_CACHE_SECONDS: args["page-cache"] } : {}),
    ...extraEnv,
  };
  if (signedIn) {
    // A port known in advance, so that PUBLIC_URL (the origin sign-up trusts) is the real one.
    const port = await freePort();
    Object.assign(env, { PORT: String(port), PUBLIC_URL: `http://localhost:${port}` });
  }
  const nodeArgs: string[] = [];
  if (args["cpu-prof"]) {
    const dir = path.resolve(args["cpu-prof"], label.replace(/[^a-z0-9]+/gi, "-"));
    fs.mkdirSync(dir, { recursive: true });
    nodeArgs.push("--cpu-prof", `--cpu-prof-dir=${dir}`);
    console.log(`  profils CPU : ${dir}`);
  }
  const t0 = performance.now();
  const server = startServerProcess(env, { nodeArgs });
  const base = await server.ready;
  const rows: Row[] = [];
  try {
    console.log(`  serveur prêt en ${Math.round(performance.now() - t0)} ms (${base})`);
    const search = new URL(args.path!, base);
    // Not followed: wrk measures the answer to this very URL, and a redirect (free-text words
    // the search turns into filters, `?q=clio diesel` → `?brand=Renault&model=Clio…`) is not a page.
    const first = await fetch(search, { redirect: "manual" });
    const html = await first.text();
    if (first.status !== 200) {
      const to = first.headers.get("location");
      throw new Error(`${search} a répondu ${first.status}${to ? ` (vers ${to} : mesurez cette adresse)` : ""}`);
    }
    const count = /(\d[\d\s\u202f\u00a0]*\+?) annonces?/.exec(html)?.[1]?.replace(/\s/g, " ");
    const cards = html.match(/<article/g)?.length ?? 0;
    console.log(`  ${search.pathname}${search.search} : 200, ${(html.length / 1024).toFixed(0)} Kio de HTML, ${count ?? "?"} annonces, ${cards} cartes`);
    if (IDLE_S > 0) await idle(`${label} au repos pendant ${IDLE_S} s après le démarrage`, server.child.pid!);
    await quiet(label, server.child.pid!);
    const pages: { url: URL; cookie?: string }[] = [{ url: search }];
    const detail = /href="(\/annonce\/[0-9a-f-]{36}\/[^"]+)"/.exec(html)?.[1];
    if (args.detail !== "no" && detail) pages.push({ url: new URL(detail, base) });
    if (args.ceiling) pages.push({ url: new URL(args.ceiling, base) });
    if (signedIn) pages.push({ url: search, cookie: await signUpCookie(base, search) });
    for (const { url, cookie } of pages) {
      if (WARMUP_S > 0) await load(url, CONNECTIONS, WARMUP_S, cookie);
      const loadBefore = os.loadavg()[0]!;
      const cpuBefore = processTreeCpuMs(server.child.pid!);
      const mainBefore = mainThreadsCpuMs(server.child.pid!);
      const generatorBefore = generatorCpuMs();
      const postgresBefore = postgresCpuMs();
      const busyBefore = machineBusyMs();
      const t1 = performance.now();
      const stats = await load(url, CONNECTIONS, DURATION_S, cookie);
      const wallMs = performance.now() - t1;
      const serverMs = processTreeCpuMs(server.child.pid!) - cpuBefore;
      const mainMs = mainThreadsCpuMs(server.child.pid!) - mainBefore;
      const generatorAfter = generatorCpuMs();
      // wrk runs in a child; this process then only waits (its own time is counted too).
      const generatorChildMs = generatorAfter.children - generatorBefore.children;
      const generatorMs = generatorAfter.self - generatorBefore.self + generatorChildMs;
      // PGlite runs inside the server process: a local PostgreSQL's time is then someone else's.
      const postgresMs = extraEnv.DATABASE_URL ? postgresCpuMs() - postgresBefore : NaN;
      const busyMs = machineBusyMs() - busyBefore;
      // No answer at all (every request timed out): no per-request figure.
      const perRequest = (ms: number) => (stats.requests ? ms / stats.requests : NaN);
      const cpuMsPerRequest = perRequest(serverMs);
      const generatorMsPerRequest = perRequest(generatorMs);
      const postgresMsPerRequest = perRequest(postgresMs);
      const cores = {
        server: serverMs / wallMs,
        serverMain: mainMs / wallMs,
        generator: generatorMs / wallMs,
        postgres: postgresMs / wallMs,
        other: Math.max(0, busyMs - serverMs - generatorMs - (postgresMs || 0)) / wallMs,
        busy: busyMs / wallMs,
      };
      const loadAfter = os.loadavg()[0]!;
      const page = `${url.pathname}${url.search}`.replace(/^\/annonce\/.*/, "/annonce/{id}/{slug}") + (cookie ? " (connecté)" : "");
      console.log(
        `  ${label} ${page} : ${stats.reqPerSec.toFixed(1)} req/s, p50 ${stats.p50.toFixed(1)} ms, p90 ${stats.p90.toFixed(1)} ms, ` +
          `p99 ${stats.p99.toFixed(1)} ms, max ${stats.max.toFixed(0)} ms — ${stats.requests} requêtes, ` +
          `CPU serveur ${cpuMsPerRequest.toFixed(2)} ms/requête, générateur (${GENERATOR}) ${generatorMsPerRequest.toFixed(2)} ms/requête` +
          `${GENERATOR === "wrk" ? ` (dont wrk ${perRequest(generatorChildMs).toFixed(2)})` : ""}, ` +
          `PostgreSQL ${fixed(postgresMsPerRequest)} ms/requête, ` +
          `${stats.non2xx} non-2xx, ${stats.errors} erreurs, ${stats.kbPerResponse.toFixed(1)} Kio/réponse (gzip), ` +
          `charge ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)} (${loadavg()})\n` +
          `    cœurs occupés : serveur ${cores.server.toFixed(2)} (dont fils JavaScript ${cores.serverMain.toFixed(2)}), générateur ${cores.generator.toFixed(2)}, PostgreSQL ${fixed(cores.postgres)}, ` +
          `autres ${cores.other.toFixed(2)} — machine ${cores.busy.toFixed(2)} sur ${os.cpus().length}`,
      );
      rows.push({
        label,
        page,
        ...stats,
        cpuMsPerRequest,
        generatorMsPerRequest,
        postgresMsPerRequest,
        cores,
        load: `${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)}`,
      });
    }
    console.log(`  ${label} : mémoire résidente maximale du serveur (VmHWM) ${peakRssMiB(server.child.pid!).toFixed(0)} Mio`);
    if (IDLE_S > 0) await idle(`${label} au repos pendant ${IDLE_S} s après les mesures`, server.child.pid!);
    return rows;
  } finally {
    await stop(server);
  }
}

if (!fs.existsSync(BUILD)) throw new Error("build/server/index.js manquant : lancez `npm run build` d'abord.");
const cpus = os.cpus();
console.log(
  `SSR ${args.path} — ${CONNECTIONS} connexions keep-alive (générateur : ${GENERATOR === "wrk" ? "wrk, natif, 1 thread" : "autocannon, dans ce processus"}${args.generator === "auto" ? ", choisi automatiquement" : ""}), ${DURATION_S} s (+${WARMUP_S} s de chauffe) par page, User-Agent « ${USER_AGENT} »\n` +
    `Machine : ${cpus.length} × ${cpus[0]?.model ?? "?"}, ${Math.round(os.totalmem() / 2 ** 30)} Gio, Node ${process.version}, ` +
    `charge ${loadavg()}`,
);
const rows: Row[] = [];
/** --signed-in: the same engine twice, page cache off (anonymous renders) then on (cached + signed in). */
async function runEngine(label: string, dataDir: string, extraEnv: Record<string, string>): Promise<Row[]> {
  if (!SIGNED_IN) return run(label, dataDir, extraEnv);
  return [
    ...(await run(`${label}, cache 0`, dataDir, { ...extraEnv, PAGE_CACHE_SECONDS: "0" })),
    ...(await run(`${label}, cache 5 s`, dataDir, { ...extraEnv, PAGE_CACHE_SECONDS: "5" }, true)),
  ];
}
if (!args["skip-pglite"]) {
  if (args["pglite-data"]) {
    // An existing DATA_DIR (e.g. `bench:search -- --engine pglite --rows 100000 --pglite-dir DIR/pg`),
    // used as it is, never deleted; no demo data added.
    const dataDir = path.resolve(args["pglite-data"]);
    if (!fs.existsSync(path.join(dataDir, "pg"))) throw new Error(`--pglite-data : ${dataDir}/pg n'existe pas`);
    console.log(`\nPGlite (défaut embarqué, un seul processus, DATA_DIR ${dataDir} tel quel) :`);
    rows.push(...(await runEngine("pglite", dataDir, { DEMO_DATA: "false" })));
  } else {
    console.log(`\nPGlite (défaut embarqué, un seul processus, ${LISTINGS} annonces de démonstration) :`);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-bench-ssr-"));
    try {
      rows.push(...(await runEngine("pglite", dataDir, {})));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
if (args["database-url"]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-bench-ssr-"));
  console.log(`\nPostgreSQL, WEB_CONCURRENCY ${WORKERS.join(" puis ")} sur la même base :`);
  const database = args.reuse ? await reuseBenchDatabase(args["database-url"]) : await createBenchDatabase(args["database-url"], dataDir);
  try {
    // Required in production with DATABASE_URL; a throwaway one for a throwaway database.
    const secret = randomBytes(32).toString("hex");
    for (const workers of WORKERS) {
      console.log(`\n  WEB_CONCURRENCY=${workers}`);
      rows.push(
        ...(await runEngine(`postgres, WEB_CONCURRENCY=${workers}`, dataDir, {
          DATABASE_URL: database.url,
          BETTER_AUTH_SECRET: secret,
          WEB_CONCURRENCY: String(workers),
        })),
      );
    }
  } finally {
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log(`\nGénérateur : ${GENERATOR}. Cœurs : serveur / générateur / PostgreSQL / autres processus, pendant la mesure.`);
console.log("| Run | Page | req/s | p50 ms | p90 ms | p99 ms | max ms | server CPU ms/req | generator CPU ms/req | PostgreSQL CPU ms/req | cores (srv/gen/pg/other) | requests | errors | load (1 min) |");
console.log("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---|");
for (const r of rows) {
  const c = r.cores;
  console.log(
    `| ${r.label} | \`${r.page}\` | ${r.reqPerSec.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p90.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(0)} | ${r.cpuMsPerRequest.toFixed(2)} | ` +
      `${r.generatorMsPerRequest.toFixed(2)} | ${fixed(r.postgresMsPerRequest)} | ${c.server.toFixed(2)} / ${c.generator.toFixed(2)} / ${fixed(c.postgres)} / ${c.other.toFixed(2)} | ${r.requests} | ${r.errors + r.non2xx} | ${r.load} |`,
  );
}
console.log("");
const ceilingPage = args.ceiling ? new URL(args.ceiling, "http://x").pathname : null;
for (const r of rows) {
  const ceiling = rows.find((c) => c.label === r.label && c.page === ceilingPage);
  if (ceiling && r !== ceiling && r.requests && ceiling.requests) {
    console.log(`${r.label} ${r.page} : ${(1000 / r.reqPerSec).toFixed(2)} ms par réponse, plafond ${ceilingPage} × ${(ceiling.reqPerSec / r.reqPerSec).toFixed(2)} plus rapide`);
  }
}
for (const r of rows) {
  const one = rows.find((o) => o.label === "postgres, WEB_CONCURRENCY=1" && o.page === r.page);
  if (one && r !== one && r.label.startsWith("postgres") && one.requests) {
    console.log(`${r.label} / WEB_CONCURRENCY=1, ${r.page} : × ${(r.reqPerSec / one.reqPerSec).toFixed(2)}`);
  }
}
if (SIGNED_IN) {
  console.log("\nConnecté contre anonyme (même exécution) :");
  console.log("| Run | anonymous cached: CPU ms/req, KiB | anonymous uncached: CPU ms/req, KiB | signed-in: CPU ms/req, KiB | signed-in ÷ anonymous uncached (CPU) |");
  console.log("|---|---|---|---|---:|");
  const search = (label: string, signedIn: boolean) =>
    rows.find((r) => r.label === label && r.page.endsWith(" (connecté)") === signedIn && !r.page.startsWith("/annonce"));
  for (const r of rows.filter((row) => row.label.endsWith(", cache 5 s") && !row.page.endsWith(" (connecté)"))) {
    const engine = r.label.replace(/, cache 5 s$/, "");
    const uncached = search(`${engine}, cache 0`, false);
    const signedIn = search(r.label, true);
    if (!uncached || !signedIn) continue;
    const cell = (row: Row) => `${row.cpuMsPerRequest.toFixed(2)}, ${row.kbPerResponse.toFixed(1)}`;
    console.log(
      `| ${engine} | ${cell(r)} | ${cell(uncached)} | ${cell(signedIn)} | ${(signedIn.cpuMsPerRequest / uncached.cpuMsPerRequest).toFixed(2)} (bar ≤ 1.10) |`,
    );
  }
}
if (COMPARE_WORKERS) {
  /** CPU per request over every run of that many workers (all their requests together). */
  const pooled = (label: string) => {
    const runs = rows.filter((r) => r.label === label && r.requests > 0);
    if (!runs.length) return null;
    const requests = runs.reduce((n, r) => n + r.requests, 0);
    const total = (f: (r: Row) => number) => runs.reduce((ms, r) => ms + f(r) * r.requests, 0) / requests;
    return { cpuMsPerRequest: total((r) => r.cpuMsPerRequest), postgresMsPerRequest: total((r) => r.postgresMsPerRequest || 0), reqPerSec: total((r) => r.reqPerSec) };
  };
  const one = pooled("postgres, WEB_CONCURRENCY=1");
  const two = pooled("postgres, WEB_CONCURRENCY=2");
  if (one && two) {
    // Requests per CPU-second: 1000 / (CPU ms per request). Relative: two workers ÷ one.
    const serverOnly = one.cpuMsPerRequest / two.cpuMsPerRequest;
    const withPostgres = (one.cpuMsPerRequest + one.postgresMsPerRequest) / (two.cpuMsPerRequest + two.postgresMsPerRequest);
    console.log(
      `\nEfficacité relative, 2 workers ÷ 1 (requêtes par seconde de CPU) : serveur ${serverOnly.toFixed(3)} ` +
        `(${one.cpuMsPerRequest.toFixed(2)} → ${two.cpuMsPerRequest.toFixed(2)} ms/requête), serveur + PostgreSQL ${withPostgres.toFixed(3)}, ` +
        `débit × ${(two.reqPerSec / one.reqPerSec).toFixed(2)} — barre ≥ 0,95`,
    );
  }
}
console.log(`charge à la fin : ${loadavg()}`);

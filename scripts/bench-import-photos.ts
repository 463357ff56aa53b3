// Issue 35's photo bar (decision 0055): photos served by a local HTTP server imported by two job
// workers — the compiled `npm run worker` (build/node/worker.mjs) on PostgreSQL with
// PHOTO_FETCH_ALLOW_PRIVATE=true — at a measured rate (photos/s, each worker's peak RSS), while a
// visitor searches on the web process (build/node/main.mjs, JOBS_IN_WEB=false); then a crash:
// one worker is killed (SIGKILL) in the middle and started again, and at the end every listing
// must have exactly its photos, no photo row twice, no job lost. Exit status 1 when not.
//
// The dealer registers a 'Flux automatique' (a CSV of --photos / 2 rows, two photos each) served
// by the same local server; the workers fetch it, apply it (stock-import path) and fetch the
// photos (`stock-photos` jobs, one per listing). The photos are distinct photo-like JPEGs
// (--width × --height, 1600×1200 by default) generated once with sharp into BENCH_PHOTO_CACHE
// (default ~/.cache/occazio-bench-photos, outside the repository).
//
// Database: its own, BENCH_PHOTOS_DB (default occazio_bench_photos), created on the server of
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) and dropped at the end; it
// refuses to start when it exists. `--reuse-db NAME` runs on an existing database instead (e.g.
// the 1 000 000 listings kept by `bench:search -- --rows 1000000 --keep`), which is kept: the
// bench removes its own dealer (and so its listings, photos, runs) at the end.
//
// Usage: npm run build && npm run bench:import-photos [-- --photos 400] [--port 4600]
//        [--reuse-db NAME] [--crash yes|no] [--crash-at 0.5] [--quiet-searches 100] [--search-every-ms 500]
//        [--timeout-minutes N] [--width 1600 --height 1200] [--worker-nice 10]
// The workers run at the CPU priority of deploy/occazio-worker.service (`Nice=10`: background jobs
// yield the cores to the pages when both share a machine); `--worker-nice 0` runs them as the web.
// Ports: --port (photo and feed server), --port + 1 (web process).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, type Database } from "../app/db/client.server";
import { user } from "../app/db/schema";
import { parseSearchParams } from "../app/features/search/parse-search-params";
import { searchListings } from "../app/features/search/search-listings.server";
import { saveStockFeed } from "../app/features/stock-import/stock-feeds.server";
import { createJobQueue } from "../app/server/jobs.server";
import { createLogger } from "../app/server/logger.server";
import { createLocalStorage, type Storage } from "../app/server/storage.server";
import { insertProProfile, insertUser } from "../app/testing/inserters.server";
import { cachedPhotoPath, ensurePhotoCache, photoCacheDir } from "./lib/bench-photo-cache";
import { generateStock, stockCsv } from "./lib/bench-stock-csv";

const { values: args } = parseArgs({
  options: {
    photos: { type: "string", default: "10000" },
    width: { type: "string", default: "1600" },
    height: { type: "string", default: "1200" },
    port: { type: "string", default: "4600" },
    "reuse-db": { type: "string" },
    crash: { type: "string", default: "yes" },
    "crash-at": { type: "string", default: "0.5" },
    "quiet-searches": { type: "string", default: "100" },
    "search-every-ms": { type: "string", default: "500" },
    "timeout-minutes": { type: "string" },
    "worker-nice": { type: "string", default: "10" },
  },
});
const PHOTOS = Math.max(2, Math.floor(Number(args.photos) / 2) * 2);
const ROWS = PHOTOS / 2;
const WIDTH = Number(args.width);
const HEIGHT = Number(args.height);
const PORT = Number(args.port);
const WEB_PORT = PORT + 1;
const CRASH = args.crash !== "no";
const CRASH_AT = Number(args["crash-at"]);
const QUIET_SEARCHES = Number(args["quiet-searches"]);
const WORKER_NICE = Number(args["worker-nice"]);
/** A visitor's pace: one search started every so many milliseconds (or at once after a slower answer). */
const SEARCH_EVERY_MS = Number(args["search-every-ms"]);
// A killed worker's job is retried once it expires (5 minutes, jobs.server.ts): room for that.
const TIMEOUT_MS = Number(args["timeout-minutes"] ?? 15 + PHOTOS / 100) * 60_000;
const reuse = args["reuse-db"];
const dbName = reuse ?? process.env.BENCH_PHOTOS_DB ?? "occazio_bench_photos";
if (!/^[a-z_][a-z0-9_]{0,50}$/.test(dbName)) throw new Error("nom de base : lettres minuscules, chiffres et _");
const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const MB = 1024 * 1024;
const loadavg = () => fs.readFileSync("/proc/loadavg", "utf8").trim();
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function procStatus(pid: number, field: "VmHWM" | "VmRSS"): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** Starts the process's peak (VmHWM) again from its current RSS: each phase shows its own peak. */
function resetPeak(pid: number): void {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    // Not allowed here: the peak then covers the process's whole life.
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};

// ---------------------------------------------------------------------------------------------
// The dealer's server: its feed and its photos (each request counted: a photo fetched twice shows).

function startPhotoServer(dir: string, feed: () => Buffer) {
  const requests = new Map<number, number>();
  const server = http.createServer((req, res) => {
    const url = req.url ?? "/";
    if (url === "/stock.csv") {
      res.writeHead(200, { "content-type": "text/csv; charset=utf-8" }).end(feed());
      return;
    }
    const match = /^\/photos\/(\d+)\.jpg$/.exec(url);
    const index = match ? Number(match[1]) : NaN;
    if (!match || index >= PHOTOS) {
      res.writeHead(404).end();
      return;
    }
    requests.set(index, (requests.get(index) ?? 0) + 1);
    const file = cachedPhotoPath(dir, index);
    const etag = `"bench-${index}"`;
    if (req.headers["if-none-match"] === etag) {
      res.writeHead(304).end();
      return;
    }
    const size = fs.statSync(file).size;
    res.writeHead(200, { "content-type": "image/jpeg", "content-length": size, etag });
    fs.createReadStream(file).pipe(res);
  });
  return { server, requests };
}

// ---------------------------------------------------------------------------------------------
// The application's processes.

interface Proc {
  label: string;
  child: ChildProcess;
  /** VmHWM read just before it was killed (the kernel forgets it with the process). */
  peakAtKill?: number;
}

function baseEnv(databaseUrl: string, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    MALLOC_ARENA_MAX: "2",
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: "b".repeat(32),
    PUBLIC_URL: `http://127.0.0.1:${WEB_PORT}`,
    LOG_LEVEL: "warn",
  };
}

async function startWorker(label: string, env: NodeJS.ProcessEnv): Promise<Proc> {
  // `nice` execs node: the process keeps its pid, and every thread it starts (libuv's pool, libvips)
  // inherits the priority — setpriority() on a running process would miss the threads it already has.
  const command = [process.execPath, "--enable-source-maps", path.resolve("build/node/worker.mjs")];
  const [file, ...argv] = WORKER_NICE === 0 ? command : ["nice", "-n", String(WORKER_NICE), ...command];
  const child = spawn(file!, argv, {
    env: {
      ...env,
      // No e-mail is expected (no rejected row); the worker refuses to start without an SMTP address.
      SMTP_URL: `smtp://127.0.0.1:${PORT + 2}`,
      PHOTO_FETCH_ALLOW_PRIVATE: "true",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let buffered = "";
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString();
      if (buffered.includes("Occazio worker prêt")) {
        buffered = "";
        resolve();
      }
      if (buffered.length > 100_000) buffered = buffered.slice(-1000);
    };
    child.stdout!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`${label} s'est arrêté au démarrage (code ${code})`)));
  });
  return { label, child };
}

async function startWeb(env: NodeJS.ProcessEnv): Promise<Proc> {
  const child = spawn(process.execPath, ["--enable-source-maps", path.resolve("build/node/main.mjs")], {
    env: {
      ...env,
      PORT: String(WEB_PORT),
      HOST: "127.0.0.1",
      JOBS_IN_WEB: "false",
      WEB_CONCURRENCY: "1",
      // Every search reaches the database: no page served from memory.
      PAGE_CACHE_SECONDS: "0",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`le serveur web s'est arrêté (code ${child.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${WEB_PORT}/healthz`)).ok) return { label: "web", child };
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error("le serveur web n'a pas répondu à /healthz à temps");
}

async function stopProc(proc: Proc): Promise<void> {
  const { child } = proc;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const exited = new Promise((resolve) => child.once("exit", resolve));
  if (!(await Promise.race([exited.then(() => true), sleep(20_000).then(() => false)]))) {
    child.kill("SIGKILL");
    await exited;
  }
}

// ---------------------------------------------------------------------------------------------
// A visitor searching: one request after the other at a visitor's pace (--search-every-ms), varied
// so that nothing is served from a cache. Each search is the /recherche page (SSR: the search
// service, its count and the HTML), timed by the client.

const BRANDS = ["Renault", "Peugeot", "Citroën", "Volkswagen", "Toyota", "Dacia", "BMW", "Ford", "Audi", "Mercedes-Benz"];
function searchUrl(i: number): string {
  const brand = BRANDS[i % BRANDS.length]!;
  const price = 8_000 + ((i * 1_733) % 30) * 1_000;
  const sort = ["", "&sort=price_asc", "&sort=price_desc"][i % 3];
  return `http://127.0.0.1:${WEB_PORT}/recherche?brand=${encodeURIComponent(brand)}&price=${price}${sort}`;
}

interface SearchTimes {
  page: number[];
  service: number[];
}

/**
 * One visitor search: the /recherche page from the web process (what a visitor waits for: the
 * search, its count and the HTML), then the same filters through the search service on the
 * bench's own connection (what the GUIDE's p95 ≤ 50 ms bar is about). Then the visitor's pause.
 */
async function timedSearch(i: number, db: Database, storage: Storage, times: SearchTimes): Promise<void> {
  const url = searchUrl(i);
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} : ${response.status}`);
  const page = performance.now() - started;
  const { filters } = parseSearchParams(new URL(url).searchParams);
  const t0 = performance.now();
  await searchListings({ db, storage, filters: { ...filters, page: 1 } });
  const service = performance.now() - t0;
  times.page.push(page);
  times.service.push(service);
  const spent = performance.now() - started;
  if (spent < SEARCH_EVERY_MS) await sleep(SEARCH_EVERY_MS - spent);
}

function summary(times: number[]): string {
  return times.length === 0
    ? "aucune"
    : `n ${times.length}, p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`;
}

// ---------------------------------------------------------------------------------------------
// State of the import, read from the database.

interface Progress {
  sources: Record<string, number>;
  drafts: number;
  listings: number;
  runStatus: string | null;
}

async function progress(db: Database, ownerId: string): Promise<Progress> {
  const rows = (
    (await db.execute(sql`
      select s.status, count(*)::int as n
      from stock_photo_sources s join listings l on l.id = s.listing_id
      where l.owner_id = ${ownerId} group by s.status`)) as unknown as { rows: { status: string; n: number }[] }
  ).rows;
  const [counts] = (
    (await db.execute(sql`
      select count(*)::int as listings, count(*) filter (where status = 'draft')::int as drafts,
             (select status from stock_import_runs where owner_id = ${ownerId} order by created_at desc limit 1) as run_status
      from listings where owner_id = ${ownerId}`)) as unknown as {
      rows: { listings: number; drafts: number; run_status: string | null }[];
    }
  ).rows;
  return {
    sources: Object.fromEntries(rows.map((r) => [r.status, r.n])),
    drafts: counts?.drafts ?? 0,
    listings: counts?.listings ?? 0,
    runStatus: counts?.run_status ?? null,
  };
}

/** The states of this dealer's `stock-photos` jobs (a reused database keeps earlier runs' jobs). */
async function photoJobStates(db: Database, ownerId: string): Promise<Record<string, number>> {
  const rows = (
    (await db.execute(sql`
      with runs as (select id::text as id from stock_import_runs where owner_id = ${ownerId})
      select state, count(*)::int as n from (
        select state, data from pgboss.job where name = 'stock-photos'
        union all select state, data from pgboss.archive where name = 'stock-photos'
      ) j where j.data ->> 'runId' in (select id from runs) group by state`)) as unknown as {
      rows: { state: string; n: number }[];
    }
  ).rows;
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}

/** Every check of the end state; the failures, in French. */
async function verify(db: Database, ownerId: string, uploadsDir: string): Promise<{ failures: string[]; notes: string[] }> {
  const failures: string[] = [];
  const notes: string[] = [];
  const q = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  const [run] = await q<{ status: string; created: number; rejected: number; photos_fetched: number; photos_failed: number }>(sql`
    select status, created, rejected, photos_fetched, photos_failed from stock_import_runs
    where owner_id = ${ownerId} order by created_at desc limit 1`);
  if (!run || run.status !== "done") failures.push(`import : statut ${run?.status ?? "absent"} au lieu de done`);
  if (run && (run.created !== ROWS || run.rejected !== 0))
    failures.push(`import : ${run.created} créées et ${run.rejected} refusées au lieu de ${ROWS} et 0`);
  if (run) notes.push(`compteurs de l'import : photos importées ${run.photos_fetched}, en échec ${run.photos_failed}`);

  const [stock] = await q<{ n: number; refs: number; drafts: number; pending: number }>(sql`
    select count(*)::int as n, count(distinct stock_reference)::int as refs,
           count(*) filter (where status = 'draft')::int as drafts,
           count(*) filter (where status = 'pending')::int as pending
    from listings where owner_id = ${ownerId}`);
  if (stock!.n !== ROWS || stock!.refs !== ROWS)
    failures.push(`annonces : ${stock!.n} pour ${stock!.refs} références au lieu de ${ROWS}`);
  if (stock!.drafts > 0) failures.push(`annonces : ${stock!.drafts} encore en brouillon (photos jamais terminées : tâche perdue ?)`);

  const [photos] = await q<{ rows: number; listings_ok: number; duplicates: number; hash_duplicates: number }>(sql`
    with mine as (
      select p.* from listing_photos p join listings l on l.id = p.listing_id where l.owner_id = ${ownerId}
    ), per_listing as (
      select l.id, count(p.id) as n, array_agg(p.position order by p.position) filter (where p.id is not null) as positions
      from listings l left join mine p on p.listing_id = l.id where l.owner_id = ${ownerId} group by l.id
    )
    select (select count(*)::int from mine) as rows,
           (select count(*)::int from per_listing where n = 2 and positions = array[0, 1]::smallint[]) as listings_ok,
           (select count(*)::int from (select listing_id, position from mine group by 1, 2 having count(*) > 1) d) as duplicates,
           (select count(*)::int from (select content_hash from mine group by 1 having count(*) > 1) d) as hash_duplicates`);
  if (photos!.rows !== PHOTOS) failures.push(`photos : ${photos!.rows} lignes au lieu de ${PHOTOS}`);
  if (photos!.listings_ok !== ROWS)
    failures.push(`photos : ${ROWS - photos!.listings_ok} annonces sans exactement leurs 2 photos (positions 0 et 1)`);
  if (photos!.duplicates > 0) failures.push(`photos : ${photos!.duplicates} positions en double`);
  if (photos!.hash_duplicates > 0) failures.push(`photos : ${photos!.hash_duplicates} photos importées deux fois (même contenu)`);

  const [sources] = await q<{ total: number; fetched: number; linked: number }>(sql`
    select count(*)::int as total, count(*) filter (where s.status = 'fetched')::int as fetched,
           count(*) filter (where p.id is not null and p.listing_id = s.listing_id and p.position = s.position)::int as linked
    from stock_photo_sources s join listings l on l.id = s.listing_id
    left join listing_photos p on p.id = s.photo_id
    where l.owner_id = ${ownerId}`);
  if (sources!.total !== PHOTOS || sources!.fetched !== PHOTOS || sources!.linked !== PHOTOS)
    failures.push(`sources : ${sources!.total} adresses, ${sources!.fetched} importées, ${sources!.linked} liées à leur photo (attendu ${PHOTOS})`);

  const jobs = await photoJobStates(db, ownerId);
  const unfinished = Object.entries(jobs).filter(([state]) => state !== "completed");
  if (unfinished.length > 0) failures.push(`tâches stock-photos non terminées : ${JSON.stringify(Object.fromEntries(unfinished))}`);
  notes.push(`tâches stock-photos : ${JSON.stringify(jobs)}`);

  // Files: every stored variant belongs to a photo row (a worker killed between writing its files
  // and committing its row leaves some behind: counted, not a failure — disk space only).
  const keys = new Set(
    (await q<{ storage_key: string }>(sql`
      select p.storage_key from listing_photos p join listings l on l.id = p.listing_id where l.owner_id = ${ownerId}`)).map(
      (r) => r.storage_key,
    ),
  );
  let files = 0;
  const orphans = new Set<string>();
  const listingsDir = path.join(uploadsDir, "listings");
  if (fs.existsSync(listingsDir)) {
    for (const listingId of fs.readdirSync(listingsDir)) {
      for (const name of fs.readdirSync(path.join(listingsDir, listingId))) {
        files++;
        const key = `listings/${listingId}/${name.replace(/-\d+\.webp$/, "")}`;
        if (!keys.has(key)) orphans.add(key);
      }
    }
  }
  notes.push(`fichiers stockés : ${files} ; photos sans ligne (fichiers orphelins) : ${orphans.size}`);
  return { failures, notes };
}

// ---------------------------------------------------------------------------------------------

async function main() {
  for (const file of ["build/node/main.mjs", "build/node/worker.mjs"])
    if (!fs.existsSync(file)) throw new Error(`${file} manque : lancez d'abord npm run build`);
  const cacheDir = photoCacheDir(WIDTH, HEIGHT);
  const cache = await ensurePhotoCache({ dir: cacheDir, count: PHOTOS, width: WIDTH, height: HEIGHT, log });
  log(`${PHOTOS} photos ${WIDTH}×${HEIGHT} dans ${cacheDir} (${(cache.averageBytes / 1024).toFixed(0)} Ko en moyenne, ${cache.made} faites maintenant)`);

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query("select 1 from pg_database where datname = $1", [dbName])).rowCount;
  if (reuse && !exists) throw new Error(`--reuse-db ${dbName} : cette base n'existe pas`);
  if (!reuse && exists) {
    await admin.end();
    throw new Error(`La base ${dbName} existe déjà : ce banc ne supprime que la base qu'il a créée (ou --reuse-db).`);
  }
  if (!reuse) await admin.query(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-import-photos-"));
  const handle = await openDatabase({ databaseUrl, poolSize: 4 });
  const db = handle.db;
  const procs: Proc[] = [];
  let ownerId: string | null = null;
  let failures: string[] = [];
  const { lines, prices } = generateStock(ROWS, (row) => [
    `http://127.0.0.1:${PORT}/photos/${2 * row}.jpg`,
    `http://127.0.0.1:${PORT}/photos/${2 * row + 1}.jpg`,
  ]);
  const feed = stockCsv(lines, prices);
  const { server, requests } = startPhotoServer(cacheDir, () => feed);
  await new Promise<void>((resolve) => server.listen(PORT, "127.0.0.1", resolve));
  const logger = createLogger({ level: "warn", pretty: false });
  const jobs = await createJobQueue({ handle, logger, retryLimit: 12, retryDelaySeconds: 5, pollSeconds: 1 });
  try {
    const [published] = (
      (await db.execute(sql`select count(*)::int as n from listings where status = 'published'`)) as unknown as { rows: { n: number }[] }
    ).rows;
    log(`base ${dbName}${reuse ? " (réutilisée)" : " (neuve)"} : ${published!.n.toLocaleString("fr-FR")} annonces publiées ; flux ${ROWS} lignes (${(feed.length / MB).toFixed(1)} Mo) ; charge ${loadavg()}`);
    const owner = await insertUser(db);
    ownerId = owner.id;
    await insertProProfile(db, owner.id, {
      slug: `garage-banc-photos-${owner.id.slice(0, 8).toLowerCase()}`,
      companyName: "Garage du Banc Photos",
    });

    const env = baseEnv(databaseUrl, dataDir);
    const web = await startWeb(env);
    procs.push(web);
    const workers = [await startWorker("worker 1", env), await startWorker("worker 2", env)];
    procs.push(...workers);
    log(`web (pid ${web.child.pid}) et 2 workers (pid ${workers.map((w) => w.child.pid).join(", ")}, nice ${WORKER_NICE}) prêts`);

    // Search, quiet: the workers idle.
    const storage = createLocalStorage(path.join(dataDir, "uploads"));
    for (let i = 0; i < 5; i++) await timedSearch(i, db, storage, { page: [], service: [] });
    const quiet: SearchTimes = { page: [], service: [] };
    for (let i = 0; i < QUIET_SEARCHES; i++) await timedSearch(i, db, storage, quiet);
    log(`recherche au calme : page ${summary(quiet.page)} ; service ${summary(quiet.service)} ; charge ${loadavg()}`);
    // The start-up work (the market-price refit of a worker, the first pages) is not the import's.
    const startupPeaks = new Map(procs.map((p) => [p, procStatus(p.child.pid!, "VmHWM")]));
    for (const proc of procs) resetPeak(proc.child.pid!);

    // The import: the dealer registers its feed; a worker fetches it, applies it, queues the photos.
    const loadStart = loadavg();
    const started = performance.now();
    await saveStockFeed({ db, jobs, allowPrivate: true, userId: owner.id, url: `http://127.0.0.1:${PORT}/stock.csv`, intervalSeconds: 21_600 });
    const during: SearchTimes = { page: [], service: [] };
    let searching = true;
    const searcher = (async () => {
      for (let i = 0; searching; i++) {
        try {
          await timedSearch(1000 + i, db, storage, during);
        } catch (error) {
          log(`recherche en échec : ${(error as Error).message}`);
          await sleep(500);
        }
      }
    })();

    const rssPeak = new Map<Proc, number>();
    let crashed: { at: number; fetched: number; restartedAt: number } | null = null;
    let importDoneAt: number | null = null;
    let firstPhotoAt: number | null = null;
    let lastReport = 0;
    let state: Progress;
    const elapsed = () => (performance.now() - started) / 1000;
    for (;;) {
      state = await progress(db, owner.id);
      for (const proc of procs) rssPeak.set(proc, Math.max(rssPeak.get(proc) ?? 0, procStatus(proc.child.pid!, "VmRSS")));
      const fetched = state.sources.fetched ?? 0;
      const failed = state.sources.failed ?? 0;
      if (importDoneAt === null && state.runStatus === "done") {
        importDoneAt = elapsed();
        log(`flux importé : ${state.listings} annonces en ${importDoneAt.toFixed(1)} s`);
      }
      if (firstPhotoAt === null && fetched > 0) firstPhotoAt = elapsed();
      if (elapsed() - lastReport >= 30) {
        lastReport = elapsed();
        log(`${elapsed().toFixed(0)} s : photos importées ${fetched} / ${PHOTOS}, en échec ${failed}, brouillons ${state.drafts} ; RSS ${procs.map((p) => `${p.label} ${(procStatus(p.child.pid!, "VmRSS") / MB).toFixed(0)} Mo`).join(", ")} ; charge ${loadavg()}`);
      }
      if (CRASH && !crashed && fetched >= PHOTOS * CRASH_AT) {
        const victim = workers[0]!;
        victim.peakAtKill = procStatus(victim.child.pid!, "VmHWM");
        const at = elapsed();
        victim.child.kill("SIGKILL");
        await new Promise((resolve) => victim.child.once("exit", resolve));
        log(`kill -9 du ${victim.label} (pid ${victim.child.pid}) à ${fetched} photos importées (${at.toFixed(0)} s)`);
        const restarted = await startWorker("worker 1 relancé", env);
        procs.push(restarted);
        crashed = { at, fetched, restartedAt: elapsed() };
        log(`worker 1 relancé (pid ${restarted.child.pid}) en ${(crashed.restartedAt - at).toFixed(1)} s`);
      }
      const settled = fetched + failed === PHOTOS && state.listings === ROWS;
      if (settled && state.drafts === 0 && state.runStatus === "done") {
        const jobStates = await photoJobStates(db, owner.id);
        if (Object.keys(jobStates).every((s) => s === "completed" || s === "failed")) break;
      }
      if (performance.now() - started > TIMEOUT_MS) {
        failures.push(`délai dépassé (${(TIMEOUT_MS / 60_000).toFixed(0)} min) : ${JSON.stringify(state)}`);
        break;
      }
      await sleep(1000);
    }
    const total = elapsed();
    searching = false;
    await searcher;
    const loadEnd = loadavg();
    const fetched = state.sources.fetched ?? 0;

    console.log("\nRésultats");
    console.log(`  charge au début ${loadStart} ; à la fin ${loadEnd} ; workers à nice ${WORKER_NICE}`);
    console.log(`  flux (${ROWS} lignes) importé en ${importDoneAt?.toFixed(1) ?? "?"} s`);
    if (firstPhotoAt !== null) {
      if (crashed) {
        const rate = crashed.fetched / (crashed.at - firstPhotoAt);
        console.log(`  photos avant le kill : ${crashed.fetched} en ${(crashed.at - firstPhotoAt).toFixed(0)} s, ${rate.toFixed(2)} photos/s (2 workers)`);
      }
      console.log(`  toutes les photos : ${fetched} en ${(total - firstPhotoAt).toFixed(0)} s depuis la première, ${(fetched / (total - firstPhotoAt)).toFixed(2)} photos/s${crashed ? " (avec le kill et l'attente de l'expiration de la tâche interrompue)" : ""} ; ${total.toFixed(0)} s en tout`);
    }
    for (const proc of procs) {
      const hwm = proc.peakAtKill ?? procStatus(proc.child.pid!, "VmHWM");
      const startup = startupPeaks.get(proc);
      console.log(
        `  ${proc.label.padEnd(17)} RSS max pendant l'import (VmHWM) ${(hwm / MB).toFixed(0)} Mo${proc.peakAtKill ? " (lu avant le kill)" : ""} ; VmRSS échantillonné max ${((rssPeak.get(proc) ?? 0) / MB).toFixed(0)} Mo${startup ? ` ; avant l'import (démarrage) ${(startup / MB).toFixed(0)} Mo` : " (démarré pendant l'import)"}`,
      );
    }
    console.log(`  recherche au calme, page /recherche : ${summary(quiet.page)}`);
    console.log(`  recherche pendant,  page /recherche : ${summary(during.page)}`);
    console.log(`  recherche au calme, service         : ${summary(quiet.service)}`);
    console.log(`  recherche pendant,  service         : ${summary(during.service)}`);
    const refetched = [...requests.values()].filter((n) => n > 1).length;
    console.log(`  photos demandées au serveur : ${requests.size} distinctes, ${refetched} demandées plus d'une fois`);

    const check = await verify(db, owner.id, path.join(dataDir, "uploads"));
    for (const note of check.notes) console.log(`  ${note}`);
    failures = [...failures, ...check.failures];
    if (failures.length > 0) {
      console.log("\nÉCHEC :");
      for (const failure of failures) console.log(`  - ${failure}`);
    } else console.log(`\nOK : ${ROWS} annonces, chacune exactement ses 2 photos, aucune ligne en double, aucune tâche perdue${crashed ? " malgré le kill -9" : ""}.`);
  } finally {
    for (const proc of procs.reverse()) await stopProc(proc);
    await jobs.close();
    await new Promise((resolve) => server.close(resolve));
    if (reuse && ownerId) await db.delete(user).where(eq(user.id, ownerId));
    await handle.close();
    if (!reuse) await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failures.length > 0 ? 1 : 0);
}

await main();

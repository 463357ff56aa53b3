// `npm run bench:photos -- --seller-batch`: issue 34's bar, end to end. The built server
// (`build/node/main.mjs`) runs on its own fresh data directory (PGlite, demo data); the demo
// seller signs in and uploads 20 generated 12 MP JPEGs to a new draft through the real upload
// API, as many at a time as the photo step sends (UPLOAD_CONCURRENCY = 2; `--upload-concurrency
// 20` for everything at once); meanwhile an anonymous visitor loads search pages one after the
// other. Reported: total wall time of the 20 uploads, the server process's peak RSS (VmHWM of
// /proc/<pid>/status, sampled VmRSS during the batch), the p50/p95 of the search page quiet and
// during the uploads. Bar: ≤ 20 s, ≤ 500 MB, p95 during ≤ 2 × p95 quiet.
//
// `--shared-buffers 128MB,16MB`: one batch per value of EMBEDDED_SHARED_BUFFERS, one after the
// other, each on its own fresh server (decision 0057). `--database-url
// postgres://postgres@127.0.0.1:5432/<name>`: the production configuration instead — the bench
// creates the database <name> on that server (it refuses one that exists), seeds the demo data
// into it (places, demo users and listings, market prices, VACUUM ANALYZE), starts the server on
// it as production does (one HTTP worker per core, `node:cluster`) and drops it at the end; RSS
// is then reported per process and for the whole tree (primary + workers; PostgreSQL's own
// processes are not counted). `--breakdown`: where the idle server's resident memory is, before
// the batch (`/proc/<pid>/smaps` by mapping kind, and the V8 heap from `/metrics`).
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";

const SELLER = "vendeur@occazio.local";
const PASSWORD = "occazio-demo";
const PHOTOS = 20;
const SEARCHES = ["/recherche?brand=Renault", "/recherche?brand=Peugeot&sort=price_asc", "/recherche?postalCode=69001&radius=50", "/recherche"];
const MB = 1024 * 1024;
const PLACES_CSV = path.resolve(import.meta.dirname, "../../reference/places.csv");
const DEMO_LISTINGS = 320;

export interface SellerBatchOptions {
  port: number;
  uploadConcurrency: number;
  quietSearches: number;
  /** Extra environment for the server (e.g. MAX_CONCURRENT_PHOTO_JOBS experiments). */
  env?: NodeJS.ProcessEnv;
  label?: string;
  /** EMBEDDED_SHARED_BUFFERS of the server ("16MB"); unset: the server's default. */
  sharedBuffers?: string;
  /** postgres://…/<name>: the server on PostgreSQL, in a database <name> this run creates and drops. */
  databaseUrl?: string;
  /** Report where the idle server's memory is, before the batch. */
  breakdown?: boolean;
}

export interface MemoryBreakdown {
  /** Resident MB by kind of mapping (/proc/<pid>/smaps). */
  mappings: Record<string, number>;
  /** V8 and Node figures from /metrics (prom-client's default metrics), MB. */
  heap: Record<string, number>;
}

export interface SellerBatchResult {
  label: string;
  uploadConcurrency: number;
  wallMs: number;
  uploadsOk: number;
  uploadMs: { p50: number; max: number };
  peakRssMb: number;
  sampledPeakRssMb: number;
  rssBeforeMb: number;
  engine: "pglite" | "postgres";
  /** Server processes (1 on the embedded default; primary + HTTP workers on PostgreSQL). */
  processes: number;
  /** Sum of the processes' VmRSS before the batch and its sampled peak during it. */
  treeRssBeforeMb: number;
  treePeakRssMb: number;
  breakdown: MemoryBreakdown | null;
  quiet: { n: number; p50: number; p95: number };
  during: { n: number; p50: number; p95: number };
  loadavg: string;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};

function procStatus(pid: number, field: "VmHWM" | "VmRSS"): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
  return kb * 1024;
}

/** 20 different photo-like 4000×3000 JPEGs (≈ 4–6 MB each) made from one synthetic photo. */
async function makePhotos(base: Buffer): Promise<Buffer[]> {
  const photos: Buffer[] = [];
  for (let i = 0; i < PHOTOS; i++) {
    photos.push(
      await sharp(base)
        .composite([
          {
            input: { create: { width: 300 + i * 20, height: 200, channels: 3, background: { r: (i * 53) % 256, g: (i * 97) % 256, b: (i * 31) % 256 } } },
            left: 100 + i * 150,
            top: 200 + i * 60,
          },
        ])
        .jpeg({ quality: 90 })
        .toBuffer(),
    );
  }
  return photos;
}

async function waitReady(base: string, server: ChildProcess, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`le serveur s'est arrêté (code ${server.exitCode})`);
    try {
      const response = await fetch(`${base}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("le serveur n'a pas répondu à /readyz à temps");
}

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify({ email: SELLER, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`connexion du vendeur de démo : ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Step 1 of the wizard (a new draft), then its id from step 2's form. */
async function newDraft(base: string, cookie: string): Promise<string> {
  const body = new URLSearchParams({ step: "1", brand: "Renault", model: "Clio" });
  const step1 = await fetch(`${base}/publish`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
  if (step1.status !== 302) throw new Error(`étape 1 : ${step1.status}`);
  const page = await (await fetch(`${base}/publish?etape=2`, { headers: { Cookie: cookie } })).text();
  const id = /name="listingId" value="([0-9a-f-]{36})"/.exec(page)?.[1];
  if (!id) throw new Error("brouillon introuvable après l'étape 1");
  return id;
}

async function timedGet(url: string): Promise<number> {
  const t0 = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} : ${response.status}`);
  return performance.now() - t0;
}

/** The process and its direct children (the cluster's HTTP workers), from /proc. */
function processTree(pid: number): number[] {
  const tree = [pid];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(fs.readFileSync(`/proc/${entry}/stat`, "utf8").replace(/^.*\) /, "").split(" ")[1]);
      if (ppid === pid) tree.push(Number(entry));
    } catch {
      continue; // gone meanwhile
    }
  }
  return tree;
}

const sumOf = (pids: number[], field: "VmHWM" | "VmRSS") => pids.reduce((sum, pid) => sum + procStatus(pid, field), 0);
const maxOf = (pids: number[], field: "VmHWM" | "VmRSS") => Math.max(...pids.map((pid) => procStatus(pid, field)));

/**
 * Resident memory of a process by kind of mapping. A WebAssembly memory is the read-write
 * anonymous mapping followed by the inaccessible rest of its reservation (V8 reserves a wasm32
 * memory's whole address space and its guard pages, ≈ 10 GiB, and commits what the module has
 * grown to): here PGlite's, the only WebAssembly module the server runs.
 */
function residentByMapping(pid: number): Record<string, number> {
  const maps: { start: bigint; end: bigint; perms: string; file: string; rssMb: number }[] = [];
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      maps.push({ start: BigInt(`0x${header[1]}`), end: BigInt(`0x${header[2]}`), perms: header[3]!, file: header[4] ?? "", rssMb: 0 });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    const last = maps.at(-1);
    if (rss && last) last.rssMb += Number(rss[1]) / 1024;
  }
  const node = fs.realpathSync(process.execPath);
  const GUARD = 4n * 1024n * BigInt(MB);
  const totals: Record<string, number> = {};
  maps.forEach((map, i) => {
    const next = maps[i + 1];
    let kind: string;
    if (map.file === "" && map.perms.startsWith("rw") && next?.file === "" && next.perms.startsWith("---") && next.start === map.end && next.end - next.start >= GUARD)
      kind = "WebAssembly memory (PGlite)";
    else if (map.file === "[heap]") kind = "glibc main heap ([heap])";
    else if (map.file === node) kind = "node binary";
    else if (/sharp|vips/.test(map.file)) kind = "sharp / libvips libraries";
    else if (map.file.startsWith("/")) kind = "other files and libraries";
    else kind = "other anonymous (V8 heap, ArrayBuffers, glibc arenas, stacks)";
    totals[kind] = (totals[kind] ?? 0) + map.rssMb;
  });
  return totals;
}

/** V8 heap and Node's external memory from the server's /metrics (prom-client default metrics), MB. */
async function heapFigures(origin: string, token: string): Promise<Record<string, number>> {
  const response = await fetch(`${origin}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) return {};
  const figures: Record<string, number> = {};
  for (const line of (await response.text()).split("\n")) {
    const match =
      /^(process_resident_memory_bytes|nodejs_heap_size_total_bytes|nodejs_heap_size_used_bytes|nodejs_external_memory_bytes|nodejs_array_buffers_bytes|nodejs_heap_space_size_used_bytes\{space="[a-z_]+"\}) (\S+)$/.exec(
        line,
      );
    if (match && Number(match[2]) >= MB) figures[match[1]!] = Number(match[2]) / MB;
  }
  return figures;
}

/**
 * `--database-url`: a database of its own on that server, seeded as the embedded server seeds
 * its demo (places, demo users and listings with their photos in `dataDir/uploads`), with the
 * market prices fitted and the tables analysed, as a running production database is.
 */
async function createSeededDatabase(databaseUrl: string, dataDir: string): Promise<{ url: string; drop: () => Promise<void> }> {
  // Imported here: bench:photos' per-photo children import this file and measure their own RSS.
  const { default: pg } = await import("pg");
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ""));
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`--database-url : nom de base « ${name} » invalide (minuscules, chiffres, _)`);
  const adminUrl = new URL(url);
  adminUrl.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount) throw new Error(`la base ${name} existe déjà : elle n'est pas touchée, choisissez un autre nom`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const drop = async () => {
    const client = new pg.Client({ connectionString: adminUrl.toString() });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
  try {
    const t0 = performance.now();
    const { openDatabase } = await import("~/db/client.server");
    const { seedDemoData } = await import("~/features/demo/demo-seed.server");
    const { ensurePlacesLoaded } = await import("~/features/places/places.server");
    const { refreshMarketPrices } = await import("~/features/pricing/refresh-market-prices.server");
    const { createLocalStorage } = await import("~/server/storage.server");
    const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    try {
      await ensurePlacesLoaded({ db: handle.db, csvPath: PLACES_CSV });
      await seedDemoData({ db: handle.db, storage: createLocalStorage(path.join(dataDir, "uploads")), listingCount: DEMO_LISTINGS });
      await refreshMarketPrices({ db: handle.db });
    } finally {
      await handle.close();
    }
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await client.query("vacuum analyze");
    await client.end();
    console.error(`  base ${name} créée et remplie en ${Math.round(performance.now() - t0)} ms`);
  } catch (error) {
    await drop();
    throw error;
  }
  return { url: url.toString(), drop };
}

export async function runSellerBatch(base: Buffer, options: SellerBatchOptions): Promise<SellerBatchResult> {
  const mainMjs = path.resolve("build/node/main.mjs");
  if (!fs.existsSync(mainMjs)) throw new Error("build/node/main.mjs manque : lancez d'abord npm run build");
  const photos = await makePhotos(base);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-bench-seller-batch-"));
  const origin = `http://localhost:${options.port}`;
  const metricsToken = randomBytes(16).toString("hex");
  let database: { url: string; drop: () => Promise<void> } | null = null;
  try {
    if (options.databaseUrl) database = await createSeededDatabase(options.databaseUrl, dataDir);
    const start = () =>
      spawn(process.execPath, [mainMjs], {
        env: {
          ...process.env,
          NODE_ENV: "production",
          PORT: String(options.port),
          HOST: "127.0.0.1",
          DATA_DIR: dataDir,
          PUBLIC_URL: origin,
          DATABASE_URL: database?.url ?? "",
          // Production on PostgreSQL requires its own secret (the embedded default makes one).
          ...(database ? { BETTER_AUTH_SECRET: randomBytes(24).toString("hex") } : {}),
          ...(options.sharedBuffers ? { EMBEDDED_SHARED_BUFFERS: options.sharedBuffers } : {}),
          METRICS_TOKEN: metricsToken,
          LOG_LEVEL: "warn",
          ...options.env,
        },
        stdio: ["ignore", "ignore", "inherit"],
      });
    const stop = async (child: ChildProcess) => {
      child.kill("SIGTERM");
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));
    };
    // Embedded default: the first start seeds the demo data and fits the market prices (hundreds
    // of MB that a running site never needs again): measure a server started on the seeded
    // directory, as production restarts on its data. PostgreSQL: seeded above by this process.
    if (!database) {
      const seeding = start();
      await waitReady(origin, seeding);
      await stop(seeding);
    }
    const server = start();
    try {
      await waitReady(origin, server);
      const pid = server.pid!;
      const cookie = await signIn(origin);
      const listingId = await newDraft(origin, cookie);

      // Quiet: the search pages alone (after one warm-up round each).
      for (const search of SEARCHES) await timedGet(`${origin}${search}`);
      const quiet: number[] = [];
      for (let i = 0; i < options.quietSearches; i++) quiet.push(await timedGet(`${origin}${SEARCHES[i % SEARCHES.length]}`));

      const tree = processTree(pid);
      // Of the process started (the cluster's primary on PostgreSQL; /metrics then adds up the workers).
      const breakdown = options.breakdown ? { mappings: residentByMapping(pid), heap: await heapFigures(origin, metricsToken) } : null;
      // Per process, the largest one (the only one on the embedded default).
      const rssBefore = maxOf(tree, "VmRSS");
      const treeRssBefore = sumOf(tree, "VmRSS");
      let sampledPeak = rssBefore;
      let treePeak = treeRssBefore;
      const sampler = setInterval(() => {
        sampledPeak = Math.max(sampledPeak, maxOf(tree, "VmRSS"));
        treePeak = Math.max(treePeak, sumOf(tree, "VmRSS"));
      }, 50);
      let uploading = true;
      const during: number[] = [];
      const searching = (async () => {
        for (let i = 0; uploading; i++) during.push(await timedGet(`${origin}${SEARCHES[i % SEARCHES.length]}`));
      })();

      const uploadTimes: number[] = [];
      let uploadsOk = 0;
      const queue = photos.map((photo, index) => ({ photo, index }));
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: options.uploadConcurrency }, async () => {
          for (let next = queue.shift(); next; next = queue.shift()) {
            const started = performance.now();
            const response = await fetch(`${origin}/api/listings/${listingId}/photos`, {
              method: "POST",
              headers: { Cookie: cookie, Origin: origin, "Content-Type": "image/jpeg", Accept: "application/json" },
              body: new Uint8Array(next.photo),
            });
            const answer = await response.text();
            uploadTimes.push(performance.now() - started);
            if (response.ok) uploadsOk++;
            else console.error(`photo ${next.index + 1} : ${response.status} ${answer.slice(0, 200)}`);
          }
        }),
      );
      const wallMs = performance.now() - t0;
      uploading = false;
      await searching;
      clearInterval(sampler);
      const peak = maxOf(tree, "VmHWM");
      return {
        label:
          options.label ??
          [
            database ? "PostgreSQL" : `PGlite, shared_buffers ${options.sharedBuffers ?? "par défaut"}`,
            ...Object.entries(options.env ?? {}).map(([name, value]) => `${name}=${value}`),
          ].join(", "),
        uploadConcurrency: options.uploadConcurrency,
        wallMs,
        uploadsOk,
        uploadMs: { p50: percentile(uploadTimes, 50), max: Math.max(...uploadTimes) },
        peakRssMb: peak / MB,
        sampledPeakRssMb: Math.max(sampledPeak, maxOf(tree, "VmRSS")) / MB,
        rssBeforeMb: rssBefore / MB,
        engine: database ? "postgres" : "pglite",
        processes: tree.length,
        treeRssBeforeMb: treeRssBefore / MB,
        treePeakRssMb: Math.max(treePeak, sumOf(tree, "VmRSS")) / MB,
        breakdown,
        quiet: { n: quiet.length, p50: percentile(quiet, 50), p95: percentile(quiet, 95) },
        during: { n: during.length, p50: percentile(during, 50), p95: percentile(during, 95) },
        loadavg: fs.readFileSync("/proc/loadavg", "utf8").trim(),
      };
    } finally {
      await stop(server);
    }
  } finally {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printSellerBatch(results: SellerBatchResult[]) {
  console.log(
    `\nLot d'un vendeur : ${PHOTOS} JPEG 4000×3000 envoyées au serveur compilé (données de démo), ` +
      `${os.cpus().length} cœurs, Node ${process.version}, MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? "(non défini)"}`,
  );
  for (const r of results) {
    const ratio = r.during.p95 / Math.max(r.quiet.p95, 0.001);
    const ok = r.wallMs <= 20_000 && r.peakRssMb <= 500 && ratio <= 2 && r.uploadsOk === PHOTOS;
    const tree =
      r.processes > 1
        ? [`  ${r.processes} processus (primaire + workers HTTP) : RSS total ${r.treeRssBeforeMb.toFixed(0)} Mo avant, pic pendant ${r.treePeakRssMb.toFixed(0)} Mo`]
        : [];
    const breakdown = r.breakdown
      ? [
          `  mémoire du serveur au repos (avant le lot)${r.processes > 1 ? " : processus primaire ; /metrics : somme des workers" : ""} :`,
          ...Object.entries(r.breakdown.mappings)
            .sort((a, b) => b[1] - a[1])
            .map(([kind, mb]) => `    ${kind.padEnd(62)} ${mb.toFixed(1).padStart(7)} Mo`),
          ...Object.entries(r.breakdown.heap).map(([name, mb]) => `    /metrics ${name.padEnd(53)} ${mb.toFixed(1).padStart(7)} Mo`),
        ]
      : [];
    console.log(
      [
        `${r.label} (${r.uploadConcurrency} à la fois)`,
        `  ${r.uploadsOk}/${PHOTOS} photos en ${(r.wallMs / 1000).toFixed(1)} s (par envoi : médiane ${(r.uploadMs.p50 / 1000).toFixed(1)} s, max ${(r.uploadMs.max / 1000).toFixed(1)} s)`,
        `  RSS du ${r.processes > 1 ? "plus gros processus" : "serveur"} : ${r.rssBeforeMb.toFixed(0)} Mo avant, pic pendant ${r.sampledPeakRssMb.toFixed(0)} Mo , VmHWM ${r.peakRssMb.toFixed(0)} Mo`,
        ...tree,
        ...breakdown,
        `  /recherche : p95 au calme ${r.quiet.p95.toFixed(0)} ms (p50 ${r.quiet.p50.toFixed(0)}, n=${r.quiet.n}), ` +
          `pendant les envois ${r.during.p95.toFixed(0)} ms (p50 ${r.during.p50.toFixed(0)}, n=${r.during.n}) = ${ratio.toFixed(2)} ×`,
        `  loadavg à la fin : ${r.loadavg}`,
        `  barre (≤ 20 s, ≤ 500 Mo par processus, ≤ 2 ×) : ${ok ? "tenue" : "NON tenue"}`,
      ].join("\n"),
    );
  }
}

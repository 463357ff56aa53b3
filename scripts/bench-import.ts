// Issue 35 bars (decision 0051): a 10 000-row CSV (generated, realistic) parsed, validated and
// upserted in ≤ 60 s on PostgreSQL on a 2-core machine (photos excluded), peak RSS ≤ 300 MB
// (streamed, never loaded whole); re-importing it unchanged ≤ 15 s and writes nothing;
// changing 5 % of prices ≤ 20 s. The import runs as the `stock-import` job does
// (startStockImport → applyStockImport), the photo jobs it queues are dropped.
//
// Its own database: BENCH_IMPORT_DB (default occazio_bench_import), created on the server of
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) and dropped at the end.
// It refuses to start when that database already exists: it drops only what it created.
// Usage: BENCH_IMPORT_DB=… npm run bench:import [-- --rows 10000]
//
// Memory is the process's peak resident set as the kernel counts it (VmHWM of
// /proc/self/status), reset before each step (`echo 5 > /proc/self/clear_refs`), so each step
// shows its own peak; the process-wide peak (everything since start) is printed at the end. A
// first step reads and validates the file without the database (the parse's share of the time).
//
// `--runtime compiled` (default): the script bundles itself with esbuild as the server is
// compiled (scripts/lib/compile-server.ts: packages external) into build/bench/ and runs under
// plain node with MALLOC_ARENA_MAX=2, as `npm run worker` runs the `stock-import` job. Under
// tsx the same process carries ≈ 60 MB more (tsx's loader and the sources it transformed, PGlite's
// large module among them), which no production process has. `--runtime tsx` measures that way.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { Readable } from "node:stream";
import path from "node:path";
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../app/db/client.server";
import { listings, proProfiles, stockImportRuns, user } from "../app/db/schema";
import { applyStockImport } from "../app/features/stock-import/apply-stock-import.server";
import { stockRowReader, type StockRowReader } from "../app/features/stock-import/parse-stock-file";
import { inspectStockStream, readStockRecords } from "../app/features/stock-import/stream-stock-file.server";
import { startStockImport } from "../app/features/stock-import/start-stock-import.server";
import { createRecordingJobQueue } from "../app/testing/recording-job-queue";
import { createLocalStorage } from "../app/server/storage.server";
import { generateStock, stockCsv } from "./lib/bench-stock-csv";

const { values } = parseArgs({
  options: { rows: { type: "string", default: "10000" }, runtime: { type: "string", default: "compiled" } },
});
const ROWS = Number(values.rows);
const dbName = process.env.BENCH_IMPORT_DB ?? "occazio_bench_import";
if (!/^[a-z_][a-z0-9_]{0,50}$/.test(dbName)) throw new Error("BENCH_IMPORT_DB : lettres minuscules, chiffres et _");
const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const dropJobs = createRecordingJobQueue({ record: false });

const MB = 1024 * 1024;
const loadavg = () => fs.readFileSync("/proc/loadavg", "utf8").trim();

function procStatus(field: "VmHWM" | "VmRSS"): number {
  const status = fs.readFileSync("/proc/self/status", "utf8");
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
}

/** Peak RSS since start, kept across the per-step resets of VmHWM. */
let processPeak = 0;
function resetPeak(): void {
  processPeak = Math.max(processPeak, procStatus("VmHWM"));
  try {
    fs.writeFileSync("/proc/self/clear_refs", "5");
  } catch {
    // Without clear_refs (old kernel, restricted /proc) each step shows the peak so far.
  }
}
function stepPeak(): number {
  const peak = procStatus("VmHWM");
  processPeak = Math.max(processPeak, peak);
  return peak;
}
function heapLine(): string {
  const m = process.memoryUsage();
  return `tas V8 ${(m.heapUsed / MB).toFixed(0)}/${(m.heapTotal / MB).toFixed(0)} Mo, externe ${(m.external / MB).toFixed(0)} Mo`;
}

/** The file read as the job reads it (two streamed passes, each row validated), without the database. */
async function readOnly(file: Buffer): Promise<{ vehicles: number; rejected: number }> {
  const place = { city: "Lyon", postalCode: "69007", latitude: 45.745, longitude: 4.842 };
  const chunks = (buffer: Buffer) =>
    Readable.from(
      (function* () {
        for (let at = 0; at < buffer.length; at += 64 * 1024) yield buffer.subarray(at, at + 64 * 1024);
      })(),
    );
  const inspection = await inspectStockStream(chunks(file), ROWS + 1);
  if (!inspection.ok) throw new Error(inspection.reason);
  let reader: StockRowReader | null = null;
  let vehicles = 0;
  let rejected = 0;
  for await (const item of readStockRecords(chunks(file), inspection)) {
    if (item.kind === "malformed") {
      rejected++;
      continue;
    }
    if (!reader) {
      const header = stockRowReader(item.record, place);
      if (!header.ok) throw new Error(header.reason);
      reader = header;
      continue;
    }
    const result = reader.read(item.record, item.line);
    if (result?.kind === "vehicle") vehicles++;
    else if (result) rejected++;
  }
  return { vehicles, rejected };
}

async function main() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = await admin.query("select 1 from pg_database where datname = $1", [dbName]);
  if (exists.rowCount) {
    await admin.end();
    throw new Error(`La base ${dbName} existe déjà : ce banc ne supprime que la base qu'il a créée.`);
  }
  await admin.query(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-import-"));
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  try {
    const db = handle.db;
    const storage = createLocalStorage(path.join(dir, "uploads"));
    // Inserted directly: the test inserters load faker (≈ 35 MB of RSS that no worker carries).
    const owner = { id: randomUUID() };
    await db.insert(user).values({ id: owner.id, name: "Garage du Banc", email: "banc@garage-bench.fr", emailVerified: true });
    await db.insert(proProfiles).values({
      userId: owner.id,
      slug: "garage-bench",
      companyName: "Garage du Banc",
      siret: "12345678900017",
      addressLine: "1 rue du Banc",
      postalCode: "69007",
      city: "Lyon",
      latitude: 45.745,
      longitude: 4.842,
      phone: "0478000000",
      openingHours: [[], [], [], [], [], [], []],
      status: "verified",
    });
    const { lines, prices } = generateStock(ROWS);
    const step = async (label: string, body: () => Promise<string>) => {
      resetPeak();
      const rssBefore = procStatus("VmRSS");
      const cpu = process.cpuUsage();
      const started = performance.now();
      const outcome = await body();
      const seconds = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      console.log(
        `${label.padEnd(22)} ${seconds.toFixed(1).padStart(6)} s (CPU de ce processus ${((used.user + used.system) / 1e6).toFixed(1)} s)  ${outcome} ; RSS max ${(stepPeak() / MB).toFixed(0)} Mo (au départ ${(rssBefore / MB).toFixed(0)} Mo ; ${heapLine()})`,
      );
    };
    const run = (label: string, file: Buffer) =>
      step(label, async () => {
        const since = ((await db.execute(sql`select now()::text as since`)) as unknown as { rows: { since: string }[] }).rows[0]!.since;
        const { runId } = await startStockImport({
          db,
          storage,
          jobs: dropJobs,
          userId: owner.id,
          file,
          fileName: `${label}.csv`,
          maxBytes: 50 * 1024 * 1024,
        });
        await applyStockImport({ db, storage, jobs: dropJobs, maxRows: ROWS + 1 }, runId);
        const [row] = await db.select().from(stockImportRuns).where(eq(stockImportRuns.id, runId));
        const [written] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(listings)
          .where(sql`${listings.updatedAt} >= ${since}::timestamptz`);
        if (row!.rejected > 0) console.log("  refus :", row!.rejectedRows.slice(0, 3).map((r) => r.reason));
        return `créées ${row!.created}, mises à jour ${row!.updated}, inchangées ${row!.unchanged}, refusées ${row!.rejected}, retirées ${row!.withdrawn} ; annonces écrites ${written!.n}`;
      });
    const first = stockCsv(lines, prices);
    console.log(`Fichier : ${ROWS} lignes, ${(first.length / MB).toFixed(1)} Mo ; base ${dbName} ; ${process.env.BENCH_IMPORT_COMPILED ? "compilé, node" : "tsx"}, MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? "-"} ; ${os.cpus().length} cœurs ; charge ${loadavg()} ; RSS au départ ${(procStatus("VmRSS") / MB).toFixed(0)} Mo (${heapLine()})`);
    await step("lecture seule", async () => {
      const read = await readOnly(first);
      return `valides ${read.vehicles}, refusées ${read.rejected} (sans base)`;
    });
    await run("import complet", first);
    await run("réimport inchangé", first);
    const changed = prices.map((p, i) => (i % 20 === 0 ? p - 500 : p));
    await run("5 % des prix changés", stockCsv(lines, changed));
    console.log(`RSS max du processus depuis son départ (VmHWM) : ${(Math.max(processPeak, procStatus("VmHWM")) / MB).toFixed(0)} Mo ; charge ${loadavg()}`);
  } finally {
    await handle.close();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Bundles this script as the server is compiled and runs it under node; its exit code. */
async function runCompiled(): Promise<number> {
  const { build } = await import("esbuild");
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
  const outfile = path.join(root, "build", "bench", "bench-import.mjs");
  await build({
    absWorkingDir: root,
    entryPoints: [path.join(root, "scripts", "bench-import.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    banner: {
      js: 'import { createRequire as __occazioCreateRequire } from "node:module"; const require = __occazioCreateRequire(import.meta.url);',
    },
    logLevel: "warning",
  });
  const { spawn } = await import("node:child_process");
  const child = spawn(process.execPath, [outfile, ...process.argv.slice(2)], {
    env: {
      ...process.env,
      BENCH_IMPORT_COMPILED: "1",
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
      NODE_ENV: process.env.NODE_ENV ?? "production",
    },
    stdio: "inherit",
  });
  return new Promise((resolve) => child.once("exit", (code) => resolve(code ?? 1)));
}

if (values.runtime === "compiled" && !process.env.BENCH_IMPORT_COMPILED) {
  process.exitCode = await runCompiled();
} else if (process.env.BENCH_IMPORT_CHECK) {
  // Checks the generated file without a database: how many rows the import would refuse, and why.
  console.log(`RSS au départ ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} Mo`);
  const { parseStockFile } = await import("../app/features/stock-import/parse-stock-file");
  const { lines, prices } = generateStock(ROWS);
  const outcome = parseStockFile(stockCsv(lines, prices), { city: "Lyon", postalCode: "69007", latitude: 45.7, longitude: 4.8 }, { maxRows: ROWS });
  if (!outcome.ok) console.log(outcome.reason);
  else {
    const reasons = new Map<string, number>();
    for (const r of outcome.rejected) {
      const key = r.reason.replace(/^ligne \d+ : /, "").replace(/« .* »/, "«…»");
      reasons.set(key, (reasons.get(key) ?? 0) + 1);
    }
    console.log(`valides ${outcome.vehicles.length}, refusées ${outcome.rejected.length}`, [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 10));
  }
  console.log(`RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} Mo`);
} else await main();

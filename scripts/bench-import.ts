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
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../app/db/client.server";
import { listings, proProfiles, stockImportRuns } from "../app/db/schema";
import { allModelSpecs } from "../app/features/catalogue/model-specs";
import { applyStockImport } from "../app/features/stock-import/apply-stock-import.server";
import { startStockImport } from "../app/features/stock-import/start-stock-import.server";
import type { JobQueue } from "../app/server/jobs.server";
import { createLocalStorage } from "../app/server/storage.server";
import { insertUser } from "../app/testing/inserters.server";

const { values } = parseArgs({ options: { rows: { type: "string", default: "10000" } } });
const ROWS = Number(values.rows);
const dbName = process.env.BENCH_IMPORT_DB ?? "occazio_bench_import";
if (!/^[a-z_][a-z0-9_]{0,50}$/.test(dbName)) throw new Error("BENCH_IMPORT_DB : lettres minuscules, chiffres et _");
const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const COLORS = ["Blanc", "Noir", "Gris", "Bleu", "Rouge", "Gris anthracite", "Vert", "Marron", "Blanche"];
const GEARBOX = ["BVM", "BVA", "Manuelle", "Automatique", "manuelle", "auto"];
const ENERGY: Record<string, string> = {
  Essence: "Essence",
  Diesel: "Diesel",
  Hybride: "Hybride",
  Electrique: "Electrique",
  GPL: "GPL",
};
const EQUIPMENT = ["Climatisation automatique", "GPS", "Caméra de recul", "Régulateur de vitesse", "Bluetooth", "Jantes alliage", "Toit ouvrant", "Sièges chauffants"];

/** A seeded generator: the same file every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const HEADER =
  "reference;marque;modele;mise_en_circulation;carrosserie;energie;boite;kilometrage;prix;couleur;portes;places;puissance_ch;puissance_fiscale;norme_euro;equipements;description;photos";

function quote(cell: string): string {
  return /[";\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** Rows of real catalogue models, their years, energies and bodies; a price per row (changed by `priceOf`). */
function generate(rows: number): { lines: string[]; prices: number[] } {
  const next = random(35);
  const specs = allModelSpecs().filter((s) => s.energies.some((e) => e in ENERGY) && s.from <= 2024 && !["Smart", "Ferrari"].includes(s.brand));
  const lines: string[] = [];
  const prices: number[] = [];
  for (let i = 0; i < rows; i++) {
    const spec = specs[Math.floor(next() * specs.length)]!;
    const last = Math.min(spec.to ?? 2025, 2025);
    const year = Math.max(spec.from, last - Math.floor(next() * 12));
    const fuel = spec.energies.find((e) => e in ENERGY) ?? "Essence";
    const km = Math.round(((2026 - year) * 12_000 + next() * 15_000) / 100) * 100;
    const price = Math.max(1_500, Math.round((38_000 * 0.87 ** (2026 - year) + next() * 6_000) / 10) * 10);
    prices.push(price);
    const doors = spec.bodies[0] === "Coupé" || spec.bodies[0] === "Cabriolet" ? 3 : 5;
    const din = 75 + Math.floor(next() * 180);
    const equipment = EQUIPMENT.filter(() => next() < 0.4).join(", ");
    const description = `${spec.brand} ${spec.model} ${year}, ${km.toLocaleString("fr-FR")} km. Entretien suivi, carnet à jour ; garantie 12 mois.\nVisible sur rendez-vous.`;
    lines.push(
      [
        `VO-${String(i + 1).padStart(6, "0")}`,
        spec.brand.toUpperCase(),
        spec.model,
        `${String(1 + Math.floor(next() * 12)).padStart(2, "0")}/${year}`,
        spec.bodies[0] ?? "",
        ENERGY[fuel] ?? fuel,
        GEARBOX[Math.floor(next() * GEARBOX.length)]!,
        `${km.toLocaleString("fr-FR")} km`,
        "{PRICE}",
        COLORS[Math.floor(next() * COLORS.length)]!,
        String(doors),
        doors === 3 ? "4" : "5",
        String(din),
        String(Math.max(3, Math.round(din / 20))),
        year >= 2015 ? "Euro 6" : "Euro 5",
        equipment,
        description,
        `https://photos.garage-bench.fr/${i + 1}/1.jpg|https://photos.garage-bench.fr/${i + 1}/2.jpg`,
      ]
        .map(quote)
        .join(";"),
    );
  }
  return { lines, prices };
}

function csvOf(lines: string[], prices: number[]): Buffer {
  const body = lines.map((line, i) => line.replace("{PRICE}", `${prices[i]!.toLocaleString("fr-FR")} €`));
  return Buffer.from(`${HEADER}\r\n${body.join("\r\n")}\r\n`, "utf8");
}

const dropJobs: JobQueue = {
  async enqueue() {},
  async enqueueMany() {},
  async work() {},
  async depth() {
    return 0;
  },
  async readyStats() {
    return [];
  },
  async check() {},
  async close() {},
};

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
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  try {
    const db = handle.db;
    const storage = createLocalStorage(path.join(dir, "uploads"));
    const owner = await insertUser(db);
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
    const { lines, prices } = generate(ROWS);
    const run = async (label: string, file: Buffer) => {
      const rssBefore = peakRss;
      const cpu = process.cpuUsage();
      const since = ((await db.execute(sql`select now()::text as since`)) as unknown as { rows: { since: string }[] }).rows[0]!.since;
      const started = performance.now();
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
      const seconds = (performance.now() - started) / 1000;
      const [row] = await db.select().from(stockImportRuns).where(eq(stockImportRuns.id, runId));
      const [written] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(listings)
        .where(sql`${listings.updatedAt} >= ${since}::timestamptz`);
      const used = process.cpuUsage(cpu);
      console.log(
        `${label.padEnd(22)} ${seconds.toFixed(1).padStart(6)} s (CPU de ce processus ${((used.user + used.system) / 1e6).toFixed(1)} s)  créées ${row!.created}, mises à jour ${row!.updated}, inchangées ${row!.unchanged}, refusées ${row!.rejected}, retirées ${row!.withdrawn} ; annonces écrites ${written!.n} ; RSS max ${(peakRss / 1024 / 1024).toFixed(0)} Mo (avant ${(rssBefore / 1024 / 1024).toFixed(0)} Mo)`,
      );
      if (row!.rejected > 0) console.log("  refus :", row!.rejectedRows.slice(0, 3).map((r) => r.reason));
    };
    const first = csvOf(lines, prices);
    console.log(`Fichier : ${ROWS} lignes, ${(first.length / 1024 / 1024).toFixed(1)} Mo ; base ${dbName} ; ${os.cpus().length} cœurs ; charge ${fs.readFileSync("/proc/loadavg", "utf8").trim()}`);
    await run("import complet", first);
    await run("réimport inchangé", first);
    const changed = prices.map((p, i) => (i % 20 === 0 ? p - 500 : p));
    await run("5 % des prix changés", csvOf(lines, changed));
    console.log(`RSS max du processus : ${(peakRss / 1024 / 1024).toFixed(0)} Mo ; charge ${fs.readFileSync("/proc/loadavg", "utf8").trim()}`);
  } finally {
    clearInterval(sampler);
    await handle.close();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_IMPORT_CHECK) {
  // Checks the generated file without a database: how many rows the import would refuse, and why.
  console.log(`RSS au départ ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} Mo`);
  const { parseStockFile } = await import("../app/features/stock-import/parse-stock-file");
  const { lines, prices } = generate(ROWS);
  const outcome = parseStockFile(csvOf(lines, prices), { city: "Lyon", postalCode: "69007", latitude: 45.7, longitude: 4.8 }, { maxRows: ROWS });
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

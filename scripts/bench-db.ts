// Cold and warm start of the embedded default (PGlite), and the time to load demo data.
// Usage: npm run bench:db [-- --runs 3 --listings 320]
// Cold = empty DATA_DIR: create PGlite, migrate, load the postal-code reference, seed demo
// data. Warm = the same DATA_DIR again (everything already there). Times the real startServer.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startServer } from "../server/boot";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "3" }, listings: { type: "string", default: "320" } },
});
const runs = Number(values.runs);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const cold: Record<string, number>[] = [];
const warm: Record<string, number>[] = [];
for (let i = 0; i < runs; i++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-bench-"));
  const env = { NODE_ENV: "production", PORT: "0", DATA_DIR: dataDir, DEMO_LISTINGS: values.listings, LOG_LEVEL: "silent", DATABASE_URL: "" };
  for (const bucket of [cold, warm]) {
    const t0 = performance.now();
    const server = await startServer(env);
    const res = await fetch(`${server.url}/home`);
    if (res.status !== 200) throw new Error(`/home a répondu ${res.status}`);
    await res.text();
    const firstPage = performance.now() - t0;
    await server.close();
    bucket.push({ ...server.timings, first_home_page_ms: Math.round(firstPage) });
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const keys = ["database_open_and_migrate_ms", "reference_data_ms", "demo_data_ms", "total_ms", "first_home_page_ms"];
console.log(`\nEmbedded default start (${runs} runs, ${values.listings} demo listings, ${os.cpus().length} cores, Node ${process.version}) — median ms`);
console.log(["phase".padEnd(30), "cold".padStart(8), "warm".padStart(8)].join(""));
for (const key of keys) {
  console.log([key.padEnd(30), String(median(cold.map((r) => r[key] ?? 0))).padStart(8), String(median(warm.map((r) => r[key] ?? 0))).padStart(8)].join(""));
}

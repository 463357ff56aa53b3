/**
 * `npm run bench:durability`: what PGlite's fsync costs on this disk. The embedded default
 * (PGlite) starts PostgreSQL with `-F` (fsync off). This opens two fresh data directories,
 * one as PGlite does by default and one with fsync on (the same start parameters minus
 * `-F`), and times small committed transactions (the shape of a favourite, a message, a
 * counted view), then reports ms per commit. Temporary directories only; nothing is kept.
 *
 *   npm run bench:durability -- --commits 300
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const COMMITS = arg("commits", 300);
const DEFAULT_START = ["--single", "-F", "-O", "-j", "-c", "search_path=public", "-c", "exit_on_error=false",
  "-c", "log_checkpoints=false", "-c", "max_worker_processes=0", "-c", "max_parallel_workers=0",
  "-c", "max_parallel_workers_per_gather=0", "-c", "io_method=sync", "-c", "max_parallel_maintenance_workers=0"];

async function run(label: string, startParams: string[] | undefined) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-durability-"));
  try {
    const db = await PGlite.create({ dataDir: dir, ...(startParams ? { startParams } : {}) });
    const fsync = (await db.query<{ fsync: string }>("show fsync")).rows[0]?.fsync;
    await db.exec("create table t (id serial primary key, body text not null, n int not null default 0)");
    const times: number[] = [];
    for (let i = 0; i < COMMITS; i++) {
      const t = performance.now();
      await db.query("insert into t (body) values ($1)", [`message ${i}`]);
      await db.query("update t set n = n + 1 where id = $1", [1 + (i % 50)]);
      times.push(performance.now() - t);
    }
    await db.close();
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
    return { label, fsync, commits: COMMITS * 2, p50_ms_per_2_commits: p(0.5), p95_ms_per_2_commits: p(0.95) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`load average: ${fs.readFileSync("/proc/loadavg", "utf8").trim()}`);
const rows = [];
for (let round = 0; round < 2; round++) {
  rows.push(await run("PGlite par défaut (-F)", undefined));
  rows.push(await run("fsync activé", DEFAULT_START.filter((p) => p !== "-F")));
}
console.table(rows);

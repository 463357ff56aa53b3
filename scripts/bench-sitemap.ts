// Sitemap benchmark (issue 16: every sitemap request ≤ 50 ms at 1 000 000 listings, no request
// blocking the event loop for more than 20 ms).
//
// Usage: [BENCH_DB=occazio_bench] npm run bench:sitemap -- [--database-url postgres://postgres@127.0.0.1:5432/test]
//                                                        [--requests 20] [--mode both|worker|in-process]
//
// Reads the benchmark database that `npm run bench:search -- --rows 1000000 --keep` leaves
// (named by BENCH_DB); it never creates nor drops a database. Measures, in this process:
// - the background rebuild: wall time, files, and the longest event-loop stall while it runs;
// - requests through an HTTP server answering with the routes' code (sitemapResponse, written to
//   the socket with React Router's writeReadableStreamToWritable as server/app.ts does) for the
//   index and each file, gzip and identity: p50/p95/max, and the longest event-loop stall;
//   the client runs in a worker thread (a crawler is not in the server's process: its receive
//   buffers and their garbage collections must not count as the server's stalls);
// - a second rebuild while a client keeps requesting the files (the background refresh of a
//   live server): the requests' p50/p95/max during it and the longest stall;
// - for each phase, the longest garbage-collection pause of the main thread (perf_hooks 'gc');
// - the rebuilds in both modes, one after the other in the same run: `worker` (what the server
//   does on PostgreSQL: the whole rebuild in a worker thread with its own connection) and
//   `in-process` (the embedded PGlite's path: queries and XML here, gzip in a worker).
import http from "node:http";
import os from "node:os";
import { monitorEventLoopDelay, performance, PerformanceObserver } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { parseArgs } from "node:util";
import pg from "pg";
import { writeReadableStreamToWritable } from "@react-router/node";
import { sql } from "drizzle-orm";
import { openDatabase } from "~/db/client.server";
import { buildSitemaps } from "~/features/listings/build-sitemaps.server";
import { sitemapResponse } from "~/features/listings/sitemap.server";

const { values: args } = parseArgs({
  options: {
    "database-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/test" },
    requests: { type: "string", default: "20" },
    mode: { type: "string", default: "both" },
  },
});
const BENCH_DB = process.env.BENCH_DB ?? "occazio_bench";
if (!/^[a-z_][a-z0-9_]*$/.test(BENCH_DB)) throw new Error("BENCH_DB : lettres minuscules, chiffres et _");
const REQUESTS = Number(args.requests);

const admin = new pg.Client({ connectionString: args["database-url"] });
await admin.connect();
const exists = (await admin.query("select 1 from pg_database where datname = $1", [BENCH_DB])).rowCount === 1;
await admin.end();
if (!exists) {
  console.error(`La base ${BENCH_DB} n'existe pas : créez-la avec npm run bench:search -- --rows 1000000 --keep`);
  process.exit(1);
}
const url = new URL(args["database-url"]!);
url.pathname = `/${BENCH_DB}`;
const handle = await openDatabase({ databaseUrl: url.toString() });
const MODES = args.mode === "both" ? (["in-process", "worker"] as const) : ([args.mode as "worker" | "in-process"] as const);
if (!MODES.every((m) => m === "worker" || m === "in-process")) throw new Error("--mode : both, worker ou in-process");
const buildOptions = (mode: "worker" | "in-process") => ({
  db: handle.db,
  origin: "https://www.occazio.fr",
  ...(mode === "worker" ? { databaseUrl: url.toString() } : {}),
});
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");

/**
 * The crawler, in a worker thread: raw GETs (node:http does not decompress), timed there.
 * `run` makes `rounds` passes over `paths`; `loop` requests them in turn until `stop`.
 */
const CLIENT_SOURCE = `
const http = require("node:http");
const { parentPort } = require("node:worker_threads");
const { performance } = require("node:perf_hooks");
let stopped = false;
function get(port, path, encoding) {
  return new Promise((resolve, reject) => {
    http.get({ host: "127.0.0.1", port, path, headers: { "Accept-Encoding": encoding } }, (res) => {
      res.on("data", () => {});
      res.on("end", () => (res.statusCode === 200 ? resolve() : reject(new Error(path + ": " + res.statusCode))));
    }).on("error", reject);
  });
}
async function timed(port, path, encoding, times) {
  const start = performance.now();
  await get(port, path, encoding);
  times.push(performance.now() - start);
}
parentPort.on("message", async (m) => {
  if (m.type === "stop") return void (stopped = true);
  const times = [];
  if (m.type === "run") {
    for (let r = 0; r < m.rounds; r++) for (const p of m.paths) await timed(m.port, p, m.encoding, times);
  } else {
    stopped = false;
    for (let i = 0; !stopped; i++) await timed(m.port, m.paths[i % m.paths.length], m.encoding, times);
  }
  parentPort.postMessage(times);
});
`;
const client = new Worker(CLIENT_SOURCE, { eval: true });
client.unref();
const clientTimes = () => new Promise<number[]>((resolve) => client.once("message", resolve));

/** The longest garbage-collection pause of this (the server's) thread since the last call. */
let gcMax = 0;
let gcCount = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gcCount++;
    gcMax = Math.max(gcMax, e.duration);
  }
}).observe({ entryTypes: ["gc"] });
const gcSince = () => {
  const text = `${gcCount} GC pauses on the main thread, longest ${gcMax.toFixed(1)} ms`;
  gcMax = 0;
  gcCount = 0;
  return text;
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

try {
  const counted = (await handle.db.execute(sql`select count(*)::int as n from listings where status = 'published'`)) as unknown as { rows: { n: number }[] };
  console.log(`${BENCH_DB}: ${Number(counted.rows[0]?.n).toLocaleString("fr-FR")} published listings; ${os.cpus().length} cores, Node ${process.version}`);
  console.log(`Load average: ${load()}`);

  // What the machine alone does to an idle event loop (a shared machine delays timers too).
  const idle = monitorEventLoopDelay({ resolution: 5 });
  idle.enable();
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  idle.disable();
  console.log(`Longest event-loop stall of an idle loop over 5 s (the machine's own noise): ${(idle.max / 1e6).toFixed(1)} ms; ${gcSince()}`);

  let snapshot!: Awaited<ReturnType<typeof buildSitemaps>>;
  for (const mode of MODES) {
    const stall = monitorEventLoopDelay({ resolution: 5 });
    stall.enable();
    const t0 = performance.now();
    snapshot = await buildSitemaps(buildOptions(mode));
    const buildMs = performance.now() - t0;
    stall.disable();
    const built = [...snapshot.files.values()];
    const gzBytes = built.reduce((n, f) => n + f.gz.byteLength, 0);
    console.log(
      `Rebuild (${mode}): ${(buildMs / 1000).toFixed(1)} s, ${built.length} files, ${built.reduce((n, f) => n + f.urls, 0).toLocaleString("fr-FR")} URLs, ` +
        `${(gzBytes / 1024 / 1024).toFixed(1)} MiB gzipped in memory; longest event-loop stall ${(stall.max / 1e6).toFixed(1)} ms; ${gcSince()}`,
    );
  }
  const files = [...snapshot.files.values()];

  // Serve through a plain HTTP server calling the same response code as the routes.
  let current = snapshot;
  const server = http.createServer(async (req, res) => {
    const name = req.url === "/sitemap.xml" ? null : req.url!.replace("/sitemaps/", "");
    const file = name === null ? current.index : current.files.get(name);
    if (!file) return void res.writeHead(404).end();
    const response = sitemapResponse(file, new Request(`http://x${req.url}`, { headers: req.headers as Record<string, string> }), 3600);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) await writeReadableStreamToWritable(response.body, res);
    else res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  const paths = ["/sitemap.xml", ...files.map((f) => `/sitemaps/${f.name}`)];
  const serveStall = monitorEventLoopDelay({ resolution: 5 });
  serveStall.enable();
  const row = (label: string, encoding: string, times: number[]) => {
    times.sort((a, b) => a - b);
    console.log(`| ${label} | ${encoding} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${times.at(-1)!.toFixed(1)} |`);
  };
  console.log(`\n| Request | Accept-Encoding | p50 ms | p95 ms | max ms |\n|---|---|---:|---:|---:|`);
  for (const encoding of ["gzip", "identity"]) {
    const answer = clientTimes();
    client.postMessage({ type: "run", port, paths, encoding, rounds: REQUESTS });
    const times = await answer;
    row(`index + ${files.length} files × ${REQUESTS}`, encoding, times);
  }
  serveStall.disable();
  console.log(`Longest event-loop stall while serving: ${(serveStall.max / 1e6).toFixed(1)} ms; ${gcSince()}`);

  // A background refresh while crawlers keep reading: requests one after another, gzip.
  for (const mode of MODES) {
    const refreshStall = monitorEventLoopDelay({ resolution: 5 });
    refreshStall.enable();
    const t1 = performance.now();
    const rebuild = buildSitemaps(buildOptions(mode)).then((next) => void (current = next));
    const answer = clientTimes();
    client.postMessage({ type: "loop", port, paths, encoding: "gzip" });
    await rebuild;
    client.postMessage({ type: "stop" });
    const during = await answer;
    refreshStall.disable();
    console.log(`\nRebuild (${mode}) with requests running: ${((performance.now() - t1) / 1000).toFixed(1)} s, ${during.length} requests`);
    console.log(`| Request | Accept-Encoding | p50 ms | p95 ms | max ms |\n|---|---|---:|---:|---:|`);
    row("during the rebuild", "gzip", during);
    console.log(`Longest event-loop stall during the rebuild (${mode}): ${(refreshStall.max / 1e6).toFixed(1)} ms; ${gcSince()}`);
  }
  const idleAfter = monitorEventLoopDelay({ resolution: 5 });
  idleAfter.enable();
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  idleAfter.disable();
  console.log(`Longest event-loop stall of an idle loop over 5 s at the end: ${(idleAfter.max / 1e6).toFixed(1)} ms; ${gcSince()}`);
  console.log(`Load average: ${load()}`);
  server.close();
} finally {
  await handle.close();
}

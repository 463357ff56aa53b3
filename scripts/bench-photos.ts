// Photo processing cost of one upload: check + re-encode a 12-megapixel JPEG to the WebP
// widths (the real processUploadedPhoto path, without the database and disk writes).
// Usage: npm run bench:photos [-- --runs 20 --concurrency 4]
//        npm run bench:photos -- --seller-batch [--port 4490 --upload-concurrency 2 --quiet 40]
//          issue 34's bar end to end: 20 photos of 12 MP through the built server's upload API
//          while search pages are loaded (scripts/lib/bench-seller-batch.ts; needs npm run build)
//          [--shared-buffers 128MB,16MB]  one batch per EMBEDDED_SHARED_BUFFERS value, in turn
//          [--database-url postgres://postgres@127.0.0.1:5432/<new database>]  the server on
//            PostgreSQL (the database is created, seeded and dropped by the bench)
//          [--breakdown]  where the idle server's memory is (smaps, V8 heap), before the batch
//          [--server-env NAME=value …]  more environment for the server (e.g. PAGE_CACHE_SECONDS=0)
//
// Each configuration runs in its own child process, because peak RSS only grows within a
// process (freed native memory is rarely returned to the OS): measuring several
// configurations in one process would charge each one with the previous one's peak.
//   default        sharp as shipped (operation cache on: 50 MB, 20 files, 100 items)
//   cache-off      sharp.cache(false): nothing kept between uploads, which never repeat
//   cache-off+a2   the same with MALLOC_ARENA_MAX=2 (glibc keeps fewer per-thread heaps)
import { fork } from "node:child_process";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { MAX_CONCURRENT_PHOTO_JOBS, processUploadedPhoto } from "../app/features/publish/photo-upload.server";
import { printSellerBatch, runSellerBatch } from "./lib/bench-seller-batch";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "20" },
    concurrency: { type: "string", default: "4" },
    child: { type: "string" },
    "seller-batch": { type: "boolean", default: false },
    port: { type: "string", default: "4490" },
    "upload-concurrency": { type: "string", default: "2" },
    quiet: { type: "string", default: "40" },
    "shared-buffers": { type: "string" },
    "database-url": { type: "string" },
    breakdown: { type: "boolean", default: false },
    "server-env": { type: "string", multiple: true },
  },
});
const runs = Number(values.runs);
const concurrency = Number(values.concurrency);

const WIDTH = 4000;
const HEIGHT = 3000;

/**
 * A photo-like 4000×3000 JPEG: smooth gradients (sky, ground), value noise at a 12-pixel
 * scale (foliage, gravel: detail that survives downscaling, as in real photos), a sharp-edged
 * "car body" and sensor-like grain, so the encoders work about as hard as on a real photo
 * (a flat image would be unrealistically cheap, pure per-pixel noise unrealistically
 * expensive). Deterministic.
 */
async function syntheticPhoto(): Promise<Buffer> {
  let seed = 42;
  const random = () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 0x100000000;
  };
  const CELL = 12;
  const gridWidth = Math.ceil(WIDTH / CELL) + 1;
  const grid = Float32Array.from({ length: gridWidth * (Math.ceil(HEIGHT / CELL) + 1) }, () => random() - 0.5);
  const valueNoise = (x: number, y: number) => {
    const gx = Math.floor(x / CELL);
    const gy = Math.floor(y / CELL);
    const fx = (x % CELL) / CELL;
    const fy = (y % CELL) / CELL;
    const at = (cx: number, cy: number) => grid[cy * gridWidth + cx] ?? 0;
    const top = at(gx, gy) * (1 - fx) + at(gx + 1, gy) * fx;
    const bottom = at(gx, gy + 1) * (1 - fx) + at(gx + 1, gy + 1) * fx;
    return top * (1 - fy) + bottom * fy;
  };
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    const sky = y < HEIGHT * 0.4;
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      const grain = (random() - 0.5) * 24;
      let r: number;
      let g: number;
      let b: number;
      if (sky) {
        const cloud = 40 * valueNoise(x / 8, y / 8);
        r = 100 + (y / HEIGHT) * 100 + cloud;
        g = 150 + (y / HEIGHT) * 60 + cloud;
        b = 225 - (x / WIDTH) * 25 + cloud;
      } else {
        const detail = 90 * valueNoise(x, y) + 30 * Math.sin(x / 23 + Math.sin(y / 41) * 3);
        r = 80 + (x / WIDTH) * 50 + detail;
        g = 95 + detail;
        b = 55 + (y / HEIGHT) * 40 + detail * 0.6;
      }
      pixels[i] = Math.max(0, Math.min(255, r + grain));
      pixels[i + 1] = Math.max(0, Math.min(255, g + grain));
      pixels[i + 2] = Math.max(0, Math.min(255, b + grain));
    }
  }
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .composite([
      {
        input: { create: { width: 1800, height: 700, channels: 3, background: { r: 200, g: 30, b: 40 } } },
        left: 1100,
        top: 1500,
      },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * Every upload is a new buffer in production. libvips caches operations by their inputs, so
 * reusing one Buffer object would make every run after the first a cache hit.
 */
function freshCopy(input: Buffer): Buffer {
  return Buffer.from(input);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const MB = 1024 * 1024;

/** Highest RSS seen while `work` runs, sampled every 5 ms (libvips works off the JS thread). */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ result: T; peakRss: number }> {
  let peakRss = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 5);
  try {
    const result = await work();
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    return { result, peakRss };
  } finally {
    clearInterval(timer);
  }
}

interface ChildResult {
  config: string;
  inputBytes: number;
  outputBytes: number;
  p50: number;
  p95: number;
  mean: number;
  baselineRss: number;
  peakRssSequential: number;
  concurrentWallMs: number;
  peakRssConcurrent: number;
}

async function runChild(config: string): Promise<void> {
  if (config !== "default") sharp.cache(false);
  const input = await syntheticPhoto();
  global.gc?.();
  // One warm-up: loads libvips' codecs and thread pool, which every real upload reuses.
  const warm = await processUploadedPhoto(freshCopy(input));
  const outputBytes = warm.variants.reduce((sum, v) => sum + v.body.length, 0);
  const baselineRss = process.memoryUsage.rss();
  const times: number[] = [];
  const sequential = await withPeakRss(async () => {
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await processUploadedPhoto(freshCopy(input));
      times.push(performance.now() - t0);
    }
  });
  const concurrent = await withPeakRss(async () => {
    const t0 = performance.now();
    await Promise.all(Array.from({ length: concurrency }, () => processUploadedPhoto(freshCopy(input))));
    return performance.now() - t0;
  });
  const sorted = [...times].sort((a, b) => a - b);
  const result: ChildResult = {
    config,
    inputBytes: input.length,
    outputBytes,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    mean: times.reduce((a, b) => a + b, 0) / times.length,
    baselineRss,
    peakRssSequential: sequential.peakRss,
    concurrentWallMs: concurrent.result,
    peakRssConcurrent: concurrent.peakRss,
  };
  process.send?.(result);
}

function runConfig(config: string, env: NodeJS.ProcessEnv): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = fork(
      fileURLToPath(import.meta.url),
      ["--child", config, "--runs", String(runs), "--concurrency", String(concurrency)],
      {
        env: { ...process.env, ...env },
        // --expose-gc: the baseline is taken after collecting the 36 MB of generated pixels.
        execArgv: [...process.execArgv, "--expose-gc"],
      },
    );
    let result: ChildResult | undefined;
    child.on("message", (message) => {
      result = message as ChildResult;
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code === 0 && result) resolve(result);
      else reject(new Error(`la mesure « ${config} » s'est terminée avec le code ${code}`));
    });
  });
}

if (values["seller-batch"]) {
  const base = await syntheticPhoto();
  // One fresh server per value, one after the other (`--shared-buffers 128MB,16MB`).
  const sharedBuffers = values["shared-buffers"]?.split(",").map((v) => v.trim()).filter(Boolean) ?? [undefined];
  const results = [];
  for (const value of sharedBuffers) {
    results.push(
      await runSellerBatch(base, {
        port: Number(values.port),
        uploadConcurrency: Number(values["upload-concurrency"]),
        quietSearches: Number(values.quiet),
        sharedBuffers: value,
        databaseUrl: values["database-url"],
        breakdown: values.breakdown,
        env: Object.fromEntries(
          (values["server-env"] ?? []).map((pair) => {
            const at = pair.indexOf("=");
            if (at < 1) throw new Error(`--server-env ${pair} : NOM=valeur attendu`);
            return [pair.slice(0, at), pair.slice(at + 1)];
          }),
        ),
      }),
    );
  }
  printSellerBatch(results);
} else if (values.child) {
  await runChild(values.child);
} else {
  const configs: [string, NodeJS.ProcessEnv][] = [
    ["default", {}],
    ["cache-off", {}],
    ["cache-off+a2", { MALLOC_ARENA_MAX: "2" }],
  ];
  const results: ChildResult[] = [];
  for (const [config, env] of configs) results.push(await runConfig(config, env));
  const first = results[0];
  console.log(
    `\nPhoto processing: ${WIDTH}×${HEIGHT} JPEG (${((first?.inputBytes ?? 0) / MB).toFixed(1)} MB) → WebP variants ` +
      `(${((first?.outputBytes ?? 0) / 1024).toFixed(0)} KB in all); ${runs} sequential runs + ${concurrency} concurrent ` +
      `(at most ${MAX_CONCURRENT_PHOTO_JOBS} decoding at once); ${os.cpus().length} cores, Node ${process.version}, ` +
      `sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}, libvips threads ${sharp.concurrency()}`,
  );
  const header = [
    "config",
    "p50 ms",
    "p95 ms",
    "mean ms",
    "base RSS",
    "peak RSS seq",
    `${concurrency}× wall ms`,
    `peak RSS ${concurrency}×`,
  ];
  console.log(header.map((h, i) => (i === 0 ? h.padEnd(14) : h.padStart(13))).join(""));
  for (const r of results) {
    const cells = [
      r.p50.toFixed(0),
      r.p95.toFixed(0),
      r.mean.toFixed(0),
      `${(r.baselineRss / MB).toFixed(0)} MB`,
      `${(r.peakRssSequential / MB).toFixed(0)} MB`,
      r.concurrentWallMs.toFixed(0),
      `${(r.peakRssConcurrent / MB).toFixed(0)} MB`,
    ];
    console.log([r.config.padEnd(14), ...cells.map((c) => c.padStart(13))].join(""));
  }
}

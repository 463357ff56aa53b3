// `npm run bench:photos -- --seller-batch`: issue 34's bar, end to end. The built server
// (`build/node/main.mjs`) runs on its own fresh data directory (PGlite, demo data); the demo
// seller signs in and uploads 20 generated 12 MP JPEGs to a new draft through the real upload
// API, as many at a time as the photo step sends (UPLOAD_CONCURRENCY = 2; `--upload-concurrency
// 20` for everything at once); meanwhile an anonymous visitor loads search pages one after the
// other. Reported: total wall time of the 20 uploads, the server process's peak RSS (VmHWM of
// /proc/<pid>/status, sampled VmRSS during the batch), the p50/p95 of the search page quiet and
// during the uploads. Bar: ≤ 20 s, ≤ 500 MB, p95 during ≤ 2 × p95 quiet.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";

const SELLER = "vendeur@occazio.local";
const PASSWORD = "occazio-demo";
const PHOTOS = 20;
const SEARCHES = ["/recherche?brand=Renault", "/recherche?brand=Peugeot&sort=price_asc", "/recherche?postalCode=69001&radius=50", "/recherche"];
const MB = 1024 * 1024;

export interface SellerBatchOptions {
  port: number;
  uploadConcurrency: number;
  quietSearches: number;
  /** Extra environment for the server (e.g. MAX_CONCURRENT_PHOTO_JOBS experiments). */
  env?: NodeJS.ProcessEnv;
  label?: string;
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

export async function runSellerBatch(base: Buffer, options: SellerBatchOptions): Promise<SellerBatchResult> {
  const mainMjs = path.resolve("build/node/main.mjs");
  if (!fs.existsSync(mainMjs)) throw new Error("build/node/main.mjs manque : lancez d'abord npm run build");
  const photos = await makePhotos(base);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-bench-seller-batch-"));
  const origin = `http://localhost:${options.port}`;
  const start = () => spawn(process.execPath, [mainMjs], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(options.port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async (child: ChildProcess) => {
    child.kill("SIGTERM");
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));
  };
  // The first start seeds the demo data and fits the market prices (hundreds of MB that a
  // running site never needs again): measure a server started on the seeded directory, as
  // production restarts on its data.
  const seeding = start();
  await waitReady(origin, seeding);
  await stop(seeding);
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

    const rssBefore = procStatus(pid, "VmRSS");
    let sampledPeak = rssBefore;
    const sampler = setInterval(() => {
      sampledPeak = Math.max(sampledPeak, procStatus(pid, "VmRSS"));
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
    const peak = procStatus(pid, "VmHWM");
    return {
      label: options.label ?? "default",
      uploadConcurrency: options.uploadConcurrency,
      wallMs,
      uploadsOk,
      uploadMs: { p50: percentile(uploadTimes, 50), max: Math.max(...uploadTimes) },
      peakRssMb: peak / MB,
      sampledPeakRssMb: Math.max(sampledPeak, procStatus(pid, "VmRSS")) / MB,
      rssBeforeMb: rssBefore / MB,
      quiet: { n: quiet.length, p50: percentile(quiet, 50), p95: percentile(quiet, 95) },
      during: { n: during.length, p50: percentile(during, 50), p95: percentile(during, 95) },
      loadavg: fs.readFileSync("/proc/loadavg", "utf8").trim(),
    };
  } finally {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printSellerBatch(results: SellerBatchResult[]) {
  console.log(
    `\nLot d'un vendeur : ${PHOTOS} JPEG 4000×3000 envoyées au serveur compilé (PGlite, données de démo), ` +
      `${os.cpus().length} cœurs, Node ${process.version}`,
  );
  for (const r of results) {
    const ratio = r.during.p95 / Math.max(r.quiet.p95, 0.001);
    const ok = r.wallMs <= 20_000 && r.peakRssMb <= 500 && ratio <= 2 && r.uploadsOk === PHOTOS;
    console.log(
      [
        `${r.label} (${r.uploadConcurrency} à la fois)`,
        `  ${r.uploadsOk}/${PHOTOS} photos en ${(r.wallMs / 1000).toFixed(1)} s (par envoi : médiane ${(r.uploadMs.p50 / 1000).toFixed(1)} s, max ${(r.uploadMs.max / 1000).toFixed(1)} s)`,
        `  RSS du serveur : ${r.rssBeforeMb.toFixed(0)} Mo avant, pic pendant ${r.sampledPeakRssMb.toFixed(0)} Mo, VmHWM ${r.peakRssMb.toFixed(0)} Mo`,
        `  /recherche : p95 au calme ${r.quiet.p95.toFixed(0)} ms (p50 ${r.quiet.p50.toFixed(0)}, n=${r.quiet.n}), ` +
          `pendant les envois ${r.during.p95.toFixed(0)} ms (p50 ${r.during.p50.toFixed(0)}, n=${r.during.n}) = ${ratio.toFixed(2)} ×`,
        `  loadavg à la fin : ${r.loadavg}`,
        `  barre (≤ 20 s, ≤ 500 Mo, ≤ 2 ×) : ${ok ? "tenue" : "NON tenue"}`,
      ].join("\n"),
    );
  }
}

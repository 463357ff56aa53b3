import { spawn } from "node:child_process";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { listings, marketPriceModels } from "~/db/schema";
import { createJobQueue } from "~/server/jobs.server";
import { createLogger } from "~/server/logger.server";
import { createOutboxMailer, createQueuedMailer } from "~/server/mailer.server";
import { readWorkerHeartbeats } from "~/server/worker-heartbeat.server";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { startSmtpPeer } from "../support/peers";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

// `npm run worker` as its own process: the web side only enqueues (JOBS_IN_WEB=false), the
// worker delivers to a real SMTP server and stops cleanly on SIGTERM. PostgreSQL only: the
// embedded database belongs to one process.
const ROOT = path.resolve(import.meta.dirname, "../..");
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.runIf(process.env.TEST_DB_ENGINE === "postgres")("npm run worker (postgres)", () => {
  it("delivers the e-mails the web processes enqueued, rates the market (fit in a worker thread), then stops on SIGTERM", async () => {
    const t: TestDatabase = await createTestDatabase();
    cleanups.push(() => t.close());
    const smtp = await startSmtpPeer();
    cleanups.push(() => smtp.close());
    const logger = createLogger({ level: "silent", pretty: false });
    // The web side: a queue without workers.
    const queue = await createJobQueue({ handle: t, logger, retryLimit: 3, retryDelaySeconds: 1, pollSeconds: 0.5 });
    cleanups.push(() => queue.close());
    const mailer = createQueuedMailer({ queue, transport: createOutboxMailer({ db: t.db, logger }) });
    const to = ["un", "deux", "trois"].map((n) => `${n}-${Date.now()}@example.test`);
    for (const address of to) await mailer.send({ to: address, subject: "Bonjour", text: "Un e-mail en file." });

    // A market to rate: on a database without a market fit, the worker's price refresher runs the
    // full batch at once, whose fit runs in a worker thread of this process (decision 0015).
    const seller = await insertUser(t.db);
    for (let i = 0; i < 12; i++) {
      await insertListing(t.db, seller.id, { brand: "Dacia", model: "Sandero", year: 2015 + (i % 8), mileage: 20_000 + i * 9_000, price: 6_000 + i * 700 });
    }

    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${t.name}`;
    const child = spawn(process.execPath, ["--enable-source-maps", "build/node/worker.mjs"], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: url.toString(),
        SMTP_URL: smtp.url,
        JOB_POLL_SECONDS: "0.5",
        LOG_LEVEL: "warn",
        // Its probes on a free port (named in the ready line), its heartbeat every second.
        WORKER_HEALTH_PORT: "0",
        HOST: "127.0.0.1",
        WORKER_HEARTBEAT_SECONDS: "1",
        METRICS_TOKEN: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    cleanups.push(async () => {
      if (child.exitCode === null) child.kill("SIGKILL");
    });

    await vi.waitFor(() => expect(output).toContain("Occazio worker prêt"), { timeout: 90_000, interval: 200 });
    // Its heartbeat is in the database for the web processes, and its own probes answer.
    expect(await readWorkerHeartbeats(t.db, 30)).toMatchObject({ alive: 1 });
    const healthPort = Number(/sondes sur le port (\d+)/.exec(output)?.[1]);
    expect(healthPort).toBeGreaterThan(0);
    const health = await fetch(`http://127.0.0.1:${healthPort}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok" });
    const workerMetrics = await (await fetch(`http://127.0.0.1:${healthPort}/metrics`)).text();
    expect(workerMetrics).toMatch(/occazio_job_queue_ready\{queue="email"\} \d+/);
    expect(workerMetrics).toMatch(/occazio_job_queue_oldest_ready_seconds\{queue="email"\} [\d.]+/);
    expect(workerMetrics).toMatch(/occazio_worker_last_heartbeat_timestamp_seconds \d/);
    await vi.waitFor(() => expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([...to].sort()), { timeout: 30_000, interval: 200 });
    await vi.waitFor(async () => expect(await queue.depth()).toBe(0), { timeout: 10_000, interval: 200 });
    await vi.waitFor(
      async () => {
        const [model] = await t.db.select().from(marketPriceModels).where(eq(marketPriceModels.model, "Sandero"));
        expect(model?.sampleCount).toBe(12);
        const rated = await t.db.select({ level: listings.priceLevel }).from(listings).where(eq(listings.model, "Sandero"));
        expect(rated.filter((r) => r.level != null)).toHaveLength(12);
      },
      { timeout: 60_000, interval: 250 },
    );
    // Still beating after a few intervals.
    await vi.waitFor(async () => expect((await readWorkerHeartbeats(t.db, 2)).alive).toBe(1), { timeout: 10_000, interval: 250 });
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(smtp.received).toHaveLength(3);
    // A clean stop removes its heartbeat: the web processes see at once that no worker runs.
    expect(await readWorkerHeartbeats(t.db, 30)).toEqual({ latestAgeSeconds: null, alive: 0 });
  }, 150_000);
});

describe.runIf(process.env.TEST_DB_ENGINE !== "postgres")("npm run worker (embedded default)", () => {
  it("refuses to run without DATABASE_URL, naming the setting", async () => {
    const child = spawn(process.execPath, ["--enable-source-maps", "build/node/worker.mjs"], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "production", DATABASE_URL: "", SMTP_URL: "smtp://127.0.0.1:1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(output).toContain("DATABASE_URL");
  }, 90_000);
});

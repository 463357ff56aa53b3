import net from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { appMeta } from "~/db/schema";
import { createRedisEventBus } from "~/server/events-redis.server";
import { createJobQueue, type JobQueue } from "~/server/jobs.server";
import { createLogger } from "~/server/logger.server";
import { createSmtpMailer } from "~/server/mailer.server";
import { parseStorageUrl } from "~/server/storage-config";
import { createS3Storage } from "~/server/storage-s3.server";
import { startWorkerHeartbeat } from "~/server/worker-heartbeat.server";
import { startSmtpPeer } from "../support/peers";
import { hasRedisServer, startRedisServer } from "../support/redis-server";
import { S3RVER_CREDENTIALS, startS3Server, type S3TestServer } from "../support/s3-server";
import { startTestApp, type TestApp } from "../support/test-app";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * Issue 38, readiness split: a shared dependency that fails (bucket, Redis, SMTP, the job
 * worker) leaves /readyz at 200 with that dependency "degraded" and its real cause, and shows
 * on /metrics; only this process's own database makes it 503 (operations.test.ts). Real peers
 * started here: s3rver, redis-server, an SMTP server, the job queue on the test database.
 */
const engine = process.env.TEST_DB_ENGINE ?? "pglite";
const TOKEN = "jeton-de-metriques-0123456789";
/** Every ask checks again (the monitor answers from its last check and refreshes behind). */
const FRESH = { METRICS_TOKEN: TOKEN, DEPENDENCY_CHECK_SECONDS: "0" };
const silent = createLogger({ level: "silent", pretty: false });

type Check = { status: string; cause?: string; code?: string; message?: string; details?: Record<string, number | null> };
type ReadyBody = { status: string; degraded: string[]; failed?: string[]; checks: Record<string, Check> };

let t: TestDatabase;
let s3: S3TestServer;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  s3 = await startS3Server();
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  await s3?.close();
  await t?.close();
});

async function startApp(options: Omit<Parameters<typeof startTestApp>[0], "db">): Promise<TestApp> {
  const app = await startTestApp({ db: t, ...options, env: { ...FRESH, ...options.env } });
  cleanups.push(() => app.close());
  return app;
}

async function readyz(app: TestApp): Promise<{ status: number; body: ReadyBody }> {
  const response = await fetch(`${app.url}/readyz`);
  return { status: response.status, body: (await response.json()) as ReadyBody };
}

/** Polls /readyz until `name` has `status` (the first ask after a change may still show the last check). */
async function untilDependency(app: TestApp, name: string, status: "ok" | "degraded"): Promise<ReadyBody> {
  return vi.waitFor(
    async () => {
      const { status: code, body } = await readyz(app);
      // Never "not ready" for a shared dependency.
      expect(code).toBe(200);
      expect(body.checks[name]?.status).toBe(status);
      return body;
    },
    { timeout: 20_000, interval: 100 },
  );
}

/** Polls /readyz until `name`'s check matches `expected` (a socket reset may come before the refusals). */
async function untilCheck(app: TestApp, name: string, expected: Partial<Check>): Promise<ReadyBody> {
  return vi.waitFor(
    async () => {
      const { status, body } = await readyz(app);
      expect(status).toBe(200);
      expect(body.checks[name]).toMatchObject(expected);
      return body;
    },
    { timeout: 20_000, interval: 100 },
  );
}

async function metrics(app: TestApp): Promise<string> {
  const response = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return response.text();
}

function s3Storage(credentials: { accessKeyId: string; secretAccessKey: string }, endpoint = s3.endpoint) {
  const url = `s3://${credentials.accessKeyId}:${credentials.secretAccessKey}@${s3.bucket}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true`;
  const settings = parseStorageUrl(url);
  if (settings.driver !== "s3") throw new Error("STORAGE_URL de test mal lue");
  return createS3Storage(settings);
}

describe(`a bucket outage (${engine})`, () => {
  it("a refused access key: 200, storage degraded for authentication (InvalidAccessKeyId), not 'ne répond pas'", async () => {
    const app = await startApp({ storage: s3Storage({ accessKeyId: "CLE-INCONNUE", secretAccessKey: "secret-faux" }) });
    const { status, body } = await readyz(app);
    expect(status).toBe(200);
    expect(body.status).toBe("degraded");
    expect(body.degraded).toEqual(["storage"]);
    expect(body.checks.database?.status).toBe("ok");
    expect(body.checks.storage).toMatchObject({ status: "degraded", cause: "auth", code: "InvalidAccessKeyId" });
    expect(body.checks.storage?.message).toMatch(/authentification refusée/);
    expect(body.checks.storage?.message).not.toMatch(/ne répond pas/);
    // Pages still render.
    expect((await fetch(`${app.url}/home`)).status).toBe(200);
    const text = await metrics(app);
    expect(text).toMatch(/occazio_dependency_up\{dependency="storage"\} 0/);
    expect(text).toMatch(/occazio_dependency_up\{dependency="database"\} 1/);
    expect(text).toMatch(/occazio_dependency_cause\{dependency="storage",cause="auth"\} 1/);
  });

  it("the bucket stopped: connection refused; started again: ok, gauge back to 1", async () => {
    const app = await startApp({ storage: s3Storage(S3RVER_CREDENTIALS) });
    expect((await readyz(app)).body).toMatchObject({ status: "ok", degraded: [] });
    await s3.stop();
    try {
      const body = await untilCheck(app, "storage", { status: "degraded", cause: "connection-refused", code: "ECONNREFUSED" });
      expect(body.status).toBe("degraded");
      expect(await metrics(app)).toMatch(/occazio_dependency_cause\{dependency="storage",cause="connection-refused"\} 1/);
    } finally {
      await s3.start();
    }
    await untilDependency(app, "storage", "ok");
    await vi.waitFor(async () => expect(await metrics(app)).toMatch(/occazio_dependency_up\{dependency="storage"\} 1/), {
      timeout: 10_000,
      interval: 100,
    });
  });

  it("a bucket that accepts connections and never answers: degraded for a timeout, and /readyz does not hang", async () => {
    const held: net.Socket[] = [];
    const hung = net.createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => hung.listen(0, "127.0.0.1", resolve));
    cleanups.push(async () => {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => hung.close(resolve));
    });
    const port = (hung.address() as net.AddressInfo).port;
    const app = await startApp({ storage: s3Storage(S3RVER_CREDENTIALS, `http://127.0.0.1:${port}`) });
    let started = Date.now();
    const first = await readyz(app);
    // The first ask waits for the check, bounded by its 3 s.
    expect(Date.now() - started).toBeLessThan(4_500);
    expect(first.status).toBe(200);
    expect(first.body.checks.storage).toMatchObject({ status: "degraded", cause: "timeout" });
    // Later asks answer from the last check while the hung one is not started again.
    started = Date.now();
    expect((await readyz(app)).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe.skipIf(!hasRedisServer())(`Redis when configured (${engine})`, () => {
  it("checked when live events go through Redis: ok, then degraded with the connection's error when it stops, ok again after", async () => {
    const redis = await startRedisServer();
    cleanups.push(() => redis.close());
    const events = await createRedisEventBus({ redisUrl: redis.url, namespace: `ops-health-${Date.now()}` });
    cleanups.push(() => events.close());
    const app = await startApp({ events, env: { REDIS_URL: redis.url } });
    expect((await readyz(app)).body.checks.redis).toMatchObject({ status: "ok" });
    await redis.stop();
    // The client first sees its socket close (connection-reset), then each reconnection refused.
    const body = await untilCheck(app, "redis", { status: "degraded", cause: "connection-refused", code: "ECONNREFUSED" });
    expect(body.status).toBe("degraded");
    expect(await metrics(app)).toMatch(/occazio_dependency_up\{dependency="redis"\} 0/);
    await redis.start();
    await untilDependency(app, "redis", "ok");
  });

  it("not checked without Redis", async () => {
    const app = await startApp({});
    expect(Object.keys((await readyz(app)).body.checks)).not.toContain("redis");
  });
});

describe(`SMTP when configured (${engine})`, () => {
  it("ok while the SMTP server answers, degraded 'connection-refused' once it is gone", async () => {
    const smtp = await startSmtpPeer();
    let closed = false;
    cleanups.push(async () => {
      if (!closed) await smtp.close();
    });
    const mailer = createSmtpMailer({ url: smtp.url, from: "Occazio <no-reply@occazio.test>", logger: silent });
    cleanups.push(() => mailer.close());
    const app = await startApp({ mailer, env: { SMTP_URL: smtp.url } });
    expect((await readyz(app)).body.checks.smtp).toMatchObject({ status: "ok" });
    await smtp.close();
    closed = true;
    await untilCheck(app, "smtp", { status: "degraded", cause: "connection-refused", code: "ECONNREFUSED" });
  });
});

describe(`the job worker's heartbeat (${engine})`, () => {
  it("JOBS_IN_WEB=false: absent, then alive while it beats, stale when its heartbeat ages, absent once it stopped", async () => {
    const app = await startApp({
      env: {
        JOBS_IN_WEB: "false",
        // Jobs outside the web processes exist only on PostgreSQL; on PGlite the setting is
        // what decides, the heartbeat's SQL is the same.
        DATABASE_URL: t.url ?? "postgresql://pglite.invalid/occazio",
        BETTER_AUTH_SECRET: "secret-des-tests-de-sante-0123456789",
        WORKER_HEARTBEAT_MAX_AGE_SECONDS: "30",
      },
    });
    let body = await untilDependency(app, "worker", "degraded");
    expect(body.checks.worker).toMatchObject({ cause: "absent", details: { heartbeatAgeSeconds: null, alive: 0 } });
    // No worker ever: infinitely old, so an alert on the age fires.
    expect(await metrics(app)).toMatch(/occazio_worker_heartbeat_age_seconds \+Inf/);

    const heartbeat = await startWorkerHeartbeat({ db: t.db, intervalSeconds: 3600 });
    cleanups.push(() => heartbeat.stop());
    body = await untilDependency(app, "worker", "ok");
    expect(body.checks.worker?.details?.alive).toBe(1);
    let text = await metrics(app);
    expect(text).toMatch(/occazio_workers_alive 1/);
    const age = Number(/occazio_worker_heartbeat_age_seconds ([\d.e+-]+)/.exec(text)?.[1]);
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(30);

    // The worker died ten minutes ago: its row stays, and ages.
    await t.db
      .update(appMeta)
      .set({ updatedAt: sql`now() - interval '10 minutes'` })
      .where(eq(appMeta.key, heartbeat.key));
    body = await untilDependency(app, "worker", "degraded");
    expect(body.status).toBe("degraded");
    expect(body.checks.worker).toMatchObject({ cause: "stale", details: { alive: 0 } });
    expect(body.checks.worker?.message).toMatch(/il y a 60\d s, seuil 30 s/);
    await vi.waitFor(
      async () => {
        text = await metrics(app);
        expect(Number(/occazio_worker_heartbeat_age_seconds ([\d.e+-]+)/.exec(text)?.[1])).toBeGreaterThanOrEqual(600);
        expect(text).toMatch(/occazio_dependency_up\{dependency="worker"\} 0/);
        expect(text).toMatch(/occazio_dependency_cause\{dependency="worker",cause="stale"\} 1/);
        expect(text).toMatch(/occazio_workers_alive 0/);
      },
      { timeout: 10_000, interval: 100 },
    );

    // A clean stop removes its row.
    await heartbeat.stop();
    expect(await t.db.select().from(appMeta).where(eq(appMeta.key, heartbeat.key))).toEqual([]);
    await untilCheck(app, "worker", { status: "degraded", cause: "absent" });
  });

  it("JOBS_IN_WEB (default): no worker is watched", async () => {
    const app = await startApp({});
    expect(Object.keys((await readyz(app)).body.checks)).not.toContain("worker");
    expect(await metrics(app)).not.toContain("occazio_workers_alive");
  });
});

describe(`queue depth metrics (${engine})`, () => {
  let queue: JobQueue;
  beforeAll(async () => {
    queue = await createJobQueue({ handle: t, logger: silent, retryLimit: 1, retryDelaySeconds: 1, pollSeconds: 1 });
    cleanups.push(() => queue.close());
  });

  it("counts due jobs no worker took, per queue, and the age of the oldest", async () => {
    const app = await startApp({ jobs: queue });
    let text = await metrics(app);
    expect(text).toMatch(/occazio_job_queue_ready\{queue="email"\} 0/);
    expect(text).toMatch(/occazio_job_queue_oldest_ready_seconds\{queue="email"\} 0/);
    // Two e-mails enqueued with no worker running, the first due two minutes ago.
    await queue.enqueue("email", { to: "a@example.test", subject: "Un", text: "Un." });
    await t.db.execute(sql`update pgboss.job set start_after = now() - interval '2 minutes' where name = 'email'`);
    await queue.enqueue("email", { to: "b@example.test", subject: "Deux", text: "Deux." });
    // A job due later is not ready.
    await queue.enqueue("seller-stats", { userId: "u-1" }, { startAfter: new Date(Date.now() + 3_600_000) });
    await vi.waitFor(
      async () => {
        text = await metrics(app);
        expect(text).toMatch(/occazio_job_queue_ready\{queue="email"\} 2/);
        expect(text).toMatch(/occazio_job_queue_ready\{queue="seller-stats"\} 0/);
      },
      { timeout: 5_000, interval: 200 },
    );
    const oldest = Number(/occazio_job_queue_oldest_ready_seconds\{queue="email"\} ([\d.e+-]+)/.exec(text)?.[1]);
    expect(oldest).toBeGreaterThanOrEqual(120);
    expect(oldest).toBeLessThan(600);
  });
});

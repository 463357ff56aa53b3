import fs from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createJobQueue, type JobQueue } from "~/server/jobs.server";
import { createLogger } from "~/server/logger.server";
import { startTestApp, type TestApp } from "../support/test-app";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

// Operations endpoints of the real HTTP app: readiness, Prometheus metrics, request ids.
const engine = process.env.TEST_DB_ENGINE ?? "pglite";
const TOKEN = "jeton-de-metriques-0123456789";

/** A pino destination that keeps every JSON line in `lines`. */
function sinkOf(lines: Record<string, unknown>[]) {
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
}

let t: TestDatabase;
let queue: JobQueue;
let app: TestApp;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  const silent = createLogger({ level: "silent", pretty: false });
  queue = await createJobQueue({ handle: t, logger: silent, retryLimit: 1, retryDelaySeconds: 1, pollSeconds: 1 });
  app = await startTestApp({ db: t, jobs: queue, logger: pino({ level: "info" }, sinkOf(logLines)), env: { METRICS_TOKEN: TOKEN, DEPENDENCY_CHECK_SECONDS: "0" } });
});

afterAll(async () => {
  await app?.close();
  await queue?.close();
  await t?.close();
});

type ReadyBody = {
  status: string;
  degraded: string[];
  failed?: string[];
  checks: Record<string, { status: string; cause?: string; code?: string; message?: string }>;
};

describe(`readiness (${engine})`, () => {
  it("answers 200 ok when the database, the storage and the queue answer", async () => {
    const response = await fetch(`${app.url}/readyz`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as ReadyBody;
    expect(body.status).toBe("ok");
    expect(body.degraded).toEqual([]);
    expect(Object.keys(body.checks).sort()).toEqual(["database", "queue", "storage"]);
    for (const check of Object.values(body.checks)) expect(check.status).toBe("ok");
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });

  it("stays 200 when photos cannot be written, with the storage degraded for a named cause, logged once", async () => {
    const uploads = path.join(app.dataDir, "uploads");
    fs.rmSync(uploads, { recursive: true, force: true });
    fs.writeFileSync(uploads, "pas un dossier");
    try {
      // The monitor answers from its last check and refreshes behind (DEPENDENCY_CHECK_SECONDS=0 here).
      const body = await vi.waitFor(
        async () => {
          const response = await fetch(`${app.url}/readyz`, { headers: { "X-Request-Id": "sonde-readyz-1" } });
          expect(response.status).toBe(200);
          const json = (await response.json()) as ReadyBody;
          expect(json.checks.storage?.status).toBe("degraded");
          return json;
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(body.status).toBe("degraded");
      expect(body.degraded).toEqual(["storage"]);
      expect(body.failed).toBeUndefined();
      expect(body.checks.database?.status).toBe("ok");
      expect(body.checks.queue?.status).toBe("ok");
      expect(body.checks.storage?.cause).toBe("disk-permission");
      expect(body.checks.storage?.message).toMatch(/dossier des photos/);
      await fetch(`${app.url}/readyz`);
      const warnings = logLines.filter((line) => line.dependency === "storage" && String(line.msg).includes("dégradée"));
      expect(warnings).toHaveLength(1);
    } finally {
      fs.rmSync(uploads, { force: true });
    }
    await vi.waitFor(
      async () => {
        const response = await fetch(`${app.url}/readyz`);
        expect(((await response.json()) as ReadyBody).status).toBe("ok");
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(logLines.some((line) => line.dependency === "storage" && String(line.msg).includes("rétablie"))).toBe(true);
  });
});

describe(`request ids (${engine})`, () => {
  it("echoes a safe X-Request-Id and replaces a missing or unsafe one by a generated id", async () => {
    const kept = await fetch(`${app.url}/healthz`, { headers: { "X-Request-Id": "abc-123_DEF.4:5" } });
    expect(kept.headers.get("x-request-id")).toBe("abc-123_DEF.4:5");
    const generated = await fetch(`${app.url}/healthz`);
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    for (const unsafe of ["a".repeat(65), "id avec espaces", "<script>", "a/b"]) {
      const response = await fetch(`${app.url}/healthz`, { headers: { "X-Request-Id": unsafe } });
      const echoed = response.headers.get("x-request-id");
      expect(echoed).not.toBe(unsafe);
      expect(echoed).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe(`Prometheus metrics (${engine})`, () => {
  it("refuses /metrics without the bearer token", async () => {
    expect((await fetch(`${app.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${app.url}/metrics`, { headers: { authorization: "Bearer mauvais-jeton-0123456789" } })).status).toBe(401);
  });

  it("reports request latency by route id (not raw URL), queue depth and SSE connections", async () => {
    // Bodies read to the end: a request is measured when its response has finished.
    const home = await fetch(`${app.url}/home`, { redirect: "manual" });
    expect(home.status).toBe(200);
    await home.text();
    await (await fetch(`${app.url}/healthz`)).text();
    const missing = await fetch(`${app.url}/une-page-qui-n-existe-pas-${Date.now()}`);
    expect(missing.status).toBe(404);
    await missing.text();
    const response = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/occazio_http_request_duration_seconds_count\{method="GET",route="routes\/home",status="200"\} [1-9]/);
    expect(text).toMatch(/occazio_http_request_duration_seconds_count\{method="GET",route="healthz",status="200"\} [1-9]/);
    expect(text).toMatch(/occazio_http_request_duration_seconds_count\{method="GET",route="routes\/not-found",status="404"\} [1-9]/);
    expect(text).not.toContain("une-page-qui-n-existe-pas");
    expect(text).toMatch(/occazio_job_queue_depth \d+/);
    expect(text).toMatch(/occazio_sse_connections 0/);
    // Per-dependency gauges (the database of this process included) and the queue's due jobs.
    expect(text).toMatch(/occazio_dependency_up\{dependency="database"\} 1/);
    expect(text).toMatch(/occazio_dependency_up\{dependency="storage"\} 1/);
    expect(text).toMatch(/occazio_dependency_cause\{dependency="storage",cause="ok"\} 1/);
    expect(text).toMatch(/occazio_job_queue_ready\{queue="email"\} 0/);
    expect(text).toMatch(/occazio_job_queue_oldest_ready_seconds\{queue="email"\} 0/);
    // Jobs run in this process (JOBS_IN_WEB): no worker to watch.
    expect(text).not.toContain("occazio_worker_heartbeat_age_seconds");
    if (engine === "postgres") expect(text).toMatch(/occazio_db_pool_connections\{state="total"\} \d+/);
  });

  it("has no /metrics at all without METRICS_TOKEN", async () => {
    const bare = await startTestApp({ db: t });
    try {
      const response = await fetch(`${bare.url}/metrics`);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("occazio_http_request_duration_seconds");
    } finally {
      await bare.close();
    }
  });
});

describe(`readiness when the database is gone (${engine})`, () => {
  it("answers 503 naming the database alone, logged with the request id; /metrics still answers", async () => {
    const own = await createTestDatabase();
    const ownQueue = await createJobQueue({ handle: own, logger: createLogger({ level: "silent", pretty: false }), retryLimit: 1, retryDelaySeconds: 1, pollSeconds: 1 });
    const gone = await startTestApp({
      db: own,
      jobs: ownQueue,
      logger: pino({ level: "info" }, sinkOf(logLines)),
      env: { METRICS_TOKEN: TOKEN, DEPENDENCY_CHECK_SECONDS: "0" },
    });
    try {
      expect((await fetch(`${gone.url}/readyz`)).status).toBe(200);
      await own.close();
      const response = await fetch(`${gone.url}/readyz`, { headers: { "X-Request-Id": "sonde-readyz-2" } });
      expect(response.status).toBe(503);
      const body = (await response.json()) as ReadyBody;
      expect(body.status).toBe("error");
      expect(body.failed).toEqual(["database"]);
      expect(body.checks.database?.status).toBe("error");
      expect(logLines.some((line) => line.requestId === "sonde-readyz-2" && String(line.msg).includes("readyz"))).toBe(true);
      // The scrape still answers, with this process's database at 0 (no queue figures this time).
      const scrape = await fetch(`${gone.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(scrape.status).toBe(200);
      const text = await scrape.text();
      expect(text).toMatch(/occazio_dependency_up\{dependency="database"\} 0/);
      expect(text).not.toMatch(/occazio_dependency_cause\{dependency="database",cause="ok"\}/);
    } finally {
      await gone.close();
      await ownQueue.close().catch(() => {});
    }
  });
});

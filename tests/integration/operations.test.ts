import fs from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJobQueue, type JobQueue } from "~/server/jobs.server";
import { createLogger } from "~/server/logger.server";
import { startTestApp, type TestApp } from "../support/test-app";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

// Operations endpoints of the real HTTP app: readiness, Prometheus metrics, request ids.
const engine = process.env.TEST_DB_ENGINE ?? "pglite";
const TOKEN = "jeton-de-metriques-0123456789";

let t: TestDatabase;
let queue: JobQueue;
let app: TestApp;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  const silent = createLogger({ level: "silent", pretty: false });
  queue = await createJobQueue({ handle: t, logger: silent, retryLimit: 1, retryDelaySeconds: 1, pollSeconds: 1 });
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) logLines.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  app = await startTestApp({ db: t, jobs: queue, logger: pino({ level: "info" }, sink), env: { METRICS_TOKEN: TOKEN } });
});

afterAll(async () => {
  await app?.close();
  await queue?.close();
  await t?.close();
});

describe(`readiness (${engine})`, () => {
  it("answers 200 when the database, the storage and the queue answer", async () => {
    const response = await fetch(`${app.url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", checks: { database: "ok", storage: "ok", queue: "ok" } });
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });

  it("answers 503 naming the storage when photos cannot be written, and logs it with the request id", async () => {
    const uploads = path.join(app.dataDir, "uploads");
    fs.rmSync(uploads, { recursive: true, force: true });
    fs.writeFileSync(uploads, "pas un dossier");
    try {
      const response = await fetch(`${app.url}/readyz`, { headers: { "X-Request-Id": "sonde-readyz-1" } });
      expect(response.status).toBe(503);
      const body = (await response.json()) as { status: string; failed: string[]; checks: Record<string, string> };
      expect(body.status).toBe("error");
      expect(body.failed).toEqual(["storage"]);
      expect(body.checks.database).toBe("ok");
      expect(body.checks.queue).toBe("ok");
      expect(body.checks.storage).not.toBe("ok");
      expect(logLines.some((line) => line.requestId === "sonde-readyz-1" && String(line.msg).includes("readyz"))).toBe(true);
    } finally {
      fs.rmSync(uploads, { force: true });
    }
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
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
  it("answers 503 naming the database", async () => {
    const own = await createTestDatabase();
    const gone = await startTestApp({ db: own });
    try {
      await own.close();
      const response = await fetch(`${gone.url}/readyz`);
      expect(response.status).toBe(503);
      const body = (await response.json()) as { failed: string[] };
      expect(body.failed).toContain("database");
    } finally {
      await gone.close();
    }
  });
});

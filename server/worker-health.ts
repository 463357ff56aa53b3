import http from "node:http";
import { timingSafeEqual } from "node:crypto";
import client from "prom-client";
import type { JobQueue } from "~/server/jobs.server";
import type { Logger } from "~/server/logger.server";
import type { WorkerHeartbeat } from "~/server/worker-heartbeat.server";

/**
 * `npm run worker`'s own probes, on WORKER_HEALTH_PORT (unset: no HTTP at all):
 *
 * - `GET /healthz`: 200 while its heartbeat reaches the database (last write younger than
 *   three intervals), else 503 with the reason — a liveness probe for the orchestrator;
 * - `GET /metrics`: Prometheus text (Bearer METRICS_TOKEN when set): the queue's due jobs and
 *   the age of the oldest, the time of the last heartbeat, Node's process metrics.
 *
 * The web processes read the same heartbeat from the database (server/dependencies.ts), so an
 * operator without access to the worker's port still sees a dead worker on /readyz and /metrics.
 */
export async function startWorkerHealthServer(options: {
  port: number;
  host?: string;
  jobs: JobQueue;
  heartbeat: WorkerHeartbeat;
  heartbeatSeconds: number;
  metricsToken?: string;
  logger: Logger;
}): Promise<{ port: number; close(): Promise<void> }> {
  const { jobs, heartbeat } = options;
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  let stats: ReturnType<JobQueue["readyStats"]> | null = null;
  const readyStats = () => {
    // Shared by the two gauges of one scrape (collected together), read again at the next.
    stats ??= jobs.readyStats().finally(() => {
      stats = null;
    });
    return stats;
  };
  new client.Gauge({
    name: "occazio_job_queue_ready",
    help: "Tâches dues et non prises par un worker, par file",
    labelNames: ["queue"],
    registers: [registry],
    async collect() {
      for (const queue of (await readyStats().catch(() => null)) ?? []) this.set({ queue: queue.name }, queue.ready);
    },
  });
  new client.Gauge({
    name: "occazio_job_queue_oldest_ready_seconds",
    help: "Âge (secondes depuis qu'elle est due) de la plus ancienne tâche non prise, par file ; 0 sans tâche due",
    labelNames: ["queue"],
    registers: [registry],
    async collect() {
      for (const queue of (await readyStats().catch(() => null)) ?? []) this.set({ queue: queue.name }, queue.oldestReadySeconds);
    },
  });
  new client.Gauge({
    name: "occazio_worker_last_heartbeat_timestamp_seconds",
    help: "Heure (secondes Unix) du dernier signe de vie écrit par ce worker dans la base",
    registers: [registry],
    collect() {
      this.set(heartbeat.last().writtenAt / 1000);
    },
  });
  const expected = options.metricsToken ? Buffer.from(`Bearer ${options.metricsToken}`) : null;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD" }).end();
      return;
    }
    if (path === "/healthz") {
      const { writtenAt, error } = heartbeat.last();
      const age = (Date.now() - writtenAt) / 1000;
      const ok = writtenAt > 0 && age <= 3 * options.heartbeatSeconds;
      const body = ok
        ? { status: "ok", heartbeatAgeSeconds: Math.round(age) }
        : {
            status: "error",
            heartbeatAgeSeconds: writtenAt > 0 ? Math.round(age) : null,
            message: "signe de vie non écrit dans la base",
            ...(error instanceof Error ? { error: (error as { code?: string }).code ?? error.name } : {}),
          };
      res.writeHead(ok ? 200 : 503, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" });
      res.end(JSON.stringify(body));
      return;
    }
    if (path === "/metrics") {
      if (expected) {
        const given = Buffer.from(req.headers.authorization ?? "");
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
          res.writeHead(401, { "WWW-Authenticate": "Bearer", "Content-Type": "text/plain; charset=utf-8" }).end("Jeton requis.");
          return;
        }
      }
      registry
        .metrics()
        .then((text) => res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" }).end(text))
        .catch((error: unknown) => {
          options.logger.error({ err: error }, "métriques du worker indisponibles");
          res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("Métriques indisponibles.");
        });
      return;
    }
    res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Introuvable.");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "0.0.0.0", () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : options.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

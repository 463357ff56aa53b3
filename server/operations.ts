import cluster from "node:cluster";
import { randomUUID, timingSafeEqual } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type pg from "pg";
import client from "prom-client";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { AppServices } from "~/server/context";
import { checkOwnDatabase, type DependencyMonitor } from "./dependencies";
import { orNull, registerHealthMetrics } from "./health-metrics";

/**
 * What operators use: a request id on every request and log line, the readiness probe
 * (/readyz, with the shared dependencies' status: server/dependencies.ts) and Prometheus
 * metrics (/metrics, only with METRICS_TOKEN).
 */

/** A caller's X-Request-Id is kept only if short and made of safe characters. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestIdOf(header: string | undefined): string {
  return header && SAFE_REQUEST_ID.test(header) ? header : randomUUID();
}

/** Sets `res.locals.requestId` and echoes it in the X-Request-Id response header. */
export function requestId(req: Request, res: Response, next: NextFunction) {
  const id = requestIdOf(req.get("x-request-id"));
  res.locals.requestId = id;
  res.setHeader("X-Request-Id", id);
  next();
}

/**
 * GET /readyz. Readiness is this process's own ability to serve: its database pool answers
 * (`select 1` within `timeoutMs`), else 503 and the load balancer stops sending it requests.
 * Shared dependencies (bucket, queue, Redis, SMTP, worker) never make it 503: a bucket outage
 * would take every replica out at once while pages still render. They are listed with
 * `status: "degraded"` and their cause, and the body's status says "degraded":
 *
 *   200 {"status":"ok"|"degraded","checks":{"database":{"status":"ok",…},"storage":{"status":"degraded","cause":"auth","code":"InvalidAccessKeyId",…}},"degraded":["storage"]}
 *   503 {"status":"error","failed":["database"],"checks":{…},"degraded":[…]}
 */
export function readiness(services: AppServices, monitor: DependencyMonitor, timeoutMs = 3_000) {
  return async (_req: Request, res: Response) => {
    const [database, dependencies] = await Promise.all([checkOwnDatabase(services, timeoutMs), monitor.report()]);
    const { error, ...databaseStatus } = database;
    const checks: Record<string, unknown> = {
      database: database.status === "ok" ? databaseStatus : { ...databaseStatus, status: "error" },
      ...dependencies,
    };
    const degraded = Object.entries(dependencies)
      .filter(([, status]) => status.status === "degraded")
      .map(([name]) => name);
    res.setHeader("Cache-Control", "no-store");
    if (database.status !== "ok") {
      services.logger.warn(
        { failed: ["database"], cause: database.cause, err: error, requestId: res.locals.requestId as string },
        "readyz : base de données injoignable, processus non prêt",
      );
      res.status(503).json({ status: "error", failed: ["database"], degraded, checks });
      return;
    }
    res.json({ status: degraded.length > 0 ? "degraded" : "ok", degraded, checks });
  };
}

/** Route ids of the React Router build (`routes/annonce`), not raw URLs: bounded labels. */
export function routeIdMatcher(build: ServerBuild | (() => Promise<ServerBuild>)) {
  if (typeof build === "function") return () => "dev";
  const byParent = new Map<string | undefined, NonNullable<ServerBuild["routes"][string]>[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, path: route.path, index: true }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: tree(route.id) },
    );
  const routes = tree(undefined);
  return (pathname: string): string => {
    const matches = matchRoutes(routes, pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/"));
    return matches?.at(-1)?.route.id ?? "not-found";
  };
}

/** The metrics label of a path: fixed names for the server's own endpoints, else the route id. */
export function requestLabeler(build: ServerBuild | (() => Promise<ServerBuild>)) {
  const routeId = routeIdMatcher(build);
  return (pathname: string): string => {
    if (pathname === "/healthz" || pathname === "/readyz" || pathname === "/metrics") return pathname.slice(1);
    if (pathname.startsWith("/uploads/")) return "uploads";
    if (pathname.startsWith("/assets/")) return "assets";
    if (pathname.startsWith("/api/auth/")) return "api/auth";
    return routeId(pathname);
  };
}

export interface Metrics {
  registry: client.Registry;
  /** Express middleware timing every request under its route label. */
  observe(label: (pathname: string) => string): (req: Request, res: Response, next: NextFunction) => void;
  handler(token: string): (req: Request, res: Response) => void;
}

export function createMetrics(options: { services: AppServices; pool?: pg.Pool; monitor?: DependencyMonitor }): Metrics {
  const { services, pool, monitor } = options;
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  // Cluster worker: the primary asks each worker for this registry and adds them up.
  // (Constructing one installs prom-client's answering listener in this worker.)
  if (cluster.isWorker) {
    new client.AggregatorRegistry();
    client.AggregatorRegistry.setRegistries([registry]);
  }
  const duration = new client.Histogram({
    name: "occazio_http_request_duration_seconds",
    help: "Durée des requêtes HTTP par route (id de route React Router ou point d'entrée)",
    labelNames: ["method", "route", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new client.Gauge({
    name: "occazio_sse_connections",
    help: "Connexions d'événements en direct (SSE) ouvertes (tous les workers du serveur)",
    registers: [registry],
    collect() {
      this.set(services.events.listenerCount());
    },
  });
  new client.Gauge({
    name: "occazio_job_queue_depth",
    help: "Tâches en attente ou à réessayer (e-mails)",
    registers: [registry],
    // One queue for every process: workers report the same number, not parts of it.
    aggregator: "first",
    async collect() {
      // The database down: no figure, but the scrape still answers (with dependency_up at 0).
      const depth = services.jobs ? await orNull(services.jobs.depth()) : null;
      if (depth !== null) this.set(depth);
    },
  });
  registerHealthMetrics(registry, { services, monitor });
  if (pool) {
    new client.Gauge({
      name: "occazio_db_pool_connections",
      help: "Connexions du pool PostgreSQL de ce processus (total, idle, waiting = requêtes en attente d'une connexion)",
      labelNames: ["state"],
      registers: [registry],
      collect() {
        this.set({ state: "total" }, pool.totalCount);
        this.set({ state: "idle" }, pool.idleCount);
        this.set({ state: "waiting" }, pool.waitingCount);
      },
    });
  }
  return {
    registry,
    observe(label) {
      return (req, res, next) => {
        const end = duration.startTimer({ method: req.method, route: label(req.path) });
        res.once("finish", () => end({ status: String(res.statusCode) }));
        next();
      };
    },
    handler(token) {
      const expected = Buffer.from(`Bearer ${token}`);
      return (req, res) => {
        const given = Buffer.from(req.get("authorization") ?? "");
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
          res.status(401).set("WWW-Authenticate", "Bearer").type("text/plain; charset=utf-8").send("Jeton requis.");
          return;
        }
        (cluster.isWorker ? metricsOfAllWorkers() : registry.metrics())
          .then((text) => res.set("Content-Type", registry.contentType).set("Cache-Control", "no-store").send(text))
          .catch((error: unknown) => {
            services.logger.error({ err: error }, "métriques indisponibles");
            res.status(500).type("text/plain; charset=utf-8").send("Métriques indisponibles.");
          });
      };
    },
  };
}

/** IPC between a cluster worker serving /metrics and the primary that aggregates every worker. */
export type MetricsMessage =
  { type: "metrics-request"; id: string } | { type: "metrics-response"; id: string; text?: string; error?: string };

/**
 * With WEB_CONCURRENCY > 1 a scrape reaches one worker: it asks the primary, which collects
 * every worker's registry (prom-client AggregatorRegistry: counters and histograms summed,
 * the queue depth taken once) so one scrape sees the whole server.
 */
function metricsOfAllWorkers(): Promise<string> {
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off("message", onMessage);
      reject(new Error("métriques du cluster : pas de réponse du processus principal"));
    }, 5_000);
    const onMessage = (message: MetricsMessage) => {
      if (message?.type !== "metrics-response" || message.id !== id) return;
      clearTimeout(timer);
      process.off("message", onMessage);
      if (message.text !== undefined) resolve(message.text);
      else reject(new Error(message.error ?? "métriques du cluster indisponibles"));
    };
    process.on("message", onMessage);
    process.send!({ type: "metrics-request", id } satisfies MetricsMessage);
  });
}

/** Primary side: answers the workers' metrics requests with the aggregate of all workers. */
export function serveClusterMetrics(
  worker: { send(message: MetricsMessage): unknown },
  message: MetricsMessage,
  aggregator: client.AggregatorRegistry<client.RegistryContentType>,
): boolean {
  if (message?.type !== "metrics-request") return false;
  aggregator
    .clusterMetrics()
    .then((text) => worker.send({ type: "metrics-response", id: message.id, text }))
    .catch((error: unknown) => worker.send({ type: "metrics-response", id: message.id, error: String(error) }));
  return true;
}

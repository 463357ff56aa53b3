import client from "prom-client";
import type { AppServices } from "~/server/context";
import { checkOwnDatabase, expectsWorker, type DependencyMonitor } from "./dependencies";

/**
 * The /metrics series of issue 38 (web processes): the queue's due jobs per kind and the age
 * of the oldest, each dependency's up gauge and cause, the job worker's heartbeat. Registered
 * by `createMetrics` (server/operations.ts) on its registry; the cluster primary aggregates
 * them as each gauge's `aggregator` says.
 */
export function registerHealthMetrics(
  registry: client.Registry,
  options: { services: AppServices; monitor?: DependencyMonitor },
): void {
  const { services, monitor } = options;
  if (services.jobs) {
    // Shared by the two gauges of one scrape (prom-client starts every collect before any ends), read again at the next.
    let stats: Promise<Awaited<ReturnType<NonNullable<AppServices["jobs"]>["readyStats"]>>> | null = null;
    const readyStats = () => {
      stats ??= services.jobs!.readyStats().finally(() => {
        stats = null;
      });
      return stats;
    };
    new client.Gauge({
      name: "occazio_job_queue_ready",
      help: "Tâches dues et non prises par un worker, par file (croît quand aucun worker ne les prend)",
      labelNames: ["queue"],
      registers: [registry],
      aggregator: "first",
      async collect() {
        // The database down: no figure this scrape (the scrape itself still answers).
        for (const queue of (await orNull(readyStats())) ?? []) this.set({ queue: queue.name }, queue.ready);
      },
    });
    new client.Gauge({
      name: "occazio_job_queue_oldest_ready_seconds",
      help: "Âge (secondes depuis qu'elle est due) de la plus ancienne tâche non prise, par file ; 0 sans tâche due",
      labelNames: ["queue"],
      registers: [registry],
      aggregator: "first",
      async collect() {
        for (const queue of (await orNull(readyStats())) ?? []) this.set({ queue: queue.name }, queue.oldestReadySeconds);
      },
    });
  }
  if (monitor) {
    // Each dependency's last check (cached by the monitor), plus this process's own database,
    // shared by the gauges of one scrape.
    // Across cluster workers: "min" — down as soon as one worker sees it down.
    let report: Promise<Record<string, { status: string; cause?: string; details?: Record<string, number | null> }>> | null = null;
    const statuses = () => {
      report ??= Promise.all([checkOwnDatabase(services, 3_000), monitor.report()])
        .then(([database, dependencies]) => ({ database, ...dependencies }))
        .finally(() => {
          report = null;
        });
      return report;
    };
    new client.Gauge({
      name: "occazio_dependency_up",
      help: "1 quand la dépendance répond, 0 sinon (database : la base de ce processus, seule à décider de /readyz)",
      labelNames: ["dependency"],
      registers: [registry],
      aggregator: "min",
      async collect() {
        for (const [name, status] of Object.entries(await statuses())) this.set({ dependency: name }, status.status === "ok" ? 1 : 0);
      },
    });
    new client.Gauge({
      name: "occazio_dependency_cause",
      help: "Cause du dernier état de chaque dépendance (valeur 1 ; cause=\"ok\" quand elle répond) : auth, connection-refused, timeout, dns…",
      labelNames: ["dependency", "cause"],
      registers: [registry],
      aggregator: "max",
      async collect() {
        const current = await statuses();
        this.reset();
        for (const [name, status] of Object.entries(current)) this.set({ dependency: name, cause: status.cause ?? "ok" }, 1);
      },
    });
    if (expectsWorker(services.config)) {
      new client.Gauge({
        name: "occazio_worker_heartbeat_age_seconds",
        help: "Secondes depuis le dernier signe de vie d'un worker (npm run worker) ; +Inf si aucun ne s'est signalé",
        registers: [registry],
        aggregator: "min",
        async collect() {
          const age = (await statuses()).worker?.details?.heartbeatAgeSeconds;
          this.set(typeof age === "number" ? age : Number.POSITIVE_INFINITY);
        },
      });
      new client.Gauge({
        name: "occazio_workers_alive",
        help: "Workers (npm run worker) dont le dernier signe de vie a moins de WORKER_HEARTBEAT_MAX_AGE_SECONDS",
        registers: [registry],
        aggregator: "min",
        async collect() {
          this.set((await statuses()).worker?.details?.alive ?? 0);
        },
      });
    }
  }
}

/** A figure for a scrape, or null when its query fails or takes more than 3 s (database down or hung). */
export function orNull<T>(promise: Promise<T>, ms = 3_000): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
    );
  });
}


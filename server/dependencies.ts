import { sql } from "drizzle-orm";
import type { AppServices } from "~/server/context";
import {
  CheckTimeoutError,
  causeOf,
  classifyDependencyError,
  type ClassifiedCause,
  type DependencyCause,
} from "~/server/dependency-cause";
import type { Logger } from "~/server/logger.server";
import { readWorkerHeartbeats } from "~/server/worker-heartbeat.server";

/**
 * The shared dependencies of a web process (issue 38): the photo bucket, the job queue's
 * tables, Redis and SMTP when configured, the job worker when jobs run outside the web
 * processes. None of them decides readiness — a bucket outage must not take every replica
 * out of the load balancer while pages still render — they are reported as "degraded" on
 * /readyz and as gauges on /metrics, with the cause classified (dependency-cause.ts).
 *
 * Checks are cheap and bounded: each runs at most once per `cacheMs` (whoever asks: probes,
 * scrapes), never twice at the same time, and a reader never waits on one beyond `timeoutMs`:
 * after the first answer, readers get the last result at once while a refresh runs behind.
 */

export interface DependencyStatus {
  status: "ok" | "degraded";
  cause?: DependencyCause;
  /** The error's own code (InvalidAccessKeyId, ECONNREFUSED…), when it has one. */
  code?: string;
  /** French, without addresses or secrets (the logs have the full error). */
  message?: string;
  /** When the dependency entered its current status. */
  since: string;
  /** When this result was measured. */
  checkedAt: string;
  /** Duration of the check, milliseconds. */
  ms: number;
  /** Figures some checks add (worker: heartbeat age, live workers). */
  details?: Record<string, number | null>;
}

/** What a check returns: nothing (ok), or its own verdict with figures. Throwing = degraded, cause classified. */
export type CheckOutcome = void | { degraded?: ClassifiedCause; details?: Record<string, number | null> };

export interface DependencyCheck {
  run(): Promise<CheckOutcome>;
  /** Overrides the monitor's cacheMs for this check (SMTP opens a connection per check). */
  cacheMs?: number;
}

export interface DependencyMonitor {
  readonly names: string[];
  /** Every dependency's last status (the first call waits for the checks, bounded by timeoutMs). */
  report(): Promise<Record<string, DependencyStatus>>;
}

interface Entry {
  last?: DependencyStatus;
  lastAt: number;
  /** The refresh under way (shared by every reader). */
  refreshing?: Promise<DependencyStatus>;
  /** The check itself while it runs, possibly past its bound (a hung peer): never started twice. */
  running?: Promise<CheckOutcome>;
}

export function createDependencyMonitor(options: {
  checks: Record<string, DependencyCheck>;
  timeoutMs: number;
  cacheMs: number;
  logger: Logger;
  now?: () => number;
}): DependencyMonitor {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>(Object.keys(options.checks).map((name) => [name, { lastAt: 0 }]));

  const measure = async (name: string, check: DependencyCheck): Promise<DependencyStatus> => {
    const started = now();
    const entry = entries.get(name)!;
    let verdict: { degraded?: ClassifiedCause; details?: Record<string, number | null>; error?: unknown };
    let timer: NodeJS.Timeout | undefined;
    const running = (entry.running ??= Promise.resolve()
      .then(() => check.run())
      .finally(() => {
        entry.running = undefined;
      }));
    try {
      const outcome = await Promise.race([
        running,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new CheckTimeoutError(options.timeoutMs)), options.timeoutMs);
        }),
      ]);
      verdict = outcome ?? {};
    } catch (error) {
      verdict = { degraded: classifyDependencyError(error), error };
    } finally {
      clearTimeout(timer);
    }
    const previous = entry.last;
    const status: DependencyStatus["status"] = verdict.degraded ? "degraded" : "ok";
    const changed = !previous || previous.status !== status || previous.cause !== verdict.degraded?.cause;
    const result: DependencyStatus = {
      status,
      ...(verdict.degraded
        ? { cause: verdict.degraded.cause, ...(verdict.degraded.code ? { code: verdict.degraded.code } : {}), message: verdict.degraded.message }
        : {}),
      since: changed ? new Date(started).toISOString() : previous.since,
      checkedAt: new Date(started).toISOString(),
      ms: Math.round(now() - started),
      ...(verdict.details ? { details: verdict.details } : {}),
    };
    // One log line per change, not per probe.
    if (changed && status === "degraded") {
      options.logger.warn(
        { dependency: name, cause: result.cause, code: result.code, err: verdict.error },
        `dépendance dégradée : ${name} (${result.message})`,
      );
    } else if (changed && previous) {
      options.logger.info({ dependency: name }, `dépendance rétablie : ${name}`);
    }
    entry.last = result;
    entry.lastAt = now();
    return result;
  };

  const refresh = (name: string): Promise<DependencyStatus> => {
    const entry = entries.get(name)!;
    // A check still under way (a hung peer past its bound) is not started again: no pile-up.
    entry.refreshing ??= measure(name, options.checks[name]!).finally(() => {
      entry.refreshing = undefined;
    });
    return entry.refreshing;
  };

  return {
    names: Object.keys(options.checks),
    async report() {
      const names = Object.keys(options.checks);
      const statuses = await Promise.all(
        names.map(async (name) => {
          const entry = entries.get(name)!;
          const cacheMs = options.checks[name]!.cacheMs ?? options.cacheMs;
          if (!entry.last) return refresh(name);
          if (now() - entry.lastAt >= cacheMs) void refresh(name);
          return entry.last;
        }),
      );
      return Object.fromEntries(names.map((name, i) => [name, statuses[i]!]));
    },
  };
}

/**
 * The checks of a web process: storage always, the queue when jobs exist, Redis when live
 * events go through it, SMTP when e-mails do, the worker's heartbeat when jobs run in
 * `npm run worker` (JOBS_IN_WEB=false on PostgreSQL).
 */
export function webDependencyChecks(services: AppServices): Record<string, DependencyCheck> {
  const { config } = services;
  const checks: Record<string, DependencyCheck> = {
    storage: { run: () => services.storage.check() },
  };
  if (services.jobs) checks.queue = { run: () => services.jobs!.check() };
  if (services.events.check) checks.redis = { run: () => services.events.check!() };
  if (services.mailer.verify) {
    const smtpCacheMs = config.DEPENDENCY_CHECK_SECONDS === 0 ? 0 : Math.max(30_000, config.DEPENDENCY_CHECK_SECONDS * 1000);
    checks.smtp = { run: () => services.mailer.verify!(), cacheMs: smtpCacheMs };
  }
  if (expectsWorker(config)) {
    checks.worker = {
      async run() {
        const maxAge = config.WORKER_HEARTBEAT_MAX_AGE_SECONDS;
        const reading = await readWorkerHeartbeats(services.db, maxAge);
        const details = { heartbeatAgeSeconds: reading.latestAgeSeconds, alive: reading.alive };
        if (reading.latestAgeSeconds === null) return { degraded: causeOf("absent"), details };
        if (reading.alive === 0) {
          return {
            degraded: causeOf("stale", `dernier signe de vie il y a ${Math.round(reading.latestAgeSeconds)} s, seuil ${maxAge} s`),
            details,
          };
        }
        return { details };
      },
    };
  }
  return checks;
}

/** Jobs run in `npm run worker`: the web processes watch its heartbeat. */
export function expectsWorker(config: AppServices["config"]): boolean {
  return !config.JOBS_IN_WEB && !config.isEmbedded;
}

/** Readiness proper: this process's own database pool answers within `timeoutMs`. */
export async function checkOwnDatabase(services: AppServices, timeoutMs: number): Promise<DependencyStatus & { error?: unknown }> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      services.db.execute(sql`select 1`),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new CheckTimeoutError(timeoutMs)), timeoutMs);
      }),
    ]);
    const at = new Date(started).toISOString();
    return { status: "ok", since: at, checkedAt: at, ms: Date.now() - started };
  } catch (error) {
    const cause = classifyDependencyError(error);
    const at = new Date(started).toISOString();
    return {
      status: "degraded",
      cause: cause.cause,
      ...(cause.code ? { code: cause.code } : {}),
      message: cause.message,
      since: at,
      checkedAt: at,
      ms: Date.now() - started,
      error,
    };
  } finally {
    clearTimeout(timer);
  }
}

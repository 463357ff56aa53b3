import fs from "node:fs";
import os from "node:os";
import type pg from "pg";

/**
 * PostgreSQL connections one server (`npm start`, all its workers) opens, and the check that
 * they fit what the database accepts (issue 38, docs/DEPLOY.md "Connections").
 */

/**
 * CPUs this process may use: the cgroup CPU quota of its container when one is set (a
 * container limited to 2 CPUs on a 32-core host), else the host's. `os.availableParallelism()`
 * sees the host's cores only.
 */
export function availableCpus(readFile: (file: string) => string | null = readIfExists): number {
  const host = os.availableParallelism();
  const quota = cgroupCpuQuota(readFile);
  return quota === null ? host : Math.max(1, Math.min(host, Math.ceil(quota)));
}

function readIfExists(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/** The CPU quota in CPUs (cgroup v2 `cpu.max`, else v1 `cpu.cfs_quota_us`), or null when unlimited. */
export function cgroupCpuQuota(readFile: (file: string) => string | null): number | null {
  const v2 = readFile("/sys/fs/cgroup/cpu.max");
  if (v2 !== null) {
    const [quota, period] = v2.trim().split(/\s+/);
    if (!quota || quota === "max") return null;
    const q = Number(quota);
    const p = Number(period ?? "100000");
    return q > 0 && p > 0 ? q / p : null;
  }
  const quota = Number(readFile("/sys/fs/cgroup/cpu/cpu.cfs_quota_us")?.trim() ?? "-1");
  const period = Number(readFile("/sys/fs/cgroup/cpu/cpu.cfs_period_us")?.trim() ?? "100000");
  return quota > 0 && period > 0 ? quota / period : null;
}

export interface ConnectionBudget {
  workers: number;
  /** Per worker: the pool, the LISTEN connection of live events (none with Redis), the sitemap rebuild's. */
  pool: number;
  listen: number;
  sitemap: number;
  /** On the primary (DATABASE_URL). */
  total: number;
  /** Read replicas (DATABASE_REPLICA_URLS): how many, and what this server opens on each. */
  replicas: number;
  /**
   * On each replica: every worker's replica pool (DATABASE_POOL_SIZE) and its sitemap rebuild,
   * which goes to a replica in rotation (counted on the primary too: it goes there when none is).
   */
  replicaTotal: number;
}

export function connectionBudget(options: {
  workers: number;
  poolSize: number;
  redis: boolean;
  replicas?: number;
}): ConnectionBudget {
  const listen = options.redis ? 0 : 1;
  const sitemap = 1;
  const replicas = options.replicas ?? 0;
  return {
    workers: options.workers,
    pool: options.poolSize,
    listen,
    sitemap,
    total: options.workers * (options.poolSize + listen + sitemap),
    replicas,
    replicaTotal: replicas > 0 ? options.workers * (options.poolSize + sitemap) : 0,
  };
}

export class ConnectionBudgetError extends Error {}

function workersLabel(budget: ConnectionBudget): string {
  return `${budget.workers} worker${budget.workers > 1 ? "s" : ""}`;
}

export function describeBudget(budget: ConnectionBudget): string {
  const parts = [`${budget.pool} (pool)`];
  if (budget.listen) parts.push("1 (LISTEN)");
  parts.push("1 (plan du site)");
  const primary = `${workersLabel(budget)} × (${parts.join(" + ")}) = ${budget.total} connexions PostgreSQL au plus`;
  if (!budget.replicas) return primary;
  const where = budget.replicas === 1 ? "sur la réplique" : `sur chacune des ${budget.replicas} répliques`;
  return `${primary} ; ${where} : ${describeReplicaBudget(budget)}`;
}

/** What this server opens on each read replica. */
export function describeReplicaBudget(budget: ConnectionBudget): string {
  return `${workersLabel(budget)} × (${budget.pool} (pool de lecture) + 1 (plan du site)) = ${budget.replicaTotal} connexions au plus`;
}

/** A pool or a single client. */
interface Queryable {
  query<R extends pg.QueryResultRow>(text: string): Promise<pg.QueryResult<R>>;
}

/** Connections a server accepts from non-superusers: `max_connections` less the reserved slots. */
async function acceptedConnections(db: Queryable): Promise<{ accepted: number; max: string }> {
  const { rows } = await db.query<{ max: string; reserved: string; reserved16: string | null }>(
    "select current_setting('max_connections') as max, current_setting('superuser_reserved_connections') as reserved, current_setting('reserved_connections', true) as reserved16",
  );
  const row = rows[0]!;
  return { accepted: Number(row.max) - Number(row.reserved) - Number(row.reserved16 ?? 0), max: row.max };
}

/**
 * Refuses to start when this server alone would exceed the connections PostgreSQL accepts
 * (`max_connections` less the slots reserved for superusers), instead of failing under load
 * with "too many clients already". Other replicas are the operator's arithmetic (DEPLOY.md).
 */
export async function assertConnectionBudget(pool: pg.Pool, budget: ConnectionBudget): Promise<{ accepted: number }> {
  const { accepted, max } = await acceptedConnections(pool);
  if (budget.total > accepted) {
    throw new ConnectionBudgetError(
      `Trop de connexions PostgreSQL : ${describeBudget(budget)}, mais le serveur n'en accepte que ${accepted} ` +
        `(max_connections = ${max}). Réduisez WEB_CONCURRENCY ou DATABASE_POOL_SIZE, ou augmentez max_connections ` +
        "(voir docs/DEPLOY.md, « Connexions »).",
    );
  }
  return { accepted };
}

/** The same check on one read replica (`name`: its host and port, never its password). */
export async function assertReplicaConnectionBudget(
  db: Queryable,
  budget: ConnectionBudget,
  name: string,
): Promise<{ accepted: number }> {
  const { accepted, max } = await acceptedConnections(db);
  if (budget.replicaTotal > accepted) {
    throw new ConnectionBudgetError(
      `Trop de connexions sur la réplique ${name} : ${describeReplicaBudget(budget)}, mais elle n'en accepte que ${accepted} ` +
        `(max_connections = ${max}). Réduisez WEB_CONCURRENCY ou DATABASE_POOL_SIZE, ou augmentez max_connections ` +
        "(voir docs/DEPLOY.md, « Connexions »).",
    );
  }
  return { accepted };
}

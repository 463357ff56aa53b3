import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import client from "prom-client";
import { isDatabaseUnavailable } from "~/server/database-unavailable";
import type { Logger } from "~/server/logger.server";
import type { Database } from "./client.server";
import { parseLsn, PrimaryPositions } from "./replica-lag";
import * as schema from "./schema";

/**
 * Read replicas (DATABASE_REPLICA_URLS, decision 0038): the one place that decides which
 * PostgreSQL server a read goes to.
 *
 * - `readDb(services)`: search, listing pages, the home page, dealer and seller pages, the map,
 *   suggestions (and, through `pickUrl`, the sitemap rebuild) read from a streaming replica in
 *   rotation, each statement on the next one (round robin), or from the primary when none is —
 *   unless this request writes or follows a write of the same browser by a few seconds
 *   (`readsOwnWrites`): then it reads the primary, which has that write.
 * - `primaryDb(services)` (= `services.db`): everything that writes, and the acting user's own
 *   pages (listings, messages, account, moderation), which must show their own changes.
 *
 * Each process checks every replica every DATABASE_REPLICA_CHECK_SECONDS (replica-lag.ts): one
 * further behind than DATABASE_REPLICA_MAX_LAG_SECONDS, unreachable, or no longer in recovery
 * leaves the rotation; it comes back once reachable and within half that lag. A statement that
 * finds its replica unreachable takes it out at once and runs again on the primary.
 */

/** Cookie set on every write (POST, PUT, PATCH, DELETE): the browser's next reads go to the primary. */
export const WRITE_MARKER_COOKIE = "occazio_ecrit";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const WRITE_MARKER = new RegExp(`(?:^|;\\s*)${WRITE_MARKER_COOKIE}=(\\d{1,15})(?:;|$)`);

export interface ReadContext {
  /** The primary. */
  db: Database;
  replicas?: ReadReplicas | null;
  /** This request writes, or follows a write of this browser by less than `readYourWritesSeconds`. */
  readOwnWrites?: boolean;
}

/** Where this request's public reads go: the replicas in rotation, or the primary. */
export function readDb(ctx: ReadContext): Database {
  return ctx.replicas && !ctx.readOwnWrites ? ctx.replicas.db : ctx.db;
}

/** Writes and the acting user's own data: always the primary. */
export function primaryDb(ctx: ReadContext): Database {
  return ctx.db;
}

/** Whether a request must read the primary: it writes, or carries a recent write marker. */
export function readsOwnWrites(options: {
  method: string;
  cookieHeader: string | undefined;
  windowSeconds: number;
  now?: number;
}): boolean {
  if (MUTATING.has(options.method)) return true;
  const match = WRITE_MARKER.exec(options.cookieHeader ?? "");
  if (!match) return false;
  const age = (options.now ?? Date.now()) - Number(match[1]);
  return age >= -60_000 && age < options.windowSeconds * 1000;
}

/** The Set-Cookie value marking a write by this browser now. */
export function writeMarkerCookie(options: { windowSeconds: number; secure: boolean; now?: number }): string {
  const parts = [
    `${WRITE_MARKER_COOKIE}=${options.now ?? Date.now()}`,
    `Max-Age=${options.windowSeconds}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

export interface ReplicaState {
  /** host:port/database (never the password). */
  name: string;
  inRotation: boolean;
  /** Seconds of the primary's WAL not replayed at the last check; null: unknown. */
  lagSeconds: number | null;
  lagBytes: number | null;
  /** Why it is out of rotation (French, for logs), null when in. */
  reason: string | null;
}

export interface ReadReplicas {
  /** Drizzle over the replicas in rotation, statement by statement; the primary when none is. */
  db: Database;
  /** The URL of a replica in rotation (the sitemap's worker thread connects to it), else null. */
  pickUrl(): string | null;
  status(): ReplicaState[];
  /** Checks every replica now (also done every `checkSeconds` once `start` ran). */
  check(): Promise<ReplicaState[]>;
  start(): void;
  /** How long after a write a browser reads the primary: the staleness the rotation allows. */
  readYourWritesSeconds: number;
  close(): Promise<void>;
}

export interface ReadReplicasOptions {
  urls: string[];
  /** The primary's pool (DATABASE_URL): positions of the lag check, and reads when no replica is in rotation. */
  primary: pg.Pool;
  poolSize: number;
  maxLagSeconds: number;
  checkSeconds: number;
  logger: Logger;
}

interface Replica {
  url: string;
  pool: pg.Pool;
  state: ReplicaState;
}

/** host:port/database of a postgres:// URL, for logs and metrics. */
export function replicaName(url: string, index: number): string {
  try {
    const parsed = new URL(url);
    const database = parsed.pathname.replace(/^\//, "");
    return parsed.host ? `${parsed.host}${database ? `/${database}` : ""}` : `réplique ${index + 1}`;
  } catch {
    return `réplique ${index + 1}`;
  }
}

/** SQLSTATE 40001 with this text: the replica cancelled a read that blocked its replay. */
function isRecoveryConflict(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === "40001" && typeof message === "string" && message.includes("conflict with recovery");
}

const CHECK_TIMEOUT_MS = 3_000;

/**
 * This process's pool to the replica is full and a statement waited too long for one of its
 * connections: the replica itself answers (it is busy with this process's other reads), so it
 * stays in rotation; the statement goes to the primary.
 */
function isPoolSaturated(error: unknown, pool: pg.Pool): boolean {
  const message = (error as { message?: unknown } | null)?.message;
  return (
    typeof message === "string" &&
    message.includes("timeout exceeded when trying to connect") &&
    pool.totalCount >= (pool.options.max ?? 10)
  );
}

export function openReadReplicas(options: ReadReplicasOptions): ReadReplicas {
  const { primary, logger, maxLagSeconds, checkSeconds } = options;
  const positions = new PrimaryPositions((2 * maxLagSeconds + 2 * checkSeconds + 1) * 1000);
  const replicas: Replica[] = options.urls.map((url, index) => {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize,
      // A replica that does not answer is left for the primary quickly.
      connectionTimeoutMillis: CHECK_TIMEOUT_MS,
      application_name: "occazio-lecture",
      options: "-c jit=off",
    });
    const replica: Replica = {
      url,
      pool,
      state: {
        name: replicaName(url, index),
        inRotation: false,
        lagSeconds: null,
        lagBytes: null,
        reason: "pas encore vérifiée",
      },
    };
    // An idle connection that dies (replica stopped, failover): the pool drops it; the next
    // statement that cannot connect takes the replica out.
    pool.on("error", (err) => logger.warn({ err, replica: replica.state.name }, "connexion à une réplique perdue"));
    return replica;
  });
  let turn = 0;

  const rotation = () => replicas.filter((r) => r.state.inRotation);
  const describeRotation = () => {
    const names = rotation().map((r) => r.state.name);
    return names.length
      ? `répliques dans la rotation : ${names.join(", ")}`
      : "aucune réplique dans la rotation : les lectures vont au primaire";
  };

  const takeOut = (replica: Replica, reason: string, extra: Record<string, unknown> = {}) => {
    const wasIn = replica.state.inRotation;
    const changed = wasIn || replica.state.reason !== reason;
    replica.state = { ...replica.state, inRotation: false, reason };
    if (changed) {
      logger.warn(
        {
          replica: replica.state.name,
          lagSeconds: replica.state.lagSeconds,
          lagBytes: replica.state.lagBytes,
          ...extra,
        },
        `réplique ${replica.state.name} hors rotation : ${reason} — ${describeRotation()}`,
      );
    }
  };
  const bringIn = (replica: Replica) => {
    if (replica.state.inRotation) return;
    replica.state = { ...replica.state, inRotation: true, reason: null };
    logger.info(
      { replica: replica.state.name, lagSeconds: replica.state.lagSeconds },
      `réplique ${replica.state.name} dans la rotation — ${describeRotation()}`,
    );
  };

  const pick = (): Replica | null => {
    const live = rotation();
    if (live.length === 0) return null;
    turn = (turn + 1) % live.length;
    return live[turn]!;
  };

  /** What drizzle sees as its pool: each statement (or transaction) goes to `pick()`, else the primary. */
  class ReplicaRoutingPool {
    async query(config: unknown, values?: unknown) {
      const replica = pick();
      if (!replica) return primary.query(config as pg.QueryConfig, values as unknown[]);
      try {
        return await replica.pool.query(config as pg.QueryConfig, values as unknown[]);
      } catch (error) {
        if (isPoolSaturated(error, replica.pool)) {
          // Busy, not gone: it stays in rotation.
        } else if (isDatabaseUnavailable(error)) takeOut(replica, "injoignable", { err: error });
        else if (!isRecoveryConflict(error)) throw error;
        // A read is safe to run again: on the primary, which has every row the replica had.
        return primary.query(config as pg.QueryConfig, values as unknown[]);
      }
    }
    async connect() {
      const replica = pick();
      if (!replica) return primary.connect();
      try {
        return await replica.pool.connect();
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        if (!isPoolSaturated(error, replica.pool)) takeOut(replica, "injoignable", { err: error });
        return primary.connect();
      }
    }
  }
  const db = drizzle(new ReplicaRoutingPool() as unknown as pg.Pool, {
    schema,
    casing: "snake_case",
  }) as unknown as Database;

  const checkReplica = async (replica: Replica) => {
    let row: { recovery: boolean; replay: string | null } | undefined;
    try {
      ({
        rows: [row],
      } = await replica.pool.query<{ recovery: boolean; replay: string | null }>({
        text: "select pg_is_in_recovery() as recovery, pg_last_wal_replay_lsn()::text as replay",
        query_timeout: CHECK_TIMEOUT_MS,
      } as pg.QueryConfig));
    } catch (error) {
      // No free connection in time: this process keeps it busy; measured at the next check.
      if (isPoolSaturated(error, replica.pool)) return;
      replica.state = { ...replica.state, lagSeconds: null, lagBytes: null };
      return takeOut(replica, "injoignable", { err: error });
    }
    if (!row?.recovery || !row.replay) {
      // Promoted, or the primary itself: its rows may differ from the primary's from now on.
      replica.state = { ...replica.state, lagSeconds: null, lagBytes: null };
      return takeOut(replica, "n'est pas une réplique en lecture seule (pg_is_in_recovery() = false)");
    }
    const lag = positions.lagOf(parseLsn(row.replay), Date.now());
    if (!lag) return; // The primary's position is not known yet (primary unreachable).
    replica.state = { ...replica.state, lagSeconds: Math.round(lag.seconds * 10) / 10, lagBytes: lag.bytes };
    if (lag.seconds > maxLagSeconds) {
      return takeOut(
        replica,
        `retard de ${lag.atLeast ? "plus de " : ""}${lag.seconds.toFixed(1)} s (maximum ${maxLagSeconds} s)`,
      );
    }
    // Behind every position kept: nothing says yet how far; it stays where it was.
    if (lag.atLeast && !replica.state.inRotation) return takeOut(replica, "en rattrapage");
    if (replica.state.inRotation || lag.seconds <= maxLagSeconds / 2) bringIn(replica);
  };

  let running: Promise<ReplicaState[]> | null = null;
  let primaryFailing = false;
  const check = () =>
    (running ??= (async () => {
      try {
        const { rows } = await primary.query<{ lsn: string }>("select pg_current_wal_flush_lsn()::text as lsn");
        positions.record({ at: Date.now(), lsn: parseLsn(rows[0]!.lsn) });
        primaryFailing = false;
      } catch (err) {
        // The replicas keep their state: anonymous reads may still be served while the primary is away.
        if (!primaryFailing) logger.warn({ err }, "retard des répliques non mesuré : primaire injoignable");
        primaryFailing = true;
      }
      await Promise.all(replicas.map(checkReplica));
      return replicas.map((r) => ({ ...r.state }));
    })().finally(() => (running = null)));

  let timer: NodeJS.Timeout | null = null;
  logger.info(
    { replicas: replicas.map((r) => r.state.name), maxLagSeconds, checkSeconds },
    `lectures publiques sur ${replicas.length} réplique${replicas.length > 1 ? "s" : ""} (retard maximal ${maxLagSeconds} s)`,
  );
  return {
    db,
    pickUrl: () => pick()?.url ?? null,
    status: () => replicas.map((r) => ({ ...r.state })),
    check,
    start() {
      timer ??= setInterval(() => void check().catch(() => {}), checkSeconds * 1000);
      timer.unref();
    },
    readYourWritesSeconds: Math.ceil(maxLagSeconds + 2 * checkSeconds) + 1,
    async close() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => {});
      await Promise.all(replicas.map((r) => r.pool.end()));
    },
  };
}

/** Prometheus: which replicas this server reads from, and how far behind each is. */
export function registerReplicaMetrics(registry: client.Registry, replicas: ReadReplicas): void {
  new client.Gauge({
    name: "occazio_db_replica_in_rotation",
    help: "1 quand la réplique reçoit des lectures (dans tous les workers), 0 sinon",
    labelNames: ["replica"],
    registers: [registry],
    aggregator: "min",
    collect() {
      for (const state of replicas.status()) this.set({ replica: state.name }, state.inRotation ? 1 : 0);
    },
  });
  new client.Gauge({
    name: "occazio_db_replica_lag_seconds",
    help: "Retard de la réplique sur le primaire à la dernière vérification (secondes de WAL non rejouées)",
    labelNames: ["replica"],
    registers: [registry],
    aggregator: "max",
    collect() {
      for (const state of replicas.status())
        if (state.lagSeconds !== null) this.set({ replica: state.name }, state.lagSeconds);
    },
  });
}

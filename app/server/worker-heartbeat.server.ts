import os from "node:os";
import { randomBytes } from "node:crypto";
import { and, eq, like, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { appMeta } from "~/db/schema";

/**
 * `npm run worker` says it is alive: one `app_meta` row per worker process
 * (`worker-heartbeat:<host>/<pid>/<random>`), its `updated_at` set to the database's `now()`
 * every few seconds, so the web processes (and any SQL client) can tell a running worker from
 * a dead one without trusting clocks of other machines. The row goes when the worker stops
 * cleanly; a crashed worker's row just ages, and is removed by the next worker to start once
 * it is a day old. No migration: `app_meta` is the database's key/value table.
 */
export const HEARTBEAT_KEY_PREFIX = "worker-heartbeat:";

/** Rows of crashed workers older than this are deleted at a worker's start. */
const FORGET_AFTER = "1 day";

export interface WorkerHeartbeat {
  /** This worker's key in app_meta. */
  key: string;
  /** Writes the heartbeat now (also done every `intervalSeconds`). */
  beat(): Promise<void>;
  /** When (ms since epoch, this machine's clock) the last heartbeat was written, and the error of a failed one since. */
  last(): { writtenAt: number; error: unknown };
  /** Stops beating and deletes this worker's row (clean shutdown). */
  stop(): Promise<void>;
}

export async function startWorkerHeartbeat(options: {
  db: Database;
  intervalSeconds: number;
  onError?: (error: unknown) => void;
  /** What the row's value says (default: host, pid, start time). */
  describe?: Record<string, unknown>;
}): Promise<WorkerHeartbeat> {
  const { db } = options;
  const key = `${HEARTBEAT_KEY_PREFIX}${os.hostname()}/${process.pid}/${randomBytes(3).toString("hex")}`;
  const value = JSON.stringify(
    options.describe ?? { host: os.hostname(), pid: process.pid, startedAt: new Date().toISOString() },
  );
  let writtenAt = 0;
  let lastError: unknown = null;
  const beat = async () => {
    try {
      await db
        .insert(appMeta)
        .values({ key, value, updatedAt: sql`now()` })
        .onConflictDoUpdate({ target: appMeta.key, set: { updatedAt: sql`now()` } });
      writtenAt = Date.now();
      lastError = null;
    } catch (error) {
      lastError = error;
      throw error;
    }
  };
  await db
    .delete(appMeta)
    .where(and(like(appMeta.key, `${HEARTBEAT_KEY_PREFIX}%`), lt(appMeta.updatedAt, sql`now() - ${FORGET_AFTER}::interval`)));
  await beat();
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = beat().catch((error: unknown) => options.onError?.(error));
  }, options.intervalSeconds * 1000);
  timer.unref();
  return {
    key,
    beat,
    last: () => ({ writtenAt, error: lastError }),
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      await running;
      await db.delete(appMeta).where(eq(appMeta.key, key));
    },
  };
}

export interface HeartbeatReading {
  /** Seconds since the freshest heartbeat, by the database's clock; null when there is none. */
  latestAgeSeconds: number | null;
  /** Workers whose heartbeat is younger than `maxAgeSeconds`. */
  alive: number;
}

/** What the web processes read: the freshest heartbeat and how many workers are alive. */
export async function readWorkerHeartbeats(db: Database, maxAgeSeconds: number): Promise<HeartbeatReading> {
  const result = (await db.execute(sql`
    select extract(epoch from now() - max(${appMeta.updatedAt}))::float8 as "latestAgeSeconds",
           count(*) filter (where ${appMeta.updatedAt} > now() - make_interval(secs => ${maxAgeSeconds}::float8))::int as "alive"
    from ${appMeta}
    where ${appMeta.key} like ${`${HEARTBEAT_KEY_PREFIX}%`}
  `)) as unknown as { rows: { latestAgeSeconds: number | string | null; alive: number | string }[] };
  const row = result.rows[0];
  const age = row?.latestAgeSeconds;
  return {
    latestAgeSeconds: age === null || age === undefined ? null : Math.max(0, Number(age)),
    alive: Number(row?.alive ?? 0),
  };
}

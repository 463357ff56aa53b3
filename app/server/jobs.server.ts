import { sql, type SQLChunk } from "drizzle-orm";
import PgBoss from "pg-boss";
import type { DatabaseHandle, DbExecutor } from "~/db/client.server";
import type { Logger } from "./logger.server";
import type { MailMessage } from "./mailer.server";

/** The kinds of background work and what each job carries. */
export interface JobPayloads {
  email: MailMessage;
  /** 'Prix en baisse sur vos favoris' for one account (app/features/price-drops). */
  "price-drop-digest": { userId: string };
  /** A saved search's 'Immédiate' alert (app/features/saved-searches/send-search-alerts.server.ts). */
  "search-alert": { savedSearchId: string };
  /** An account's 'Quotidienne' digest of its saved searches. */
  "search-digest": { userId: string };
  /** One seller's trust figures computed again (app/features/sellers/refresh-seller-stats.server.ts). */
  "seller-stats": { userId: string };
  /** A professional's stock file applied (app/features/stock-import/apply-stock-import.server.ts). */
  "stock-import": { runId: string };
  /** The photos by URL of one imported listing fetched (app/features/stock-import/fetch-listing-photos.server.ts). */
  "stock-photos": { listingId: string; runId: string | null };
  /** A professional's 'Flux automatique' fetched and applied (app/features/stock-import/sync-stock-feed.server.ts). */
  "stock-feed": { feedId: string };
}
export type JobName = keyof JobPayloads;
type Handler<K extends JobName> = (payload: JobPayloads[K]) => Promise<void>;
/** E-mails are always handled; a process without the alert handlers leaves those jobs to one that has them. */
export type JobHandlers = { email: Handler<"email"> } & { [K in Exclude<JobName, "email">]?: Handler<K> };

/**
 * Durable background work on the application database (pg-boss 10, on PostgreSQL and on the
 * embedded PGlite alike). A job enqueued with `{ db: tx }` is written by that transaction:
 * it exists exactly when the state change that caused it was committed (outbox pattern).
 */
export interface JobQueue {
  enqueue<K extends JobName>(name: K, payload: JobPayloads[K], options?: EnqueueOptions): Promise<void>;
  /** Several jobs of one kind in one statement (`db`: the caller's transaction, as for `enqueue`). */
  enqueueMany<K extends JobName>(
    name: K,
    jobs: { payload: JobPayloads[K]; singletonKey?: string; startAfter?: Date }[],
    options?: { db?: DbExecutor },
  ): Promise<void>;
  /** Runs the handlers in this process until `close()`. */
  work(handlers: Partial<JobHandlers>): Promise<void>;
  /** Jobs waiting or being retried (not yet done), all kinds together. */
  depth(): Promise<number>;
  /**
   * Per kind: jobs due now and not taken by a worker (created or to retry, `start_after`
   * passed), and how long the oldest of them has been due, in seconds (0 when none). A growing
   * age means no worker takes them: dead worker, or too few for the load.
   */
  readyStats(): Promise<QueueReadyStats[]>;
  /** Whether a job of this kind and key waits to start (created or to retry), e.g. a feed's sync. */
  waiting(name: JobName, singletonKey: string): Promise<boolean>;
  /** Throws when the queue's tables cannot be read (readiness). */
  check(): Promise<void>;
  close(): Promise<void>;
}

export interface QueueReadyStats {
  name: JobName;
  ready: number;
  oldestReadySeconds: number;
}

export interface EnqueueOptions {
  db?: DbExecutor;
  /**
   * Queues with the "short" policy (QUEUE_POLICIES) keep one waiting job per key: a second
   * enqueue with the same key while one waits is a no-op.
   */
  singletonKey?: string;
  /** Not before this time. */
  startAfter?: Date;
}

export const JOB_NAMES: JobName[] = [
  "email",
  "price-drop-digest",
  "search-alert",
  "search-digest",
  "seller-stats",
  "stock-import",
  "stock-photos",
  "stock-feed",
];

/** pg-boss queue policies other than "standard". */
const QUEUE_POLICIES: Partial<Record<JobName, PgBoss.Queue["policy"]>> = {
  // One waiting digest per account (singletonKey = user id).
  "price-drop-digest": "short",
  // One waiting alert per saved search (singletonKey = search id): it sends every new match.
  "search-alert": "short",
  // One waiting digest per account (singletonKey = user id).
  "search-digest": "short",
  // One waiting recompute per seller (singletonKey = user id): a burst of changes makes one.
  "seller-stats": "short",
  // One waiting fetch per listing (singletonKey = listing id): a second import while it waits adds nothing.
  "stock-photos": "short",
  // One waiting sync per feed (singletonKey = feed id): the scheduler and 'Synchroniser maintenant' make one.
  "stock-feed": "short",
};

export interface JobQueueOptions {
  handle: Pick<DatabaseHandle, "pglite" | "pool">;
  logger: Logger;
  retryLimit: number;
  retryDelaySeconds: number;
  pollSeconds: number;
  /** How long start-up waits for another process's queue set-up (default SETUP_LOCK_TIMEOUT_MS). */
  setupLockTimeoutMs?: number;
}

/** pg-boss's `executeSql` over a Drizzle database or transaction ($1… placeholders kept in order). */
export function drizzleExecutor(db: DbExecutor): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQLChunk[] = parts.map((part, i) =>
        i % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1] ?? null),
      );
      const result = (await db.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/** pg-boss's own connection: the app's pg pool, or the one embedded PGlite engine. */
function engineExecutor(handle: JobQueueOptions["handle"]): PgBoss.Db {
  const { pool, pglite } = handle;
  if (pool) return { executeSql: (text, values) => pool.query(text, values) };
  if (pglite) {
    return {
      async executeSql(text, values) {
        // pg-boss's schema set-up sends several statements in one string, without parameters.
        if (!values || values.length === 0) {
          const results = await pglite.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        return pglite.query(text, values);
      },
    };
  }
  throw new Error("file de tâches : ni PostgreSQL ni PGlite");
}

/** Key of the advisory lock that serialises the queue's set-up between processes. */
const SETUP_LOCK_KEY = 72_616_101;
/**
 * The set-up of pg-boss takes a few seconds; a process that waits a minute for the lock is
 * behind a holder that is stuck (a connection left open in a transaction, a hung process):
 * start-up fails with a message instead of hanging forever, and the supervisor restarts it.
 */
export const SETUP_LOCK_TIMEOUT_MS = 60_000;

export class SetupLockTimeoutError extends Error {}

async function withSetupLock(
  handle: JobQueueOptions["handle"],
  timeoutMs: number,
  run: () => Promise<void>,
): Promise<void> {
  // The embedded database has one process: nothing to serialise.
  if (!handle.pool) return run();
  const client = await handle.pool.connect();
  let failure: Error | undefined;
  try {
    // lock_timeout bounds the wait of pg_advisory_lock (PostgreSQL error 55P03 when it passes).
    await client.query("select set_config('lock_timeout', $1, false)", [`${Math.max(1, Math.round(timeoutMs))}ms`]);
    try {
      await client.query("select pg_advisory_lock($1)", [SETUP_LOCK_KEY]);
    } catch (error) {
      if ((error as { code?: string }).code !== "55P03") throw error;
      throw new SetupLockTimeoutError(
        `file de tâches : verrou de mise en place non obtenu en ${Math.round(timeoutMs / 1000)} s (un autre processus le garde ; démarrage abandonné)`,
        { cause: error },
      );
    }
    await client.query("reset lock_timeout");
    try {
      await run();
    } finally {
      await client.query("select pg_advisory_unlock($1)", [SETUP_LOCK_KEY]);
    }
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // After a failure the connection may be broken or still hold the lock or the timeout:
    // destroyed (release with the error), never handed back to the pool.
    client.release(failure);
  }
}

export async function createJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { logger } = options;
  const executor = engineExecutor(options.handle);
  const boss = new PgBoss({
    db: executor,
    schedule: false,
    // Completed jobs are archived after an hour and deleted after a week.
    archiveCompletedAfterSeconds: 3600,
    deleteAfterDays: 7,
  });
  boss.on("error", (err) => logger.error({ err }, "file de tâches : erreur"));
  // Several processes starting at once on a fresh PostgreSQL database (replicas, WEB_CONCURRENCY)
  // would each create pg-boss's schema and queues, and all but one fail on a unique violation:
  // the set-up runs under a session advisory lock, one process after the other.
  await withSetupLock(options.handle, options.setupLockTimeoutMs ?? SETUP_LOCK_TIMEOUT_MS, async () => {
    await boss.start();
    for (const name of JOB_NAMES) {
      const policy = QUEUE_POLICIES[name];
      const existing = await boss.getQueue(name);
      if (!existing) await boss.createQueue(name, policy ? { name, policy } : undefined);
      // Queues created before their policy was chosen get it now (jobs copy it when enqueued).
      else if (policy && existing.policy !== policy) await boss.updateQueue(name, { name, policy });
    }
  });
  const sendOptions = {
    retryLimit: options.retryLimit,
    retryDelay: options.retryDelaySeconds,
    retryBackoff: true,
    // A job still "active" after this is taken to have crashed with its worker and is retried.
    expireInSeconds: 5 * 60,
  } satisfies PgBoss.SendOptions;
  const workerIds: string[] = [];
  let closed = false;

  return {
    async enqueue(name, payload, enqueueOptions) {
      const id = await boss.send(name, payload as object, {
        ...sendOptions,
        ...(enqueueOptions?.db ? { db: drizzleExecutor(enqueueOptions.db) } : {}),
        ...(enqueueOptions?.singletonKey ? { singletonKey: enqueueOptions.singletonKey } : {}),
        ...(enqueueOptions?.startAfter ? { startAfter: enqueueOptions.startAfter } : {}),
      });
      // Outside a transaction the job is visible now: wake this process's worker at once.
      if (!enqueueOptions?.db) for (const worker of workerIds) boss.notifyWorker(worker);
      logger.debug({ job: name, id }, "tâche mise en file");
    },
    async enqueueMany(name, jobs, enqueueOptions) {
      if (jobs.length === 0) return;
      const inserts: PgBoss.JobInsert[] = jobs.map((job) => ({
        name,
        data: job.payload as object,
        ...sendOptions,
        ...(job.singletonKey ? { singletonKey: job.singletonKey } : {}),
        ...(job.startAfter ? { startAfter: job.startAfter } : {}),
      }));
      if (enqueueOptions?.db) await boss.insert(inserts, { db: drizzleExecutor(enqueueOptions.db) });
      else await boss.insert(inserts);
      if (!enqueueOptions?.db) for (const worker of workerIds) boss.notifyWorker(worker);
      logger.debug({ job: name, count: jobs.length }, "tâches mises en file");
    },
    async work(handlers) {
      for (const name of JOB_NAMES) {
        const handler = handlers[name] as ((payload: JobPayloads[typeof name]) => Promise<void>) | undefined;
        // A process may run some kinds only (tests); boot.ts and worker.ts give them all.
        if (!handler) continue;
        // Known once `work` resolves; the callback runs after its first fetch.
        const worker: { id?: string } = {};
        worker.id = await boss.work<JobPayloads[typeof name]>(
          name,
          { pollingIntervalSeconds: options.pollSeconds, batchSize: 1 },
          async (jobs) => {
            for (const job of jobs) {
              try {
                await handler(job.data);
              } catch (error) {
                logger.warn({ err: error, job: name, id: job.id }, "tâche en échec : nouvel essai plus tard");
                throw error;
              }
            }
            // The next job at once: pg-boss otherwise waits out the polling interval after every
            // job shorter than it — one job a second per worker, whatever the machine could do
            // (decision 0055: 20 jobs of 200 ms took 19.4 s). An empty queue waits as before.
            if (worker.id) boss.notifyWorker(worker.id);
          },
        );
        workerIds.push(worker.id);
      }
    },
    async depth() {
      let total = 0;
      for (const name of JOB_NAMES) total += await boss.getQueueSize(name, { before: "active" });
      return total;
    },
    async readyStats() {
      // pg-boss's own index (name, start_after) where state < 'active' serves this.
      const { rows } = (await executor.executeSql(
        `select name, count(*)::int as ready,
                coalesce(extract(epoch from now() - min(start_after)), 0)::float8 as oldest
         from pgboss.job where state < 'active' and start_after <= now() group by name`,
        [],
      )) as { rows: { name: string; ready: number | string; oldest: number | string }[] };
      const byName = new Map(rows.map((row) => [row.name, row]));
      return JOB_NAMES.map((name) => {
        const row = byName.get(name);
        return { name, ready: Number(row?.ready ?? 0), oldestReadySeconds: Math.max(0, Number(row?.oldest ?? 0)) };
      });
    },
    async waiting(name, singletonKey) {
      const { rows } = (await executor.executeSql(
        `select exists (select 1 from pgboss.job where name = $1 and singleton_key = $2 and state < 'active') as waiting`,
        [name, singletonKey],
      )) as { rows: { waiting: boolean }[] };
      return rows[0]?.waiting === true;
    },
    async check() {
      await boss.getQueueSize(JOB_NAMES[0]!);
    },
    async close() {
      if (closed) return;
      closed = true;
      // Waits for running handlers; jobs not started stay in the database for the next start.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    },
  };
}

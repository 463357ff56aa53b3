import type { Server } from "node:http";
import net from "node:net";
import path from "node:path";
import { PROJECT_ROOT } from "~/server/project-root.server";
import type { ServerBuild } from "react-router";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { createAuth } from "~/features/auth/auth.server";
import { applyDemoPassword, demoPasswordFor } from "~/features/demo/demo-accounts.server";
import { seedDemoData } from "~/features/demo/demo-seed.server";
import { createSitemapCache } from "~/features/listings/sitemap.server";
import { ensurePlacesLoaded } from "~/features/places/places.server";
import { DENSITY_MAX_AGE_MS, warmPlaceDensity } from "~/features/search/place-density.server";
import { warmEquipmentShares } from "~/features/search/equipment-shares.server";
import { warmTownIndex } from "~/features/search/town-index.server";
import { loadConfig, type AppConfig } from "~/server/config.server";
import { memorySizeKb } from "~/server/config-schema.server";
import type { PGlite } from "@electric-sql/pglite";
import type { Logger } from "~/server/logger.server";
import type { AppServices } from "~/server/context";
import { lockDataDir } from "~/server/data-dir-lock.server";
import { createLogger } from "~/server/logger.server";
import { startSellerStatsRefresher } from "~/features/sellers/refresh-seller-stats.server";
import { createJobQueue } from "~/server/jobs.server";
import { startMarketPriceRefresher } from "~/features/pricing/refresh-market-prices.server";
import { createOutboxMailer, createQueuedMailer, createSmtpMailer } from "~/server/mailer.server";
import { startStockFeedScheduler } from "~/features/stock-import/sync-stock-feed.server";
import { createSharedState } from "~/server/shared-state.server";
import { readOrCreateSecret } from "~/server/secret.server";
import { jobHandlers } from "./job-handlers";
import { describeStorage } from "~/server/storage-config";
import { openStorage } from "~/server/storage.server";
import { createHttpApp } from "./app";
import { createBoundedServer } from "./http-server";
import { startEmbeddedVacuum } from "~/server/embedded-vacuum.server";
import {
  assertConnectionBudget,
  assertReplicaConnectionBudget,
  connectionBudget,
  describeBudget,
} from "~/server/connection-budget.server";
import { openReadReplicas, readDb, replicaName, type ReadReplicas } from "~/db/replicas.server";
import pg from "pg";
import { scheduleBackups } from "./backups";

const ROOT = PROJECT_ROOT;
export const PLACES_CSV = path.join(ROOT, "reference", "places.csv");

export interface RunningServer {
  url: string;
  services: AppServices;
  timings: Record<string, number>;
  /** The demo accounts' password on the embedded default with demo data, else null. */
  demoAccounts: { password: string; published: boolean } | null;
  close(): Promise<void>;
}

async function loadBuild(config: AppConfig) {
  if (config.NODE_ENV === "development") {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    return {
      build: () => viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      viteMiddlewares: viteServer.middlewares,
      closeVite: () => viteServer.close(),
    };
  }
  const buildPath = path.join(ROOT, "build", "server", "index.js");
  const build = (await import(buildPath)) as ServerBuild;
  return { build, viteMiddlewares: undefined, closeVite: async () => {} };
}

export interface StartServerOptions {
  /**
   * Set in a cluster worker (server/main.ts): the primary already migrated the database and
   * loaded reference data, so the worker only opens a pool and serves HTTP. Its index is sent
   * in an `X-Occazio-Worker` header (which worker answered: tests, load-balancing checks).
   */
  worker?: { index: number };
}

/** Milliseconds in-flight requests get to finish at shutdown before their sockets are closed. */
export const DRAIN_MS = 8_000;

/** Logs the PostgreSQL connections this server opens at most, and refuses more than the server accepts. */
async function checkConnections(handle: DatabaseHandle, config: AppConfig, logger: Logger) {
  if (!handle.pool) return;
  const budget = connectionBudget({
    workers: config.workers,
    poolSize: config.DATABASE_POOL_SIZE,
    redis: Boolean(config.REDIS_URL),
    replicas: config.replicaUrls.length,
  });
  const { accepted } = await assertConnectionBudget(handle.pool, budget);
  logger.info({ connections: budget, accepted }, `${describeBudget(budget)} (PostgreSQL en accepte ${accepted})`);
  // Each read replica must accept its share too; one that is down now starts out of rotation.
  for (const [index, url] of config.replicaUrls.entries()) {
    const name = replicaName(url, index);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
    try {
      await client.connect();
    } catch (err) {
      logger.warn(
        { err, replica: name },
        `réplique ${name} injoignable au démarrage : connexions non vérifiées, elle reste hors rotation tant qu'elle ne répond pas`,
      );
      await client.end().catch(() => {});
      continue;
    }
    try {
      const replica = await assertReplicaConnectionBudget(client, budget, name);
      logger.info(
        { replica: name, accepted: replica.accepted },
        `réplique ${name} : elle en accepte ${replica.accepted}`,
      );
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/**
 * Logs the shared_buffers the embedded engine runs with, as the engine reports it (decision 0057:
 * EMBEDDED_SHARED_BUFFERS is passed on PGlite's command line, which outranks
 * DATA_DIR/pg/postgresql.conf), and warns if it is not the value asked for — e.g. a PGlite
 * release that stopped honouring its start parameters.
 */
async function checkSharedBuffers(pglite: PGlite, wanted: string, logger: Logger) {
  const shown = (await pglite.query<{ shared_buffers: string }>("show shared_buffers")).rows[0]?.shared_buffers ?? "?";
  if (memorySizeKb(shown) === memorySizeKb(wanted)) {
    logger.info({ shared_buffers: shown }, `base intégrée : shared_buffers ${shown}`);
  } else {
    logger.warn(
      { shared_buffers: shown, EMBEDDED_SHARED_BUFFERS: wanted },
      `base intégrée : shared_buffers vaut ${shown} et non ${wanted} (EMBEDDED_SHARED_BUFFERS non appliqué)`,
    );
  }
}

/**
 * What runs once before forking workers (server/main.ts, PostgreSQL with WEB_CONCURRENCY > 1):
 * validate settings, check the port, migrate the database and load reference data.
 */
export async function prepareCluster(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ config: AppConfig; logger: Logger }> {
  const config = loadConfig(env);
  const logger = createLogger({
    level: config.LOG_LEVEL,
    pretty: !config.isProduction && process.stdout.isTTY === true,
  });
  if (config.PORT !== 0) await assertPortFree(config.PORT, config.HOST);
  const t0 = performance.now();
  const handle = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    poolSize: 2,
    onPoolError: (err) => logger.warn({ err }, "connexion PostgreSQL perdue"),
  });
  try {
    await checkConnections(handle, config, logger);
    const placesResult = await ensurePlacesLoaded({ db: handle.db, csvPath: PLACES_CSV });
    if (placesResult.loaded) logger.info({ rows: placesResult.rows }, "codes postaux de référence chargés");
  } finally {
    await handle.close();
  }
  logger.info({ ms: Math.round(performance.now() - t0) }, "base migrée avant le lancement des workers");
  return { config, logger };
}

/**
 * Everything `npm start` does in one process: validate settings, lock the data directory
 * (PGlite), open and migrate the database, load reference and demo data, then serve HTTP.
 * In a cluster worker (`options.worker`), only the pool and the HTTP server.
 */
export async function startServer(
  env: NodeJS.ProcessEnv = process.env,
  options: StartServerOptions = {},
): Promise<RunningServer> {
  const worker = options.worker;
  const timings: Record<string, number> = {};
  const t0 = performance.now();
  const mark = (name: string, since: number) => {
    timings[name] = Math.round(performance.now() - since);
    return performance.now();
  };
  const config = loadConfig(env);
  const logger = createLogger({
    level: config.LOG_LEVEL,
    pretty: !config.isProduction && process.stdout.isTTY === true,
  });
  // Fail fast on a taken port, before the (slow) database start; listen() below still decides.
  if (config.PORT !== 0 && !worker) await assertPortFree(config.PORT, config.HOST);
  const lock = config.isEmbedded ? await lockDataDir(config.dataDir) : null;
  let t = performance.now();
  let handle: Awaited<ReturnType<typeof openDatabase>> | null = null;
  let shared: Awaited<ReturnType<typeof createSharedState>> | null = null;
  let replicas: ReadReplicas | null = null;
  try {
    handle = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      pgliteDir: path.join(config.dataDir, "pg"),
      pgliteSharedBuffers: config.EMBEDDED_SHARED_BUFFERS,
      poolSize: config.DATABASE_POOL_SIZE,
      migrate: !worker,
      onPoolError: (err) =>
        logger.warn({ err }, "connexion PostgreSQL perdue : elle sera rouverte à la prochaine requête"),
    });
    if (handle.pglite) await checkSharedBuffers(handle.pglite, config.EMBEDDED_SHARED_BUFFERS, logger);
    // One server process on PostgreSQL (no cluster): its budget is checked here.
    if (!worker && config.workers === 1) await checkConnections(handle, config, logger);
    if (config.replicasIgnoredReason) logger.warn(config.replicasIgnoredReason);
    // Public reads on the streaming replicas (decision 0038), checked once before serving.
    if (handle.pool && config.replicaUrls.length > 0) {
      replicas = openReadReplicas({
        urls: config.replicaUrls,
        primary: handle.pool,
        poolSize: config.DATABASE_POOL_SIZE,
        maxLagSeconds: config.DATABASE_REPLICA_MAX_LAG_SECONDS,
        checkSeconds: config.DATABASE_REPLICA_CHECK_SECONDS,
        logger,
      });
      await replicas.check();
      replicas.start();
    }
    t = mark("database_open_and_migrate_ms", t);
    const { db } = handle;
    const dumpDataDir = handle.dumpDataDir;
    if (!worker) {
      const placesResult = await ensurePlacesLoaded({ db, csvPath: PLACES_CSV });
      if (placesResult.loaded) logger.info({ rows: placesResult.rows }, "codes postaux de référence chargés");
    }
    t = mark("reference_data_ms", t);
    // The towns of free-text search, built while the rest starts, so no request builds them.
    // Per database handle: the primary's (requests that read their own writes) and the replicas'.
    for (const handleDb of new Set([db, readDb({ db, replicas })])) {
      void warmTownIndex(handleDb).catch((err: unknown) =>
        logger.warn({ err }, "index des villes non construit : il le sera à la première recherche"),
      );
    }

    const secret = config.authSecret || readOrCreateSecret(config.dataDir);
    const storage = await openStorage({
      settings: config.storage,
      dataDir: config.dataDir,
      publicBaseUrl: config.PHOTO_BASE_URL,
    });
    logger.info(
      { storage: describeStorage(config.storage), photoBaseUrl: config.PHOTO_BASE_URL ?? null },
      "stockage des photos",
    );
    const transport = config.SMTP_URL
      ? createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM, logger })
      : createOutboxMailer({
          db,
          logger,
          // The operator reads e-mails in the terminal too (the outbox page is loopback-only).
          print: config.isEmbedded && config.LOG_LEVEL !== "silent" ? (text) => console.log(text) : undefined,
        });
    // Every e-mail is a job in the database, delivered (and retried) by a worker.
    const jobs = await createJobQueue({
      handle,
      logger,
      retryLimit: config.JOB_RETRY_LIMIT,
      retryDelaySeconds: config.JOB_RETRY_DELAY_SECONDS,
      pollSeconds: config.JOB_POLL_SECONDS,
    });
    const mailer = createQueuedMailer({ queue: jobs, transport });
    if (config.JOBS_IN_WEB || config.isEmbedded) {
      if (!config.JOBS_IN_WEB)
        logger.warn("JOBS_IN_WEB=false ignoré : la base intégrée n'a qu'un processus, il exécute les tâches");
      await jobs.work(jobHandlers({ db, storage, jobs, transport, mailer, logger, config }));
    }
    t = mark("job_queue_ms", t);
    shared = await createSharedState({ config, db, logger });
    const auth = createAuth({
      db,
      baseURL: config.PUBLIC_URL,
      secret,
      mailer,
      logger,
      identityProvider: config.identityProvider,
      rateLimitScale: config.RATE_LIMIT_SCALE,
      signInLimits: shared.rateLimits,
      trustedOrigins: config.trustedOrigins,
    });
    const services: AppServices = {
      config,
      db,
      auth,
      storage,
      mailer,
      jobs,
      logger,
      replicas,
      events: shared.events,
      rateLimits: shared.rateLimits,
      counterDedupe: shared.counterDedupe,
      sitemap: createSitemapCache({
        db,
        // On PostgreSQL the rebuild runs in a worker thread with its own connection: to a
        // replica in rotation when there is one.
        databaseUrl: config.DATABASE_URL ? () => replicas?.pickUrl() ?? config.DATABASE_URL : undefined,
        origin: config.PUBLIC_URL,
        refreshSeconds: config.SITEMAP_REFRESH_SECONDS,
        onError: (err) => logger.warn({ err }, "plan du site non reconstruit"),
      }),
    };

    let demoAccounts: RunningServer["demoAccounts"] = null;
    if (config.isEmbedded && config.DEMO_DATA) {
      demoAccounts = demoPasswordFor(config);
      const demo = await seedDemoData({
        db,
        storage,
        listingCount: config.DEMO_LISTINGS,
        password: demoAccounts.password,
      });
      if (demo.seeded) logger.info(demo, "données de démonstration créées");
      if (await applyDemoPassword(db, demoAccounts.password)) {
        logger.info({ published: demoAccounts.published }, "mot de passe des comptes de démonstration mis à jour");
      }
    }
    t = mark("demo_data_ms", t);
    // The density of listings per place (which plan reads a search by place), after the demo
    // data, off the request path.
    for (const handleDb of new Set([db, readDb({ db, replicas })])) {
      void warmPlaceDensity(handleDb, { maxAgeMs: config.isEmbedded ? Infinity : DENSITY_MAX_AGE_MS }).catch(
        (err: unknown) =>
          logger.warn({ err }, "densité des annonces par lieu non calculée : elle le sera à la première recherche"),
      );
    }
    // How common each equipment item is (which index answers `equipment=`, decision 0056).
    void warmEquipmentShares(db).catch((err: unknown) =>
      logger.warn({ err }, "fréquence des équipements non lue : elle le sera à la première recherche"),
    );

    // Market price ratings: the models whose listings changed, fitted again in the background
    // by the processes that run jobs (decision 0015).
    const stopPricing =
      config.JOBS_IN_WEB || config.isEmbedded
        ? startMarketPriceRefresher({
            db,
            intervalSeconds: config.PRICING_REFRESH_SECONDS,
            onError: (err) => logger.warn({ err }, "estimations de prix non mises à jour"),
          })
        : async () => {};

    // Sellers' trust figures whose 90-day and 12-month windows moved (decision 0035).
    const stopSellerStats =
      config.JOBS_IN_WEB || config.isEmbedded
        ? startSellerStatsRefresher({
            db,
            onError: (err) => logger.warn({ err }, "chiffres de confiance des vendeurs non mis à jour"),
          })
        : async () => {};
    // 'Flux automatique': the feeds due get their `stock-feed` job (decision 0051).
    const stopStockFeeds =
      config.JOBS_IN_WEB || config.isEmbedded
        ? startStockFeedScheduler({
            db,
            jobs,
            onError: (err) => logger.warn({ err }, "flux de stock non planifiés"),
          })
        : async () => {};

    const stopBackups = dumpDataDir ? scheduleBackups({ config, logger, dump: dumpDataDir }) : () => {};
    // PGlite has no autovacuum: the embedded default runs its own (decision 0023).
    const stopVacuum = config.isEmbedded
      ? startEmbeddedVacuum({
          db,
          intervalSeconds: config.EMBEDDED_VACUUM_SECONDS,
          onDone: (tables) => {
            logger.info({ tables }, "tables nettoyées (VACUUM)");
            // Fresh statistics of the listings: fresh density per place too (no search rebuilds it here).
            if (tables.some((t) => t.table === "listings")) {
              void warmPlaceDensity(db).catch((err: unknown) =>
                logger.warn({ err }, "densité des annonces par lieu non recalculée"),
              );
            }
          },
          onError: (err) => logger.warn({ err }, "nettoyage des tables (VACUUM) impossible"),
        })
      : async () => {};

    const { build, viteMiddlewares, closeVite } = await loadBuild(config);
    const app = createHttpApp({
      services,
      build,
      viteMiddlewares,
      clientDir: path.join(ROOT, "build", "client"),
      dbPool: handle.pool,
    });
    const server: Server = await new Promise((resolve, reject) => {
      // The whole request (headers and body) within REQUEST_TIMEOUT_SECONDS, else 408.
      const s = createBoundedServer(app, { requestTimeoutSeconds: config.REQUEST_TIMEOUT_SECONDS });
      s.listen(config.PORT, config.HOST);
      s.once("listening", () => resolve(s));
      s.once("error", (error: NodeJS.ErrnoException) => {
        reject(
          error.code === "EADDRINUSE" || error.code === "EACCES"
            ? new PortUnavailableError(config.PORT, config.HOST, error.code)
            : error,
        );
      });
    });
    // Keep-alive sockets must not hold the process open at shutdown.
    server.keepAliveTimeout = 5_000;
    if (worker)
      server.prependListener("request", (_req, res) => res.setHeader("X-Occazio-Worker", String(worker.index)));
    const inFlight = trackInFlight(server);
    mark("http_listen_ms", t);
    // The first sitemap build runs in the background once the server answers.
    if (config.SITEMAP_REFRESH_SECONDS > 0)
      services.sitemap.refresh().catch((err) => logger.warn({ err }, "plan du site non construit"));
    timings.total_ms = Math.round(performance.now() - t0);
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.PORT;
    const url = `http://localhost:${port}`;

    let closing: Promise<void> | null = null;
    return {
      url,
      services,
      timings,
      demoAccounts,
      close() {
        closing ??= (async () => {
          // Drain: no new connections, idle keep-alive sockets closed, requests under way get
          // DRAIN_MS to finish; then every socket left (live-event streams) is closed, and the
          // browsers reconnect to another worker.
          const closed = new Promise<void>((resolve) => server.close(() => resolve()));
          server.closeIdleConnections();
          await inFlight.idle(DRAIN_MS);
          server.closeAllConnections();
          await closed;
          stopBackups();
          services.sitemap.stop();
          await stopPricing();
          await stopSellerStats();
          await stopStockFeeds();
          await stopVacuum();
          await shared?.close();
          await replicas?.close();
          await closeVite();
          await jobs.close();
          await mailer.close();
          await handle?.close();
          await lock?.release();
        })();
        return closing;
      },
    };
  } catch (error) {
    await shared?.close().catch(() => {});
    await replicas?.close().catch(() => {});
    await handle?.close().catch(() => {});
    await lock?.release();
    throw error;
  }
}

/**
 * Counts requests under way, not the live-event streams (they stay open until the browser
 * leaves), so shutdown can wait for the others to finish.
 */
function trackInFlight(server: Server) {
  let count = 0;
  let waiters: (() => void)[] = [];
  server.on("request", (req, res) => {
    if (req.url?.startsWith("/api/events")) return;
    count++;
    res.once("close", () => {
      count--;
      if (count === 0) for (const wake of waiters.splice(0)) wake();
    });
  });
  return {
    /** Resolves once no request is under way, or after `timeoutMs`. */
    idle(timeoutMs: number): Promise<void> {
      if (count === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((w) => w !== wake);
          resolve();
        }, timeoutMs);
        const wake = () => {
          clearTimeout(timer);
          resolve();
        };
        waiters.push(wake);
      });
    },
  };
}

function assertPortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE" || error.code === "EACCES"
          ? new PortUnavailableError(port, host, error.code)
          : error,
      ),
    );
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

/** The HTTP port cannot be bound: named after the setting so the operator knows what to change. */
export class PortUnavailableError extends Error {
  constructor(port: number, host: string, code: string) {
    super(
      code === "EADDRINUSE"
        ? `Le port ${port} (PORT) est déjà utilisé sur ${host} : arrêtez l'autre serveur ou choisissez un autre PORT.\n` +
            `(PORT ${port} is already in use.)`
        : `Le port ${port} (PORT) ne peut pas être ouvert sur ${host} (${code}) : choisissez un autre PORT.`,
    );
    this.name = "PortUnavailableError";
  }
}

import "dotenv/config";
import { openDatabase } from "~/db/client.server";
import { ConfigError, loadConfig } from "~/server/config.server";
import { createJobQueue } from "~/server/jobs.server";
import { createLogger } from "~/server/logger.server";
import { createQueuedMailer, createSmtpMailer } from "~/server/mailer.server";
import { openStorage } from "~/server/storage.server";
import { startWorkerHeartbeat } from "~/server/worker-heartbeat.server";
import { jobHandlers } from "./job-handlers";
import { startWorkerHealthServer } from "./worker-health";
import { startSellerStatsRefresher } from "~/features/sellers/refresh-seller-stats.server";
import { startMarketPriceRefresher } from "~/features/pricing/refresh-market-prices.server";
import { startStockFeedScheduler } from "~/features/stock-import/sync-stock-feed.server";

/**
 * `npm run worker`: runs the background jobs (e-mails, price-drop digests) without serving HTTP, for web
 * processes started with JOBS_IN_WEB=false. PostgreSQL and SMTP_URL only: the embedded
 * database belongs to the one web process, which runs its jobs itself.
 */
try {
  // The worker signs no session: the web processes' required BETTER_AUTH_SECRET is not asked of it.
  const config = loadConfig({ ...process.env, BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET || "x".repeat(32) });
  if (config.isEmbedded || !config.DATABASE_URL) {
    throw new ConfigError([
      {
        variable: "DATABASE_URL",
        message: "obligatoire pour `npm run worker` (la base intégrée exécute ses tâches dans le serveur web)",
      },
    ]);
  }
  if (!config.SMTP_URL) {
    throw new ConfigError([
      { variable: "SMTP_URL", message: "obligatoire pour `npm run worker` (il envoie les e-mails)" },
    ]);
  }
  const logger = createLogger({ level: config.LOG_LEVEL, pretty: false });
  const handle = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    poolSize: Math.min(4, config.DATABASE_POOL_SIZE),
    onPoolError: (err) => logger.warn({ err }, "connexion PostgreSQL perdue : elle sera rouverte"),
  });
  const transport = createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM, logger });
  const jobs = await createJobQueue({
    handle,
    logger,
    retryLimit: config.JOB_RETRY_LIMIT,
    retryDelaySeconds: config.JOB_RETRY_DELAY_SECONDS,
    pollSeconds: config.JOB_POLL_SECONDS,
  });
  const storage = await openStorage({
    settings: config.storage,
    dataDir: config.dataDir,
    publicBaseUrl: config.PHOTO_BASE_URL,
  });
  const mailer = createQueuedMailer({ queue: jobs, transport });
  await jobs.work(jobHandlers({ db: handle.db, storage, jobs, transport, mailer, logger, config }));
  const stopPricing = startMarketPriceRefresher({
    db: handle.db,
    intervalSeconds: config.PRICING_REFRESH_SECONDS,
    onError: (err) => logger.warn({ err }, "estimations de prix non mises à jour"),
  });
  const stopSellerStats = startSellerStatsRefresher({
    db: handle.db,
    onError: (err) => logger.warn({ err }, "chiffres de confiance des vendeurs non mis à jour"),
  });
  const stopStockFeeds = startStockFeedScheduler({
    db: handle.db,
    jobs,
    onError: (err) => logger.warn({ err }, "flux de stock non planifiés"),
  });
  // Its heartbeat in the database: the web processes report a dead worker (server/dependencies.ts).
  const heartbeat = await startWorkerHeartbeat({
    db: handle.db,
    intervalSeconds: config.WORKER_HEARTBEAT_SECONDS,
    onError: (err) => logger.warn({ err }, "signe de vie du worker non écrit dans la base"),
  });
  const health =
    config.WORKER_HEALTH_PORT !== undefined
      ? await startWorkerHealthServer({
          port: config.WORKER_HEALTH_PORT,
          host: config.HOST,
          jobs,
          heartbeat,
          heartbeatSeconds: config.WORKER_HEARTBEAT_SECONDS,
          metricsToken: config.METRICS_TOKEN,
          logger,
        })
      : null;
  if (health) logger.info({ port: health.port }, "sondes du worker : /healthz et /metrics");
  // Scripts and tests wait for this line.
  console.log(
    `Occazio worker prêt : tâches en cours d'exécution${health ? ` (sondes sur le port ${health.port})` : ""}`,
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "arrêt du worker : fin des tâches en cours");
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    stopPricing()
      .then(() => stopSellerStats())
      .then(() => stopStockFeeds())
      .then(() => jobs.close())
      // Its row goes: the web processes see at once that no worker runs (until the next starts).
      .then(() =>
        heartbeat
          .stop()
          .catch((err: unknown) => logger.warn({ err }, "signe de vie du worker non effacé : il vieillira")),
      )
      .then(() => health?.close())
      .then(() => transport.close())
      .then(() => handle.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, "erreur à l'arrêt du worker");
        process.exit(1);
      });
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

import "dotenv/config";
import cluster, { type Worker } from "node:cluster";
import { AggregatorRegistry } from "prom-client";
import { ConfigError, loadConfig } from "~/server/config.server";
import { ConnectionBudgetError } from "~/server/connection-budget.server";
import { DataDirLockedError } from "~/server/data-dir-lock.server";
import { demoCredentialsBanner } from "~/features/demo/demo-accounts.server";
import { PortUnavailableError, prepareCluster, startServer } from "./boot";
import { serveClusterMetrics, type MetricsMessage } from "./operations";

/**
 * `npm start`. One process on the embedded default; with DATABASE_URL, WEB_CONCURRENCY HTTP
 * workers (node:cluster, default: the machine's cores) sharing the port: the primary migrates
 * the database once, forks the workers, restarts one that crashes and, on SIGTERM/SIGINT,
 * lets each of them drain before exiting.
 */
type WorkerMessage = { type: "ready"; url: string } | MetricsMessage;

/** Last line on purpose: scripts and tests wait for it. */
const announceReady = (url: string) => console.log(`\nOccazio est prêt : ${url}`);

function fail(error: unknown): never {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof PortUnavailableError ||
    error instanceof ConnectionBudgetError
  ) {
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

/** Runs the HTTP server in this process (alone, or as cluster worker `index`). */
async function runServer(worker?: { index: number }) {
  const running = await startServer(process.env, { worker });
  const { config, logger } = running.services;
  logger.info(
    {
      timings: running.timings,
      engine: config.isEmbedded ? "pglite" : "postgres",
      events: running.services.events.transport,
      worker: worker?.index,
      pid: process.pid,
    },
    "serveur démarré",
  );
  if (worker) {
    process.send?.({ type: "ready", url: running.url } satisfies WorkerMessage);
  } else {
    if (config.singleProcessReason)
      logger.warn({ WEB_CONCURRENCY: config.WEB_CONCURRENCY }, config.singleProcessReason);
    if (running.demoAccounts) console.log(`\n${demoCredentialsBanner(running.demoAccounts)}`);
    if (running.services.mailer.kind === "outbox" && config.devToolsEnabled) {
      console.log(
        config.isLocalOnly
          ? `E-mails (boîte d'envoi locale, depuis cette machine) : ${running.url}/dev/outbox ; ils s'affichent aussi ici.`
          : "E-mails : affichés ici (la boîte d'envoi /dev/outbox n'est servie qu'avec un PUBLIC_URL local, depuis cette machine).",
      );
    }
    announceReady(running.url);
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(
      { signal, worker: worker?.index },
      "arrêt en cours : fin des requêtes puis fermeture de la base de données",
    );
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    running
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, "erreur à l'arrêt");
        process.exit(1);
      });
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  // The primary went away without a signal: a worker must not stay behind.
  if (worker) process.on("disconnect", () => stop("disconnect"));
}

async function runPrimary(workers: number) {
  const { logger } = await prepareCluster(process.env);
  const byIndex = new Map<number, Worker>();
  let stopping = false;
  let started = false;
  let url = "";
  const aggregator = new AggregatorRegistry();

  const fork = (index: number) => {
    const worker = cluster.fork({ OCCAZIO_WORKER_INDEX: String(index) });
    byIndex.set(index, worker);
    worker.on("message", (message: WorkerMessage) => {
      if (message?.type === "metrics-request") return void serveClusterMetrics(worker, message, aggregator);
      if (message?.type !== "ready") return;
      url = message.url;
      worker.emit("occazio-ready");
    });
    worker.once("exit", (code, signal) => {
      if (byIndex.get(index) === worker) byIndex.delete(index);
      if (stopping) return;
      if (!started) {
        // A worker that cannot start (its error is printed above) stops the whole start-up.
        logger.error({ worker: index, code, signal }, "un worker n'a pas pu démarrer : arrêt");
        stopAll("échec", 1);
        return;
      }
      logger.error({ worker: index, code, signal }, "worker arrêté de façon inattendue : il est relancé");
      fork(index);
    });
    return new Promise<void>((resolve) => worker.once("occazio-ready", () => resolve()));
  };

  let exitCode = 0;
  const stopAll = (signal: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    logger.info({ signal, workers: byIndex.size }, "arrêt en cours : chaque worker termine ses requêtes");
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    const exits = [...byIndex.values()].map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.isDead()) return resolve();
          worker.once("exit", (workerCode) => {
            if (workerCode !== 0 && exitCode === 0) exitCode = 1;
            resolve();
          });
          worker.process.kill("SIGTERM");
        }),
    );
    void Promise.all(exits).then(() => {
      logger.info({ code: exitCode }, "tous les workers sont arrêtés");
      process.exit(exitCode);
    });
  };
  process.on("SIGINT", () => stopAll("SIGINT"));
  process.on("SIGTERM", () => stopAll("SIGTERM"));

  await Promise.all(Array.from({ length: workers }, (_, i) => fork(i + 1)));
  if (stopping) return;
  started = true;
  logger.info({ workers, pid: process.pid }, `${workers} workers HTTP prêts (WEB_CONCURRENCY)`);
  // pino writes asynchronously: let the line above out before the last one.
  await new Promise((resolve) => setImmediate(resolve));
  announceReady(url);
}

try {
  if (cluster.isPrimary) {
    const config = loadConfig(process.env);
    if (config.workers > 1) await runPrimary(config.workers);
    else await runServer();
  } else {
    await runServer({ index: Number(process.env.OCCAZIO_WORKER_INDEX ?? "0") });
  }
} catch (error) {
  fail(error);
}

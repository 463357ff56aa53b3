import "dotenv/config";
import { ConfigError } from "~/server/config.server";
import { DataDirLockedError } from "~/server/data-dir-lock.server";
import { demoCredentialsBanner } from "~/features/demo/demo-accounts.server";
import { PortUnavailableError, startServer } from "./boot";

try {
  const running = await startServer();
  const { config, logger } = running.services;
  logger.info({ timings: running.timings, engine: config.isEmbedded ? "pglite" : "postgres" }, "serveur démarré");
  if (running.demoAccounts) console.log(`\n${demoCredentialsBanner(running.demoAccounts)}`);
  if (running.services.mailer.kind === "outbox" && config.devToolsEnabled) {
    console.log(
      config.isLocalOnly
        ? `E-mails (boîte d'envoi locale, depuis cette machine) : ${running.url}/dev/outbox ; ils s'affichent aussi ici.`
        : "E-mails : affichés ici (la boîte d'envoi /dev/outbox n'est servie qu'avec un PUBLIC_URL local, depuis cette machine).",
    );
  }
  // Last line on purpose: scripts and tests wait for it.
  console.log(`\nOccazio est prêt : ${running.url}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "arrêt en cours : fermeture de la base de données");
    const force = setTimeout(() => process.exit(1), 10_000);
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
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof PortUnavailableError) {
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

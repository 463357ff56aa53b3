/**
 * `npm run db:restore-check [-- --dump <file>] [--out <file>] [--keep] [--compare-with-source]`
 *
 * Proves a PostgreSQL backup restores (docs/DEPLOY.md, section 9 "Backups and restore"): dumps
 * the database at DATABASE_URL (or takes --dump), restores it into a scratch database it
 * creates and drops itself, checks migrations, row counts, a listing read by the app's code
 * and photo keys in storage (STORAGE_URL / DATA_DIR), and prints a French/English summary.
 *
 * Settings: RESTORE_CHECK_DATABASE (scratch name, default `<source>_restore_check`),
 * RESTORE_CHECK_URL (server for the scratch database, default DATABASE_URL's), PG_BIN_DIR
 * (folder of pg_dump/pg_restore matching the server's major version).
 * Exit status: 0 the backup restores, 1 a check failed, 2 usage or settings error.
 */
import "dotenv/config";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../app/server/config.server";
import { openStorage, type Storage } from "../app/server/storage.server";
import { ScratchRefusedError, runRestoreCheck } from "./lib/restore-check";
import { formatReport } from "./lib/restore-check-verify";

const { values: args } = parseArgs({
  options: {
    dump: { type: "string" },
    out: { type: "string" },
    keep: { type: "boolean", default: false },
    "compare-with-source": { type: "boolean", default: false },
    "no-storage": { type: "boolean", default: false },
    photos: { type: "string", default: "20" },
  },
});

function usage(message: string): never {
  console.error(message);
  process.exit(2);
}

try {
  // The check signs no session: the web processes' required BETTER_AUTH_SECRET is not asked of it.
  const config = loadConfig({ ...process.env, BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET || "x".repeat(32) });
  if (!config.DATABASE_URL) {
    usage("DATABASE_URL n'est pas défini : la base embarquée se sauvegarde avec npm run db:backup (et se restaure avec npm run db:restore).");
  }
  if (args.dump && !fs.existsSync(args.dump)) usage(`Fichier de sauvegarde introuvable : ${args.dump}`);
  if (args.dump && args.out) usage("--out ne s'emploie qu'avec une sauvegarde faite ici (sans --dump).");
  let storage: Storage | null = null;
  if (!args["no-storage"]) {
    const uploads = path.join(config.dataDir, "uploads");
    // The disk driver's check would create DATA_DIR/uploads: only look where photos already are.
    if (config.storage.driver === "s3" || fs.existsSync(uploads)) {
      storage = await openStorage({ settings: config.storage, dataDir: config.dataDir, publicBaseUrl: config.PHOTO_BASE_URL });
    }
  }
  const report = await runRestoreCheck({
    sourceUrl: config.DATABASE_URL,
    dumpFile: args.dump,
    compareWithSource: args["compare-with-source"],
    outFile: args.out,
    scratchServerUrl: process.env.RESTORE_CHECK_URL || undefined,
    scratchName: process.env.RESTORE_CHECK_DATABASE || undefined,
    keepScratch: args.keep,
    storage,
    pgBinDir: process.env.PG_BIN_DIR || undefined,
    photoSample: Math.max(0, Number(args.photos) || 0),
  });
  console.log(formatReport(report, { keepScratch: args.keep }));
  // Exit now: the S3 client's kept-alive sockets would hold the process open.
  process.exit(report.ok ? 0 : 1);
} catch (error) {
  if (error instanceof ConfigError || error instanceof ScratchRefusedError) usage(error.message);
  console.error(`Vérification interrompue / check aborted : ${(error as Error).message}`);
  process.exit(1);
}

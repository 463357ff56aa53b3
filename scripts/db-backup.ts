/**
 * `npm run db:backup`: a backup of the embedded database (PGlite) into DATA_DIR/backups,
 * with the server stopped (the running server makes its own, see BACKUP_INTERVAL_HOURS).
 * With DATABASE_URL, use PostgreSQL's own tools (pg_dump).
 */
import "dotenv/config";
import path from "node:path";
import { openDatabase } from "../app/db/client.server";
import { backupDir, writeBackup } from "../app/server/backup.server";
import { ConfigError, loadConfig } from "../app/server/config.server";
import { DataDirLockedError, lockDataDir } from "../app/server/data-dir-lock.server";

try {
  const config = loadConfig();
  if (!config.isEmbedded) {
    console.error("DATABASE_URL est défini : sauvegardez PostgreSQL avec ses propres outils (pg_dump).");
    process.exit(1);
  }
  const lock = await lockDataDir(config.dataDir);
  try {
    const handle = await openDatabase({
      pgliteDir: path.join(config.dataDir, "pg"),
      pgliteSharedBuffers: config.EMBEDDED_SHARED_BUFFERS,
    });
    try {
      const result = await writeBackup({ dump: handle.dumpDataDir!, dir: backupDir(config.dataDir), keep: config.BACKUP_KEEP });
      console.log(`Sauvegarde écrite : ${result.file} (${Math.round(result.bytes / 1024)} Ko, ${result.ms} ms).`);
    } finally {
      await handle.close();
    }
  } finally {
    await lock.release();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`${error.message}\nLe serveur en marche fait ses propres sauvegardes (BACKUP_INTERVAL_HOURS) ; arrêtez-le pour en faire une maintenant.`);
    process.exit(1);
  }
  throw error;
}

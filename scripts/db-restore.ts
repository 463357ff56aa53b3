/**
 * `npm run db:restore -- <file.tar.gz>` (default: the newest file in DATA_DIR/backups):
 * replaces the embedded database with a backup, server stopped. The current database is
 * kept beside it as DATA_DIR/pg-before-restore-<date>.
 */
import "dotenv/config";
import fs from "node:fs";
import path from "node:path";
import { backupDir, listBackups, restoreBackup } from "../app/server/backup.server";
import { ConfigError, loadConfig } from "../app/server/config.server";
import { DataDirLockedError, lockDataDir } from "../app/server/data-dir-lock.server";

try {
  const config = loadConfig();
  if (!config.isEmbedded) {
    console.error("DATABASE_URL est défini : restaurez PostgreSQL avec ses propres outils (pg_restore, psql).");
    process.exit(1);
  }
  const file = process.argv[2] ? path.resolve(process.argv[2]) : listBackups(backupDir(config.dataDir))[0]?.file;
  if (!file || !fs.existsSync(file)) {
    console.error(`Aucune sauvegarde à restaurer${process.argv[2] ? ` : ${process.argv[2]} introuvable` : ` dans ${backupDir(config.dataDir)}`}.`);
    process.exit(1);
  }
  const lock = await lockDataDir(config.dataDir);
  try {
    const { previous } = await restoreBackup({
      backupFile: file,
      pgDir: path.join(config.dataDir, "pg"),
      sharedBuffers: config.EMBEDDED_SHARED_BUFFERS,
    });
    console.log(`Base restaurée depuis ${file}.${previous ? ` L'ancienne base est conservée dans ${previous}.` : ""}`);
  } finally {
    await lock.release();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`${error.message}\nArrêtez le serveur avant de restaurer une sauvegarde.`);
    process.exit(1);
  }
  throw error;
}

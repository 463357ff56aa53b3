import { backupDir, listBackups, writeBackup } from "~/server/backup.server";
import type { AppConfig } from "~/server/config.server";
import type { Logger } from "~/server/logger.server";

/** A first backup waits this long after start-up, so starting the server stays fast. */
const FIRST_BACKUP_DELAY_MS = 10 * 60 * 1000;

/**
 * Embedded default: a backup of the PGlite directory every BACKUP_INTERVAL_HOURS into
 * DATA_DIR/backups, keeping BACKUP_KEEP. The first one is due one interval after the newest
 * existing backup (at least ten minutes after start-up). Returns the function that stops it.
 */
export function scheduleBackups(options: { config: AppConfig; logger: Logger; dump: () => Promise<Blob> }): () => void {
  const { config, logger } = options;
  const intervalMs = config.BACKUP_INTERVAL_HOURS * 3_600_000;
  if (intervalMs <= 0) return () => {};
  const dir = backupDir(config.dataDir);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(run, Math.min(delayMs, 2 ** 31 - 1));
    timer.unref();
  };
  const run = () => {
    writeBackup({ dump: options.dump, dir, keep: config.BACKUP_KEEP })
      .then((result) => logger.info(result, "sauvegarde de la base embarquée écrite"))
      .catch((err: unknown) => logger.error({ err }, "sauvegarde de la base embarquée impossible"))
      .finally(() => schedule(intervalMs));
  };
  const newest = listBackups(dir)[0];
  const due = newest ? newest.mtimeMs + intervalMs - Date.now() : 0;
  schedule(Math.max(FIRST_BACKUP_DELAY_MS, due));
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

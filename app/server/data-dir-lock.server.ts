import fs from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  constructor(
    public readonly dataDir: string,
    public readonly pid: number,
  ) {
    super(
      `Le dossier de données ${dataDir} est déjà utilisé par le processus ${pid}. ` +
        `La base embarquée (PGlite) ne peut être ouverte que par un seul processus : ` +
        `arrêtez l'autre serveur (Ctrl-C) ou choisissez un autre DATA_DIR.\n` +
        `(The data directory is already in use by process ${pid}; PGlite is single-process.)`,
    );
    this.name = "DataDirLockedError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes an exclusive lock on `dataDir` (a lock file created with O_EXCL holding our pid).
 * A lock left by a crashed process (pid no longer alive) is taken over. PGlite runs with
 * fsync off and corrupts its files if two processes open them, hence this guard.
 */
export function lockDataDir(dataDir: string): { release(): void } {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "occazio.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(lockPath, "utf8").trim() === String(process.pid)) fs.unlinkSync(lockPath);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number.parseInt(fs.readFileSync(lockPath, "utf8").trim(), 10);
      // Our own pid means a second server in this very process: refused too.
      if (Number.isInteger(pid) && pid > 0 && (pid === process.pid || isAlive(pid))) {
        throw new DataDirLockedError(dataDir, pid);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Impossible de verrouiller ${lockPath}`);
}

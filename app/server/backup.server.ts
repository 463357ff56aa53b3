import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_EXTENSIONS, pgliteStartParams } from "~/db/client.server";

/**
 * Backups of the embedded database. PGlite writes through Emscripten's file system, which
 * never calls fsync (measured: `npm run bench:durability`, and strace shows no fsync
 * syscall with or without PostgreSQL's fsync setting), so a machine crash can lose recent
 * writes or leave the store unreadable. A backup is PGlite's own dump of the data
 * directory (a gzipped tarball), restorable with `npm run db:restore`.
 */
export const BACKUP_PREFIX = "occazio-";
export const BACKUP_SUFFIX = ".tar.gz";

export function backupDir(dataDir: string): string {
  return path.join(dataDir, "backups");
}

function stamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, "-");
}

/** Backups in `dir`, newest first. */
export function listBackups(dir: string): { file: string; mtimeMs: number }[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.startsWith(BACKUP_PREFIX) && name.endsWith(BACKUP_SUFFIX))
    .map((name) => {
      const file = path.join(dir, name);
      return { file, mtimeMs: fs.statSync(file).mtimeMs };
    })
    .sort((a, b) => b.mtimeMs - a.mtimeMs || b.file.localeCompare(a.file));
}

/** Writes a dump into `dir` (written aside, then renamed: never a half backup) and keeps the `keep` newest. */
export async function writeBackup(options: {
  dump: () => Promise<Blob>;
  dir: string;
  keep: number;
  now?: Date;
}): Promise<{ file: string; bytes: number; ms: number }> {
  const started = performance.now();
  fs.mkdirSync(options.dir, { recursive: true });
  const blob = await options.dump();
  const bytes = Buffer.from(await blob.arrayBuffer());
  const file = path.join(options.dir, `${BACKUP_PREFIX}${stamp(options.now ?? new Date())}${BACKUP_SUFFIX}`);
  const tmp = `${file}.partial`;
  fs.writeFileSync(tmp, bytes, { mode: 0o600 });
  fs.renameSync(tmp, file);
  for (const old of listBackups(options.dir).slice(Math.max(1, options.keep))) fs.rmSync(old.file, { force: true });
  return { file, bytes: bytes.length, ms: Math.round(performance.now() - started) };
}

/**
 * Replaces the PGlite directory `pgDir` with the content of `backupFile`. The current
 * directory is kept beside it (`pg-before-restore-<date>`), never deleted. The caller
 * holds the data-dir lock (the server is stopped).
 */
export async function restoreBackup(options: {
  backupFile: string;
  pgDir: string;
  now?: Date;
  /** EMBEDDED_SHARED_BUFFERS (decision 0057); the default otherwise. */
  sharedBuffers?: string;
}): Promise<{ previous: string | null }> {
  const archive = fs.readFileSync(options.backupFile);
  const target = `${options.pgDir}.restoring`;
  fs.rmSync(target, { recursive: true, force: true });
  // Load into a fresh directory first: a damaged archive leaves the current data untouched.
  const client = await PGlite.create({
    dataDir: target,
    loadDataDir: new Blob([new Uint8Array(archive)]),
    extensions: PGLITE_EXTENSIONS,
    startParams: pgliteStartParams(options.sharedBuffers),
  });
  await client.query("select 1");
  await client.close();
  let previous: string | null = null;
  if (fs.existsSync(options.pgDir)) {
    previous = `${options.pgDir}-before-restore-${stamp(options.now ?? new Date())}`;
    fs.renameSync(options.pgDir, previous);
  }
  fs.renameSync(target, options.pgDir);
  return { previous };
}

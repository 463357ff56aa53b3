import fs from "node:fs/promises";
import path from "node:path";
import type { Storage } from "./storage.server";

export interface MigrationReport {
  /** Files found on disk (temporary files of interrupted writes excluded). */
  found: number;
  copied: number;
  /** Already in the target with the same size: a previous run copied them. */
  skipped: number;
  failed: number;
  copiedBytes: number;
  /** The first failures (key and reason), for the operator. */
  failures: { key: string; reason: string }[];
}

const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
};

/** Files whose name is a storage key: what createLocalStorage wrote (its `.tmp` leftovers are not). */
async function listKeys(root: string): Promise<string[]> {
  const entries = await fs
    .readdir(root, { recursive: true, withFileTypes: true })
    .catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    });
  return entries
    .filter((e) => e.isFile() && !e.name.endsWith(".tmp"))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

/**
 * Copies every photo under `root` (the disk storage) to `target` under the same key.
 * Idempotent and resumable: an object already in the target with the same size is skipped,
 * so a run stopped half-way (or re-run after a failure) copies only what is missing. Keys
 * never change content (a new upload gets a new key), so equal size means same photo.
 */
export async function migrateDiskPhotos(options: {
  root: string;
  target: Storage;
  concurrency?: number;
  onProgress?: (report: MigrationReport) => void;
}): Promise<MigrationReport> {
  const keys = await listKeys(options.root);
  const report: MigrationReport = {
    found: keys.length,
    copied: 0,
    skipped: 0,
    failed: 0,
    copiedBytes: 0,
    failures: [],
  };
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      try {
        const body = await fs.readFile(path.join(options.root, key));
        if ((await options.target.size(key)) === body.length) {
          report.skipped++;
        } else {
          await options.target.put(
            key,
            body,
            CONTENT_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream",
          );
          report.copied++;
          report.copiedBytes += body.length;
        }
      } catch (error) {
        report.failed++;
        if (report.failures.length < 20) report.failures.push({ key, reason: (error as Error).message });
      }
      const done = report.copied + report.skipped + report.failed;
      if (done % 100 === 0) options.onProgress?.({ ...report });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 8) }, worker));
  return report;
}

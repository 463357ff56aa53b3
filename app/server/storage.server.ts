import fs from "node:fs/promises";
import path from "node:path";

/** Where photos live: local disk by default; an S3-compatible bucket when configured. */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Public URL of a stored object. */
  url(key: string): string;
  /** Throws when objects cannot be stored right now (readiness probe, /readyz). */
  check?(): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`Clé de stockage invalide : ${key}`);
}

/** Files under `root`, served by the HTTP server at `/uploads/<key>` with immutable caching. */
export function createLocalStorage(root: string, publicPath = "/uploads"): Storage {
  return {
    async put(key, body) {
      assertSafeKey(key);
      const file = path.join(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename so a reader never sees a half-written photo.
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(tmp, body);
      await fs.rename(tmp, file);
    },
    async delete(key) {
      assertSafeKey(key);
      await fs.rm(path.join(root, key), { force: true });
    },
    url(key) {
      return `${publicPath}/${key}`;
    },
    async check() {
      // Writable, not only present: a read-only or full volume fails here.
      await fs.mkdir(root, { recursive: true });
      const probe = path.join(root, `.readyz.${process.pid}.tmp`);
      await fs.writeFile(probe, "ok");
      await fs.rm(probe, { force: true });
    },
  };
}

import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { StorageSettings } from "./storage-config";

/** One stored object, read back to be served through the app (`/uploads/<key>`). */
export interface StoredObject {
  body: Readable;
  contentType: string;
  contentLength?: number;
}

/**
 * Where photos live: local disk by default (`./data/uploads`); an S3-compatible bucket when
 * STORAGE_URL is set (storage-s3.server.ts). Keys are chosen by the server, never by a
 * client: `listings/<listingId>/<uuid>-<width>.webp`.
 */
export interface Storage {
  readonly kind: "disk" | "s3";
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Size in bytes of the object, or null when there is none (the migration skips what is already there). */
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (a listing's folder); returns how many. */
  deletePrefix(prefix: string): Promise<number>;
  /** Cheap reachability check for /readyz: throws StorageUnavailableError when photos cannot be stored. */
  check(): Promise<void>;
  /**
   * URL of a stored object for pages. Photos anyone may see go to PHOTO_BASE_URL when it is
   * set (a CDN, or the bucket's public URL); `restricted` ones (listings the public cannot
   * see) always go through the app's `/uploads`, which checks who is asking.
   */
  url(key: string, options?: { restricted?: boolean }): string;
}

/**
 * The storage cannot be reached (bucket down, network, credentials, full disk). Its message
 * is French and safe to show; the cause stays in the logs.
 */
export class StorageUnavailableError extends Error {
  override readonly name = "StorageUnavailableError";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export function isStorageUnavailable(error: unknown): error is StorageUnavailableError {
  return error instanceof Error && error.name === "StorageUnavailableError";
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`Clé de stockage invalide : ${key}`);
}

/** Where the app serves photos itself (access-checked, see server/app.ts). */
export const UPLOADS_PATH = "/uploads";

/** `url()` shared by both drivers: PHOTO_BASE_URL for public photos when set, else the app. */
export function photoUrlBuilder(publicBaseUrl: string | undefined): Storage["url"] {
  const base = publicBaseUrl?.replace(/\/+$/, "");
  return (key, options) => (base && !options?.restricted ? `${base}/${key}` : `${UPLOADS_PATH}/${key}`);
}

/** Files under `root`, served by the HTTP server at `/uploads/<key>` with immutable caching. */
export function createLocalStorage(root: string, options: { publicBaseUrl?: string } = {}): Storage {
  const unavailable = (error: unknown): never => {
    throw new StorageUnavailableError("Le disque des photos est inaccessible.", { cause: error });
  };
  return {
    kind: "disk",
    async put(key, body) {
      assertSafeKey(key);
      const file = path.join(root, key);
      // Write then rename so a reader never sees a half-written photo.
      const tmp = `${file}.${process.pid}.tmp`;
      try {
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(tmp, body);
        await fs.rename(tmp, file);
      } catch (error) {
        await fs.rm(tmp, { force: true }).catch(() => {});
        unavailable(error);
      }
    },
    async get(key) {
      assertSafeKey(key);
      const file = path.join(root, key);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      return { body: createReadStream(file), contentType: "image/webp", contentLength: stat.size };
    },
    async size(key) {
      assertSafeKey(key);
      const stat = await fs.stat(path.join(root, key)).catch(() => null);
      return stat?.isFile() ? stat.size : null;
    },
    async delete(key) {
      assertSafeKey(key);
      await fs.rm(path.join(root, key), { force: true });
    },
    async deletePrefix(prefix) {
      assertSafeKey(prefix);
      const folder = path.join(root, prefix);
      // A prefix names a folder ("listings/<id>/"): files in it are what goes.
      if (!prefix.endsWith("/")) throw new Error(`Préfixe de stockage sans / final : ${prefix}`);
      const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
      await fs.rm(folder, { recursive: true, force: true });
      return entries.filter((e) => e.isFile()).length;
    },
    async check() {
      try {
        await fs.mkdir(root, { recursive: true });
        await fs.access(root, fs.constants.W_OK);
      } catch (error) {
        unavailable(error);
      }
    },
    url: photoUrlBuilder(options.publicBaseUrl),
  };
}

/** The storage STORAGE_URL names (the S3 SDK is loaded only when a bucket is configured). */
export async function openStorage(options: {
  settings: StorageSettings;
  dataDir: string;
  publicBaseUrl?: string;
}): Promise<Storage> {
  if (options.settings.driver === "disk") {
    return createLocalStorage(path.join(options.dataDir, "uploads"), { publicBaseUrl: options.publicBaseUrl });
  }
  const { createS3Storage } = await import("./storage-s3.server");
  return createS3Storage(options.settings, { publicBaseUrl: options.publicBaseUrl });
}

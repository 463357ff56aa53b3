/**
 * A whole sitemap rebuild on PostgreSQL, in a worker thread (started by build-sitemaps.server.ts
 * through sitemap-build.worker-entry.mjs) with its own connection: the driver's rows, the XML
 * strings and the gzip chunks are this thread's garbage, collected in this isolate, so the web
 * thread's event loop never pauses for them (in the web thread they caused 23–53 ms stalls per
 * rebuild at 1 M listings). The thread asks for the lowest CPU priority (on Linux `nice` is per
 * thread): on a busy machine requests go first. The files go back as transferred ArrayBuffers.
 */
import os from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { openDatabase } from "~/db/client.server";
import type { BuiltSitemaps, SitemapFile } from "./build-sitemaps.server";
import { writeSitemaps } from "./build-sitemaps.server";
import { inThreadGzip } from "./sitemap-gzip.server";

const { databaseUrl, origin, maxUrls } = workerData as { databaseUrl: string; origin: string; maxUrls: number };

try {
  os.setPriority(os.constants.priority.PRIORITY_LOW);
} catch {
  // Not allowed here (some containers): the rebuild still runs off the web thread.
}

const handle = await openDatabase({ databaseUrl, migrate: false, poolSize: 1 });
try {
  const snapshot = await writeSitemaps(handle.db, origin, maxUrls, inThreadGzip);
  const transfer: ArrayBuffer[] = [];
  // A Buffer may be a view on a shared pool: copy each file into an ArrayBuffer of its own.
  const own = (f: SitemapFile) => {
    const gz = new Uint8Array(f.gz).buffer;
    transfer.push(gz);
    return { ...f, gz };
  };
  const built: BuiltSitemaps = { index: own(snapshot.index), files: [...snapshot.files.values()].map(own) };
  parentPort!.postMessage({ built }, transfer);
} catch (error) {
  // Drizzle wraps the driver's error ("Failed query: …"): keep its cause, what an operator needs.
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
  parentPort!.postMessage({ error: `${error instanceof Error ? error.message : String(error)}${cause}` });
} finally {
  await handle.close();
}

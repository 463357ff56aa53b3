/**
 * `npm run db:migrate`: applies the pending migrations and (re)loads the reference places, then
 * exits — the one-shot step of a deploy, run before the new release's processes start
 * (docs/DEPLOY.md, decision 0036). Servers still migrate at start; both hold the same
 * PostgreSQL advisory lock, so running this beside starting servers is safe. Embedded
 * default: the server must be stopped (one process owns DATA_DIR).
 */
import "dotenv/config";
import path from "node:path";
import { openDatabase } from "../app/db/client.server";
import { ensurePlacesLoaded } from "../app/features/places/places.server";
import { ConfigError, loadConfig } from "../app/server/config.server";
import { DataDirLockedError, lockDataDir } from "../app/server/data-dir-lock.server";

const PLACES_CSV = path.resolve(import.meta.dirname, "../reference/places.csv");

try {
  const config = loadConfig();
  const lock = config.isEmbedded ? await lockDataDir(config.dataDir) : null;
  try {
    const started = performance.now();
    const handle = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      pgliteDir: path.join(config.dataDir, "pg"),
      pgliteSharedBuffers: config.EMBEDDED_SHARED_BUFFERS,
      poolSize: 2,
    });
    try {
      const places = await ensurePlacesLoaded({ db: handle.db, csvPath: PLACES_CSV });
      const where = config.isEmbedded ? `base embarquée (${config.dataDir})` : "PostgreSQL";
      console.log(
        `Migrations appliquées : ${where}, ${Math.round(performance.now() - started)} ms` +
          (places.loaded ? `, ${places.rows} codes postaux chargés.` : "."),
      );
    } finally {
      await handle.close();
    }
  } finally {
    await lock?.release();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

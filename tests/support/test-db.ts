import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { ensurePlacesLoaded } from "~/features/places/places.server";

export const PLACES_CSV = path.resolve(import.meta.dirname, "../../reference/places.csv");

export interface TestDatabase extends DatabaseHandle {
  name: string;
  /** The database's postgres:// URL (PostgreSQL only). */
  url?: string;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DB_ENGINE=postgres)
 * a new database on the server of DATABASE_URL, dropped on close.
 */
export async function createTestDatabase(options: { withPlaces?: boolean } = {}): Promise<TestDatabase> {
  const engine = process.env.TEST_DB_ENGINE ?? "pglite";
  let handle: DatabaseHandle;
  let name = "memory";
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (engine === "postgres") {
    const adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) throw new Error("TEST_DB_ENGINE=postgres demande DATABASE_URL");
    // TEST_DB_PREFIX: sessions sharing one server name (and drop) only their own databases.
    const prefix = process.env.TEST_DB_PREFIX ?? "occazio_test";
    if (!/^[a-z_][a-z0-9_]{0,40}$/.test(prefix)) throw new Error("TEST_DB_PREFIX : lettres minuscules, chiffres et _ uniquement");
    name = `${prefix}_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    handle = await openDatabase({ databaseUrl, poolSize: 4 });
    drop = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  } else {
    handle = await openDatabase({});
  }
  if (options.withPlaces) await ensurePlacesLoaded({ db: handle.db, csvPath: PLACES_CSV });
  return {
    ...handle,
    name,
    ...(databaseUrl ? { url: databaseUrl } : {}),
    async close() {
      await handle.close();
      await drop();
    },
  };
}

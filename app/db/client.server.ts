import fs from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "~/server/project-root.server";
import { DEFAULT_EMBEDDED_SHARED_BUFFERS } from "~/server/config-schema.server";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema";

/** The one database type every service receives, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Services accept either the database or an open transaction. */
export type DbExecutor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  engine: "pglite" | "postgres";
  close(): Promise<void>;
  /** PGlite only: a gzipped tarball of the whole data directory (backups). */
  dumpDataDir?: () => Promise<Blob>;
  /** PGlite only: the embedded engine itself (the job queue talks to it directly). */
  pglite?: PGlite;
  /** PostgreSQL only: the pool behind `db` (pool-usage metrics). */
  pool?: pg.Pool;
}

/**
 * Contrib extensions the schema uses (free-text search; btree_gin for the brand + equipment
 * index, decision 0060): PGlite loads them only when asked.
 */
export const PGLITE_EXTENSIONS = { btree_gin, pg_trgm, unaccent };

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, "app", "db", "migrations");

/**
 * PGlite's start parameters: its own defaults (single-user mode, fsync off…) plus
 * `-c shared_buffers=…` (decision 0057). A command-line setting outranks postgresql.conf, so a
 * data directory made with initdb's 128MB gets the value at every start, and the file is left
 * as initdb wrote it. (PGlite's `postgresqlconf` option is not used: it replaces the whole
 * postgresql.conf of the data directory, initdb's time zone and text-search settings with it.)
 */
export function pgliteStartParams(sharedBuffers: string = DEFAULT_EMBEDDED_SHARED_BUFFERS): string[] {
  return [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffers}`];
}

export interface OpenDatabaseOptions {
  /** postgres:// URL; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; `undefined` means in memory (tests). */
  pgliteDir?: string;
  /** PGlite's shared_buffers ("16MB"): EMBEDDED_SHARED_BUFFERS, else its default (decision 0057). */
  pgliteSharedBuffers?: string;
  migrationsDir?: string;
  /** false: the schema is already up to date (cluster workers; the primary migrated it). */
  migrate?: boolean;
  poolSize?: number;
  /**
   * Called when an idle pooled connection fails (server restart, failover,
   * `pg_terminate_backend`). The pool has already dropped that connection and opens a new
   * one for the next query; without a listener Node would crash on the `error` event.
   */
  onPoolError?: (error: Error) => void;
}

/**
 * Key of the session-level advisory lock taken around migrations (decision 0036): any
 * bigint shared by every process of the application; this one is "occazio" in ASCII.
 */
export const MIGRATION_LOCK_KEY = 0x6f6363617a696fn;

/**
 * Applies the pending migrations while holding the migration advisory lock on one connection:
 * processes started together on an empty database (replicas, a deploy's `db:migrate` beside
 * a starting server) wait for the first one instead of racing it to create the same objects.
 * The ones that waited then find every migration applied and do nothing.
 */
async function migratePostgres(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migratePg(drizzlePg(client, { schema, casing: "snake_case" }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY.toString()]);
    }
  } finally {
    client.release();
  }
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsDir ?? MIGRATIONS_DIR;
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // Fail fast instead of hanging a request when the server is down.
      connectionTimeoutMillis: 5_000,
      // No JIT compilation: the product's statements are short, and the planner's cost of the
      // saved-search match (a correlated sub-plan multiplied by its candidates) passes
      // jit_optimize_above_cost once "user" is analysed: 5.4 s of LLVM inlining and
      // optimisation for a 40 ms statement at load 18 (issue 37, decision 0029).
      options: "-c jit=off",
    });
    pool.on("error", options.onPoolError ?? (() => {}));
    const db = drizzlePg(pool, { schema, casing: "snake_case" });
    if (options.migrate !== false) await migratePostgres(pool, migrationsFolder);
    return { db: db as unknown as Database, engine: "postgres", pool, close: () => pool.end() };
  }
  if (options.pgliteDir) fs.mkdirSync(options.pgliteDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.pgliteDir ? { dataDir: options.pgliteDir } : {}),
    extensions: PGLITE_EXTENSIONS,
    startParams: pgliteStartParams(options.pgliteSharedBuffers),
  });
  const db = drizzlePglite(client, { schema, casing: "snake_case" });
  if (options.migrate !== false) await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    engine: "pglite",
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir("gzip"),
    pglite: client,
  };
}

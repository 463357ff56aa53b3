import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { ensurePlacesLoaded } from "~/features/places/places.server";
import { PLACES_CSV } from "../support/test-db";

/**
 * Issue 38: replicas started together on an empty PostgreSQL database each apply the
 * migrations at start. Without a lock two of them raced (duplicate key creating the migrations
 * table, or the same migration applied twice) and one crashed. With the advisory lock every
 * process starts and the schema is migrated once.
 */
const adminUrl = process.env.TEST_DB_ENGINE === "postgres" ? process.env.DATABASE_URL : undefined;
const name = `occazio_test_migrate_${randomBytes(5).toString("hex")}`;
let created = false;

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  if (created) await admin((client) => client.query(`drop database if exists ${name} with (force)`));
});

describe.skipIf(!adminUrl)("migrations of processes started together (PostgreSQL)", () => {
  it("three processes opening an empty database at once all start, and every migration and the reference places are applied once", async () => {
    await admin((client) => client.query(`create database ${name}`));
    created = true;
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const handles: DatabaseHandle[] = [];
    try {
      const results = await Promise.allSettled(
        [1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString(), poolSize: 2 })),
      );
      for (const result of results) if (result.status === "fulfilled") handles.push(result.value);
      expect(results.map((r) => (r.status === "rejected" ? String(r.reason) : "ok"))).toEqual(["ok", "ok", "ok"]);
      const applied = await handles[0]!.pool!.query<{ n: string; distinct: string }>(
        "select count(*) as n, count(distinct hash) as distinct from drizzle.__drizzle_migrations",
      );
      expect(Number(applied.rows[0]!.n)).toBeGreaterThan(10);
      expect(applied.rows[0]!.n).toBe(applied.rows[0]!.distinct);

      // Then each loads the reference places, as boot does: once, not three times.
      const loads = await Promise.all(
        handles.map((handle) => ensurePlacesLoaded({ db: handle.db, csvPath: PLACES_CSV })),
      );
      expect(loads.filter((load) => load.loaded)).toHaveLength(1);
      const places = await handles[0]!.pool!.query<{ n: string }>("select count(*) as n from places");
      expect(Number(places.rows[0]!.n)).toBe(loads.find((load) => load.loaded)!.rows);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
  });
});

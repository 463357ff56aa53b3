import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings } from "~/db/schema";
import { vacuumDueTables } from "~/server/embedded-vacuum.server";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * The embedded default's own autovacuum (PGlite runs none): after enough edits the listings
 * table is vacuumed, and index-only counts stop visiting the table's pages again.
 */
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

/** Heap pages visited by an index-only count of the listings (0 when the visibility map is set). */
async function heapFetches(): Promise<number> {
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const result = (await tx.execute(
      sql`explain (analyze, format json) select count(*) from listings where id > '00000000-0000-0000-0000-000000000000'`,
    )) as unknown as { rows: { "QUERY PLAN": unknown }[] };
    const plan = JSON.stringify(result.rows[0]!["QUERY PLAN"]);
    expect(plan).toContain("Index Only Scan");
    return Number(/"Heap Fetches":\s*(\d+)/.exec(plan)![1]);
  });
}

describe.runIf(process.env.TEST_DB_ENGINE === "pglite")("embedded autovacuum (pglite)", () => {
  it("vacuums a table once enough of its rows were edited, then leaves it alone until more are", async () => {
    const seller = await insertUser(t.db);
    for (let i = 0; i < 200; i++) await insertListing(t.db, seller.id, { price: 10_000 + i });
    // 200 new rows are under the insert threshold (1 000 + 20 %): not vacuumed yet, and an
    // index-only count still reads the table for each of them.
    expect((await vacuumDueTables(t.db)).filter((m) => m.action === "vacuum").map((m) => m.table)).not.toContain("public.listings");
    expect(await heapFetches()).toBe(200);

    // 120 edits on 200 rows: over autovacuum's 50 + 20 % threshold.
    await t.db.execute(sql`update ${listings} set price = price + 1 where price < 10120`);
    expect(await heapFetches()).toBeGreaterThan(0);
    const pass = await vacuumDueTables(t.db);
    expect(pass).toContainEqual(expect.objectContaining({ table: "public.listings", action: "vacuum" }));
    expect(await heapFetches()).toBe(0);
    const stats = (await t.db.execute(
      sql`select n_dead_tup::int as dead, last_vacuum is not null as vacuumed from pg_stat_user_tables where relname = 'listings'`,
    )) as unknown as { rows: { dead: number; vacuumed: boolean }[] };
    expect(stats.rows[0]).toEqual({ dead: 0, vacuumed: true });

    // Nothing changed since: the next pass does nothing.
    expect(await vacuumDueTables(t.db)).toEqual([]);
    // A few edits stay under the threshold.
    await t.db.execute(sql`update ${listings} set price = price + 1 where price < 10010`);
    expect((await vacuumDueTables(t.db)).map((m) => m.table)).not.toContain("public.listings");
    expect(await heapFetches()).toBeGreaterThan(0);
    // The first pass after a start (PGlite forgets its counts on restart) goes by the visibility
    // map kept in the catalogue: a table mostly rewritten since its last vacuum is vacuumed again.
    await t.db.execute(sql`update ${listings} set price = price + 1`);
    const afterStart = await vacuumDueTables(t.db, { afterStart: true });
    expect(afterStart).toContainEqual(expect.objectContaining({ table: "public.listings", action: "vacuum" }));
    expect(await heapFetches()).toBe(0);
    // Clean tables are left alone by that pass.
    expect((await vacuumDueTables(t.db, { afterStart: true })).map((m) => m.table)).not.toContain("public.listings");
  });
});

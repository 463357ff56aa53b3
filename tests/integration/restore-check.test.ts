import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingPhotos } from "~/db/schema";
import { variantKey } from "~/features/listings/photo-variants";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * `npm run db:restore-check` against a PostgreSQL database seeded here (listings, photo rows
 * and their files on disk): the operator's command, run as a process, says a good backup
 * restores and exits 0; a truncated dump, rows the backup lacks and photos missing from
 * storage each make it exit 1 and say what is wrong; a database of the scratch name that it
 * did not create is refused and left alone. PostgreSQL only (pg_dump/pg_restore).
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const adminUrl = process.env.TEST_DB_ENGINE === "postgres" ? process.env.DATABASE_URL : undefined;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function restoreCheck(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      path.join(ROOT, "node_modules/.bin/tsx"),
      ["scripts/db-restore-check.ts", ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH, ...env }, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

async function databaseExists(name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query("select 1 from pg_database where datname = $1", [name])).rows.length === 1;
  } finally {
    await client.end();
  }
}

describe.skipIf(!adminUrl)("npm run db:restore-check (PostgreSQL)", () => {
  let t: TestDatabase;
  let dir: string;
  let env: Record<string, string>;
  const photoFiles: string[] = [];

  beforeAll(async () => {
    t = await createTestDatabase();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-restore-check-test-"));
    const dataDir = path.join(dir, "data");
    env = { DATABASE_URL: t.url!, DATA_DIR: dataDir };
    const seller = await insertUser(t.db);
    for (const n of [1, 2, 3]) {
      const listing = await insertListing(t.db, seller.id, { status: "published" });
      const storageKey = `listings/${listing.id}/photo-${n}`;
      await t.db
        .insert(listingPhotos)
        .values({ listingId: listing.id, position: 0, storageKey, width: 1200, height: 800, variantWidths: [480, 960] });
      for (const width of [480, 960]) {
        const file = path.join(dataDir, "uploads", variantKey(storageKey, width));
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, "webp");
        photoFiles.push(file);
      }
    }
    await insertListing(t.db, seller.id, { status: "draft" });
  });
  afterAll(async () => {
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const scratchName = () => `${t.name}_restore_check`;

  it("dumps the database, restores it into its own scratch database, finds everything, exits 0 and drops the scratch", async () => {
    const dump = path.join(dir, "bonne.dump");
    const run = await restoreCheck(["--out", dump], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Base de contrôle / scratch database : ${scratchName()}`);
    expect(run.stdout).toMatch(/✔ restore : pg_restore sans erreur/);
    expect(run.stdout).toMatch(/✔ migrations : (\d+)\/\1, dernière 00\d\d_/);
    expect(run.stdout).toMatch(/✔ rows : égales à la source : user 1 · session 0 · listings 4 · listing_photos 3/);
    expect(run.stdout).toMatch(/✔ listing : annonce [0-9a-f-]{36} lue par le code de l'application : .+, 1 photo\(s\)/);
    expect(run.stdout).toContain("✔ photos : 6/6 clés présentes (disque, 3 photos tirées)");
    expect(run.stdout).toContain("Result: OK, the backup restores and reads back.");
    expect(fs.statSync(dump).size).toBeGreaterThan(10_000);
    expect(await databaseExists(scratchName())).toBe(false);
  });

  it("a truncated dump does not restore: exit 1, 'restore' failed, scratch dropped", async () => {
    const good = fs.readFileSync(path.join(dir, "bonne.dump"));
    const truncated = path.join(dir, "tronquee.dump");
    fs.writeFileSync(truncated, good.subarray(0, Math.floor(good.length / 2)));
    const run = await restoreCheck(["--dump", truncated], env);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/✘ restore : Restauration impossible : pg_restore a échoué/);
    expect(run.stdout).toContain("Result: FAILED, 1 mismatch(es).");
    expect(await databaseExists(scratchName())).toBe(false);
  });

  it("a backup older than the source and photos missing from storage: exit 1, each named", async () => {
    const seller = await insertUser(t.db);
    await insertListing(t.db, seller.id, { status: "published" });
    fs.rmSync(photoFiles[0]!);
    const run = await restoreCheck(["--dump", path.join(dir, "bonne.dump"), "--compare-with-source"], env);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("✔ restore");
    expect(run.stdout).toMatch(/✘ rows : écart avec la source : user 1 ≠ 2 \(source\) · listings 4 ≠ 5 \(source\)/);
    expect(run.stdout).toMatch(/✘ photos : 1\/6 clés absentes du disque, dont listings\/.+-480\.webp/);
    expect(run.stdout).toContain("Result: FAILED, 2 mismatch(es).");
  });

  it("refuses a scratch name taken by a database it did not create, and leaves that database alone", async () => {
    const foreign = `${t.name}_autre`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${foreign}`);
      const run = await restoreCheck(["--dump", path.join(dir, "bonne.dump")], { ...env, RESTORE_CHECK_DATABASE: foreign });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`La base « ${foreign} » existe déjà et n'a pas été créée par cette vérification`);
      expect(await databaseExists(foreign)).toBe(true);
    } finally {
      await admin.query(`drop database if exists ${foreign} with (force)`);
      await admin.end();
    }
  });
});

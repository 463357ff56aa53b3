import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "../support/server-process";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * Issue 38: a server says how many PostgreSQL connections it opens at most (workers × (pool +
 * LISTEN + sitemap rebuild)) and refuses to start when that passes what the database accepts,
 * instead of failing under load with "too many clients already".
 */
const BUILD = path.resolve(import.meta.dirname, "../../build/server/index.js");
const onPostgres = process.env.TEST_DB_ENGINE === "postgres";

describe.skipIf(!onPostgres)("connection budget (PostgreSQL)", () => {
  let t: TestDatabase;
  let databaseUrl = "";
  const servers: ServerProcess[] = [];
  const dataDirs: string[] = [];

  const start = (env: Record<string, string>) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-budget-"));
    dataDirs.push(dataDir);
    const server = startServerProcess({
      DATABASE_URL: databaseUrl,
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
      DATA_DIR: dataDir,
      PUBLIC_URL: "http://127.0.0.1:3999",
      ...env,
    });
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    if (!fs.existsSync(BUILD))
      throw new Error("build/server/index.js manquant : lancez `npm run build` avant les tests d'intégration.");
    t = await createTestDatabase();
    databaseUrl = t.url!;
  });

  afterAll(async () => {
    for (const server of servers) {
      if (server.child.exitCode === null) server.child.kill("SIGTERM");
      await server.exited;
    }
    await t?.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("refuses to start when its workers' pools pass max_connections, saying which settings to lower", async () => {
    const server = start({ WEB_CONCURRENCY: "2", DATABASE_POOL_SIZE: "60" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      "Trop de connexions PostgreSQL : 2 workers × (60 (pool) + 1 (LISTEN) + 1 (plan du site)) = 124 connexions",
    );
    expect(server.output()).toMatch(/max_connections = \d+\)\. Réduisez WEB_CONCURRENCY ou DATABASE_POOL_SIZE/);
    expect(server.output()).not.toContain("Occazio est prêt");
  });

  it("logs the connections it may open at start, sized by DATABASE_POOL_SIZE", async () => {
    const server = start({ WEB_CONCURRENCY: "1", DATABASE_POOL_SIZE: "5" });
    await server.ready;
    expect(server.output()).toContain(
      "1 worker × (5 (pool) + 1 (LISTEN) + 1 (plan du site)) = 7 connexions PostgreSQL au plus",
    );
  });
});

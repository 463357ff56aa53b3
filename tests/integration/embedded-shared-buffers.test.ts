import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { describe, expect, it, onTestFinished } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { DEFAULT_EMBEDDED_SHARED_BUFFERS } from "~/server/config-schema.server";
import { startServerProcess } from "../support/server-process";

// Decision 0057: the embedded PGlite runs with EMBEDDED_SHARED_BUFFERS (default 16MB), on a new
// data directory and on one made before the setting existed, whose postgresql.conf says initdb's
// 128MB — and that file is left as initdb wrote it.

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-shared-buffers-"));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function sharedBuffers(handle: DatabaseHandle): Promise<string | undefined> {
  const result = await handle.db.execute<{ shared_buffers: string }>(sql`show shared_buffers`);
  return (result as unknown as { rows: { shared_buffers: string }[] }).rows[0]?.shared_buffers;
}

/** A data directory as PGlite makes it without start parameters (initdb's postgresql.conf: 128MB). */
async function oldDataDirectory(dir: string): Promise<string> {
  const plain = await PGlite.create({ dataDir: dir });
  try {
    const shown = (await plain.query<{ shared_buffers: string }>("show shared_buffers")).rows[0]?.shared_buffers;
    // The premise: without the setting, the file's value applies.
    expect(shown).toBe("128MB");
  } finally {
    await plain.close();
  }
  const conf = fs.readFileSync(path.join(dir, "postgresql.conf"), "utf8");
  expect(conf).toMatch(/^shared_buffers = 128MB/m);
  return conf;
}

describe.runIf(process.env.TEST_DB_ENGINE === "pglite")("PGlite's shared_buffers (EMBEDDED_SHARED_BUFFERS)", () => {
  it("applies the configured value, and the default, to an existing data directory without rewriting its postgresql.conf", async () => {
    const dir = tempDir();
    const conf = await oldDataDirectory(dir);

    const configured = await openDatabase({ pgliteDir: dir, pgliteSharedBuffers: "24MB" });
    try {
      expect(await sharedBuffers(configured)).toBe("24MB");
    } finally {
      await configured.close();
    }
    const byDefault = await openDatabase({ pgliteDir: dir });
    try {
      expect(await sharedBuffers(byDefault)).toBe(DEFAULT_EMBEDDED_SHARED_BUFFERS);
    } finally {
      await byDefault.close();
    }
    expect(fs.readFileSync(path.join(dir, "postgresql.conf"), "utf8")).toBe(conf);
  });

  it("applies it to an in-memory database too (tests, benchmarks)", async () => {
    const handle = await openDatabase({ migrate: false, pgliteSharedBuffers: "8MB" });
    try {
      expect(await sharedBuffers(handle)).toBe("8MB");
    } finally {
      await handle.close();
    }
  });

  // The compiled server (npm run build): boot passes the setting and logs what the engine reports.
  it("the server started on an existing data directory runs with EMBEDDED_SHARED_BUFFERS", async () => {
    const dataDir = tempDir();
    await oldDataDirectory(path.join(dataDir, "pg"));
    const server = startServerProcess({ DATA_DIR: dataDir, DEMO_DATA: "false", EMBEDDED_SHARED_BUFFERS: "24MB", BACKUP_INTERVAL_HOURS: "0" });
    onTestFinished(async () => {
      if (server.child.exitCode === null) server.child.kill("SIGTERM");
      await server.exited;
    });
    await server.ready;
    expect(server.output()).toMatch(/"shared_buffers":"24MB"/);
    expect(server.output()).not.toMatch(/EMBEDDED_SHARED_BUFFERS non appliqué/);
  });
});

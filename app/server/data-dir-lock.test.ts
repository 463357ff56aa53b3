import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock.server";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "occazio-lock-"));

describe("lockDataDir", () => {
  it("refuses a second holder, naming its pid, and frees the directory on release", async () => {
    const dir = tmp();
    const lock = await lockDataDir(dir);
    const refusal = await lockDataDir(dir).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    expect((refusal as DataDirLockedError).pid).toBe(process.pid);
    await lock.release();
    await (await lockDataDir(dir)).release();
  });

  it("is not blocked by the lock of a killed process, even a pid file naming our own pid (container restart)", async () => {
    const dir = tmp();
    // A holder that dies with SIGKILL leaves its socket file behind, nobody listening on it.
    const child = spawn(
      process.execPath,
      ["-e", `require("net").createServer().listen(${JSON.stringify(path.join(dir, "occazio.sock"))}, () => console.log("ready"))`],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
    expect(fs.existsSync(path.join(dir, "occazio.sock"))).toBe(true);
    // An old-style pid lock with the same pid as the restarted server.
    fs.writeFileSync(path.join(dir, "occazio.lock"), String(process.pid));

    const lock = await lockDataDir(dir);
    const refusal = await lockDataDir(dir).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    await lock.release();
  });

  it("locks a data directory whose path is too long for a socket file", async () => {
    const dir = path.join(tmp(), "a".repeat(60), "b".repeat(60));
    const lock = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await lock.release();
    await (await lockDataDir(dir)).release();
  });
});

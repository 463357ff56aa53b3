import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock.server";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "occazio-lock-"));

describe("lockDataDir", () => {
  it("refuses a second holder and frees the directory on release", () => {
    const dir = tmp();
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
    lockDataDir(dir).release();
  });

  it("takes over a lock left by a process that no longer exists", () => {
    const dir = tmp();
    // pid 2^22+1 is above Linux's pid_max default, so no such process exists.
    fs.writeFileSync(path.join(dir, "occazio.lock"), String(4_194_305));
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, "occazio.lock"), "utf8")).toBe(String(process.pid));
    lock.release();
  });
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startServerProcess } from "../support/server-process";

// Process-level behaviour of the embedded default; the engine-specific projects share it.
describe.runIf(process.env.TEST_DB_ENGINE === "pglite")("npm start on the embedded default", () => {
  it("refuses a second process on the same data directory, stops cleanly on Ctrl-C, and reuses its data", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-start-"));
    const env = { DATA_DIR: dataDir, DEMO_LISTINGS: "6" };

    const first = startServerProcess(env);
    const url = await first.ready;
    expect(first.output()).toContain("données de démonstration créées");
    expect(first.output()).toContain("vendeur@occazio.local");
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    const second = startServerProcess(env);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/déjà utilisé par le processus \d+/);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    first.child.kill("SIGINT");
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain("arrêt en cours");
    expect(fs.existsSync(path.join(dataDir, "occazio.lock"))).toBe(false);

    const again = startServerProcess(env);
    const url2 = await again.ready;
    const home = await fetch(`${url2}/home`);
    expect(home.status).toBe(200);
    expect(again.output()).not.toContain("données de démonstration créées");
    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);
  }, 120_000);

  it("refuses to start with an invalid setting and names it", async () => {
    const bad = startServerProcess({
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "occazio-bad-")),
      PORT: "soixante",
    });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain("PORT");
    expect(bad.output()).toContain("Configuration invalide");
  }, 30_000);
});

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { startServerProcess } from "../support/server-process";

const ROOT = path.resolve(import.meta.dirname, "../..");

function signIn(url: string, email: string, password: string) {
  return fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, password }),
  });
}

function runScript(script: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: "", ...env },
    encoding: "utf8",
    timeout: 120_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

// Process-level behaviour of the embedded default; the engine-specific projects share it.
describe.runIf(process.env.TEST_DB_ENGINE === "pglite")("npm start on the embedded default", () => {
  it("refuses a second process on the same data directory, stops cleanly on Ctrl-C, and reuses its data", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-start-"));
    const env = { DATA_DIR: dataDir, DEMO_LISTINGS: "6" };

    const first = startServerProcess(env);
    const url = await first.ready;
    expect(first.output()).toContain("données de démonstration créées");
    expect(first.output()).toContain("vendeur@occazio.local");
    // Listening on loopback only: the published demo password is the one printed.
    expect(first.output()).toContain("mot de passe : occazio-demo");
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await signIn(url, "vendeur@occazio.local", "occazio-demo")).status).toBe(200);

    const second = startServerProcess(env);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/déjà utilisé par le processus \d+/);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    first.child.kill("SIGINT");
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain("arrêt en cours");
    expect(fs.existsSync(path.join(dataDir, "occazio.sock"))).toBe(false);

    const again = startServerProcess(env);
    const url2 = await again.ready;
    const home = await fetch(`${url2}/home`);
    expect(home.status).toBe(200);
    expect(again.output()).not.toContain("données de démonstration créées");
    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);

    // Reachable from other machines: the published password stops working at once, the
    // install's own password is printed for the operator.
    const exposed = startServerProcess({ ...env, HOST: "0.0.0.0" });
    const url3 = await exposed.ready;
    const printed = /mot de passe propre à cette installation : (\S+)\)/.exec(exposed.output())?.[1];
    expect(printed).toBeTruthy();
    expect((await signIn(url3, "moderateur@occazio.local", "occazio-demo")).status).toBe(401);
    expect((await signIn(url3, "moderateur@occazio.local", printed!)).status).toBe(200);
    exposed.child.kill("SIGTERM");
    expect(await exposed.exited).toBe(0);

    // Backup, a later change, then restore: the backup's state comes back.
    const backup = runScript("scripts/db-backup.ts", [], env);
    expect(backup.output).toContain("Sauvegarde écrite");
    expect(backup.status).toBe(0);
    const backups = fs.readdirSync(path.join(dataDir, "backups"));
    expect(backups).toHaveLength(1);
    const restore = runScript("scripts/db-restore.ts", [], env);
    expect(restore.output).toContain("Base restaurée");
    expect(restore.status).toBe(0);
    expect(fs.readdirSync(dataDir).some((name) => name.startsWith("pg-before-restore-"))).toBe(true);
    const restored = startServerProcess(env);
    const url4 = await restored.ready;
    expect((await fetch(`${url4}/home`)).status).toBe(200);
    expect((await signIn(url4, "vendeur@occazio.local", "occazio-demo")).status).toBe(200);
    restored.child.kill("SIGTERM");
    expect(await restored.exited).toBe(0);
  }, 400_000);

  it("stops with a non-zero exit naming PORT when the port is taken", async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    onTestFinished(() => new Promise<void>((resolve) => blocker.close(() => resolve())));
    const port = (blocker.address() as net.AddressInfo).port;
    const server = startServerProcess({
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "occazio-port-")),
      DEMO_DATA: "false",
      PORT: String(port),
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(`Le port ${port} (PORT) est déjà utilisé`);
    expect(server.output()).not.toContain("Occazio est prêt");
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

  it("refuses a bad STORAGE_URL, naming it without repeating its secret", async () => {
    const bad = startServerProcess({
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "occazio-bad-")),
      STORAGE_URL: "s3://cle:tres-secret@photos?endpont=https://s3.example.com",
    });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain("STORAGE_URL : paramètre inconnu « endpont »");
    expect(bad.output()).not.toContain("tres-secret");
    expect(bad.output()).not.toContain("Occazio est prêt");
  }, 30_000);
});

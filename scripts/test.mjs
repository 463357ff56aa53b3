#!/usr/bin/env node
// `npm test`: every suite. Unit + integration (PGlite, and PostgreSQL when DATABASE_URL is
// set) with Vitest, then end-to-end in Debian's Chromium against the production build.
// Plain JS so it runs before anything is compiled.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

function run(command, args, env = {}) {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function ensureChromium() {
  const wanted = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  if (fs.existsSync(wanted)) return true;
  const isDebian = fs.existsSync("/etc/debian_version");
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isDebian && isRoot && !process.env.CHROMIUM_PATH) {
    console.log("Chromium est absent : installation du paquet Debian « chromium »…");
    if (
      run("apt-get", ["update"]) === 0 &&
      run("apt-get", ["install", "-y", "chromium"], { DEBIAN_FRONTEND: "noninteractive" }) === 0
    ) {
      return fs.existsSync(wanted);
    }
  }
  console.error(
    `\nChromium introuvable (${wanted}). Les tests de bout en bout en ont besoin :\n` +
      `  - Debian/Ubuntu : sudo apt-get install -y chromium\n` +
      `  - ailleurs : installez Chromium ou Chrome et indiquez son chemin dans CHROMIUM_PATH.\n`,
  );
  return false;
}

const npx = process.platform === "win32" ? "npx.cmd" : "npx";
let failed = false;

// The server-process tests and the e2e suite run the production build.
if (run(npx, ["react-router", "build"]) !== 0) process.exit(1);

if (run(npx, ["vitest", "run"]) !== 0) failed = true;

if (!ensureChromium()) process.exit(1);
if (run(npx, ["playwright", "test"]) !== 0) failed = true;

process.exit(failed ? 1 : 0);

#!/usr/bin/env node
// `npm test`: every suite. Unit + integration (PGlite, and PostgreSQL when DATABASE_URL is
// set) with Vitest, then end-to-end in Debian's Chromium against the production build.
// Plain JS so it runs before anything is compiled.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";

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

/** True when nothing listens on `port` (the e2e app and its SMTP/OIDC peers bind these). */
function isFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/**
 * The e2e suite binds E2E_PORT and E2E_PORT + 25..27 (tests/support/e2e-env.ts). Unless the
 * caller chose a port, take the first free block from 3100 so that two `npm test` runs on one
 * machine (two checkouts, CI beside a developer) do not fight over the same ports.
 */
async function chooseE2ePort() {
  if (process.env.E2E_PORT) return process.env.E2E_PORT;
  for (let base = 3100; base < 3100 + 100 * 40; base += 100) {
    const ports = [base, base + 25, base + 26, base + 27];
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return String(base);
  }
  return "3100";
}

const npx = process.platform === "win32" ? "npx.cmd" : "npx";
let failed = false;

// The server-process tests and the e2e suite run the production build, made as `npm run build`
// makes it (static files compressed once, brotli and gzip: http-caching.test.ts serves them).
if (run(npx, ["tsx", "scripts/build.ts"]) !== 0) process.exit(1);

// The bundle budget (issue 15, decision 0021): first-load JavaScript of /home, /recherche and a
// listing within BUDGET_KIB gzip (the goal is 110 KiB), and no dialog, map, auth or schema code before it is opened. A failure
// names the chunk and module responsible.
if (run(npx, ["tsx", "scripts/bundle-budget.ts"]) !== 0) failed = true;

if (run(npx, ["vitest", "run"]) !== 0) failed = true;

if (!ensureChromium()) process.exit(1);
const e2ePort = await chooseE2ePort();
console.log(`\nTests de bout en bout sur le port ${e2ePort} (E2E_PORT).`);
if (run(npx, ["playwright", "test"], { E2E_PORT: e2ePort }) !== 0) failed = true;

process.exit(failed ? 1 : 0);

import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/support/chromium";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const DATA_DIR = path.join(os.tmpdir(), `occazio-e2e-${PORT}`);

/**
 * End-to-end tests drive Debian's Chromium against the production build served exactly as
 * `npm start` serves it, on a fresh embedded database with a small demo data set.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    trace: "retain-on-failure",
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions() } }],
  webServer: {
    command: `rm -rf ${DATA_DIR} && node --import tsx server/main.ts`,
    url: `http://localhost:${PORT}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR,
      DATABASE_URL: "",
      DEMO_LISTINGS: "40",
      LOG_LEVEL: "warn",
    },
  },
});

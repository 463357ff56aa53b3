import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/support/chromium";
import { E2E, OIDC_CLIENT } from "./tests/support/e2e-env";

const PORT = E2E.appPort;
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
  // Per test. Most specs are multi-step flows (sign-up, wizard, moderation, two pages): on the
  // 2-core CI machine running two workers beside the app server, 25 of them took 20–58 s and
  // two ran every step but finished at 31 s. Each wait is still on what the page shows (expect 10 s).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    trace: "retain-on-failure",
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions() } }],
  webServer: [
    {
      // Real SMTP and OpenID Connect peers (tests/support/e2e-peers.ts), before the app.
      command: "node --import tsx tests/support/e2e-peers.ts",
      url: `http://127.0.0.1:${E2E.mailboxPort}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `rm -rf ${DATA_DIR} && node --enable-source-maps build/node/main.mjs`,
      url: `http://localhost:${PORT}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: String(PORT),
        PUBLIC_URL: E2E.appUrl,
        DATA_DIR,
        DATABASE_URL: "",
        DEMO_LISTINGS: "40",
        LOG_LEVEL: "warn",
        BACKUP_INTERVAL_HOURS: "0",
        // New listings are in the sitemap at once (the background cache is tested in integration).
        SITEMAP_REFRESH_SECONDS: "0",
        SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
        OIDC_ISSUER: `http://127.0.0.1:${E2E.oidcPort}`,
        OIDC_CLIENT_ID: OIDC_CLIENT.clientId,
        OIDC_CLIENT_SECRET: OIDC_CLIENT.clientSecret,
        OIDC_PROVIDER_NAME: "Google",
        // Every spec signs in from 127.0.0.1; the limits themselves are tested in integration.
        RATE_LIMIT_SCALE: "50",
        // 'Prix en baisse sur vos favoris' leaves at once (the grouping delay is tested in integration).
        PRICE_DROP_EMAIL_DELAY_SECONDS: "0",
        // Stock import (issue 35): photos by URL come from a local HTTP server the spec starts on
        // 127.0.0.1. TESTS ONLY (decision 0047); the SSRF refusals are tested in integration.
        PHOTO_FETCH_ALLOW_PRIVATE: "true",
        // 'De confiance' dealers (decision 0054): every listing their imports publish is drawn for
        // review, so the spec finds its car in 'Contrôle après publication'; the share is tested in integration.
        TRUSTED_REVIEW_SAMPLE_PERCENT: "100",
      },
    },
  ],
});

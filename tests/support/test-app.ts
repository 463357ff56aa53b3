import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { createAuth } from "~/features/auth/auth.server";
import { COUNTER_WINDOW_MS, createCounterDedupe } from "~/features/listings/listing-detail.server";
import { createSitemapCache } from "~/features/listings/sitemap.server";
import { loadConfig } from "~/server/config.server";
import type { AppServices } from "~/server/context";
import { createEventBus, type EventBus } from "~/server/events.server";
import type { JobQueue } from "~/server/jobs.server";
import { createLogger, type Logger } from "~/server/logger.server";
import { createOutboxMailer, type Mailer } from "~/server/mailer.server";
import { createUserRateLimits, type RateLimitStore } from "~/server/rate-limit.server";
import { createLocalStorage, type Storage } from "~/server/storage.server";
import type { ReadReplicas } from "~/db/replicas.server";
import { createHttpApp } from "../../server/app";
import type { TestDatabase } from "./test-db";

const ROOT = path.resolve(import.meta.dirname, "../..");

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/**
 * The real HTTP app (Express + React Router production build + Better Auth) on a free port,
 * over a test database. Needs `npm run build` first (npm test builds before running Vitest).
 */
export async function startTestApp(options: {
  db: TestDatabase;
  env?: Record<string, string>;
  mailer?: Mailer;
  /** The job queue behind a queued mailer (readiness checks it). */
  jobs?: JobQueue;
  /** Default: silent. */
  logger?: Logger;
  /** Interface to listen on (default 127.0.0.1; "0.0.0.0" lets tests connect from a non-loopback address). */
  host?: string;
  /** Default: disk under the app's temporary DATA_DIR. */
  storage?: Storage;
  /** Default: in memory (this process only); a Redis bus makes /readyz check Redis. */
  events?: EventBus;
  /** Where the rate-limit windows live (default: memory; the table with PostgreSQL as in production). */
  rateLimitStore?: RateLimitStore;
  /** Scale of the app's own limits (USER_RATE_LIMITS) alone, sign-in limits staying at RATE_LIMIT_SCALE. */
  userRateLimitScale?: number;
  /** Read replicas of `db` (decision 0038): public reads go there, as with DATABASE_REPLICA_URLS. */
  replicas?: ReadReplicas;
}) {
  const buildFile = path.join(ROOT, "build/server/index.js");
  if (!fs.existsSync(buildFile)) {
    throw new Error("build/server/index.js manquant : lancez `npm run build` avant les tests d'intégration HTTP.");
  }
  const build = (await import(buildFile)) as ServerBuild;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-app-"));
  const logger = options.logger ?? createLogger({ level: "silent", pretty: false });
  // Listen first: the public URL (origin checks, auth callbacks) needs the port.
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, options.host ?? "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  const config = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: options.host ?? "127.0.0.1",
    // Every test client comes from 127.0.0.1; tests of the limits pass RATE_LIMIT_SCALE=1.
    RATE_LIMIT_SCALE: "20",
    ...options.env,
  });
  const mailer = options.mailer ?? createOutboxMailer({ db: options.db.db, logger });
  const rateLimits = createUserRateLimits(options.userRateLimitScale ?? config.RATE_LIMIT_SCALE, options.rateLimitStore);
  const services: AppServices = {
    config,
    db: options.db.db,
    replicas: options.replicas ?? null,
    logger,
    mailer,
    jobs: options.jobs,
    storage:
      options.storage ?? createLocalStorage(path.join(dataDir, "uploads"), { publicBaseUrl: config.PHOTO_BASE_URL }),
    events: options.events ?? createEventBus(),
    rateLimits,
    counterDedupe: createCounterDedupe({ windowMs: COUNTER_WINDOW_MS }),
    sitemap: createSitemapCache({ db: options.db.db, origin: config.PUBLIC_URL, refreshSeconds: 0 }),
    auth: createAuth({
      db: options.db.db,
      baseURL: config.PUBLIC_URL,
      secret: "integration-tests-secret-0123456789abcdef",
      mailer,
      logger,
      rateLimitScale: config.RATE_LIMIT_SCALE,
      signInLimits:
        options.userRateLimitScale === undefined ? rateLimits : createUserRateLimits(config.RATE_LIMIT_SCALE, options.rateLimitStore),
      trustedOrigins: config.trustedOrigins,
    }),
  };
  server.on(
    "request",
    createHttpApp({ services, build, clientDir: path.join(ROOT, "build/client"), dbPool: options.db.pool }),
  );
  return {
    url: config.PUBLIC_URL,
    port,
    services,
    dataDir,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A client that keeps cookies like a browser on this one origin and sends its Origin header. */
export function createClient(baseUrl: string) {
  const cookies = new Map<string, string>();
  async function request(pathname: string, init: RequestInit & { json?: unknown; form?: Record<string, string> } = {}) {
    const headers = new Headers(init.headers);
    headers.set("origin", headers.get("origin") ?? baseUrl);
    if (cookies.size) headers.set("cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers.set("content-type", "application/x-www-form-urlencoded");
      body = new URLSearchParams(init.form).toString();
    }
    const send = () => fetch(baseUrl + pathname, { ...init, headers, body, redirect: "manual" });
    let response: Response;
    try {
      response = await send();
    } catch (error) {
      // A kept-alive socket the in-process server closed while this process's event loop was
      // busy (seconds of PGlite work between two requests): the client reused it and got a
      // reset. Browsers retry an idempotent request on a fresh connection; so does this client.
      const method = (init.method ?? "GET").toUpperCase();
      const reset = (error as { cause?: { code?: string } }).cause?.code === "ECONNRESET";
      if (!reset || (method !== "GET" && method !== "HEAD")) throw error;
      response = await send();
    }
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...value] = (pair ?? "").split("=");
      if (!name) continue;
      if (/max-age=0/i.test(line) || value.join("=") === "") cookies.delete(name.trim());
      else cookies.set(name.trim(), value.join("="));
    }
    return response;
  }
  return {
    request,
    async signUp(email: string, password = "motdepasse-1", displayName = "Camille") {
      const response = await request("/api/auth/sign-up/email", {
        method: "POST",
        json: { email, password, name: displayName, displayName },
      });
      if (!response.ok) throw new Error(`inscription refusée : ${response.status} ${await response.text()}`);
      return (await response.json()) as { user: { id: string } };
    },
    async signIn(email: string, password: string) {
      return request("/api/auth/sign-in/email", { method: "POST", json: { email, password } });
    },
  };
}

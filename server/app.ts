import { randomBytes } from "node:crypto";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { fromNodeHeaders } from "better-auth/node";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import express, { type NextFunction, type Request, type Response } from "express";
import helmet from "helmet";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { sql } from "drizzle-orm";
import { CLIENT_IP_HEADER } from "~/features/auth/auth.server";
import { createPageSessionReader } from "~/features/auth/page-session.server";
import { photoAccess } from "~/features/listings/photo-access.server";
import type { AppServices, RequestIdentity } from "~/server/context";
import { readsOwnWrites, registerReplicaMetrics, writeMarkerCookie } from "~/db/replicas.server";
import { isStorageUnavailable } from "~/server/storage.server";
import type pg from "pg";
import { createPageCache, publicCachePolicy, sendPageEntry, toPageEntry } from "./page-cache";
import { createMetrics, readiness, requestId, requestLabeler } from "./operations";
import { createDependencyMonitor, webDependencyChecks } from "./dependencies";
import { hostGuard } from "./host-guard";
import { requestGuard, sendWebResponse, toWebRequest } from "./request-guard";
import { sendWholePage } from "./whole-page";
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailablePage, isDatabaseUnavailable } from "~/server/database-unavailable";

export interface CreateHttpAppOptions {
  services: AppServices;
  /** Production: the built server bundle. Development: a loader through Vite. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Development only: Vite's middlewares (HMR, on-demand modules). */
  viteMiddlewares?: express.RequestHandler;
  clientDir: string;
  /** PostgreSQL: the pool behind `services.db`, for the pool-usage metrics. */
  dbPool?: pg.Pool;
}

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Pages (and their `.data` requests) that exist only for one account. */
const PRIVATE_PATHS =
  /^\/(personal-info|account-settings|account|reinitialiser-mot-de-passe|wishlists|moderation|dev\/outbox|publish|hosting|edit-annonce|messages|connexion\/fournisseur|api\/auth|api\/events|api\/favorites|api\/conversations)(\/|\.data|$)/;

/**
 * Rejects state-changing requests sent from another site (CSRF): the Origin header, when a
 * browser sends one, must be this site; `Sec-Fetch-Site: cross-site` is refused outright.
 */
export function originCheck(trustedOrigins: string[]) {
  const trusted = new Set(trustedOrigins);
  return (req: Request, res: Response, next: NextFunction) => {
    if (!MUTATING.has(req.method)) return next();
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    const ownOrigin = `${req.protocol}://${req.get("host")}`;
    const allowed = origin === undefined || trusted.has(origin) || origin === ownOrigin;
    if (!allowed || fetchSite === "cross-site") {
      res.status(403).type("text/plain; charset=utf-8").send("Requête refusée : origine non autorisée.");
      return;
    }
    next();
  };
}

const PRIVATE = "private, no-store";

/**
 * Pages of an account must never be kept by a shared cache or the browser's back-forward
 * store; nor any page answered to a signed-in visitor (the header shows who is signed in),
 * which the page handler marks once the session lookup has found a session. Mounted after the
 * static files, whose own long caching stays. A route that sets its own Cache-Control (public
 * data such as the map API) overrides this.
 */
function privateCaching(req: Request, res: Response, next: NextFunction) {
  if (PRIVATE_PATHS.test(req.path)) res.setHeader("Cache-Control", PRIVATE);
  next();
}

/**
 * Built files through express-static-gzip, for GET and HEAD only, and only for a path that
 * decodes: it would answer `/%E0` itself with an English "URI malformed" 400. Anything else
 * falls through to the app, which answers in French.
 */
function staticFiles(handler: express.RequestHandler): express.RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    try {
      decodeURIComponent(req.path);
    } catch {
      return next();
    }
    handler(req, res, next);
  };
}

function tileOrigin(template: string): string | null {
  try {
    return new URL(template.replace(/\{[a-z]\}/g, "a")).origin;
  } catch {
    return null;
  }
}

export function createHttpApp(options: CreateHttpAppOptions): express.Express {
  const { services, clientDir } = options;
  const { config, logger } = services;
  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (none by default):
  // otherwise any client could choose the address its rate limits are counted under.
  app.set("trust proxy", config.trustProxy);

  app.use(requestId);
  // Shared dependencies (bucket, queue, Redis, SMTP, worker): degraded status on /readyz and
  // gauges on /metrics, never a readiness failure (server/dependencies.ts).
  const monitor = createDependencyMonitor({
    checks: webDependencyChecks(services),
    timeoutMs: 3_000,
    cacheMs: config.DEPENDENCY_CHECK_SECONDS * 1000,
    logger,
  });
  if (config.METRICS_TOKEN) {
    // Prometheus metrics exist only with a token: never public.
    const metrics = createMetrics({ services, pool: options.dbPool, monitor });
    app.use(metrics.observe(requestLabeler(options.build)));
    app.get("/metrics", metrics.handler(config.METRICS_TOKEN));
    if (services.replicas) registerReplicaMetrics(metrics.registry, services.replicas);
  }
  app.use((req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  const tiles = tileOrigin(config.MAP_TILE_URL);
  const photoOrigin = config.PHOTO_BASE_URL ? new URL(config.PHOTO_BASE_URL).origin : null;
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          "default-src": ["'self'"],
          "script-src": [
            "'self'",
            (_req, res) => `'nonce-${(res as Response).locals.cspNonce as string}'`,
            // Vite's dev client injects inline modules.
            ...(config.NODE_ENV === "development" ? ["'unsafe-inline'"] : []),
          ],
          "style-src": ["'self'", "'unsafe-inline'"],
          "img-src": ["'self'", "data:", "blob:", ...(tiles ? [tiles] : []), ...(photoOrigin ? [photoOrigin] : [])],
          "connect-src": ["'self'", ...(config.NODE_ENV === "development" ? ["ws:"] : [])],
          "frame-ancestors": ["'none'"],
          "form-action": ["'self'"],
          "upgrade-insecure-requests": config.PUBLIC_URL.startsWith("https://") ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      xFrameOptions: { action: "deny" },
      // The identity-provider popup talks back to its opener.
      crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: config.PUBLIC_URL.startsWith("https://"),
    }),
  );
  // The identity-provider popup comes back from another origin: with any stricter policy
  // the browser would cut its link to the opener page and the sign-in could not report back.
  app.use("/connexion/fournisseur", (_req, res, next) => {
    res.setHeader("Cross-Origin-Opener-Policy", "unsafe-none");
    next();
  });
  // Only the names this site is published under (DNS rebinding): before any route, the CSRF
  // check or Better Auth; the probes answer whatever the Host (server/host-guard.ts).
  const refusedHosts = new Set<string>();
  app.use(
    hostGuard({
      publicUrl: config.PUBLIC_URL,
      allowedHosts: config.allowedHosts,
      onRefused: (host) => {
        if (refusedHosts.size >= 100 || refusedHosts.has(host)) return;
        refusedHosts.add(host);
        logger.warn({ host, publicUrl: config.PUBLIC_URL }, "nom d'hôte non reconnu : réponse 421 (ALLOWED_HOSTS pour l'accepter)");
      },
    }),
  );
  if (!options.viteMiddlewares) {
    // Built files: compressed once by `npm run build` (.br and .gz beside each file), chosen
    // here by Accept-Encoding with Vary; mounted before compression() so they are never
    // compressed again per request. Hashed names under /assets never change.
    const staticOptions = (serveStatic: { immutable?: boolean; maxAge: string }) =>
      expressStaticGzip(serveStatic.immutable ? path.join(clientDir, "assets") : clientDir, {
        enableBrotli: true,
        orderPreference: ["br", "gz"],
        index: false,
        serveStatic: { ...serveStatic, index: false },
      });
    app.use("/assets", staticFiles(staticOptions({ immutable: true, maxAge: "1y" })));
    app.use(staticFiles(staticOptions({ maxAge: "1h" })));
  }
  app.use(compression());

  app.get("/healthz", async (_req, res) => {
    try {
      await services.db.execute(sql`select 1`);
      res.json({ status: "ok" });
    } catch (error) {
      logger.error({ err: error }, "healthz: base de données indisponible");
      res.status(503).set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
      res.json({ status: "error", message: "Base de données indisponible" });
    }
  });

  app.get("/readyz", readiness(services, monitor));

  // Photos: keys are unique per upload, so they never change. A removed photo is served to
  // no one, the photos of a listing the public cannot see only to its seller and moderators
  // (photo-access). On disk they are files; in a bucket they are streamed from it.
  const uploadsDir = path.join(config.dataDir, "uploads");
  const publicPhotos = express.static(uploadsDir, { immutable: true, maxAge: "1y", index: false });
  const privatePhotos = express.static(uploadsDir, { cacheControl: false, index: false });
  const streamPhoto = (cacheControl: string, req: Request, res: Response, next: NextFunction) => {
    services.storage
      .get(req.path.slice(1))
      .then((object) => {
        if (!object) return next();
        res.setHeader("Content-Type", object.contentType);
        if (object.contentLength !== undefined) res.setHeader("Content-Length", String(object.contentLength));
        res.setHeader("Cache-Control", cacheControl);
        pipeline(object.body, res).catch((error: unknown) => {
          logger.warn({ err: error, url: req.originalUrl }, "photo interrompue pendant l'envoi");
        });
      })
      .catch((error: unknown) => {
        if (!isStorageUnavailable(error)) return next(error);
        logger.warn({ err: error, url: req.originalUrl }, "stockage des photos injoignable : réponse 503");
        res.status(503).set({ "Cache-Control": "no-store", "Retry-After": "30" });
        res.type("text/plain; charset=utf-8").send("Photo momentanément indisponible.");
      });
  };
  app.use("/uploads", (req, res, next) => {
    photoAccess(services.db, req.path)
      .then(async (access) => {
        const disk = services.storage.kind === "disk";
        if (access.kind === "public") {
          return disk ? publicPhotos(req, res, next) : streamPhoto("public, max-age=31536000, immutable", req, res, next);
        }
        if (access.kind === "restricted") {
          const session = await services.auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
          const viewer = session?.user;
          if (viewer && (viewer.id === access.ownerId || viewer.role === "moderator")) {
            res.setHeader("Cache-Control", "private, no-store");
            return disk ? privatePhotos(req, res, next) : streamPhoto("private, no-store", req, res, next);
          }
        }
        next();
      })
      .catch(next);
  });
  app.use("/uploads", (_req, res) => {
    // Never cached: a CDN in front of /uploads must not remember a refusal (a photo the
    // public will see once its listing is published).
    res.status(404).set("Cache-Control", "no-store").type("text/plain; charset=utf-8").send("Photo introuvable.");
  });

  app.use(originCheck(config.trustedOrigins));
  // Read replicas (decision 0038): a browser that writes reads the primary for the next few
  // seconds, the longest a replica in rotation may be behind.
  const replicas = services.replicas;
  if (replicas) {
    const secure = config.PUBLIC_URL.startsWith("https://");
    app.use((req, res, next) => {
      if (MUTATING.has(req.method)) res.append("Set-Cookie", writeMarkerCookie({ windowSeconds: replicas.readYourWritesSeconds, secure }));
      next();
    });
  }
  // Rate limits key on the client address: taken from the socket (or a trusted proxy's
  // X-Forwarded-For, per TRUST_PROXY), never from a header the client could set.
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "";
    next();
  });
  app.use(requestGuard());
  app.all("/api/auth/{*rest}", privateCaching, (req, res, next) => {
    services.auth
      .handler(toWebRequest(req, res))
      .then((response) => sendWebResponse(res, response))
      .catch(next);
  });

  if (options.viteMiddlewares) {
    app.use(options.viteMiddlewares);
  }

  app.use(privateCaching);
  const pageCache = createPageCache({ ttlSeconds: config.pageCacheSeconds });
  const handleRequest = createRequestHandler(
    options.build,
    config.NODE_ENV === "development" ? "development" : "production",
  );
  /**
   * React Router's pages. Anonymous renders of public pages get validators and public caching,
   * home, search and listing pages are kept a few seconds in memory (server/page-cache.ts, decision 0020).
   * "Anonymous" is what the session lookup found, not a guess from cookie names; only a GET fills
   * the cache (React Router answers a HEAD without a body).
   *
   * The session of a GET or HEAD is looked up once, here, before anything else (decision 0030):
   * the cache's anonymity check, the root loader and the page's loaders share that one answer
   * (`identity.session`). Every page renders whole and leaves compressed whole (`sendWholePage`).
   */
  const readPageSession = createPageSessionReader(services.auth, services.db);
  async function servePage(req: Request, res: Response) {
    const identity: RequestIdentity = { sessionFound: false };
    if (req.method === "GET" || req.method === "HEAD") {
      // No cookie: no session, without asking.
      // One statement when the cookie is plainly valid; Better Auth for everything else.
      const cookie = req.headers.cookie;
      const session = cookie
        ? readPageSession(cookie).then((found) => found !== undefined ? found : services.auth.api.getSession({ headers: fromNodeHeaders(req.headers) }))
        : Promise.resolve(null);
      identity.session = session.then((found) => {
        if (found) identity.sessionFound = true;
        return found;
      });
      // Awaited by the loaders (and below): a failure reaches them, not the process.
      identity.session.catch(() => {});
    }
    // Log lines written while serving this request carry its id.
    const requestServices: AppServices = {
      ...services,
      logger: logger.child({ requestId: res.locals.requestId as string }),
      identity,
      readOwnWrites: replicas
        ? readsOwnWrites({ method: req.method, cookieHeader: req.headers.cookie, windowSeconds: replicas.readYourWritesSeconds })
        : false,
    };
    const loadContext: AppLoadContext = { services: requestServices, cspNonce: res.locals.cspNonce as string, socketAddress: req.socket.remoteAddress ?? "" };
    // Every page shows who is signed in.
    res.vary("Cookie");
    const policy = publicCachePolicy(req);
    const key = policy?.memo && pageCache.enabled ? req.originalUrl : null;
    if (policy && key && !(await identity.session)) {
      const pending = pageCache.pending(key);
      const cached = pageCache.get(key) ?? (pending ? await pending.catch(() => null) : null);
      if (cached) {
        // Not awaited: an answer never waits on zlib's thread pool (see PageCache.compress).
        void pageCache.compress(cached);
        await policy.onCopyServed?.(req, requestServices).catch((error: unknown) => {
          requestServices.logger.warn({ err: error, url: req.originalUrl }, "page servie depuis la mémoire : effet du loader non appliqué");
        });
        return sendPageEntry(req, res, cached, policy);
      }
    }
    const cacheable = policy && req.method === "GET" && !identity.sessionFound ? policy : null;
    // No page streams data in (no Suspense boundary waits for a loader): render each whole, in
    // one buffer, to compress it whole (sendWholePage).
    loadContext.renderWhole = true;
    const rendered = handleRequest(toWebRequest(req, res), loadContext).then(async (response) =>
      cacheable && response.status === 200 && !response.headers.has("set-cookie") && !identity.sessionFound
        ? { entry: await toPageEntry(response, loadContext.cspNonce), response: null }
        : { entry: null, response },
    );
    if (key && cacheable) pageCache.fill(key, rendered.then(({ entry }) => entry));
    const { entry, response } = await rendered;
    if (entry && cacheable) return sendPageEntry(req, res, entry, cacheable);
    if (identity.sessionFound) res.setHeader("Cache-Control", PRIVATE);
    return sendWholePage(req, res, response!);
  }
  app.use((req, res, next) => {
    servePage(req, res).catch(next);
  });

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error, url: req.originalUrl, requestId: res.locals.requestId as string }, "base de données injoignable : réponse 503");
      if (res.headersSent) return;
      res.status(503).set({ "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" });
      res.type("html").send(databaseUnavailablePage());
      return;
    }
    logger.error({ err: error, url: req.originalUrl, requestId: res.locals.requestId as string }, "erreur serveur");
    if (res.headersSent) return;
    res.status(500).type("text/plain; charset=utf-8").send("Une erreur interne est survenue.");
  });
  return app;
}

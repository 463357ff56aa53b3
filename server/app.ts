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
import { photoAccess } from "~/features/listings/photo-access.server";
import type { AppServices } from "~/server/context";
import { isStorageUnavailable } from "~/server/storage.server";
import type pg from "pg";
import { createPageCache, publicCachePolicy, SESSION_COOKIE, sendPageEntry, toPageEntry, type PageCache } from "./page-cache";
import { createMetrics, readiness, requestId, requestLabeler } from "./operations";
import { requestGuard, sendWebResponse, toWebRequest } from "./request-guard";
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
  /** The in-process cache of anonymous pages (default: PAGE_CACHE_SECONDS of the config). */
  pageCache?: PageCache;
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

/**
 * Pages of an account, and any page answered to a signed-in visitor (the header shows who is
 * signed in), must never be kept by a shared cache or the browser's back-forward store.
 * Mounted after the static files, whose own long caching stays. A route that sets its own
 * Cache-Control (public data such as the map API) overrides this.
 */
function privateCaching(req: Request, res: Response, next: NextFunction) {
  if (PRIVATE_PATHS.test(req.path) || SESSION_COOKIE.test(req.get("cookie") ?? "")) {
    res.setHeader("Cache-Control", "private, no-store");
  }
  next();
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
  if (config.METRICS_TOKEN) {
    // Prometheus metrics exist only with a token: never public.
    const metrics = createMetrics({ services, pool: options.dbPool });
    app.use(metrics.observe(requestLabeler(options.build)));
    app.get("/metrics", metrics.handler(config.METRICS_TOKEN));
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
    app.use("/assets", staticOptions({ immutable: true, maxAge: "1y" }));
    app.use(staticOptions({ maxAge: "1h" }));
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

  app.get("/readyz", readiness(services));

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
  const pageCache: PageCache = options.pageCache ?? createPageCache({ ttlSeconds: config.pageCacheSeconds });
  const handleRequest = createRequestHandler(
    options.build,
    config.NODE_ENV === "development" ? "development" : "production",
  );
  app.use((req, res, next) => {
    // Log lines written while serving this request carry its id.
    const requestServices = { ...services, logger: logger.child({ requestId: res.locals.requestId as string }) };
    const loadContext: AppLoadContext = { services: requestServices, cspNonce: res.locals.cspNonce as string, socketAddress: req.socket.remoteAddress ?? "" };
    const policy = publicCachePolicy(req);
    const memo = policy?.memo && pageCache.enabled ? req.originalUrl : null;
    if (policy && memo) {
      const cached = pageCache.get(memo);
      if (cached) {
        pageCache.stats.hits++;
        return sendPageEntry(req, res, cached.entry, policy, cached.csp);
      }
      const rendering = pageCache.pending(memo);
      if (rendering) {
        rendering
          .then((page) => {
            if (page) return sendPageEntry(req, res, page.entry, policy, page.csp);
            // The render was not cacheable (an error page…): render for this request.
            return handleRequest(toWebRequest(req, res), loadContext).then((response) => sendWebResponse(res, response));
          })
          .catch(next);
        return;
      }
    }
    if (policy) loadContext.renderWhole = true;
    const csp = String(res.getHeader("Content-Security-Policy") ?? "");
    const rendered = handleRequest(toWebRequest(req, res), loadContext).then(async (response) =>
      policy && response.status === 200 && !response.headers.has("set-cookie")
        ? { entry: await toPageEntry(response, loadContext.cspNonce), response: null }
        : { entry: null, response },
    );
    if (memo) pageCache.fill(memo, rendered.then(({ entry }) => (entry ? { entry, csp } : null)));
    rendered
      .then(({ entry, response }) =>
        entry && policy ? sendPageEntry(req, res, entry, policy) : sendWebResponse(res, response!),
      )
      .catch(next);
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

import type { Auth } from "~/features/auth/auth.server";
import type { Database } from "~/db/client.server";
import type { ReadReplicas } from "~/db/replicas.server";
import type { CounterDedupe } from "~/features/listings/listing-detail.server";
import type { SitemapCache } from "~/features/listings/sitemap.server";
import type { AppConfig } from "./config.server";
import type { EventBus } from "./events.server";
import type { JobQueue } from "./jobs.server";
import type { Logger } from "./logger.server";
import type { Mailer } from "./mailer.server";
import type { UserRateLimits } from "./rate-limit.server";
import type { Storage } from "./storage.server";

/**
 * What the server process builds once at start-up and hands to every loader and action
 * through React Router's load context. Route modules never open connections themselves, so
 * the Vite-built route bundle and the server share one database, one mailer, one storage.
 */
export interface AppServices {
  config: AppConfig;
  /** The primary: writes and the acting user's own data. Public reads go through `readDb(services)` (decision 0038). */
  db: Database;
  /** Streaming replicas of DATABASE_REPLICA_URLS, when set (`readDb` routes to them). */
  replicas?: ReadReplicas | null;
  /**
   * Per request (server/app.ts): this request writes, or its browser wrote a few seconds ago,
   * so its reads must see the primary (`readsOwnWrites`).
   */
  readOwnWrites?: boolean;
  auth: Auth;
  storage: Storage;
  mailer: Mailer;
  /** Durable background work (e-mails) on the database; `mailer.send` enqueues here. */
  jobs?: JobQueue;
  logger: Logger;
  /** Live updates to the browser (server-sent events), across processes with PostgreSQL or Redis. */
  events: EventBus;
  /** Per-user limits (publishing, photos, messages, reports, phone reveals); shared by every process on PostgreSQL. */
  rateLimits: UserRateLimits;
  /** Who already counted as a view or click of which listing recently (anti-inflation). */
  counterDedupe: CounterDedupe;
  /** The sitemap files, rebuilt in the background (SITEMAP_REFRESH_SECONDS). */
  sitemap: SitemapCache;
  /**
   * Per request only (server/app.ts gives each request its own copy of the services): set by
   * the session lookup when it found a session. The page cache decides after the render, from
   * this and not from cookie names, whether the page may be stored or shared.
   */
  identity?: RequestIdentity;
}

export interface RequestIdentity {
  sessionFound: boolean;
  /**
   * The session of this request, looked up once by the request pipeline (server/app.ts) for a
   * GET or HEAD page (decision 0030): the page cache's anonymity check, the root loader and the
   * page's own loaders all read this one answer. Absent for a POST (its action may change the
   * session or the account; its loaders then look it up again).
   */
  session?: Promise<SessionLookup>;
}

/** Better Auth's answer to `getSession`: the session and its user, or null. */
export type SessionLookup = Awaited<ReturnType<Auth["api"]["getSession"]>>;

declare module "react-router" {
  interface AppLoadContext {
    services: AppServices;
    /** Per-request CSP nonce for inline scripts. */
    cspNonce: string;
    /** Set by the server entry's `handleError` when a loader or action found the database unreachable. */
    databaseUnavailable?: boolean;
    /** The TCP peer of this request (never a forwarded header): developer pages need loopback. */
    socketAddress: string;
    /**
     * The server reads this page whole to validate or cache it (server/page-cache.ts): render it
     * whole too, so that the same data always gives the same bytes (no streamed boundaries).
     */
    renderWhole?: boolean;
  }
}

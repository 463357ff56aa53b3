import { z } from "zod";

/**
 * The environment variables the server reads, each with its type, bounds and default (README,
 * "Configuration"). Validated once at start-up by `loadConfig` (config.server.ts), which derives
 * the settings that depend on several of them; a bad value stops the process with a message
 * naming the variable.
 */
const booleanFromEnv = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .transform((v) => v === "true" || v === "1" || v === "yes");

/** An unset or blank variable counts as absent. */
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const optionalUrl = z.preprocess(blankToUndefined, z.url("URL invalide").optional());

/**
 * shared_buffers of the embedded PGlite when EMBEDDED_SHARED_BUFFERS is unset (decision 0057):
 * PostgreSQL's initdb writes 128MB into DATA_DIR/pg/postgresql.conf, which PGlite keeps in its
 * WebAssembly memory for the process's whole life; the embedded database's working set lives in
 * the kernel's page cache anyway (its files are read through the operating system).
 */
export const DEFAULT_EMBEDDED_SHARED_BUFFERS = "16MB";

const MEMORY_UNIT_KB = { kB: 1, MB: 1024, GB: 1024 * 1024 } as const;

/** A PostgreSQL memory size with its unit ("16MB", "4096kB", "1GB") → kB, or null. */
export function memorySizeKb(value: string): number | null {
  const match = /^(\d{1,7})(kB|MB|GB)$/.exec(value.trim());
  return match ? Number(match[1]) * MEMORY_UNIT_KB[match[2] as keyof typeof MEMORY_UNIT_KB] : null;
}

export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  // 0 picks a free port (tests).
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to listen on. Default: 127.0.0.1 on the embedded default (a developer's machine), 0.0.0.0 with DATABASE_URL. */
  HOST: z.preprocess(blankToUndefined, z.string().min(1).optional()),
  /** Public origin of the site, used for links in e-mails, canonical URLs and auth callbacks. */
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default("./data"),
  /** Real PostgreSQL. When unset, the embedded PGlite database in DATA_DIR/pg is used. */
  DATABASE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "doit commencer par postgres:// ou postgresql://")
      .optional(),
  ),
  /**
   * Photos: unset = DATA_DIR/uploads; `s3://bucket?endpoint=…&region=…&forcePathStyle=true` =
   * an S3-compatible bucket (checked by parseStorageUrl in storage-config.ts).
   */
  STORAGE_URL: z.preprocess(blankToUndefined, z.string().optional()),
  /**
   * Public base URL for photos of published listings (a CDN, or the bucket's public URL);
   * unset = served by the app at /uploads. Photos of other listings always go through the app.
   */
  PHOTO_BASE_URL: z.preprocess(
    blankToUndefined,
    z
      .url("URL invalide")
      .regex(/^https?:\/\//, "doit commencer par http:// ou https://")
      .optional(),
  ),
  /** Load demo users and listings on first start of the embedded default. */
  DEMO_DATA: booleanFromEnv.default(true),
  DEMO_LISTINGS: z.coerce.number().int().min(0).max(100_000).default(320),
  BETTER_AUTH_SECRET: z.preprocess(blankToUndefined, z.string().min(32, "au moins 32 caractères").optional()),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default("Occazio <no-reply@occazio.local>"),
  /** Map tiles: a URL template with {s},{z},{x},{y} and the attribution shown under the map. */
  MAP_TILE_URL: z.string().min(1).default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  MAP_TILE_ATTRIBUTION: z.string().default("© les contributeurs d'OpenStreetMap"),
  /** Identity provider for the "Google" popup: any OpenID Connect issuer (discovery URL is derived). */
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: z.preprocess(blankToUndefined, z.string().optional()),
  OIDC_CLIENT_SECRET: z.preprocess(blankToUndefined, z.string().optional()),
  /** Name on the button and in errors ("Erreur avec Google : …"). */
  OIDC_PROVIDER_NAME: z.string().min(1).default("Google"),
  /** Google directly (used when OIDC_ISSUER is unset). */
  GOOGLE_CLIENT_ID: z.preprocess(blankToUndefined, z.string().optional()),
  GOOGLE_CLIENT_SECRET: z.preprocess(blankToUndefined, z.string().optional()),
  /** Publish listings on submission, without moderation (small deployments without moderators). */
  AUTO_PUBLISH: booleanFromEnv.default(false),
  /** Stock import (issue 35): largest CSV file accepted, in bytes (20 MB), and most vehicle rows per file. */
  STOCK_IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(200 * 1024 * 1024)
    .default(20 * 1024 * 1024),
  STOCK_IMPORT_MAX_ROWS: z.coerce.number().int().min(1).max(1_000_000).default(20_000),
  /**
   * 'Flux automatique' (decision 0051): how often a registered feed is fetched (6 h), and the
   * first delay after a failure (5 min, then ×4 each failure, at most the interval).
   */
  STOCK_FEED_INTERVAL_SECONDS: z.coerce.number().int().min(60).max(7 * 86_400).default(21_600),
  STOCK_FEED_RETRY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /**
   * 'De confiance' dealers (decision 0054): the share, in percent (0–100, to 0.01), of the listings
   * their imports create or materially change — published at once — that moderators review after
   * publication ('Contrôle après publication'). 0 reviews none, 100 every one. Services called
   * without it use the same default (review-sampling.ts, DEFAULT_REVIEW_SAMPLE_PERCENT).
   */
  TRUSTED_REVIEW_SAMPLE_PERCENT: z.coerce.number().min(0).max(100).default(10),
  /**
   * TESTS ONLY (decision 0047): photos by URL may be fetched from private, loopback and
   * link-local addresses. Off by default; never set it on a server reachable by dealers, it
   * lets any professional make the server call its internal network.
   */
  PHOTO_FETCH_ALLOW_PRIVATE: booleanFromEnv.default(false),
  /** Multiplies every rate limit (tests that sign in often from one address use > 1). */
  RATE_LIMIT_SCALE: z.coerce.number().min(0.1).max(1000).default(1),
  /**
   * Reverse proxies whose X-Forwarded-For is believed (Express "trust proxy"): "false" (default,
   * the socket address is the client), "loopback", a hop count ("1") or addresses/CIDRs
   * ("10.0.0.0/8,192.168.1.2"). Rate limits key on the address this yields.
   */
  TRUST_PROXY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(
        /^(true|false|loopback|linklocal|uniquelocal|\d+|[0-9a-fA-F.:/, ]+)$/,
        "false, loopback, un nombre de proxys ou des adresses IP/CIDR",
      )
      .default("false"),
  ),
  /**
   * Host names served besides PUBLIC_URL's and loopback (DNS rebinding, decision 0028):
   * comma-separated `name` (any port) or `name:port`, e.g. "www.exemple.fr,192.168.1.20:3000".
   * Any other Host header is answered 421.
   */
  ALLOWED_HOSTS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(
        /^\s*(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?\s*(,\s*(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?\s*)*,?\s*$/,
        "des noms d'hôte séparés par des virgules (nom ou nom:port, sans http://)",
      )
      .optional(),
  ),
  /** Seconds between background rebuilds of the sitemaps (0 = rebuilt on every request). */
  SITEMAP_REFRESH_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600)
    .default(900),
  /**
   * Seconds between runs of the market price refresher (models whose listings changed are
   * fitted again; the whole market once a day) in processes that run jobs; 0 = never.
   */
  PRICING_REFRESH_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3600)
    .default(30),
  /**
   * Embedded default: seconds between passes of its autovacuum (PGlite has none of its own:
   * tables with enough dead or new rows are vacuumed and analysed, decision 0023); 0 = never.
   */
  EMBEDDED_VACUUM_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3600)
    .default(300),
  /**
   * Embedded default: PostgreSQL's shared_buffers for PGlite ("16MB", "1GB"; 1MB–1GB),
   * given at each start on PGlite's command line, so an existing DATA_DIR/pg gets it too (its
   * postgresql.conf is never rewritten). Resident memory of the process; decision 0057.
   */
  EMBEDDED_SHARED_BUFFERS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine((value) => {
        const kb = memorySizeKb(value);
        return kb !== null && kb >= 1024 && kb <= 1024 * 1024;
      }, "une taille PostgreSQL entre 1MB et 1GB, avec son unité : 16MB, 4096kB, 1GB")
      .default(DEFAULT_EMBEDDED_SHARED_BUFFERS),
  ),
  /** Embedded default: hours between automatic backups into DATA_DIR/backups (0 = none). */
  BACKUP_INTERVAL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
  /** Embedded default: automatic backups kept (oldest deleted first). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** Background jobs (e-mails) run in this web process; "false" leaves them to `npm run worker` (PostgreSQL only). */
  JOBS_IN_WEB: booleanFromEnv.default(true),
  /** First retry delay of a failed job, doubled at each attempt (exponential backoff). */
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  /** Attempts after the first before a job is kept as failed. */
  JOB_RETRY_LIMIT: z.coerce.number().int().min(0).max(100).default(12),
  /** How often workers look for due jobs (pg-boss polling; 0.5 s minimum). */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
  /**
   * 'Prix en baisse sur vos favoris': how long the first drop waits for others to join the same
   * e-mail (a seller often corrects a price twice in a few minutes). At most one e-mail a day.
   */
  PRICE_DROP_EMAIL_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(900),
  /**
   * Shared dependencies (bucket, Redis, SMTP, worker heartbeat) are checked again at most every
   * this many seconds, when /readyz or /metrics ask (SMTP at most every 30 s); 0 = at every ask.
   */
  DEPENDENCY_CHECK_SECONDS: z.coerce.number().min(0).max(300).default(5),
  /** `npm run worker` writes its heartbeat (app_meta) every this many seconds. */
  WORKER_HEARTBEAT_SECONDS: z.coerce.number().min(1).max(300).default(10),
  /** With JOBS_IN_WEB=false, /readyz reports the worker degraded when its last heartbeat is older. */
  WORKER_HEARTBEAT_MAX_AGE_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /** `npm run worker` also answers GET /healthz and /metrics on this port (unset: no HTTP). */
  WORKER_HEALTH_PORT: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(65535).optional()),
  /** Bearer token protecting GET /metrics (Prometheus); unset: no /metrics at all. */
  METRICS_TOKEN: z.preprocess(blankToUndefined, z.string().min(16, "au moins 16 caractères").optional()),
  /**
   * HTTP worker processes with DATABASE_URL (node:cluster; default: the CPUs of the container's
   * cgroup quota, else the machine's cores). The
   * embedded default always runs one process (PGlite is one process's database).
   */
  WEB_CONCURRENCY: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(64).optional()),
  /**
   * PostgreSQL connections in each process's pool (every HTTP worker, and the job worker's);
   * each HTTP worker also opens one LISTEN connection (without REDIS_URL) and one while it
   * rebuilds the sitemap. The total is logged at start and checked against max_connections.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
  /**
   * Direct PostgreSQL URL for the LISTEN connection of live events, when DATABASE_URL goes
   * through a pooler in transaction mode (PgBouncer), which cannot keep a LISTEN. Default:
   * DATABASE_URL. Unused with REDIS_URL.
   */
  DATABASE_LISTEN_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "doit commencer par postgres:// ou postgresql://")
      .optional(),
  ),
  /**
   * PostgreSQL streaming replicas (comma-separated postgres:// URLs) that serve anonymous reads:
   * search, listing pages, sitemaps and suggestions (decision 0038, app/db/replicas.server.ts).
   * Writes and the reads that must see them stay on DATABASE_URL. Ignored on the embedded default.
   */
  DATABASE_REPLICA_URLS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine(
        (value) =>
          value
            .split(",")
            .map((url) => url.trim())
            .filter(Boolean)
            .every((url) => /^postgres(ql)?:\/\/\S+$/.test(url)),
        "des URL postgres:// ou postgresql:// séparées par des virgules",
      )
      .optional(),
  ),
  /**
   * A replica further behind the primary than this (seconds of WAL it has not replayed) leaves
   * the rotation, and comes back once it is within half of it.
   */
  DATABASE_REPLICA_MAX_LAG_SECONDS: z.coerce.number().min(0.1).max(3600).default(5),
  /** Seconds between two checks of each replica's lag and reachability (per process). */
  DATABASE_REPLICA_CHECK_SECONDS: z.coerce.number().min(0.1).max(60).default(1),
  /**
   * Seconds an anonymous home or search page is answered from this process's memory before it
   * is rendered again (issue 15, decision 0020); 0 turns the cache off. Default: 5 with
   * DATABASE_URL (production traffic), 0 on the embedded default (one machine, and a listing
   * approved there shows in every search at once).
   */
  PAGE_CACHE_SECONDS: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(300).optional()),
  /** Redis carries live events between processes (instead of PostgreSQL LISTEN/NOTIFY). */
  REDIS_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, "doit commencer par redis:// ou rediss://")
      .optional(),
  ),
  /**
   * Prefix of the Redis pub/sub channel (`occazio:<namespace>:events`), so two deployments
   * sharing one Redis server never receive each other's events. Default: the database name of
   * DATABASE_URL, else "default".
   */
  EVENTS_NAMESPACE: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, "lettres, chiffres, « _ », « - » ou « . » (64 au plus)")
      .optional(),
  ),
  /**
   * Longest time a client may take to send a whole request, headers and body (slow-body
   * attacks hold sockets open otherwise): answered 408 beyond. 120 s lets a 10 Mo photo
   * through at 85 Ko/s; raise it for slower uploads.
   */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type RawConfig = z.infer<typeof configSchema>;

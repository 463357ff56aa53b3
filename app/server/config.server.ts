import { availableCpus } from "./connection-budget.server";
import path from "node:path";
import { configSchema, type RawConfig } from "./config-schema.server";
import { isLocalUrl, isLoopbackHost, localOriginAliases } from "./loopback";
import { parseStorageUrl, type StorageSettings } from "./storage-config";

/**
 * Every setting the server reads, validated once at start-up: the variables themselves are
 * config-schema.server.ts; here, what follows from several of them (host, origins, identity
 * provider, workers, replicas). A bad value stops the process with a message naming the
 * variable (`ConfigError`).
 */
export type { RawConfig };

export interface IdentityProviderConfig {
  /** "oidc" (generic OpenID Connect) or "google" (Better Auth's Google provider). */
  kind: "oidc" | "google";
  label: string;
  issuer?: string;
  clientId: string;
  clientSecret: string;
}

export interface AppConfig extends Omit<RawConfig, "HOST"> {
  HOST: string;
  /**
   * Listening on loopback only with a local PUBLIC_URL: nobody but the operator's machine can
   * reach the server. Demo accounts keep their published password and the e-mail outbox is
   * served (to loopback clients) only then.
   */
  isLocalOnly: boolean;
  /** Origins allowed to send state-changing requests (CSRF check, Better Auth). */
  trustedOrigins: string[];
  /** ALLOWED_HOSTS as a list (lower-case `name` or `name:port`). */
  allowedHosts: string[];
  /** Express "trust proxy" value derived from TRUST_PROXY. */
  trustProxy: boolean | number | string;
  /** The identity-provider popup, or null when none is configured (the button is hidden). */
  identityProvider: IdentityProviderConfig | null;
  PUBLIC_URL: string;
  dataDir: string;
  isProduction: boolean;
  /** PGlite in DATA_DIR: single process, never for production traffic. */
  isEmbedded: boolean;
  /** Developer pages (e-mail outbox) exist outside production and on the embedded default. */
  devToolsEnabled: boolean;
  /** HTTP worker processes to run (1: no cluster). */
  workers: number;
  /** Why `workers` is 1 although WEB_CONCURRENCY asked for more (logged at start-up), else null. */
  singleProcessReason: string | null;
  /** Empty on the embedded default until `ensureAuthSecret` fills it from DATA_DIR. */
  authSecret: string;
  /** Where photos are stored, from STORAGE_URL. */
  storage: StorageSettings;
  /** PAGE_CACHE_SECONDS resolved (0: off). */
  pageCacheSeconds: number;
  /** DATABASE_REPLICA_URLS as a list; empty on the embedded default (see `replicasIgnoredReason`). */
  replicaUrls: string[];
  /** Why DATABASE_REPLICA_URLS is not used although set (logged at start-up), else null. */
  replicasIgnoredReason: string | null;
}

export class ConfigError extends Error {
  constructor(public readonly issues: { variable: string; message: string }[]) {
    super(
      "Configuration invalide / invalid configuration:\n" +
        issues.map((i) => `  - ${i.variable} : ${i.message}`).join("\n"),
    );
    this.name = "ConfigError";
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? "?"),
        message: `${issue.message} (valeur reçue : ${JSON.stringify(env[String(issue.path[0])] ?? null)})`,
      })),
    );
  }
  const raw = parsed.data;
  const isProduction = raw.NODE_ENV === "production";
  const isEmbedded = !raw.DATABASE_URL;
  const publicUrl = raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`;
  let authSecret = raw.BETTER_AUTH_SECRET;
  if (!authSecret) {
    if (raw.DATABASE_URL && isProduction) {
      throw new ConfigError([
        { variable: "BETTER_AUTH_SECRET", message: "obligatoire avec DATABASE_URL en production" },
      ]);
    }
    // Embedded default and development: a per-installation secret kept in DATA_DIR.
    authSecret = "";
  }
  let identityProvider: IdentityProviderConfig | null = null;
  if (raw.OIDC_ISSUER) {
    if (!raw.OIDC_CLIENT_ID || !raw.OIDC_CLIENT_SECRET) {
      throw new ConfigError([
        {
          variable: raw.OIDC_CLIENT_ID ? "OIDC_CLIENT_SECRET" : "OIDC_CLIENT_ID",
          message: "obligatoire avec OIDC_ISSUER",
        },
      ]);
    }
    identityProvider = {
      kind: "oidc",
      label: raw.OIDC_PROVIDER_NAME,
      issuer: raw.OIDC_ISSUER.replace(/\/$/, ""),
      clientId: raw.OIDC_CLIENT_ID,
      clientSecret: raw.OIDC_CLIENT_SECRET,
    };
  } else if (raw.GOOGLE_CLIENT_ID || raw.GOOGLE_CLIENT_SECRET) {
    if (!raw.GOOGLE_CLIENT_ID || !raw.GOOGLE_CLIENT_SECRET) {
      throw new ConfigError([
        {
          variable: raw.GOOGLE_CLIENT_ID ? "GOOGLE_CLIENT_SECRET" : "GOOGLE_CLIENT_ID",
          message: "les deux variables Google sont obligatoires ensemble",
        },
      ]);
    }
    identityProvider = {
      kind: "google",
      label: "Google",
      clientId: raw.GOOGLE_CLIENT_ID,
      clientSecret: raw.GOOGLE_CLIENT_SECRET,
    };
  }
  let storage: StorageSettings;
  try {
    storage = parseStorageUrl(raw.STORAGE_URL, { AWS_REGION: env.AWS_REGION });
  } catch (error) {
    throw new ConfigError([{ variable: "STORAGE_URL", message: (error as Error).message }]);
  }
  const development = raw.NODE_ENV === "development";
  // Default: the CPUs of this container (its cgroup quota), not the host's cores.
  let workers = raw.WEB_CONCURRENCY ?? (isEmbedded || development ? 1 : availableCpus());
  let singleProcessReason: string | null = null;
  if (workers > 1 && isEmbedded) {
    singleProcessReason =
      "WEB_CONCURRENCY ignoré : la base embarquée (PGlite) n'est ouverte que par un seul processus ; définissez DATABASE_URL (PostgreSQL) pour plusieurs workers.";
    workers = 1;
  } else if (workers > 1 && development) {
    singleProcessReason =
      "WEB_CONCURRENCY ignoré en développement : un seul processus sert Vite et le rechargement à chaud.";
    workers = 1;
  }
  const listedReplicas = (raw.DATABASE_REPLICA_URLS ?? "")
    .split(",")
    .map((url) => url.trim())
    .filter(Boolean);
  const replicasIgnoredReason =
    isEmbedded && listedReplicas.length > 0
      ? "DATABASE_REPLICA_URLS ignoré : la base embarquée (PGlite) n'a pas de répliques ; définissez DATABASE_URL (PostgreSQL)."
      : null;
  const host = raw.HOST ?? (isEmbedded ? "127.0.0.1" : "0.0.0.0");
  const cleanPublicUrl = publicUrl.replace(/\/$/, "");
  return {
    ...raw,
    HOST: host,
    isLocalOnly: isLoopbackHost(host) && isLocalUrl(cleanPublicUrl),
    trustedOrigins: localOriginAliases(cleanPublicUrl),
    allowedHosts: (raw.ALLOWED_HOSTS ?? "")
      .split(",")
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
    trustProxy: parseTrustProxy(raw.TRUST_PROXY),
    identityProvider,
    PUBLIC_URL: cleanPublicUrl,
    dataDir: path.resolve(raw.DATA_DIR),
    isProduction,
    isEmbedded,
    devToolsEnabled: !isProduction || isEmbedded,
    workers,
    singleProcessReason,
    authSecret,
    PHOTO_BASE_URL: raw.PHOTO_BASE_URL?.replace(/\/+$/, ""),
    storage,
    pageCacheSeconds: raw.PAGE_CACHE_SECONDS ?? (isEmbedded ? 0 : 5),
    replicaUrls: isEmbedded ? [] : listedReplicas,
    replicasIgnoredReason,
  };
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

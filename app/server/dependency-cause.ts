/**
 * Why a shared dependency (bucket, Redis, SMTP, worker) failed its health check, in a few
 * fixed classes an operator can alert on and a French sentence saying what to look at. The
 * raw error (addresses, full messages) stays in the logs; /readyz and /metrics carry the class
 * and the code only (issue 38: an S3 authentication error is not "ne répond pas").
 */

export type DependencyCause =
  /** Credentials or signature refused, or no permission (S3 403, SMTP 535, Redis WRONGPASS). */
  | "auth"
  /** Nothing listens at the address (ECONNREFUSED). */
  | "connection-refused"
  /** No answer in time (our per-check bound, socket or connect timeout). */
  | "timeout"
  /** The host name does not resolve (ENOTFOUND, EAI_AGAIN). */
  | "dns"
  /** The peer closed or reset the connection (ECONNRESET, EPIPE). */
  | "connection-reset"
  /** No route to the host or network down (EHOSTUNREACH, ENETUNREACH). */
  | "unreachable"
  /** TLS handshake or certificate refused. */
  | "tls"
  /** The bucket (or database) does not exist (NoSuchBucket, 404, 3D000). */
  | "not-found"
  /** The local photo folder cannot be written (EACCES, EROFS, ENOTDIR). */
  | "disk-permission"
  /** The disk is full (ENOSPC, EDQUOT). */
  | "disk-full"
  /** The worker's last heartbeat is too old. */
  | "stale"
  /** The worker never signalled itself (no heartbeat at all). */
  | "absent"
  /** The service answered with an error of its own (5xx, protocol error). */
  | "server-error"
  /** Anything else: see the logs. */
  | "error";

export interface ClassifiedCause {
  cause: DependencyCause;
  /** The error's own code when it has one (InvalidAccessKeyId, ECONNREFUSED, EAUTH…). */
  code?: string;
  /** French, without addresses or secrets. */
  message: string;
}

/** Thrown by a check that took longer than its bound (classified "timeout"). */
export class CheckTimeoutError extends Error {
  override readonly name = "CheckTimeoutError";
  constructor(readonly ms: number) {
    super(`pas de réponse en ${ms} ms`);
  }
}

const AUTH_CODES = new Set([
  "InvalidAccessKeyId",
  "SignatureDoesNotMatch",
  "AccessDenied",
  "InvalidToken",
  "ExpiredToken",
  "InvalidSecurity",
  "AuthorizationHeaderMalformed",
  "RequestTimeTooSkewed",
  "Forbidden",
  "EAUTH",
  "WRONGPASS",
  "NOAUTH",
  "NOPERM",
  // PostgreSQL: invalid password, invalid authorization.
  "28P01",
  "28000",
]);
const TIMEOUT_CODES = new Set(["ETIMEDOUT", "ESOCKETTIMEDOUT", "TimeoutError", "CheckTimeoutError", "RequestTimeout", "ECONNABORTED"]);
const DNS_CODES = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_FAIL", "EAI_NONAME", "EDNS"]);
const RESET_CODES = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED", "SocketClosedUnexpectedlyError"]);
const UNREACHABLE_CODES = new Set(["EHOSTUNREACH", "ENETUNREACH", "EHOSTDOWN", "ENETDOWN"]);
const NOT_FOUND_CODES = new Set(["NoSuchBucket", "NotFound", /* PostgreSQL: no such database */ "3D000"]);
const DISK_PERMISSION_CODES = new Set(["EACCES", "EPERM", "EROFS", "ENOTDIR", "EISDIR", "EEXIST", "ENOENT"]);
const DISK_FULL_CODES = new Set(["ENOSPC", "EDQUOT"]);

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  originalCode?: unknown;
  Code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
  responseCode?: unknown;
  $metadata?: { httpStatusCode?: unknown };
}

/** The errors worth reading: `error`, its `cause` chain, an AggregateError's members. */
function errorsOf(error: unknown): ErrorLike[] {
  const found: ErrorLike[] = [];
  const visit = (value: unknown, depth: number) => {
    if (!value || typeof value !== "object" || depth > 6 || found.length > 20) return;
    const e = value as ErrorLike;
    found.push(e);
    if (Array.isArray(e.errors)) for (const member of e.errors) visit(member, depth + 1);
    visit(e.cause, depth + 1);
  };
  visit(error, 0);
  return found;
}

/** Codes carried by one error, most telling first (nodemailer keeps the socket's code as originalCode). */
function codesOf(e: ErrorLike): string[] {
  const codes: string[] = [];
  for (const value of [e.originalCode, e.Code, e.code, e.name]) {
    if (typeof value === "string" && value && value !== "Error" && !codes.includes(value)) codes.push(value);
  }
  // Redis answers "WRONGPASS invalid username-password pair" as the message of an ErrorReply.
  if (typeof e.message === "string") {
    const word = /^(WRONGPASS|NOAUTH|NOPERM)\b/.exec(e.message)?.[1];
    if (word) codes.unshift(word);
  }
  return codes;
}

const MESSAGES: Record<DependencyCause, string> = {
  auth: "authentification refusée : vérifiez la clé, le secret (ou l'heure du serveur) et les droits",
  "connection-refused": "connexion refusée : rien n'écoute à cette adresse (service arrêté ?)",
  timeout: "pas de réponse à temps (service bloqué, pare-feu ou réseau)",
  dns: "nom d'hôte introuvable (DNS)",
  "connection-reset": "connexion coupée par le service",
  unreachable: "hôte injoignable (réseau)",
  tls: "échec de la négociation TLS (certificat ?)",
  "not-found": "introuvable (bucket ou base de données inexistant)",
  "disk-permission": "dossier des photos non accessible en écriture",
  "disk-full": "disque plein",
  stale: "le worker ne donne plus signe de vie",
  absent: "aucun worker n'a signalé sa présence",
  "server-error": "le service répond par une erreur",
  error: "erreur inattendue (voir les journaux)",
};

/** A cause from its class, for checks that decide it themselves (worker heartbeat). */
export function causeOf(cause: DependencyCause, detail?: string): ClassifiedCause {
  return { cause, message: detail ? `${MESSAGES[cause]} (${detail})` : MESSAGES[cause] };
}

export function classifyDependencyError(error: unknown): ClassifiedCause {
  const chain = errorsOf(error);
  const pick = (set: Set<string>): string | undefined => {
    for (const e of chain) for (const code of codesOf(e)) if (set.has(code)) return code;
    return undefined;
  };
  const make = (cause: DependencyCause, code: string | undefined): ClassifiedCause => ({
    cause,
    ...(code ? { code } : {}),
    message: code ? `${MESSAGES[cause]} (${code})` : MESSAGES[cause],
  });
  // Our own bound first: a check that timed out may also carry a late socket error.
  if (chain.some((e) => e instanceof CheckTimeoutError)) {
    const ms = (chain.find((e) => e instanceof CheckTimeoutError) as CheckTimeoutError).ms;
    return { cause: "timeout", code: "CheckTimeout", message: `${MESSAGES.timeout} (aucune réponse en ${ms} ms)` };
  }
  const auth = pick(AUTH_CODES);
  if (auth) return make("auth", auth);
  const refused = pick(new Set(["ECONNREFUSED"]));
  if (refused) return make("connection-refused", refused);
  const dns = pick(DNS_CODES);
  if (dns) return make("dns", dns);
  const timeout = pick(TIMEOUT_CODES);
  if (timeout) return make("timeout", timeout);
  const unreachable = pick(UNREACHABLE_CODES);
  if (unreachable) return make("unreachable", unreachable);
  const reset = pick(RESET_CODES);
  if (reset) return make("connection-reset", reset);
  for (const e of chain) {
    for (const code of codesOf(e)) {
      if (code === "ETLS" || code.startsWith("ERR_TLS") || code.startsWith("ERR_SSL") || /^(CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED)/.test(code)) {
        return make("tls", code);
      }
    }
  }
  const notFound = pick(NOT_FOUND_CODES);
  if (notFound) return make("not-found", notFound);
  const full = pick(DISK_FULL_CODES);
  if (full) return make("disk-full", full);
  const disk = pick(DISK_PERMISSION_CODES);
  if (disk) return make("disk-permission", disk);
  // An HTTP status without a readable code (HEAD answers have no body).
  for (const e of chain) {
    const status = e.$metadata?.httpStatusCode;
    if (status === 401 || status === 403) return make("auth", `HTTP ${status}`);
    if (status === 404) return make("not-found", "HTTP 404");
    if (typeof status === "number" && status >= 500) return make("server-error", `HTTP ${status}`);
  }
  // SMTP answers: 535 = authentication failed, 4xx/5xx otherwise.
  for (const e of chain) {
    if (e.responseCode === 535 || e.responseCode === 530) return make("auth", `SMTP ${e.responseCode}`);
    if (typeof e.responseCode === "number" && e.responseCode >= 400) return make("server-error", `SMTP ${e.responseCode}`);
  }
  const first = chain.map(codesOf).find((codes) => codes.length > 0)?.[0];
  // node-postgres' pool says "timeout exceeded when trying to connect" without a code.
  if (chain.some((e) => typeof e.message === "string" && /time(d)? ?out/i.test(e.message))) return make("timeout", first);
  return make("error", first);
}

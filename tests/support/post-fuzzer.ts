import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routeConfig from "~/routes";
import { insertListing, insertUser, type InsertedUser } from "~/testing/inserters.server";
import type { DbExecutor } from "~/db/client.server";

/**
 * POST fuzzer (issue 37, finding 2): odd bodies to every route of app/routes.ts (and the
 * Better Auth endpoints a form or script posts to), anonymously and with a signed-in session,
 * always with this site's Origin so that the body gets past the CSRF check and reaches the
 * action. The contract: whatever the body, no answer is a 5xx (and no connection dies).
 *
 * Used by tests/integration/post-fuzz.test.ts (a few hundred bodies per engine, in CI) and
 * `npm run fuzz:post` (scripts/fuzz-post-routes.ts, thousands). Deterministic per seed: a
 * failure prints its seed and case number, and `--seed S --count N` replays it.
 */

const APP_DIR = path.resolve(import.meta.dirname, "../../app");
/** The guard's in-memory limit for forms and JSON (server/request-guard.ts). */
const FORM_BODY_LIMIT = 64 * 1024;

export interface FuzzRoute {
  /** React Router pattern, e.g. `messages/:id`; "" for the index route. */
  pattern: string;
  /** Whether the route module exports an action (others must answer 405, not 500). */
  hasAction: boolean;
}

/** Better Auth endpoints reached by forms or scripts (not in app/routes.ts). Sign-out and deletions left out: they would end the sessions. */
const AUTH_ENDPOINTS = [
  "api/auth/sign-in/email",
  "api/auth/sign-up/email",
  "api/auth/request-password-reset",
  "api/auth/reset-password",
  "api/auth/send-verification-email",
  "api/auth/update-user",
  "api/auth/change-password",
];

function flatten(entries: RouteConfigEntry[], prefix: string, out: { pattern: string; file: string }[]) {
  for (const entry of entries) {
    const own = entry.path ?? "";
    const pattern = [prefix, own].filter(Boolean).join("/");
    if (entry.path !== undefined || entry.index) out.push({ pattern, file: entry.file });
    if (entry.children) flatten(entry.children, pattern, out);
  }
}

/** Every route of app/routes.ts (layouts aside), with whether its module has an action, plus Better Auth's POST endpoints. */
export function postRoutes(): FuzzRoute[] {
  const flat: { pattern: string; file: string }[] = [];
  flatten(routeConfig, "", flat);
  const routes = flat.map(({ pattern, file }) => {
    const source = fs.readFileSync(path.join(APP_DIR, file), "utf8");
    return { pattern, hasAction: /export (async )?function action\b|export const action\b/.test(source) };
  });
  return [...routes, ...AUTH_ENDPOINTS.map((pattern) => ({ pattern, hasAction: true }))];
}

export interface FuzzSession {
  label: string;
  /** Cookie header value; null: anonymous. */
  cookie: string | null;
}

export interface FuzzFixtures {
  sessions: FuzzSession[];
  /** A published listing (the seller's), its conversation with the buyer, the seller's username. */
  listingId: string;
  draftId: string;
  conversationId: string;
  username: string;
}

async function signIn(baseUrl: string, user: InsertedUser): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: baseUrl, "content-type": "application/json" },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (response.status !== 200) throw new Error(`connexion du fuzzer refusée : ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .join("; ");
}

/** A seller with a published listing and a draft, a buyer who wrote to them, a moderator; a session for each. */
export async function prepareFuzzFixtures(options: { baseUrl: string; db: DbExecutor }): Promise<FuzzFixtures> {
  const { baseUrl, db } = options;
  const seller = await insertUser(db);
  const buyer = await insertUser(db);
  const moderator = await insertUser(db, { role: "moderator" });
  const listing = await insertListing(db, seller.id, { status: "published" });
  const draft = await insertListing(db, seller.id, { status: "draft" });
  const [sellerCookie, buyerCookie, moderatorCookie] = await Promise.all([seller, buyer, moderator].map((u) => signIn(baseUrl, u)));
  const started = await fetch(`${baseUrl}/api/listings/${listing.id}/conversation`, {
    method: "POST",
    headers: { origin: baseUrl, cookie: buyerCookie!, accept: "application/json" },
  });
  if (!started.ok) throw new Error(`conversation du fuzzer refusée : ${started.status} ${await started.text()}`);
  const { id: conversationId } = (await started.json()) as { id: string };
  return {
    sessions: [
      { label: "anonyme", cookie: null },
      { label: "vendeur", cookie: sellerCookie! },
      { label: "acheteur", cookie: buyerCookie! },
      { label: "modérateur", cookie: moderatorCookie! },
    ],
    listingId: listing.id,
    draftId: draft.id,
    conversationId,
    username: seller.username,
  };
}

// ---------------------------------------------------------------- deterministic randomness

export type Random = ReturnType<typeof createRandom>;

/** mulberry32: small, seedable, good enough to pick cases. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const chance = (p: number) => next() < p;
  const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => int(0, 255)));
  return { next, int, pick, chance, bytes };
}

// ---------------------------------------------------------------- what is sent

const FIELD_NAMES = [
  "intent", "id", "listingId", "step", "quit", "body", "name", "frequency", "reasonCode", "reasonText", "password",
  "confirmation", "username", "firstname", "lastname", "phoneNumber", "brand", "model", "price", "mileage", "year",
  "fuel", "gearbox", "description", "postalCode", "notifyNewMessage", "notifySearchAlerts", "email", "redirectTo",
  "token", "newPassword", "currentPassword", "query", "favorite", "action", "listingIds", "reason", "details", "days",
] as const;
const INTENTS = [
  "send", "archive", "unarchive", "report", "rename", "frequency", "delete", "open", "sold", "validate", "reject",
  "validate-revision", "reject-revision", "remove-report", "dismiss-reports", "suspend", "warn", "delete-account", "public",
  "private",
] as const;
const ODD_KEYS = [
  "__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf", "a[]", "a[b][c]", "", " ", "=", "%",
  "%ZZ", "%E0%A4%A", "+", "&", "\u00e9t\u00e9", "\ud83d\ude97", "k".repeat(300), "intent[]", "step.0", "__defineGetter__",
] as const;

function oddValue(r: Random, f: FuzzFixtures): string {
  switch (r.int(0, 17)) {
    case 0: return f.listingId;
    case 1: return f.conversationId;
    case 2: return f.draftId;
    case 3: return "00000000-0000-4000-8000-000000000000";
    case 4: return r.pick(["-1", "0", "1", "2", "3", "4", "5", "6", "7", "99", "1e309", "NaN", "Infinity", "99999999999999999999", "0x10", "1.5"]);
    case 5: return "é".repeat(r.int(1, 5000));
    case 6: return r.pick(INTENTS);
    case 7: return r.pick(["' or 1=1 --", "<script>alert(1)</script>", "{\"a\":1}", "[]", "null", "true", "../../etc/passwd", "%00"]);
    case 8: return "";
    case 9: return " \t\n ";
    case 10: return r.pick(["\u202e", "\u200b\u200d", "e\u0301", "\ud83d\udc68\u200d\ud83d\udd27", "\ud800", "\uffff"]);
    case 11: return r.pick(["Peugeot", "208", "Renault", "Clio", "75001", "13001", "essence", "diesel", "manuelle", "on", "1"]);
    case 12: return r.pick(["instant", "daily", "weekly", "none", "never"]);
    case 13: return r.pick(["wrong", "fraud", "spam", "sold", "other", "x"]);
    case 14: return "a".repeat(r.int(100, 20_000));
    case 15: return `${r.int(0, 10_000_000)}`;
    case 16: return r.pick(["brand=Peugeot&model=208", "q=constructor", "?x=1", "/recherche?brand=Peugeot"]);
    default: return `valeur-${r.int(0, 1000)}`;
  }
}

function fieldName(r: Random): string {
  return r.chance(0.8) ? r.pick(FIELD_NAMES) : r.pick(ODD_KEYS);
}

function fields(r: Random, f: FuzzFixtures): [string, string][] {
  const out: [string, string][] = [];
  if (r.chance(0.7)) out.push(["intent", r.pick(INTENTS)]);
  const n = r.int(0, 8);
  for (let i = 0; i < n; i++) out.push([fieldName(r), oddValue(r, f)]);
  return out;
}

function randomJson(r: Random, f: FuzzFixtures, depth = 0): unknown {
  switch (r.int(0, depth > 2 ? 3 : 6)) {
    case 0: return oddValue(r, f);
    case 1: return r.pick([0, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER + 2]);
    case 2: return r.pick([true, false, null]);
    case 3: return r.pick(INTENTS);
    case 4: return Array.from({ length: r.int(0, 4) }, () => randomJson(r, f, depth + 1));
    default: {
      const object: Record<string, unknown> = {};
      for (let i = r.int(0, 6); i > 0; i--) object[fieldName(r)] = randomJson(r, f, depth + 1);
      return object;
    }
  }
}

const CRLF = "\r\n";

function multipart(parts: [string, string | Buffer][], boundary: string, options: { filePart?: boolean } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of parts) {
    const file = options.filePart && chunks.length === 0 ? `; filename="photo.jpg"${CRLF}Content-Type: image/jpeg` : "";
    chunks.push(Buffer.from(`--${boundary}${CRLF}Content-Disposition: form-data; name="${name}"${file}${CRLF}${CRLF}`));
    chunks.push(typeof value === "string" ? Buffer.from(value) : value);
    chunks.push(Buffer.from(CRLF));
  }
  chunks.push(Buffer.from(`--${boundary}--${CRLF}`));
  return Buffer.concat(chunks);
}

export interface FuzzCase {
  index: number;
  kind: string;
  method: string;
  path: string;
  session: string;
  headers: Record<string, string>;
  body: Buffer;
}

const FORM = "application/x-www-form-urlencoded";

/** encodeURIComponent, a lone surrogate sent as the invalid UTF-8 it would be. */
const encode = (value: string) => value.split(/([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/).map((part, i) => (i % 2 ? "%ED%A0%80" : encodeURIComponent(part))).join("");
const MULTIPART = "multipart/form-data";

/** One body and its Content-Type (undefined: no header). */
function makeBody(r: Random, f: FuzzFixtures): { kind: string; type: string | undefined; body: Buffer } {
  const boundary = `----occazio${r.int(0, 1e9)}`;
  switch (r.int(0, 15)) {
    case 0:
      return { kind: "json", type: r.pick(["application/json", "application/json; charset=utf-8", "APPLICATION/JSON"]), body: Buffer.from(JSON.stringify(randomJson(r, f))) };
    case 1:
      return { kind: "json-cassé", type: "application/json", body: Buffer.from(r.pick(['{"intent":', "[1,2", "{'a':1}", "\u0000", "nul", '{"__proto__":{"x":1}}'])) };
    case 2:
      return { kind: "text/plain", type: r.pick(["text/plain", "text/plain;charset=UTF-8"]), body: Buffer.from(r.chance(0.5) ? new URLSearchParams(fields(r, f)).toString() : oddValue(r, f)) };
    case 3:
      return { kind: "multipart", type: `${MULTIPART}; boundary=${boundary}`, body: multipart(fields(r, f), boundary, { filePart: r.chance(0.2) }) };
    case 4: {
      const whole = multipart(fields(r, f), boundary);
      return { kind: "multipart-tronqué", type: `${MULTIPART}; boundary=${boundary}`, body: whole.subarray(0, r.int(0, Math.max(0, whole.length - 3))) };
    }
    case 5: {
      const variant = r.int(0, 6);
      const body = multipart(fields(r, f), boundary);
      const types = [
        `${MULTIPART}; boundary=autre${boundary}`,
        MULTIPART,
        `${MULTIPART}; boundary=`,
        `${MULTIPART}; boundary="${boundary}`,
        `${MULTIPART}; boundary=${"b".repeat(200)}`,
        `${MULTIPART}; boundary=${boundary}; boundary=x`,
        `multipart/mixed; boundary=${boundary}`,
      ];
      return { kind: "multipart-mauvaise-frontière", type: types[variant], body };
    }
    case 6: {
      const garbage = [
        `--${boundary}${CRLF}${CRLF}sans en-têtes${CRLF}--${boundary}--`,
        `--${boundary}${CRLF}Content-Disposition: form-data${CRLF}${CRLF}sans nom${CRLF}--${boundary}--${CRLF}`,
        `--${boundary}${CRLF}Content-Disposition: form-data; name="intent"${CRLF}${CRLF}send`,
        `--${boundary}--`,
        `${CRLF}${CRLF}${CRLF}`,
        `--${boundary}${CRLF}Content-Disposition: form-data; name="a"; filename*=UTF-8''%E0%A4%A${CRLF}${CRLF}x${CRLF}--${boundary}--${CRLF}`,
        `--${boundary}${CRLF}Content-Disposition: form-data; name="${"n".repeat(5000)}"${CRLF}${CRLF}x${CRLF}--${boundary}--${CRLF}`,
      ];
      return { kind: "multipart-malformé", type: `${MULTIPART}; boundary=${boundary}`, body: Buffer.from(r.pick(garbage)) };
    }
    case 7: {
      const size = r.chance(0.1) ? r.int(FORM_BODY_LIMIT, FORM_BODY_LIMIT + 4096) : r.int(1000, 60_000);
      const name = "n".repeat(size);
      return r.chance(0.5)
        ? { kind: "nom-de-champ-énorme", type: FORM, body: Buffer.from(`${name}=1&intent=send`) }
        : { kind: "nom-de-champ-énorme", type: `${MULTIPART}; boundary=${boundary}`, body: multipart([[name, "1"]], boundary) };
    }
    case 8: {
      const invalid = Buffer.from([0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1, 0xf0, 0x28, 0x8c, 0xbc, 0xff, 0xfe]);
      return r.chance(0.5)
        ? { kind: "utf8-invalide", type: FORM, body: Buffer.concat([Buffer.from("intent=send&body="), invalid, Buffer.from("&"), invalid, Buffer.from("=x")]) }
        : { kind: "utf8-invalide", type: `${MULTIPART}; boundary=${boundary}`, body: multipart([["body", invalid], ["name", invalid]], boundary) };
    }
    case 9: {
      const pairs = Array.from({ length: r.int(1, 12) }, () => `${r.pick(ODD_KEYS)}=${encode(oddValue(r, f))}`);
      if (r.chance(0.3)) pairs.push("%", "=%", "a=%ZZ", "&&", "=");
      return { kind: "urlencoded-clés-bizarres", type: r.pick([FORM, `${FORM}; charset=utf-16le`, "APPLICATION/X-WWW-FORM-URLENCODED"]), body: Buffer.from(pairs.join("&")) };
    }
    case 10:
    case 11:
      return { kind: "urlencoded", type: FORM, body: Buffer.from(new URLSearchParams(fields(r, f)).toString()) };
    case 12:
      return { kind: "vide", type: r.pick([undefined, FORM, `${MULTIPART}; boundary=${boundary}`, "application/json", "text/plain"]), body: Buffer.alloc(0) };
    case 13:
      return { kind: "binaire", type: r.pick([undefined, "application/octet-stream", "image/jpeg", FORM, `${MULTIPART}; boundary=${boundary}`, "application/json"]), body: r.bytes(r.int(1, 2048)) };
    case 14:
      return { kind: "type-étranger", type: r.pick(["text/html", "application/xml", "text/xml", "application/x-www-form-urlencodedx", "form", ";", "*/*", "application/graphql"]), body: Buffer.from(new URLSearchParams(fields(r, f)).toString()) };
    default:
      return { kind: "nul", type: r.pick([FORM, "text/plain", `${MULTIPART}; boundary=${boundary}`]), body: Buffer.from(`intent=send&body=a\u0000b`) };
  }
}

const JUNK_SEGMENTS = ["pas-un-id", "00000000-0000-0000-0000-000000000000", "%27%20or%201%3D1", "%E0%A4%A", "%00", "x".repeat(300), "%C3%A9t%C3%A9", "..", "constructor"];

function fillPath(r: Random, pattern: string, f: FuzzFixtures): string {
  const segments = pattern.split("/").filter(Boolean).flatMap((segment) => {
    if (segment === "*") return [r.pick(["nulle-part", "a/b/c", "%E0"])];
    const optional = segment.endsWith("?");
    const name = segment.replace(/^:/, "").replace(/\?$/, "");
    if (!segment.startsWith(":")) return [segment];
    if (optional && r.chance(0.4)) return [];
    if (r.chance(0.3)) return [r.pick(JUNK_SEGMENTS)];
    if (name === "username") return [f.username];
    if (name === "slug") return ["peugeot-208"];
    if (name === "name") return [r.pick(["listings-1.xml", "pages.xml", "x.xml"])];
    if (pattern.startsWith("messages") || pattern.startsWith("api/conversations")) return [f.conversationId];
    return [r.pick([f.listingId, f.draftId])];
  });
  let pathname = `/${segments.join("/")}`;
  // React Router's single-fetch form of the same request (what <Form> sends once hydrated).
  if (r.chance(0.15) && !pattern.startsWith("api/")) pathname = pathname === "/" ? "/_root.data" : `${pathname}.data`;
  if (r.chance(0.1)) pathname += r.pick(["?index", "?etape=3", "?vue=archives", "?r=abc", "?q=constructor", "?_routes=root"]);
  return pathname;
}

/** The `count` cases of `seed`: case i is the same on every run. */
export function* fuzzCases(options: { seed: number; count: number; routes: FuzzRoute[]; fixtures: FuzzFixtures; baseUrl: string }): Generator<FuzzCase> {
  const { routes, fixtures: f, baseUrl } = options;
  const withAction = routes.filter((route) => route.hasAction);
  for (let index = 0; index < options.count; index++) {
    const r = createRandom(options.seed * 1_000_003 + index);
    // Mostly routes with an action (where bodies are read), every route now and then.
    const route = r.chance(0.85) ? r.pick(withAction) : r.pick(routes);
    const session = r.pick(f.sessions);
    const { kind, type, body } = makeBody(r, f);
    const headers: Record<string, string> = { origin: baseUrl };
    if (type !== undefined) headers["content-type"] = type;
    if (session.cookie) headers.cookie = session.cookie;
    const accept = r.pick([undefined, "text/html,application/xhtml+xml", "application/json", "*/*"]);
    if (accept) headers.accept = accept;
    if (r.chance(0.3)) headers["sec-fetch-site"] = "same-origin";
    const method = r.chance(0.92) ? "POST" : r.pick(["PUT", "PATCH", "DELETE"]);
    yield { index, kind, method, path: fillPath(r, route.pattern, f), session: session.label, headers, body };
  }
}

// ---------------------------------------------------------------- sending and counting

export interface FuzzOutcome {
  fuzzCase: FuzzCase;
  /** HTTP status, or 0 when the connection failed before an answer. */
  status: number;
  error?: string;
  text: string;
}

function send(baseUrl: string, agent: http.Agent, c: FuzzCase, timeoutMs: number): Promise<FuzzOutcome> {
  return new Promise((resolve) => {
    const request = http.request(`${baseUrl}${c.path}`, {
      method: c.method,
      agent,
      headers: { ...c.headers, "content-length": String(c.body.length) },
      timeout: timeoutMs,
    });
    let settled = false;
    const done = (outcome: Omit<FuzzOutcome, "fuzzCase">) => {
      if (settled) return;
      settled = true;
      resolve({ fuzzCase: c, ...outcome });
    };
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.length < 8 && chunks.push(chunk));
      response.on("end", () => done({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8").slice(0, 400) }));
      response.on("error", (error) => done({ status: response.statusCode ?? 0, text: "", error: error.message }));
    });
    request.on("timeout", () => request.destroy(new Error(`pas de réponse en ${timeoutMs} ms`)));
    request.on("error", (error) => done({ status: 0, text: "", error: error.message }));
    request.end(c.body);
  });
}

export interface FuzzReport {
  seed: number;
  count: number;
  byStatus: Map<number, number>;
  byRoute: Map<string, Map<number, number>>;
  byKind: Map<string, Map<number, number>>;
  /** 5xx answers and connections that failed (a body within the form limit must be answered). */
  failures: FuzzOutcome[];
  durationMs: number;
}

function bump(map: Map<number, number>, status: number) {
  map.set(status, (map.get(status) ?? 0) + 1);
}

function routeOf(pathname: string): string {
  return pathname.split("?")[0]!.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ":id");
}

export async function runPostFuzz(options: {
  baseUrl: string;
  seed: number;
  count: number;
  fixtures: FuzzFixtures;
  routes?: FuzzRoute[];
  concurrency?: number;
  timeoutMs?: number;
  onProgress?: (done: number) => void;
}): Promise<FuzzReport> {
  const started = Date.now();
  const routes = options.routes ?? postRoutes();
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency ?? 4 });
  const report: FuzzReport = { seed: options.seed, count: options.count, byStatus: new Map(), byRoute: new Map(), byKind: new Map(), failures: [], durationMs: 0 };
  const cases = fuzzCases({ seed: options.seed, count: options.count, routes, fixtures: options.fixtures, baseUrl: options.baseUrl });
  let done = 0;
  const worker = async () => {
    for (let next = cases.next(); !next.done; next = cases.next()) {
      const outcome = await send(options.baseUrl, agent, next.value, options.timeoutMs ?? 30_000);
      const { status, fuzzCase } = outcome;
      bump(report.byStatus, status);
      const route = `${fuzzCase.method} ${routeOf(fuzzCase.path)}`;
      if (!report.byRoute.has(route)) report.byRoute.set(route, new Map());
      bump(report.byRoute.get(route)!, status);
      if (!report.byKind.has(fuzzCase.kind)) report.byKind.set(fuzzCase.kind, new Map());
      bump(report.byKind.get(fuzzCase.kind)!, status);
      // A refused oversized body may be cut (connection closed) while the client still writes.
      const cutAfterRefusal = status === 0 && fuzzCase.body.length > FORM_BODY_LIMIT;
      if (status >= 500 || (status === 0 && !cutAfterRefusal)) report.failures.push(outcome);
      done++;
      options.onProgress?.(done);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  agent.destroy();
  report.durationMs = Date.now() - started;
  return report;
}

const line = (counts: Map<number, number>) =>
  [...counts]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status === 0 ? "connexion" : status} × ${n}`)
    .join(", ");

/** What to replay a failing case with: method, path, session, headers and the start of the body. */
export function describeCase(outcome: FuzzOutcome): string {
  const c = outcome.fuzzCase;
  const preview = c.body.subarray(0, 160).toString("utf8").replace(/[\r\n]/g, "⏎");
  return `#${c.index} ${c.kind} ${c.method} ${c.path} [${c.session}] content-type=${c.headers["content-type"] ?? "—"} accept=${c.headers.accept ?? "—"} → ${outcome.status || outcome.error} ${outcome.text.slice(0, 160).replace(/\s+/g, " ")}\n    corps (${c.body.length} o) : ${preview}`;
}

export function formatFuzzReport(report: FuzzReport): string {
  const out = [
    `${report.count} corps, graine ${report.seed}, ${(report.durationMs / 1000).toFixed(1)} s : ${line(report.byStatus)}`,
    "par route :",
    ...[...report.byRoute].sort(([a], [b]) => a.localeCompare(b)).map(([route, counts]) => `  ${route} : ${line(counts)}`),
    "par genre de corps :",
    ...[...report.byKind].sort(([a], [b]) => a.localeCompare(b)).map(([kind, counts]) => `  ${kind} : ${line(counts)}`),
  ];
  const fives = [...report.byStatus].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
  out.push(`5xx : ${fives} ; connexions échouées : ${report.failures.length - fives}`);
  for (const failure of report.failures.slice(0, 20)) out.push(`  ${describeCase(failure)}`);
  return out.join("\n");
}

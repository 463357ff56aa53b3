// Message delivery latency through the real HTTP stack: the buyer's POST of a message →
// the `messages-changed` event on the seller's open server-sent-events connection → the
// seller's page reloading its data (the `.data` request React Router makes on revalidation)
// and finding the message.
// Usage: npm run build && npm run bench:messages [-- --runs 100 --engine pglite|postgres]
//          [--processes 2 --port 3711]
// PostgreSQL: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test (a throwaway database is created).
// --processes 2 (PostgreSQL only): two real server processes (`server/main.ts`) on ports --port
// and --port + 1; the buyer sends through the first, the seller's stream and page are on the
// second, so the event crosses processes (LISTEN/NOTIFY, or Redis pub/sub when REDIS_URL is set).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startConversation } from "../app/features/messages/start-conversation.server";
import { insertListing, insertUser } from "../app/testing/inserters.server";
import { createClient, startTestApp } from "../tests/support/test-app";
import { createTestDatabase } from "../tests/support/test-db";
import { startServerProcess, type ServerProcess } from "../tests/support/server-process";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "100" },
    engine: { type: "string", default: "pglite" },
    processes: { type: "string", default: "1" },
    port: { type: "string", default: "3711" },
  },
});
const processes = Number(values.processes);
if (processes !== 1 && processes !== 2) throw new Error("--processes : 1 ou 2");
if (processes === 2 && values.engine !== "postgres") throw new Error("--processes 2 demande --engine postgres (et DATABASE_URL)");
process.env.TEST_DB_ENGINE = values.engine;
const runs = Number(values.runs);
const WARM_UP = 5;

const db = await createTestDatabase();
let buyerBase: string;
let sellerBase: string;
let closeServers: () => Promise<void>;
if (processes === 1) {
  const app = await startTestApp({ db, env: { RATE_LIMIT_SCALE: "1000" } });
  buyerBase = sellerBase = app.url;
  closeServers = app.close;
} else {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${db.name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-bench-messages-"));
  const secret = randomBytes(32).toString("hex");
  const ports = [Number(values.port), Number(values.port) + 1];
  const servers: ServerProcess[] = ports.map((port) =>
    startServerProcess({
      DATABASE_URL: url.toString(),
      BETTER_AUTH_SECRET: secret,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WEB_CONCURRENCY: "1",
      RATE_LIMIT_SCALE: "1000",
      LOG_LEVEL: "warn",
    }),
  );
  await Promise.all(servers.map((server) => server.ready));
  [buyerBase, sellerBase] = ports.map((port) => `http://127.0.0.1:${port}`) as [string, string];
  closeServers = async () => {
    for (const server of servers) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
const seller = await insertUser(db.db);
const buyer = await insertUser(db.db);
const listing = await insertListing(db.db, seller.id, { brand: "Peugeot", model: "208" });
const { id: conversationId } = await startConversation({ db: db.db, userId: buyer.id, listingId: listing.id });

const sellerClient = createClient(sellerBase);
const buyerClient = createClient(buyerBase);
for (const [client, user] of [
  [sellerClient, seller],
  [buyerClient, buyer],
] as const) {
  const response = await client.signIn(user.email, user.password);
  if (response.status !== 200) throw new Error(`connexion refusée : ${response.status}`);
}

// The seller's open page: one SSE connection, read as a stream.
const stream = await sellerClient.request("/api/events", { headers: { accept: "text/event-stream" } });
if (!stream.ok || !stream.body) throw new Error(`flux d'événements refusé : ${stream.status}`);
const reader = stream.body.getReader();
const decoder = new TextDecoder();
const waiting: { resolve: ((at: number) => void) | null } = { resolve: null };
let buffer = "";
void (async () => {
  for (;;) {
    const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
    if (done) return;
    const at = performance.now();
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const resolve = waiting.resolve;
      if (frame.includes("event: messages-changed") && resolve) {
        waiting.resolve = null;
        resolve(at);
      }
    }
  }
})();

function nextEvent(): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("aucun événement reçu en 5 s")), 5_000);
    waiting.resolve = (at) => {
      clearTimeout(timer);
      resolve(at);
    };
  });
}

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;
const posted: number[] = [];
const delivered: number[] = [];
const shown: number[] = [];
for (let i = 0; i < runs + WARM_UP; i++) {
  const text = `Message de mesure numéro ${i}`;
  const event = nextEvent();
  const t0 = performance.now();
  const response = await buyerClient.request(`/api/conversations/${conversationId}/messages`, {
    method: "POST",
    json: { body: text },
    headers: { accept: "application/json" },
  });
  const tPosted = performance.now();
  if (response.status !== 201) throw new Error(`envoi refusé : ${response.status} ${await response.text()}`);
  const tEvent = await event;
  // What the seller's browser does on the event: reload the page's loader data.
  const reload = await sellerClient.request(`/messages/${conversationId}.data`);
  const body = await reload.text();
  const tShown = performance.now();
  if (!body.includes(text)) throw new Error("le message n'apparaît pas dans les données rechargées");
  if (i >= WARM_UP) {
    posted.push(tPosted - t0);
    delivered.push(tEvent - t0);
    shown.push(tShown - t0);
  }
}

const line = (label: string, xs: number[]) =>
  `  ${label.padEnd(44)} p50 ${percentile(xs, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(xs, 95).toFixed(1).padStart(6)} ms`;
console.log(
  `Message delivery, ${values.engine}, ${processes === 2 ? `two processes (sent on ${buyerBase}, received on ${sellerBase}, events via ${process.env.REDIS_URL ? "Redis" : "LISTEN/NOTIFY"})` : "one process"}, ${runs} messages, ${os.cpus().length} cores, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ")}`,
);
console.log(line("send → HTTP 201 to the sender", posted));
console.log(line("send → event on the recipient's SSE stream", delivered));
console.log(line("send → recipient's page data reloaded", shown));
await reader.cancel().catch(() => {});
await closeServers();
await db.close();
process.exit(0);

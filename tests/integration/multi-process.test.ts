// Two real server processes (`server/main.ts`, production build) on one fresh PostgreSQL
// database and one S3-compatible bucket, each with its own data directory (as on two
// machines): live events, moderation decisions, photos and rate limits must not depend on
// which process serves a request. Then WEB_CONCURRENCY=2: two cluster workers both serve and stop
// cleanly. Runs once, in the integration-postgres project (it needs DATABASE_URL).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversations, listingPhotos, listings, messages } from "~/db/schema";
import { variantKey } from "~/features/listings/photo-variants";
import { startConversation } from "~/features/messages/start-conversation.server";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { expectBurstLimited } from "../support/bursts";
import { createClient } from "../support/test-app";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { S3RVER_CREDENTIALS, startS3Server } from "../support/s3-server";
import { startServerProcess, type ServerProcess } from "../support/server-process";

const BUILD = path.resolve(import.meta.dirname, "../../build/server/index.js");
const engine = process.env.TEST_DB_ENGINE ?? "pglite";
const skipReason = !process.env.DATABASE_URL
  ? "DATABASE_URL absent : plusieurs processus demandent PostgreSQL (le défaut embarqué reste un seul processus)"
  : engine !== "postgres"
    ? "exécuté une seule fois, dans le projet integration-postgres"
    : null;
if (skipReason) console.info(`multi-process.test.ts ignoré : ${skipReason}`);

/** A port free right now (each process needs its own origin as PUBLIC_URL, so not PORT=0). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Reads a server-sent-events response; `next(type)` resolves with the next event of that type. */
function eventStream(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const seen: string[] = [];
  let waiters: { type: string; resolve: () => void }[] = [];
  let buffer = "";
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const type = /^event: (.+)$/m.exec(buffer.slice(0, end))?.[1];
        buffer = buffer.slice(end + 2);
        if (!type) continue;
        seen.push(type);
        for (const waiter of waiters.filter((w) => w.type === type)) waiter.resolve();
        waiters = waiters.filter((w) => w.type !== type);
      }
    }
  })();
  return {
    next(type: string, timeoutMs = 10_000): Promise<void> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`aucun événement ${type} en ${timeoutMs} ms (reçus : ${seen.join(", ")})`)), timeoutMs);
        waiters.push({
          type,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    close: () => reader.cancel().catch(() => {}),
  };
}

describe.skipIf(skipReason !== null)("several server processes on one PostgreSQL database", () => {
  let t: TestDatabase;
  let databaseUrl = "";
  const servers: ServerProcess[] = [];
  const secret = randomBytes(32).toString("hex");
  const dataDirs: string[] = [];
  let s3: Awaited<ReturnType<typeof startS3Server>> | null = null;
  let a = "";
  let b = "";

  const start = (env: Record<string, string>) => {
    // A data directory of its own: nothing is shared through the local disk.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-multi-"));
    dataDirs.push(dataDir);
    const server = startServerProcess({
      DATABASE_URL: databaseUrl,
      BETTER_AUTH_SECRET: secret,
      DATA_DIR: dataDir,
      RATE_LIMIT_SCALE: "1",
      WEB_CONCURRENCY: "1",
      STORAGE_URL: s3!.storageUrl,
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      ...env,
    });
    servers.push(server);
    return server;
  };
  const stop = async (server: ServerProcess) => {
    if (server.child.exitCode === null) server.child.kill("SIGTERM");
    return server.exited;
  };

  beforeAll(async () => {
    if (!fs.existsSync(BUILD)) throw new Error("build/server/index.js manquant : lancez `npm run build` avant les tests d'intégration.");
    t = await createTestDatabase();
    s3 = await startS3Server();
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${t.name}`;
    databaseUrl = url.toString();
    // Two processes on fixed ports: each one's PUBLIC_URL must be its own origin (auth checks it).
    const portA = await freePort();
    let portB = await freePort();
    while (portB === portA) portB = await freePort();
    const [readyA, readyB] = [
      start({ PORT: String(portA), PUBLIC_URL: `http://127.0.0.1:${portA}` }).ready,
      start({ PORT: String(portB), PUBLIC_URL: `http://127.0.0.1:${portB}` }).ready,
    ];
    await Promise.all([readyA, readyB]);
    a = `http://127.0.0.1:${portA}`;
    b = `http://127.0.0.1:${portB}`;
  });

  afterAll(async () => {
    for (const server of servers) await stop(server);
    await t?.close();
    await s3?.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("a message sent through process A reaches the seller's live stream on process B, and so does a moderator's decision", async () => {
    const seller = await insertUser(t.db);
    const buyer = await insertUser(t.db);
    const moderator = await insertUser(t.db, { role: "moderator" });
    const listing = await insertListing(t.db, seller.id, { brand: "Renault", model: "Clio" });
    const pending = await insertListing(t.db, seller.id, { status: "pending", publishedAt: null });
    const { id: conversationId } = await startConversation({ db: t.db, userId: buyer.id, listingId: listing.id });

    const sellerOnB = createClient(b);
    const buyerOnA = createClient(a);
    const moderatorOnA = createClient(a);
    expect((await sellerOnB.signIn(seller.email, seller.password)).status).toBe(200);
    expect((await buyerOnA.signIn(buyer.email, buyer.password)).status).toBe(200);
    expect((await moderatorOnA.signIn(moderator.email, moderator.password)).status).toBe(200);

    const response = await sellerOnB.request("/api/events", { headers: { accept: "text/event-stream" } });
    expect(response.status).toBe(200);
    const stream = eventStream(response);
    try {
      const message = stream.next("messages-changed");
      const sent = await buyerOnA.request(`/api/conversations/${conversationId}/messages`, {
        method: "POST",
        json: { body: "Bonjour, la Clio est-elle toujours disponible ?" },
        headers: { accept: "application/json" },
      });
      expect(sent.status).toBe(201);
      await message;
      // What the seller's page then loads, from B: the message is there.
      expect(await (await sellerOnB.request(`/messages/${conversationId}.data`)).text()).toContain("la Clio est-elle toujours disponible");

      const decision = stream.next("listings-changed");
      const validated = await moderatorOnA.request("/moderation", { method: "POST", form: { intent: "validate", id: pending.id } });
      expect(validated.status).toBeLessThan(400);
      await decision;
    } finally {
      await stream.close();
    }
  });

  it("a photo the seller uploads through process B is in the bucket and served to a visitor on process A", async () => {
    const seller = await insertUser(t.db);
    const listing = await insertListing(t.db, seller.id, { status: "pending", publishedAt: null });
    const sellerOnB = createClient(b);
    expect((await sellerOnB.signIn(seller.email, seller.password)).status).toBe(200);
    const jpeg = await sharp({ create: { width: 1000, height: 700, channels: 3, background: "#c0392b" } }).jpeg().toBuffer();
    const uploaded = await sellerOnB.request(`/api/listings/${listing.id}/photos`, {
      method: "POST",
      headers: { "content-type": "image/jpeg", accept: "application/json" },
      body: new Uint8Array(jpeg),
    });
    expect(uploaded.status).toBe(201);
    const [photo] = await t.db.select().from(listingPhotos).where(eq(listingPhotos.listingId, listing.id));
    const path480 = `/uploads/${variantKey(photo!.storageKey, 480)}`;
    // Pending: the public gets nothing on A, the seller gets the photo on A too.
    expect((await fetch(`${a}${path480}`)).status).toBe(404);
    const sellerOnA = createClient(a);
    expect((await sellerOnA.signIn(seller.email, seller.password)).status).toBe(200);
    expect((await sellerOnA.request(path480)).status).toBe(200);
    // Published: any visitor on A gets the same bytes as the bucket holds.
    await t.db.update(listings).set({ status: "published", publishedAt: new Date() }).where(eq(listings.id, listing.id));
    const visitor = await fetch(`${a}${path480}`);
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get("content-type")).toBe("image/webp");
    const fromBucket = await fetch(`${s3!.publicUrl}/${variantKey(photo!.storageKey, 480)}`);
    expect(Buffer.from(await visitor.arrayBuffer()).equals(Buffer.from(await fromBucket.arrayBuffer()))).toBe(true);
  });

  /** Signs in once (sign-ins are limited too) and sends requests with that session to either process. */
  async function sessionOnBoth(member: { email: string; password: string }) {
    const signIn = await createClient(a).signIn(member.email, member.password);
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
    return (i: number, pathname: string, init: { json?: unknown } = {}) =>
      createClient(i % 2 === 0 ? a : b).request(pathname, { method: "POST", ...init, headers: { cookie, accept: "application/json" } });
  }

  it("parallel bursts spread over both processes are limited exactly like one: reports, messages, conversation starts, phone reveals", async () => {
    const seller = await insertUser(t.db);
    const member = await insertUser(t.db);
    const send = await sessionOnBoth(member);
    const listing = await insertListing(t.db, seller.id);
    const others = await Promise.all(Array.from({ length: 30 }, () => insertListing(t.db, seller.id)));
    const { id: conversationId } = await startConversation({ db: t.db, userId: member.id, listingId: listing.id });
    // Reports: 5 per hour for the account.
    await expectBurstLimited({
      count: 15,
      limit: 5,
      accepted: 200,
      maxRetrySeconds: 3600,
      send: (i) => send(i, `/api/listings/${others[i]!.id}/report`, { json: { reasonCode: "fraud", message: `Signalement ${i}` } }),
    });
    // Messages: 30 per 5 minutes.
    await expectBurstLimited({
      count: 40,
      limit: 30,
      accepted: 201,
      maxRetrySeconds: 300,
      send: (i) => send(i, `/api/conversations/${conversationId}/messages`, { json: { body: `Message ${i}` } }),
    });
    expect(await t.db.select().from(messages).where(eq(messages.senderId, member.id))).toHaveLength(30);
    // New conversations: 20 per hour (the one opened above was not counted by a route).
    await expectBurstLimited({
      count: 30,
      limit: 20,
      accepted: 201,
      maxRetrySeconds: 3600,
      send: (i) => send(i, `/api/listings/${others[i]!.id}/conversation`),
    });
    expect(await t.db.select().from(conversations).where(eq(conversations.buyerId, member.id))).toHaveLength(21);
    // Phone reveals: 20 per hour per account.
    await expectBurstLimited({
      count: 30,
      limit: 20,
      accepted: 200,
      maxRetrySeconds: 3600,
      send: (i) => send(i, `/api/listings/${others[i]!.id}/phone`),
    });
  });

  it("WEB_CONCURRENCY=2 forks two workers that both serve on one port, then drain and stop on SIGTERM", async () => {
    const token = randomBytes(16).toString("hex");
    const cluster = start({ WEB_CONCURRENCY: "2", PORT: "0", METRICS_TOKEN: token });
    const base = await cluster.ready;
    const seen = new Set<string>();
    let requests = 0;
    for (let i = 0; i < 40 && seen.size < 2; i++) {
      requests++;
      // A new connection each time: the primary hands connections to the workers in turn.
      const response = await fetch(`${base}/recherche`, { headers: { connection: "close" } });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      seen.add(response.headers.get("x-occazio-worker") ?? "?");
    }
    expect([...seen].sort()).toEqual(["1", "2"]);
    // One scrape, whichever worker answers it, counts the requests both workers served.
    const scrape = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}`, connection: "close" } });
    expect(scrape.status).toBe(200);
    const scraped = await scrape.text();
    const served = /occazio_http_request_duration_seconds_count\{[^}]*route="routes\/recherche"[^}]*\} (\d+)/.exec(scraped);
    expect(Number(served?.[1])).toBe(requests);
    // Dependency gauges are the minimum over the workers (1, not one per worker summed to 2).
    expect(scraped).toMatch(/occazio_dependency_up\{dependency="database"\} 1\n/);
    expect(scraped).toMatch(/occazio_dependency_up\{dependency="storage"\} 1\n/);
    expect(cluster.output()).toMatch(/2 workers HTTP prêts/);
    cluster.child.kill("SIGTERM");
    expect(await cluster.exited).toBe(0);
    expect(cluster.output()).toMatch(/tous les workers sont arrêtés/);
    expect(cluster.output().match(/"worker":[12],"msg":"arrêt en cours/g)).toHaveLength(2);
    // The primary migrates, then each worker loads the server bundle: slow on a busy machine.
  }, 240_000);
});

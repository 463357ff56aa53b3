import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { counterDedupe, rateLimitWindows } from "~/db/schema";
import { createPostgresEventBus } from "~/server/events-postgres.server";
import { createRedisEventBus } from "~/server/events-redis.server";
import type { AppEvent, EventBus } from "~/server/events.server";
import { createSqlCounterDedupe, createSqlRateLimitStore, deleteExpiredLimits } from "~/server/rate-limit-sql.server";
import { createUserRateLimits } from "~/server/rate-limit.server";
import { AppError } from "~/server/app-error";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

const engine = process.env.TEST_DB_ENGINE ?? "pglite";
/** A Redis server for the pub/sub tests only (the app under test never reads it). */
const TEST_REDIS_URL = process.env.TEST_REDIS_URL;
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

describe(`rate limits in the database (${engine})`, () => {
  it("two stores on one database (two processes) share each window, and a refusal says when to retry", async () => {
    let now = 1_000_000;
    const a = createSqlRateLimitStore(t.db, () => now);
    const b = createSqlRateLimitStore(t.db, () => now);
    const rule = { limit: 4, windowMs: 60_000 };
    const results = [];
    for (let i = 0; i < 6; i++) {
      results.push((await (i % 2 ? b : a).take("report", "u:alice", rule)).allowed);
      now += 1_000;
    }
    expect(results).toEqual([true, true, true, true, false, false]);
    // Oldest attempt at 1 000 000, now 1 006 000: its place frees up in 54 s.
    expect(await a.check("report", "u:alice", rule)).toEqual({ allowed: false, retryAfterMs: 54_000 });
    expect((await b.take("report", "u:bob", rule)).allowed).toBe(true);
    now += 54_000;
    expect((await b.take("report", "u:alice", rule)).allowed).toBe(true);
    expect((await a.take("report", "u:alice", rule)).allowed).toBe(false);
  });

  it("never asks to retry later than the window, even when another process recorded an attempt a few ms 'after' this one's clock", async () => {
    // Process B reads its clock, then process A takes the last place 5 ms later (a parallel burst).
    const now = 2_000_000;
    const a = createSqlRateLimitStore(t.db, () => now + 5);
    const b = createSqlRateLimitStore(t.db, () => now);
    const rule = { limit: 1, windowMs: 3_600_000 };
    expect((await a.take("conversation", "u:dan", rule)).allowed).toBe(true);
    const refused = await b.take("conversation", "u:dan", rule);
    expect(refused).toEqual({ allowed: false, retryAfterMs: 3_600_000 });
  });

  it("what the routes call — `within` on two stores (two processes) — lets exactly `limit` through a parallel burst, with a French 429", async () => {
    // RATE_LIMIT_SCALE 0.1: 3 messages per 5 minutes.
    const processes = [createUserRateLimits(0.1, createSqlRateLimitStore(t.db)), createUserRateLimits(0.1, createSqlRateLimitStore(t.db))];
    let written = 0;
    const burst = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => processes[i % 2]!.within("message", "u:carol", async () => void written++)),
    );
    expect(burst.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    expect(written).toBe(3);
    const refused = burst.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(AppError);
    expect((refused.reason as AppError).status).toBe(429);
    expect((refused.reason as AppError).message).toBe("Vous avez envoyé trop de messages en peu de temps. Réessayez dans 5 minutes.");
    expect((refused.reason as AppError).details?.retryAfterSeconds).toBeGreaterThan(295);
  });

  it("a failed action gives its place back, on the other process too", async () => {
    const [a, b] = [createUserRateLimits(0.1, createSqlRateLimitStore(t.db)), createUserRateLimits(0.1, createSqlRateLimitStore(t.db))];
    // publish: 1 per hour. A submission that fails (listing not valid yet) does not use it up.
    await expect(a.within("publish", "u:dora", () => Promise.reject(new AppError("invalid", "Annonce incomplète.")))).rejects.toThrow("Annonce incomplète.");
    await expect(b.within("publish", "u:dora", async () => "publiée")).resolves.toBe("publiée");
    await expect(a.within("publish", "u:dora", async () => "publiée")).rejects.toMatchObject({ status: 429 });
    const [row] = await t.db.select({ hits: rateLimitWindows.hits }).from(rateLimitWindows).where(sql`${rateLimitWindows.key} = 'u:dora'`);
    expect(row?.hits).toHaveLength(1);
  });
});

describe(`counter dedupe in the database (${engine})`, () => {
  it("says first time once per key and window, whichever store asks, even at the same moment", async () => {
    const a = createSqlCounterDedupe(t.db, { windowMs: 60_000 });
    const b = createSqlCounterDedupe(t.db, { windowMs: 60_000 });
    const now = Date.now();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).firstTime("view:l1:v1", now)));
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await a.firstTime("view:l1:v2", now)).toBe(true);
    expect(await b.firstTime("view:l1:v1", now + 59_000)).toBe(false);
    expect(await b.firstTime("view:l1:v1", now + 60_000)).toBe(true);
  });

  it("expired windows and keys are deleted by the clean-up", async () => {
    const dedupe = createSqlCounterDedupe(t.db, { windowMs: 1_000 });
    await dedupe.firstTime("click:old", Date.now() - 10_000);
    await createSqlRateLimitStore(t.db, () => Date.now() - 120_000).take("old", "k", { limit: 1, windowMs: 60_000 });
    expect(await deleteExpiredLimits(t.db)).toBeGreaterThanOrEqual(2);
    expect(await t.db.select().from(counterDedupe).where(sql`${counterDedupe.key} = 'click:old'`)).toEqual([]);
    expect(await t.db.select().from(rateLimitWindows).where(sql`${rateLimitWindows.name} = 'old'`)).toEqual([]);
  });
});

describe.skipIf(engine !== "postgres")("live events through PostgreSQL LISTEN/NOTIFY", () => {
  const buses: EventBus[] = [];
  afterAll(async () => {
    for (const bus of buses) await bus.close();
  });

  const databaseUrl = () => {
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${t.name}`;
    return url.toString();
  };
  const open = async () => {
    const bus = await createPostgresEventBus({
      databaseUrl: databaseUrl(),
      notify: (channel, payload) => t.db.execute(sql`select pg_notify(${channel}, ${payload})`),
      reconnectDelayMs: 50,
    });
    buses.push(bus);
    return bus;
  };
  const next = (bus: EventBus, userId: string) =>
    new Promise<AppEvent>((resolve) => {
      const stop = bus.subscribe(userId, (event) => {
        stop();
        resolve(event);
      });
    });

  it("an event published by one process reaches the other's subscriber, once on each side", async () => {
    const a = await open();
    const b = await open();
    const onA: AppEvent[] = [];
    a.subscribe("seller", (event) => onA.push(event));
    const arrived = next(b, "seller");
    a.publish("seller", { type: "messages-changed" });
    expect(await arrived).toEqual({ type: "messages-changed" });
    // A second event in the other direction proves A did not receive its own NOTIFY back.
    const back = next(a, "seller");
    b.publish("seller", { type: "listings-changed" });
    await back;
    expect(onA).toEqual([{ type: "messages-changed" }, { type: "listings-changed" }]);
  });

  it("listens again after its connection is cut (server restart, failover)", async () => {
    const a = await open();
    const b = (await open()) as EventBus & { reconnects(): number };
    await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'listen occazio_events' and pid <> pg_backend_pid()`,
    );
    await expect.poll(() => b.reconnects(), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    const arrived = next(b, "buyer");
    a.publish("buyer", { type: "messages-changed" });
    expect(await arrived).toEqual({ type: "messages-changed" });
  });
});

// TEST_REDIS_URL=redis://127.0.0.1:6379 (.ci/run sets it; skipped without it).
describe.skipIf(!TEST_REDIS_URL || engine !== "pglite")("live events through Redis pub/sub (TEST_REDIS_URL)", () => {
  it("an event published by one process reaches the other's subscriber, and not its own twice", async () => {
    const a = await createRedisEventBus({ redisUrl: TEST_REDIS_URL! });
    const b = await createRedisEventBus({ redisUrl: TEST_REDIS_URL! });
    try {
      const onA: AppEvent[] = [];
      a.subscribe("seller", (event) => onA.push(event));
      const arrived = new Promise<AppEvent>((resolve) => b.subscribe("seller", resolve));
      a.publish("seller", { type: "messages-changed" });
      expect(await arrived).toEqual({ type: "messages-changed" });
      const back = new Promise<AppEvent>((resolve) => a.subscribe("seller", resolve));
      b.publish("seller", { type: "listings-changed" });
      await back;
      expect(onA).toEqual([{ type: "messages-changed" }, { type: "listings-changed" }]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

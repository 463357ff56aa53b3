// Two deployments sharing one Redis server do not receive each other's live events (issue 37
// §7): the channel is `occazio:<EVENTS_NAMESPACE>:events`. Needs a Redis server:
// TEST_REDIS_URL=redis://127.0.0.1:6379 (.ci/run sets it; without it the test is skipped, as
// `npm test` must not need a Redis server on a fresh machine).
import { describe, expect, it } from "vitest";
import { createRedisEventBus, eventsNamespace, redisEventsChannel } from "~/server/events-redis.server";
import type { AppEvent, EventBus } from "~/server/events.server";

const engine = process.env.TEST_DB_ENGINE ?? "pglite";
/** A Redis server for the pub/sub tests only (the app under test never reads it). */
const TEST_REDIS_URL = process.env.TEST_REDIS_URL;

describe("the events namespace", () => {
  it("is EVENTS_NAMESPACE, else the database's name, else 'default'", () => {
    expect(eventsNamespace({ EVENTS_NAMESPACE: "preprod" })).toBe("preprod");
    expect(eventsNamespace({ DATABASE_URL: "postgres://occazio@db:5432/occazio_prod" })).toBe("occazio_prod");
    expect(eventsNamespace({})).toBe("default");
    expect(redisEventsChannel("occazio_prod")).toBe("occazio:occazio_prod:events");
  });
});

describe.skipIf(!TEST_REDIS_URL || engine !== "pglite")("Redis pub/sub namespaces (TEST_REDIS_URL)", () => {
  it("same namespace: the event arrives; another namespace: it never does", async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const open = (namespace: string) => createRedisEventBus({ redisUrl: TEST_REDIS_URL!, namespace: `${namespace}-${suffix}` });
    const buses: EventBus[] = [];
    try {
      const [a, b, c, d] = await Promise.all([open("prod"), open("prod"), open("staging"), open("staging")]);
      buses.push(a!, b!, c!, d!);
      const onC: AppEvent[] = [];
      c!.subscribe("user-1", (event) => onC.push(event));
      const onB = new Promise<AppEvent>((resolve) => b!.subscribe("user-1", resolve));
      a!.publish("user-1", { type: "messages-changed" });
      expect(await onB).toEqual({ type: "messages-changed" });
      // Redis hands a subscriber its messages in publication order: once C has D's later
      // event, it would have had A's too, had it been on its channel.
      const fromD = new Promise<void>((resolve) => c!.subscribe("user-1", () => resolve()));
      d!.publish("user-1", { type: "listings-changed" });
      await fromD;
      expect(onC).toEqual([{ type: "listings-changed" }]);
    } finally {
      for (const bus of buses) await bus.close();
    }
  });
});

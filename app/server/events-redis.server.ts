/**
 * Event bus across processes through Redis pub/sub (REDIS_URL). Same wire format and
 * behaviour as the PostgreSQL transport: local subscribers at once, the other processes
 * through one channel. The client (`@redis/client`, node-redis) reconnects by itself and
 * re-subscribes; a subscribed connection cannot send commands, hence two connections.
 */
import { randomUUID } from "node:crypto";
import { createClient } from "@redis/client";
import { createLocalFanout, decodeWireEvent, encodeWireEvent, type EventBus, type EventBusOptions } from "./events.server";

/**
 * The channel of one deployment: `occazio:<namespace>:events`. Two deployments sharing a Redis
 * server (staging and production, two customers) must not receive each other's events, which
 * carry user ids (issue 37): EVENTS_NAMESPACE, by default the database's name.
 */
export function redisEventsChannel(namespace: string): string {
  return `occazio:${namespace}:events`;
}

/** EVENTS_NAMESPACE when set, else the database name of DATABASE_URL, else "default". */
export function eventsNamespace(config: { EVENTS_NAMESPACE?: string; DATABASE_URL?: string }): string {
  if (config.EVENTS_NAMESPACE) return config.EVENTS_NAMESPACE;
  try {
    const name = config.DATABASE_URL ? decodeURIComponent(new URL(config.DATABASE_URL).pathname.slice(1)) : "";
    if (name) return name;
  } catch {
    // Not a URL: the default below.
  }
  return "default";
}

export interface RedisEventBusOptions extends EventBusOptions {
  redisUrl: string;
  /** See `redisEventsChannel` (default "default"). */
  namespace?: string;
  onConnectionError?: (error: unknown) => void;
}

export async function createRedisEventBus(options: RedisEventBusOptions): Promise<EventBus> {
  const origin = randomUUID();
  const channel = redisEventsChannel(options.namespace ?? "default");
  const local = createLocalFanout(options);
  const reconnectStrategy = (retries: number) => Math.min(100 * 2 ** retries, 10_000);
  const publisher = createClient({ url: options.redisUrl, socket: { reconnectStrategy, connectTimeout: 5_000 } });
  const subscriber = publisher.duplicate();
  // The last connection error: what the health check reports while the client reconnects
  // (a command sent meanwhile would wait in the client's queue, not fail).
  let lastError: unknown = null;
  const onError = (error: unknown) => {
    lastError = error;
    options.onConnectionError?.(error);
  };
  publisher.on("error", onError);
  subscriber.on("error", onError);
  try {
    await publisher.connect();
    await subscriber.connect();
    await subscriber.subscribe(channel, (payload) => {
      const wire = decodeWireEvent(payload);
      if (!wire || wire.o === origin) return;
      local.deliver(wire.u, { type: wire.t });
    });
  } catch (error) {
    publisher.destroy();
    subscriber.destroy();
    throw error;
  }
  return {
    transport: "redis",
    publish(userId, event) {
      local.deliver(userId, event);
      publisher.publish(channel, encodeWireEvent(origin, userId, event)).catch((error: unknown) => options.onListenerError?.(error));
    },
    subscribe: local.subscribe,
    listenerCount: local.listenerCount,
    async check() {
      for (const client of [publisher, subscriber]) {
        if (!client.isReady) {
          throw lastError instanceof Error ? lastError : new Error("Redis : connexion en cours de rétablissement", { cause: lastError });
        }
      }
      await publisher.ping();
    },
    async close() {
      await subscriber.close().catch(() => subscriber.destroy());
      await publisher.close().catch(() => publisher.destroy());
    },
  };
}

/**
 * Event bus across processes through Redis pub/sub (REDIS_URL). Same wire format and
 * behaviour as the PostgreSQL transport: local subscribers at once, the other processes
 * through one channel. The client (`@redis/client`, node-redis) reconnects by itself and
 * re-subscribes; a subscribed connection cannot send commands, hence two connections.
 */
import { randomUUID } from "node:crypto";
import { createClient } from "@redis/client";
import { createLocalFanout, decodeWireEvent, encodeWireEvent, type EventBus, type EventBusOptions } from "./events.server";

export const REDIS_EVENTS_CHANNEL = "occazio:events";

export interface RedisEventBusOptions extends EventBusOptions {
  redisUrl: string;
  onConnectionError?: (error: unknown) => void;
}

export async function createRedisEventBus(options: RedisEventBusOptions): Promise<EventBus> {
  const origin = randomUUID();
  const local = createLocalFanout(options);
  const reconnectStrategy = (retries: number) => Math.min(100 * 2 ** retries, 10_000);
  const publisher = createClient({ url: options.redisUrl, socket: { reconnectStrategy, connectTimeout: 5_000 } });
  const subscriber = publisher.duplicate();
  const onError = (error: unknown) => options.onConnectionError?.(error);
  publisher.on("error", onError);
  subscriber.on("error", onError);
  try {
    await publisher.connect();
    await subscriber.connect();
    await subscriber.subscribe(REDIS_EVENTS_CHANNEL, (payload) => {
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
      publisher.publish(REDIS_EVENTS_CHANNEL, encodeWireEvent(origin, userId, event)).catch((error: unknown) => options.onListenerError?.(error));
    },
    subscribe: local.subscribe,
    listenerCount: local.listenerCount,
    async close() {
      await subscriber.close().catch(() => subscriber.destroy());
      await publisher.close().catch(() => publisher.destroy());
    },
  };
}

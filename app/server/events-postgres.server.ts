/**
 * Event bus across processes through PostgreSQL LISTEN/NOTIFY (DATABASE_URL, no other server).
 *
 * One dedicated connection per process LISTENs on one channel; `publish` delivers to this
 * process's subscribers at once and sends `pg_notify` through the pool, so every other
 * process delivers to its own. Payloads are a few dozen bytes (user id + event type, see
 * `encodeWireEvent`), far below NOTIFY's 8000-byte limit. When the listening connection
 * drops (server restart, failover), it is reopened with a growing delay; events sent while it
 * was down are lost, which the pages survive (they reload on their next visit or event).
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { createLocalFanout, decodeWireEvent, encodeWireEvent, type EventBus, type EventBusOptions } from "./events.server";

export const EVENTS_CHANNEL = "occazio_events";

export interface PostgresEventBusOptions extends EventBusOptions {
  databaseUrl: string;
  /** Sends a NOTIFY through the application's pool (no extra connection). */
  notify: (channel: string, payload: string) => Promise<unknown>;
  onConnectionError?: (error: unknown) => void;
  onReconnected?: () => void;
  /** First delay before reopening a lost connection; doubles up to 30 s. */
  reconnectDelayMs?: number;
}

export async function createPostgresEventBus(options: PostgresEventBusOptions): Promise<EventBus & { reconnects(): number }> {
  const origin = randomUUID();
  const local = createLocalFanout(options);
  let client: pg.Client | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let delay = options.reconnectDelayMs ?? 500;
  let reconnects = 0;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: options.databaseUrl, connectionTimeoutMillis: 5_000, keepAlive: true });
    const lost = (error?: unknown) => {
      if (client !== next) return;
      client = null;
      next.removeAllListeners("notification");
      next.end().catch(() => {});
      if (error) options.onConnectionError?.(error);
      scheduleReconnect();
    };
    next.on("error", lost);
    next.on("end", () => lost(closed ? undefined : new Error("connexion LISTEN fermée")));
    next.on("notification", (message) => {
      if (message.channel !== EVENTS_CHANNEL) return;
      const wire = decodeWireEvent(message.payload);
      if (!wire || wire.o === origin) return;
      local.deliver(wire.u, { type: wire.t });
    });
    try {
      await next.connect();
      await next.query(`listen ${EVENTS_CHANNEL}`);
    } catch (error) {
      next.removeAllListeners();
      next.on("error", () => {});
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
  }

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().then(
        () => {
          reconnects++;
          delay = options.reconnectDelayMs ?? 500;
          options.onReconnected?.();
        },
        (error: unknown) => {
          options.onConnectionError?.(error);
          delay = Math.min(delay * 2, 30_000);
          scheduleReconnect();
        },
      );
    }, delay);
    retryTimer.unref();
  }

  // The first connection must work: a wrong DATABASE_URL stops the start-up like the pool does.
  await connect();

  return {
    transport: "postgres",
    publish(userId, event) {
      local.deliver(userId, event);
      options.notify(EVENTS_CHANNEL, encodeWireEvent(origin, userId, event)).catch((error: unknown) => options.onListenerError?.(error));
    },
    subscribe: local.subscribe,
    listenerCount: local.listenerCount,
    reconnects: () => reconnects,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

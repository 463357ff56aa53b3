/**
 * Event bus for live updates (server-sent events on `GET /api/events`).
 *
 * Routes publish an event for a user after a service changed something that user's open
 * pages show (a listing's state, its photos, a new message); the SSE endpoint subscribes for
 * the signed-in user and forwards each event to the browser, which reloads its data.
 *
 * Three transports behind one interface (docs/decisions/0011-shared-events-and-limits.md):
 * - in memory (`createEventBus`): the embedded default, which is one process by design;
 * - PostgreSQL LISTEN/NOTIFY (`events-postgres.server.ts`) when DATABASE_URL is set;
 * - Redis pub/sub (`events-redis.server.ts`) when REDIS_URL is set.
 * Every transport delivers to this process's subscribers at once and sends the event to the
 * other processes, which deliver it to theirs; an event never carries private data.
 */

import { LIVE_EVENT_TYPES, type LiveEvent } from "./live-events";

/** What the browser is told; it never carries private data, only "reload this". */
export type AppEvent = LiveEvent;

export type AppEventListener = (event: AppEvent) => void;

export interface EventBus {
  /** "memory" (this process only), "postgres" (LISTEN/NOTIFY) or "redis" (pub/sub). */
  readonly transport: "memory" | "postgres" | "redis";
  /** Delivers `event` to every open connection of `userId`, in every process (none: nothing happens). */
  publish(userId: string, event: AppEvent): void;
  /** Listens to `userId`'s events; call the returned function to stop. */
  subscribe(userId: string, listener: AppEventListener): () => void;
  /** Open subscriptions in this process, for tests, diagnostics and the per-user stream cap. */
  listenerCount(userId?: string): number;
  /** Stops listening to other processes (shutdown). */
  close(): Promise<void>;
  /**
   * Redis only: throws when the connection to Redis is down (with the connection's last
   * error, e.g. ECONNREFUSED) or Redis does not answer a PING (health of a shared dependency).
   */
  check?(): Promise<void>;
}

export interface EventBusOptions {
  onListenerError?: (error: unknown) => void;
}

/** This process's subscribers: what every transport delivers to. */
export interface LocalFanout {
  deliver(userId: string, event: AppEvent): void;
  subscribe(userId: string, listener: AppEventListener): () => void;
  listenerCount(userId?: string): number;
}

export function createLocalFanout(options: EventBusOptions = {}): LocalFanout {
  const listeners = new Map<string, Set<AppEventListener>>();
  return {
    deliver(userId, event) {
      const set = listeners.get(userId);
      if (!set) return;
      // A copy: a listener may unsubscribe while being called.
      for (const listener of [...set]) {
        try {
          listener(event);
        } catch (error) {
          // One broken connection must not stop the others (nor the request that published).
          options.onListenerError?.(error);
        }
      }
    },
    subscribe(userId, listener) {
      let set = listeners.get(userId);
      if (!set) {
        set = new Set();
        listeners.set(userId, set);
      }
      set.add(listener);
      return () => {
        const current = listeners.get(userId);
        if (!current) return;
        current.delete(listener);
        if (current.size === 0) listeners.delete(userId);
      };
    },
    listenerCount(userId) {
      if (userId !== undefined) return listeners.get(userId)?.size ?? 0;
      let total = 0;
      for (const set of listeners.values()) total += set.size;
      return total;
    },
  };
}

/** In-process bus: the embedded default (one process). */
export function createEventBus(options: EventBusOptions = {}): EventBus {
  const local = createLocalFanout(options);
  return {
    transport: "memory",
    publish: (userId, event) => local.deliver(userId, event),
    subscribe: local.subscribe,
    listenerCount: local.listenerCount,
    close: async () => {},
  };
}

/**
 * What travels between processes: the origin process (so it does not deliver twice), the
 * user id and the event type. A few dozen bytes, far below NOTIFY's 8000-byte limit: events
 * only say "reload", the receiving page loads its own data.
 */
export interface WireEvent {
  o: string;
  u: string;
  t: AppEvent["type"];
}

export function encodeWireEvent(origin: string, userId: string, event: AppEvent): string {
  return JSON.stringify({ o: origin, u: userId, t: event.type } satisfies WireEvent);
}

/** The event in `payload`, or null for anything malformed or of an unknown type. */
export function decodeWireEvent(payload: string | undefined): WireEvent | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as Partial<WireEvent>;
    if (typeof value.o !== "string" || typeof value.u !== "string") return null;
    if (!(LIVE_EVENT_TYPES as readonly string[]).includes(value.t ?? "")) return null;
    return value as WireEvent;
  } catch {
    return null;
  }
}

/**
 * In-process event bus for live updates (server-sent events on `GET /api/events`).
 *
 * Routes publish an event for a user after a service changed something that user's open
 * pages show (a listing's state, its photos); the SSE endpoint subscribes for the signed-in
 * user and forwards each event to the browser, which reloads its data.
 *
 * SINGLE PROCESS ONLY: subscribers live in this process's memory, so an event published by
 * one server process never reaches a browser connected to another. That matches the
 * embedded default (one process, see docs/ARCHITECTURE.md). Running several processes
 * behind a load balancer needs a shared transport behind the same interface (PostgreSQL
 * LISTEN/NOTIFY, Redis pub/sub). Messaging and moderation reuse this bus.
 */

import type { LiveEvent } from "./live-events";

/** What the browser is told; it never carries private data, only "reload this". */
export type AppEvent = LiveEvent;

export type AppEventListener = (event: AppEvent) => void;

export interface EventBus {
  /** Delivers `event` to every open connection of `userId` (none: nothing happens). */
  publish(userId: string, event: AppEvent): void;
  /** Listens to `userId`'s events; call the returned function to stop. */
  subscribe(userId: string, listener: AppEventListener): () => void;
  /** Open subscriptions, for tests and diagnostics. */
  listenerCount(userId?: string): number;
}

export function createEventBus(options: { onListenerError?: (error: unknown) => void } = {}): EventBus {
  const listeners = new Map<string, Set<AppEventListener>>();
  return {
    publish(userId, event) {
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

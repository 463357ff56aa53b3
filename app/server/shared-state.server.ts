/**
 * What server processes must agree on, built once per process: the live-event bus, the rate
 * limits and the counter dedupe.
 *
 * - Embedded default (PGlite): one process by design, so everything stays in its memory.
 * - PostgreSQL (DATABASE_URL): limits and dedupe in the database (rate-limit-sql.server.ts),
 *   events through LISTEN/NOTIFY, or through Redis pub/sub when REDIS_URL is set.
 * See docs/decisions/0011-shared-events-and-limits.md.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { COUNTER_WINDOW_MS, createCounterDedupe, type CounterDedupe } from "~/features/listings/listing-detail.server";
import type { AppConfig } from "./config.server";
import { createEventBus, type EventBus } from "./events.server";
import { createPostgresEventBus } from "./events-postgres.server";
import { createRedisEventBus, eventsNamespace } from "./events-redis.server";
import type { Logger } from "./logger.server";
import { createSqlCounterDedupe, createSqlRateLimitStore, scheduleLimitsCleanup } from "./rate-limit-sql.server";
import { createUserRateLimits, type UserRateLimits } from "./rate-limit.server";

export interface SharedState {
  events: EventBus;
  rateLimits: UserRateLimits;
  counterDedupe: CounterDedupe;
  /** Stops listening for events and the expiry clean-up. */
  close(): Promise<void>;
}

export async function createSharedState(options: {
  config: Pick<AppConfig, "DATABASE_URL" | "DATABASE_LISTEN_URL" | "REDIS_URL" | "RATE_LIMIT_SCALE" | "EVENTS_NAMESPACE">;
  db: Database;
  logger: Logger;
}): Promise<SharedState> {
  const { config, db, logger } = options;
  const onListenerError = (err: unknown) => logger.warn({ err }, "événement non transmis");
  if (!config.DATABASE_URL) {
    return {
      events: createEventBus({ onListenerError }),
      rateLimits: createUserRateLimits(config.RATE_LIMIT_SCALE),
      counterDedupe: createCounterDedupe({ windowMs: COUNTER_WINDOW_MS }),
      close: async () => {},
    };
  }
  const events = config.REDIS_URL
    ? await createRedisEventBus({
        redisUrl: config.REDIS_URL,
        namespace: eventsNamespace(config),
        onListenerError,
        onConnectionError: (err) => logger.warn({ err }, "connexion Redis (événements en direct) perdue : nouvel essai"),
      })
    : await createPostgresEventBus({
        // A pooler in transaction mode cannot keep a LISTEN: DATABASE_LISTEN_URL goes direct.
        databaseUrl: config.DATABASE_LISTEN_URL ?? config.DATABASE_URL,
        notify: (channel, payload) => db.execute(sql`select pg_notify(${channel}, ${payload})`),
        onListenerError,
        onConnectionError: (err) => logger.warn({ err }, "connexion LISTEN (événements en direct) perdue : nouvel essai"),
        onReconnected: () => logger.info("connexion LISTEN (événements en direct) rétablie"),
      });
  const stopCleanup = scheduleLimitsCleanup(db, { onError: (err) => logger.warn({ err }, "nettoyage des limites expirées impossible") });
  return {
    events,
    rateLimits: createUserRateLimits(config.RATE_LIMIT_SCALE, createSqlRateLimitStore(db)),
    counterDedupe: createSqlCounterDedupe(db, { windowMs: COUNTER_WINDOW_MS }),
    async close() {
      stopCleanup();
      await events.close();
    },
  };
}

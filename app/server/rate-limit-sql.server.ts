/**
 * Rate-limit windows and counter dedupe in the database, shared by every server process
 * (PostgreSQL with several workers or machines). Each decision is one statement: the upsert
 * locks the key's row, so two processes taking the last place at the same time cannot both
 * get it. Rows carry an expiry and `deleteExpiredLimits` removes the stale ones.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { counterDedupe, rateLimitWindows } from "~/db/schema";
import type { CounterDedupe } from "~/features/listings/listing-detail.server";
import type { RateLimitDecision, RateLimitRule, RateLimitStore } from "./rate-limit.server";

type Rule = Pick<RateLimitRule, "limit" | "windowMs">;

export function createSqlRateLimitStore(db: Database, now: () => number = Date.now): RateLimitStore {
  const t = rateLimitWindows;
  /** The row's attempts still inside the window, oldest first. */
  const kept = (cutoff: number) => sql`array(select h from unnest(${t.hits}) as h where h > ${cutoff} order by h)`;
  const where = (name: string, key: string) => and(eq(t.name, name), eq(t.key, key));

  async function decide(name: string, key: string, rule: Rule, at: number): Promise<RateLimitDecision> {
    const [row] = await db.select({ hits: t.hits }).from(t).where(where(name, key));
    const recent = (row?.hits ?? []).map(Number).filter((h) => h > at - rule.windowMs);
    if (recent.length < rule.limit) return { allowed: true, at };
    const oldest = Math.min(...recent);
    // Never more than the window: in a parallel burst an attempt recorded a few ms after this
    // request's clock reading would otherwise say window + those ms (Retry-After 3601 for 1 h).
    return { allowed: false, retryAfterMs: Math.min(rule.windowMs, Math.max(1000, oldest + rule.windowMs - at)) };
  }

  return {
    check: (name, key, rule) => decide(name, key, rule, now()),
    async take(name, key, rule) {
      const at = now();
      // One statement: the upsert locks the key's row, and its condition is evaluated on the
      // row as the previous taker left it. Refused: the update writes nothing, returns no row.
      const taken = await db
        .insert(t)
        .values({ name, key, hits: [at], expiresAt: new Date(at + rule.windowMs) })
        .onConflictDoUpdate({
          target: [t.name, t.key],
          set: { hits: sql`${kept(at - rule.windowMs)} || ${at}::bigint`, expiresAt: new Date(at + rule.windowMs) },
          setWhere: sql`cardinality(${kept(at - rule.windowMs)}) < ${rule.limit}`,
        })
        .returning({ name: t.name });
      if (taken.length > 0) return { allowed: true, at };
      const decision = await decide(name, key, rule, at);
      // The window may have freed up in between: still refused, retry in a second.
      return decision.allowed ? { allowed: false, retryAfterMs: 1000 } : decision;
    },
    async release(name, key, _rule, at) {
      // Removes one occurrence of `at` (another request may have taken the same millisecond).
      const position = sql`array_position(${t.hits}, ${at}::bigint)`;
      await db
        .update(t)
        .set({ hits: sql`${t.hits}[:${position} - 1] || ${t.hits}[${position} + 1:]` })
        .where(and(where(name, key), sql`${position} is not null`));
    },
  };
}

/** Counter dedupe in the `counter_dedupe` table: the first process to insert a key wins. */
export function createSqlCounterDedupe(db: Database, options: { windowMs: number }): CounterDedupe {
  return {
    async firstTime(key, now = Date.now()) {
      const inserted = await db
        .insert(counterDedupe)
        .values({ key, expiresAt: new Date(now + options.windowMs) })
        .onConflictDoUpdate({
          target: counterDedupe.key,
          set: { expiresAt: new Date(now + options.windowMs) },
          setWhere: sql`${counterDedupe.expiresAt} <= ${new Date(now).toISOString()}::timestamptz`,
        })
        .returning({ key: counterDedupe.key });
      return inserted.length > 0;
    },
  };
}

/** Deletes windows and dedupe keys past their expiry; returns how many rows went. */
export async function deleteExpiredLimits(db: Database, now = new Date()): Promise<number> {
  const windows = await db.delete(rateLimitWindows).where(lt(rateLimitWindows.expiresAt, now)).returning({ name: rateLimitWindows.name });
  const keys = await db.delete(counterDedupe).where(lt(counterDedupe.expiresAt, now)).returning({ key: counterDedupe.key });
  return windows.length + keys.length;
}

/** Runs `deleteExpiredLimits` every `intervalMs` (default 10 min); returns a stop function. */
export function scheduleLimitsCleanup(db: Database, options: { intervalMs?: number; onError?: (error: unknown) => void } = {}) {
  const timer = setInterval(() => {
    deleteExpiredLimits(db).catch((error: unknown) => options.onError?.(error));
  }, options.intervalMs ?? 10 * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Per-user rate limits on publishing, photo uploads, reports, messages and phone reveals
 * (GUIDE §7), as sliding windows: each key's recent attempts are kept as timestamps and an
 * attempt is refused when the window already holds `limit` of them.
 *
 * Sign-in and sign-up are limited by Better Auth (per address, in the database); these
 * limits key on the signed-in user's id (or the address), so they cannot be dodged by
 * changing address. Where the windows live is a `RateLimitStore`: this process's memory on
 * the embedded default (one process by design), or the `rate_limit_windows` table with
 * PostgreSQL (rate-limit-sql.server.ts), so every server process gives the same answer.
 */
import { AppError } from "./app-error";

export interface RateLimitRule {
  limit: number;
  windowMs: number;
  /** French message, before "Réessayez dans …". */
  message: string;
}

export const USER_RATE_LIMITS = {
  /** 30 photos per 10 minutes: three listings' worth with retries, far above a real seller. */
  photoUpload: {
    limit: 30,
    windowMs: 10 * 60_000,
    message: "Vous avez envoyé trop de photos en peu de temps.",
  },
  /** 10 listings submitted ('Publier l'annonce' that succeeded) per hour. */
  publish: {
    limit: 10,
    windowMs: 60 * 60_000,
    message: "Vous avez publié trop d'annonces en peu de temps.",
  },
  /**
   * 5 reports per hour per visitor: the account, or the address when signed out (never the
   * User-Agent, which the client chooses).
   */
  report: {
    limit: 5,
    windowMs: 60 * 60_000,
    message: "Vous avez envoyé trop de signalements en peu de temps.",
  },
  /** 20 new conversations per hour: a buyer comparing many cars, not a spammer writing to every seller. */
  conversationStart: {
    limit: 20,
    windowMs: 60 * 60_000,
    message: "Vous avez contacté trop de vendeurs en peu de temps.",
  },
  /** 30 messages per 5 minutes: a lively exchange stays far below, a flood does not. */
  message: {
    limit: 30,
    windowMs: 5 * 60_000,
    message: "Vous avez envoyé trop de messages en peu de temps.",
  },
  /**
   * Phone reveals ('Téléphone' on a listing): 20 per hour per account. A buyer calls a few
   * sellers a day; one account must not harvest every seller's number.
   */
  phoneReveal: {
    limit: 20,
    windowMs: 60 * 60_000,
    message: "Vous avez affiché trop de numéros de téléphone en peu de temps.",
  },
  /** And 30 per hour per address, so several accounts on one machine do not add up. */
  phoneRevealAddress: {
    limit: 30,
    windowMs: 60 * 60_000,
    message: "Trop de numéros de téléphone ont été affichés depuis votre connexion.",
  },
} as const satisfies Record<string, RateLimitRule>;

export type UserRateLimitName = keyof typeof USER_RATE_LIMITS;

export interface SlidingWindowLimiter {
  /** Whether `key` may act now (records nothing). */
  check(key: string): { allowed: true } | { allowed: false; retryAfterMs: number };
  /** Records one action by `key`. */
  record(key: string): void;
  /** `check`, then `record` when allowed. */
  take(key: string): { allowed: true } | { allowed: false; retryAfterMs: number };
  /** Keys currently tracked (memory stays bounded by active users). */
  size(): number;
}

export function createSlidingWindowLimiter(
  rule: Pick<RateLimitRule, "limit" | "windowMs">,
  now: () => number = Date.now,
): SlidingWindowLimiter {
  const hits = new Map<string, number[]>();
  let calls = 0;

  function recent(key: string, at: number): number[] {
    const list = (hits.get(key) ?? []).filter((t) => t > at - rule.windowMs);
    if (list.length === 0) hits.delete(key);
    else hits.set(key, list);
    return list;
  }

  function check(key: string): { allowed: true } | { allowed: false; retryAfterMs: number } {
    const at = now();
    // Now and then, forget users whose window is empty, so idle keys do not pile up.
    if (++calls % 1000 === 0) for (const k of [...hits.keys()]) recent(k, at);
    const list = recent(key, at);
    if (list.length < rule.limit) return { allowed: true };
    const oldest = list[0] ?? at;
    return { allowed: false, retryAfterMs: Math.max(1000, oldest + rule.windowMs - at) };
  }

  function record(key: string): void {
    const at = now();
    hits.set(key, [...recent(key, at), at]);
  }

  return {
    check,
    record,
    take(key) {
      const result = check(key);
      if (result.allowed) record(key);
      return result;
    },
    size() {
      return hits.size;
    },
  };
}

function retryText(ms: number): string {
  if (ms <= 60_000) return "Réessayez dans une minute.";
  return `Réessayez dans ${Math.ceil(ms / 60_000)} minutes.`;
}

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Where the windows live. `take` must be atomic (two processes taking the last place at once:
 * one wins); `check` then `record` is for actions counted only when they succeeded.
 */
export interface RateLimitStore {
  check(name: string, key: string, rule: Pick<RateLimitRule, "limit" | "windowMs">): Promise<RateLimitDecision>;
  record(name: string, key: string, rule: Pick<RateLimitRule, "limit" | "windowMs">): Promise<void>;
  take(name: string, key: string, rule: Pick<RateLimitRule, "limit" | "windowMs">): Promise<RateLimitDecision>;
}

/** In this process's memory: the embedded default, which runs one process. */
export function createMemoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const limiters = new Map<string, SlidingWindowLimiter>();
  const limiter = (name: string, rule: Pick<RateLimitRule, "limit" | "windowMs">) => {
    const id = `${name}:${rule.limit}:${rule.windowMs}`;
    let found = limiters.get(id);
    if (!found) {
      found = createSlidingWindowLimiter(rule, now);
      limiters.set(id, found);
    }
    return found;
  };
  return {
    check: async (name, key, rule) => limiter(name, rule).check(key),
    record: async (name, key, rule) => limiter(name, rule).record(key),
    take: async (name, key, rule) => limiter(name, rule).take(key),
  };
}

export interface UserRateLimits {
  /** Counts one attempt by `key`; throws `rate_limited` (HTTP 429) with a French message when over the limit. */
  consume(name: UserRateLimitName, key: string): Promise<void>;
  /** Throws like `consume` when over the limit, without counting (count later with `record`). */
  check(name: UserRateLimitName, key: string): Promise<void>;
  /** Counts one action that succeeded (after `check`). */
  record(name: UserRateLimitName, key: string): Promise<void>;
}

/**
 * The limits of USER_RATE_LIMITS, each multiplied by `scale` (RATE_LIMIT_SCALE: end-to-end
 * tests create many listings from one machine and raise it), kept in `store` (default: memory).
 */
export function createUserRateLimits(scale = 1, store: RateLimitStore | (() => number) = createMemoryRateLimitStore()): UserRateLimits {
  const windows = typeof store === "function" ? createMemoryRateLimitStore(store) : store;
  const rules = new Map<UserRateLimitName, Pick<RateLimitRule, "limit" | "windowMs">>();
  for (const [name, rule] of Object.entries(USER_RATE_LIMITS) as [UserRateLimitName, RateLimitRule][]) {
    rules.set(name, { limit: Math.max(1, Math.round(rule.limit * scale)), windowMs: rule.windowMs });
  }
  const rule = (name: UserRateLimitName) => {
    const found = rules.get(name);
    if (!found) throw new Error(`Limite inconnue : ${name}`);
    return found;
  };
  const enforce = (name: UserRateLimitName, result: RateLimitDecision) => {
    if (result.allowed) return;
    throw new AppError("rate_limited", `${USER_RATE_LIMITS[name].message} ${retryText(result.retryAfterMs)}`, {
      retryAfterSeconds: Math.ceil(result.retryAfterMs / 1000),
    });
  };
  return {
    async consume(name, key) {
      enforce(name, await windows.take(name, key, rule(name)));
    },
    async check(name, key) {
      enforce(name, await windows.check(name, key, rule(name)));
    },
    async record(name, key) {
      await windows.record(name, key, rule(name));
    },
  };
}

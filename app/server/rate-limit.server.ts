/**
 * Per-user rate limits on publishing, photo uploads, reports and messages (GUIDE §7), as
 * in-memory sliding windows: each user's recent attempts are kept as timestamps and an
 * attempt is refused when the window already holds `limit` of them.
 *
 * Sign-in and sign-up are limited by Better Auth (per address, in the database); these
 * limits key on the signed-in user's id, so they cannot be dodged by changing address.
 * Like the event bus they are per process: with several processes each one counts apart.
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

export interface UserRateLimits {
  /** Counts one attempt by `userId`; throws `rate_limited` (HTTP 429) with a French message when over the limit. */
  consume(name: UserRateLimitName, userId: string): void;
  /** Throws like `consume` when over the limit, without counting (count later with `record`). */
  check(name: UserRateLimitName, userId: string): void;
  /** Counts one action that succeeded (after `check`). */
  record(name: UserRateLimitName, userId: string): void;
}

/**
 * The limits of USER_RATE_LIMITS, each multiplied by `scale` (RATE_LIMIT_SCALE: end-to-end
 * tests create many listings from one machine and raise it).
 */
export function createUserRateLimits(scale = 1, now: () => number = Date.now): UserRateLimits {
  const limiters = new Map<UserRateLimitName, SlidingWindowLimiter>();
  for (const [name, rule] of Object.entries(USER_RATE_LIMITS) as [UserRateLimitName, RateLimitRule][]) {
    const limit = Math.max(1, Math.round(rule.limit * scale));
    limiters.set(name, createSlidingWindowLimiter({ limit, windowMs: rule.windowMs }, now));
  }
  const limiter = (name: UserRateLimitName): SlidingWindowLimiter => {
    const found = limiters.get(name);
    if (!found) throw new Error(`Limite inconnue : ${name}`);
    return found;
  };
  const refuse = (name: UserRateLimitName, retryAfterMs: number): never => {
    throw new AppError("rate_limited", `${USER_RATE_LIMITS[name].message} ${retryText(retryAfterMs)}`, {
      retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
    });
  };
  return {
    consume(name, userId) {
      const result = limiter(name).take(userId);
      if (!result.allowed) refuse(name, result.retryAfterMs);
    },
    check(name, userId) {
      const result = limiter(name).check(userId);
      if (!result.allowed) refuse(name, result.retryAfterMs);
    },
    record(name, userId) {
      limiter(name).record(userId);
    },
  };
}

/**
 * Per-user rate limits on publishing, photo uploads, reports, messages and phone reveals
 * (GUIDE §7), as sliding windows: each key's recent attempts are kept as timestamps and an
 * attempt is refused when the window already holds `limit` of them.
 *
 * Sign-up and password resets are limited by Better Auth (per address, in the database);
 * failed sign-ins by `signInFailure` below (auth.server.ts). The other limits key on the signed-in user's id (or the address), so they cannot be dodged by
 * changing address. Where the windows live is a `RateLimitStore`: this process's memory on
 * the embedded default (one process by design), or the `rate_limit_windows` table with
 * PostgreSQL (rate-limit-sql.server.ts), so every server process gives the same answer.
 */
import { AppError } from "./app-error";
import { retryAfterSeconds } from "./retry-after";

export interface RateLimitRule {
  limit: number;
  windowMs: number;
  /** French message, before "Réessayez dans …". */
  message: string;
}

export const USER_RATE_LIMITS = {
  /**
   * 10 failed sign-ins (wrong e-mail or password) per 15 minutes per address: a password cannot
   * be guessed from one machine. A successful sign-in gives its place back, so a member who
   * signs in and out all day is never refused (auth.server.ts, signInLimited).
   */
  signInFailure: {
    limit: 10,
    windowMs: 15 * 60_000,
    message: "Trop de tentatives de connexion.",
  },
  /** 60 photos per 10 minutes: three listings' worth (20 photos each, issue 34), far above a real seller. */
  photoUpload: {
    limit: 60,
    windowMs: 10 * 60_000,
    message: "Vous avez envoyé trop de photos en peu de temps.",
  },
  /**
   * 12 stock files per hour per account (issue 35): a dealer re-imports after fixing its file a
   * few times; each file is stored and parsed by a job, its photos fetched from the network.
   */
  stockImport: {
    limit: 12,
    windowMs: 60 * 60_000,
    message: "Vous avez importé trop de fichiers de stock en peu de temps.",
  },
  /**
   * 10 feed saves or 'Synchroniser maintenant' per hour per account (decision 0051): each is a
   * fetch of the dealer's feed by the server; the schedule does the rest.
   */
  stockFeed: {
    limit: 10,
    windowMs: 60 * 60_000,
    message: "Vous avez synchronisé votre flux trop souvent en peu de temps.",
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

export type RateLimitDecision = { allowed: true; at: number } | { allowed: false; retryAfterMs: number };

export interface SlidingWindowLimiter {
  /** Whether `key` may act now (records nothing): for diagnostics and tests only. */
  check(key: string): RateLimitDecision;
  /**
   * Checks and records in one synchronous step: nothing can run between the two, so a burst
   * of parallel requests gets exactly `limit` places. `at` identifies the place for `release`.
   */
  take(key: string): RateLimitDecision;
  /** Gives back the place taken at `at` (the action then failed). */
  release(key: string, at: number): void;
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

  function check(key: string): RateLimitDecision {
    const at = now();
    // Now and then, forget users whose window is empty, so idle keys do not pile up.
    if (++calls % 1000 === 0) for (const k of [...hits.keys()]) recent(k, at);
    const list = recent(key, at);
    if (list.length < rule.limit) return { allowed: true, at };
    const oldest = list[0] ?? at;
    // Never more than the window: in a parallel burst an attempt recorded a few ms after this
    // request's clock reading would otherwise say window + those ms (Retry-After 3601 for 1 h).
    return { allowed: false, retryAfterMs: Math.min(rule.windowMs, Math.max(1000, oldest + rule.windowMs - at)) };
  }

  return {
    check,
    take(key) {
      const result = check(key);
      if (result.allowed) hits.set(key, [...(hits.get(key) ?? []), result.at]);
      return result;
    },
    release(key, at) {
      const list = hits.get(key);
      if (!list) return;
      const i = list.lastIndexOf(at);
      if (i < 0) return;
      list.splice(i, 1);
      if (list.length === 0) hits.delete(key);
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

type Rule = Pick<RateLimitRule, "limit" | "windowMs">;

/**
 * Where the windows live. `take` is atomic (check and record in one step: two requests, or two
 * processes, taking the last place at once: one wins); `release` gives a taken place back.
 * There is deliberately no separate "record": check-then-record lets a burst through.
 */
export interface RateLimitStore {
  check(name: string, key: string, rule: Rule): Promise<RateLimitDecision>;
  take(name: string, key: string, rule: Rule): Promise<RateLimitDecision>;
  release(name: string, key: string, rule: Rule, at: number): Promise<void>;
}

/** In this process's memory: the embedded default, which runs one process. */
export function createMemoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const limiters = new Map<string, SlidingWindowLimiter>();
  const limiter = (name: string, rule: Rule) => {
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
    take: async (name, key, rule) => limiter(name, rule).take(key),
    release: async (name, key, rule, at) => limiter(name, rule).release(key, at),
  };
}

/** A place taken in a window; `release` gives it back (idempotent). */
export interface RateLimitPlace {
  release(): Promise<void>;
}

export interface UserRateLimits {
  /**
   * Takes one place for `key`, atomically, before the action; throws `rate_limited` (HTTP 429,
   * French message, `retryAfterSeconds`) when the window is full. Release the place if the
   * action then fails.
   */
  consume(name: UserRateLimitName, key: string): Promise<RateLimitPlace>;
  /**
   * `consume`, then `run`; when `run` throws (validation, database error) the place is given
   * back and the error rethrown. The usual way for a route or service to limit an action.
   */
  within<T>(name: UserRateLimitName, key: string, run: () => Promise<T>): Promise<T>;
}

/**
 * The limits of USER_RATE_LIMITS, each multiplied by `scale` (RATE_LIMIT_SCALE: end-to-end
 * tests create many listings from one machine and raise it), kept in `store` (default: memory).
 */
export function createUserRateLimits(scale = 1, store: RateLimitStore | (() => number) = createMemoryRateLimitStore()): UserRateLimits {
  const windows = typeof store === "function" ? createMemoryRateLimitStore(store) : store;
  const rules = new Map<UserRateLimitName, Rule>();
  for (const [name, rule] of Object.entries(USER_RATE_LIMITS) as [UserRateLimitName, RateLimitRule][]) {
    rules.set(name, { limit: Math.max(1, Math.round(rule.limit * scale)), windowMs: rule.windowMs });
  }
  const rule = (name: UserRateLimitName) => {
    const found = rules.get(name);
    if (!found) throw new Error(`Limite inconnue : ${name}`);
    return found;
  };
  async function consume(name: UserRateLimitName, key: string): Promise<RateLimitPlace> {
    const result = await windows.take(name, key, rule(name));
    if (!result.allowed) {
      throw new AppError("rate_limited", `${USER_RATE_LIMITS[name].message} ${retryText(result.retryAfterMs)}`, {
        retryAfterSeconds: retryAfterSeconds(result.retryAfterMs),
      });
    }
    let released = false;
    return {
      async release() {
        if (released) return;
        released = true;
        await windows.release(name, key, rule(name), result.at);
      },
    };
  }
  return {
    consume,
    async within(name, key, run) {
      const place = await consume(name, key);
      try {
        return await run();
      } catch (error) {
        // The action did not happen: its place goes back (a failure to do so must not hide the error).
        await place.release().catch(() => {});
        throw error;
      }
    },
  };
}

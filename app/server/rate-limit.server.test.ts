import { describe, expect, it } from "vitest";
import { AppError } from "./app-error";
import { USER_RATE_LIMITS, createSlidingWindowLimiter, createUserRateLimits } from "./rate-limit.server";

describe("sliding-window rate limits", () => {
  it("allows `limit` actions per window, then refuses until the oldest leaves the window", () => {
    let now = 0;
    const limiter = createSlidingWindowLimiter({ limit: 3, windowMs: 1000 }, () => now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.take("u1").allowed).toBe(true);
      now += 100;
    }
    expect(limiter.take("u1")).toEqual({ allowed: false, retryAfterMs: 1000 });
    expect(limiter.take("u2").allowed).toBe(true);
    now = 1000;
    expect(limiter.take("u1").allowed).toBe(true);
    expect(limiter.take("u1").allowed).toBe(false);
  });

  it("forgets idle users", () => {
    let now = 0;
    const limiter = createSlidingWindowLimiter({ limit: 1, windowMs: 10 }, () => now);
    for (let i = 0; i < 999; i++) limiter.take(`user-${i}`);
    now = 100;
    limiter.take("last");
    expect(limiter.size()).toBe(1);
  });

  it("throws a French 429 error per user, scaled by RATE_LIMIT_SCALE", async () => {
    let now = 0;
    const limits = createUserRateLimits(1, () => now);
    for (let i = 0; i < USER_RATE_LIMITS.photoUpload.limit; i++) await limits.consume("photoUpload", "vendeur");
    const error: unknown = await limits.consume("photoUpload", "vendeur").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(429);
    expect((error as AppError).message).toBe("Vous avez envoyé trop de photos en peu de temps. Réessayez dans 10 minutes.");
    expect((error as AppError).details?.retryAfterSeconds).toBe(600);
    await expect(limits.consume("photoUpload", "autre-vendeur")).resolves.toBeDefined();
    now += USER_RATE_LIMITS.photoUpload.windowMs;
    await expect(limits.consume("photoUpload", "vendeur")).resolves.toBeDefined();

    const doubled = createUserRateLimits(2, () => now);
    for (let i = 0; i < USER_RATE_LIMITS.publish.limit * 2; i++) await doubled.consume("publish", "vendeur");
    await expect(doubled.consume("publish", "vendeur")).rejects.toThrow(/trop d'annonces/);
  });

  it("a parallel burst gets exactly `limit` places; `within` gives the place back when the action fails", async () => {
    const limits = createUserRateLimits(0.1); // publish: 1 per hour
    const burst = await Promise.allSettled(Array.from({ length: 12 }, () => limits.within("message", "v", async () => "ok")));
    expect(burst.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    await expect(limits.within("publish", "v", async () => Promise.reject(new Error("annonce invalide")))).rejects.toThrow("annonce invalide");
    await expect(limits.within("publish", "v", async () => "publiée")).resolves.toBe("publiée");
    await expect(limits.within("publish", "v", async () => "publiée")).rejects.toThrow(AppError);
  });
});

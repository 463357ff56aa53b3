import { describe, expect, it } from "vitest";
import { isSampledForReview, reviewDraw } from "./review-sampling";

/** 20 000 made-up listing ids (uuid-shaped, fixed: the test's figures never change). */
const ids = Array.from({ length: 20_000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);

describe("the after-publication review draw (decision 0054)", () => {
  it("is a pure function of the listing and its version", () => {
    expect(reviewDraw(ids[0]!, "v1")).toBe(reviewDraw(ids[0]!, "v1"));
    expect(reviewDraw(ids[0]!, "v1")).toBeGreaterThanOrEqual(0);
    expect(reviewDraw(ids[0]!, "v1")).toBeLessThan(10_000);
    // Another version of the same listing is another draw.
    const versions = Array.from({ length: 50 }, (_, i) => reviewDraw(ids[0]!, `v${i}`));
    expect(new Set(versions).size).toBeGreaterThan(45);
  });

  it("samples the configured share: 10 % of 20 000 publications is 2 000 ± 100", () => {
    const sampled = ids.filter((listingId) => isSampledForReview({ listingId, revision: "r", percent: 10 })).length;
    expect(sampled).toBeGreaterThan(1_900);
    expect(sampled).toBeLessThan(2_100);
    const quarterPercent = ids.filter((listingId) =>
      isSampledForReview({ listingId, revision: "r", percent: 0.25 }),
    ).length;
    expect(quarterPercent).toBeGreaterThan(25);
    expect(quarterPercent).toBeLessThan(75);
  });

  it("0 % samples nothing, 100 % everything; a larger share only adds listings", () => {
    expect(ids.some((listingId) => isSampledForReview({ listingId, revision: "r", percent: 0 }))).toBe(false);
    expect(ids.every((listingId) => isSampledForReview({ listingId, revision: "r", percent: 100 }))).toBe(true);
    const at5 = ids.filter((listingId) => isSampledForReview({ listingId, revision: "r", percent: 5 }));
    const at10 = new Set(ids.filter((listingId) => isSampledForReview({ listingId, revision: "r", percent: 10 })));
    expect(at5.every((id) => at10.has(id))).toBe(true);
  });
});

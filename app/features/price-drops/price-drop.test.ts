import { describe, expect, it } from "vitest";
import { currentPriceDrop, dropPercent } from "./price-drop";

const DAY = 24 * 3600_000;
const now = new Date("2026-11-23T12:00:00Z");
const daysAgo = (n: number) => new Date(now.getTime() - n * DAY);
const published = daysAgo(90);

describe("currentPriceDrop (decision 0016)", () => {
  it("a drop shows the price before it", () => {
    expect(currentPriceDrop({ price: 18_000, publishedAt: published, now, changes: [{ oldPrice: 20_000, newPrice: 18_000, changedAt: daysAgo(1) }] })).toEqual({
      previousPrice: 20_000,
      droppedAt: daysAgo(1),
    });
  });

  it("the struck-through price is the lowest of the 30 days before the drop (no raise-then-lower trick)", () => {
    const changes = [
      { oldPrice: 20_000, newPrice: 19_000, changedAt: daysAgo(20) },
      { oldPrice: 19_000, newPrice: 24_000, changedAt: daysAgo(10) },
      { oldPrice: 24_000, newPrice: 18_000, changedAt: daysAgo(2) },
    ];
    expect(currentPriceDrop({ price: 18_000, publishedAt: published, now, changes })?.previousPrice).toBe(19_000);
    // Lowered to 20 000 only: above the 30-day low of 19 000, no drop is announced.
    const fake = [...changes.slice(0, 2), { oldPrice: 24_000, newPrice: 20_000, changedAt: daysAgo(2) }];
    expect(currentPriceDrop({ price: 20_000, publishedAt: published, now, changes: fake })).toBeNull();
  });

  it("successive reductions keep the price before the first one", () => {
    const changes = [
      { oldPrice: 30_000, newPrice: 28_000, changedAt: daysAgo(20) },
      { oldPrice: 28_000, newPrice: 27_000, changedAt: daysAgo(2) },
    ];
    expect(currentPriceDrop({ price: 27_000, publishedAt: published, now, changes })?.previousPrice).toBe(30_000);
  });

  it("prices older than 30 days before the drop do not count", () => {
    const changes = [
      { oldPrice: 15_000, newPrice: 22_000, changedAt: daysAgo(50) },
      { oldPrice: 22_000, newPrice: 20_000, changedAt: daysAgo(5) },
    ];
    expect(currentPriceDrop({ price: 20_000, publishedAt: published, now, changes })?.previousPrice).toBe(22_000);
  });

  it("no badge after a raise, after 30 days, before publication or when the history is stale", () => {
    const drop = { oldPrice: 20_000, newPrice: 18_000, changedAt: daysAgo(3) };
    expect(currentPriceDrop({ price: 19_000, publishedAt: published, now, changes: [drop, { oldPrice: 18_000, newPrice: 19_000, changedAt: daysAgo(1) }] })).toBeNull();
    expect(currentPriceDrop({ price: 18_000, publishedAt: published, now, changes: [{ ...drop, changedAt: daysAgo(31) }] })).toBeNull();
    expect(currentPriceDrop({ price: 18_000, publishedAt: daysAgo(1), now, changes: [drop] })).toBeNull();
    expect(currentPriceDrop({ price: 18_000, publishedAt: null, now, changes: [drop] })).toBeNull();
    expect(currentPriceDrop({ price: 17_000, publishedAt: published, now, changes: [drop] })).toBeNull();
    expect(currentPriceDrop({ price: 18_000, publishedAt: published, now, changes: [] })).toBeNull();
  });

  it("dropPercent rounds", () => {
    expect(dropPercent(20_000, 18_500)).toBe(8);
  });
});

import { describe, expect, it } from "vitest";
import { dueTables } from "./embedded-vacuum.server";

describe("which tables are due (PostgreSQL's default autovacuum thresholds)", () => {
  const table = (stats: { live: number; dead?: number; modified?: number; inserted?: number }) =>
    dueTables([{ schema: "public", table: "listings", dead: 0, modified: 0, inserted: 0, ...stats }]).map((d) => d.action);
  it("vacuums above 50 + 20 % dead rows or 1 000 + 20 % new rows, analyses above 50 + 10 % changes", () => {
    expect(table({ live: 100_000, dead: 20_050 })).toEqual([]);
    expect(table({ live: 100_000, dead: 20_051 })).toEqual(["vacuum"]);
    expect(table({ live: 100_000, inserted: 21_001 })).toEqual(["vacuum"]);
    expect(table({ live: 100_000, inserted: 21_000, modified: 10_051 })).toEqual(["analyze"]);
    expect(table({ live: 0, dead: 51 })).toEqual(["vacuum"]);
  });
});

import { afterEach, describe, expect, it } from "vitest";
import type { DbExecutor } from "~/db/client.server";
import {
  SHARES_MAX_AGE_MS,
  equipmentPath,
  refreshEquipmentShares,
  setEquipmentShares,
  warmEquipmentShares,
} from "./equipment-shares.server";

/** Stands in for PostgreSQL's `pg_stats`: counts the catalogue reads and answers `rows`. */
function statsServer(rows: { elems: string[] | null; freqs: number[] | null }[]) {
  const server = { reads: 0, db: undefined as unknown as DbExecutor };
  server.db = {
    execute: async () => {
      server.reads++;
      return { rows };
    },
  } as unknown as DbExecutor;
  return server;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => setEquipmentShares(undefined));

describe("equipment shares (decision 0056)", () => {
  it("a table never analysed is asked once, not on every search, until the figures are old", async () => {
    const server = statsServer([]);
    const start = Date.now();
    refreshEquipmentShares(server.db, { equipment: ["gps"] }, start);
    await settle();
    for (let i = 0; i < 50; i++) refreshEquipmentShares(server.db, { equipment: ["gps"] }, start + 1000);
    await settle();
    expect(server.reads).toBe(1);
    // Nothing known: the ordered indexes' mask answers.
    expect(equipmentPath(["gps"], { forCount: true, alone: true })).toBe("mask");
    refreshEquipmentShares(server.db, { equipment: ["gps"] }, Date.now() + SHARES_MAX_AGE_MS + 1);
    await settle();
    expect(server.reads).toBe(2);
  });

  it("a search without equipment never reads the statistics", async () => {
    const server = statsServer([]);
    refreshEquipmentShares(server.db, {});
    refreshEquipmentShares(server.db, { equipment: [] });
    await settle();
    expect(server.reads).toBe(0);
  });

  it("known shares choose the path: a rare item's ids first, a common one by the mask", async () => {
    const server = statsServer([{ elems: ["gps", "toit-ouvrant"], freqs: [0.5, 0.0005] }]);
    await warmEquipmentShares(server.db);
    expect(equipmentPath(["gps"], { forCount: true, alone: true })).toBe("mask");
    expect(equipmentPath(["toit-ouvrant"], { forCount: false, alone: false })).toBe("ids");
    expect(equipmentPath(["sieges-massants"], { forCount: false, alone: false })).toBe("ids");
    // A rare combination inside a brand is counted on the (brand, equipment) GIN index (decision
    // 0060); its page still walks the ordered indexes; a common one is counted by the mask.
    const server2 = statsServer([{ elems: ["gps", "toit-ouvrant", "attelage"], freqs: [0.5, 0.064, 0.1] }]);
    await warmEquipmentShares(server2.db);
    expect(equipmentPath(["toit-ouvrant", "attelage"], { forCount: true, alone: false, byBrand: true })).toBe("gin");
    expect(equipmentPath(["toit-ouvrant", "attelage"], { forCount: false, alone: false, byBrand: true })).toBe("mask");
    expect(equipmentPath(["toit-ouvrant", "attelage"], { forCount: true, alone: false, byBrand: false })).toBe("mask");
    expect(equipmentPath(["gps"], { forCount: true, alone: false, byBrand: true })).toBe("mask");
    // A later read that finds nothing (statistics reset) keeps the last figures.
    const empty = statsServer([]);
    await warmEquipmentShares(empty.db);
    expect(equipmentPath(["toit-ouvrant", "attelage"], { forCount: true, alone: false, byBrand: true })).toBe("gin");
  });
});

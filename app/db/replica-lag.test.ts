import { describe, expect, it } from "vitest";
import { parseLsn, PrimaryPositions } from "./replica-lag";
import { readDb, readsOwnWrites, replicaName, writeMarkerCookie, type ReadReplicas } from "./replicas.server";
import type { Database } from "./client.server";

describe("replica lag from the primary's WAL positions", () => {
  it("reads PostgreSQL's LSN text", () => {
    expect(parseLsn("0/3000060")).toBe(0x3000060n);
    expect(parseLsn("16/B374D848")).toBe((0x16n << 32n) + 0xb374d848n);
    expect(() => parseLsn("n'importe quoi")).toThrow(/illisible/);
  });

  it("says 0 s for a replica that replayed an idle primary's position, however long ago it was written", () => {
    const positions = new PrimaryPositions(10_000);
    positions.record({ at: 0, lsn: 100n });
    positions.record({ at: 60_000, lsn: 100n });
    expect(positions.lagOf(100n, 120_000)).toEqual({ seconds: 0, bytes: 0, atLeast: false });
  });

  it("dates a replica's lag from the first check that saw a position it has not replayed", () => {
    const positions = new PrimaryPositions(60_000);
    positions.record({ at: 0, lsn: 100n });
    positions.record({ at: 1_000, lsn: 250n }); // a write after 100, seen at 1 s
    positions.record({ at: 2_000, lsn: 400n });
    expect(positions.lagOf(100n, 4_000)).toEqual({ seconds: 3, bytes: 300, atLeast: false });
    expect(positions.lagOf(300n, 4_000)).toEqual({ seconds: 2, bytes: 100, atLeast: false });
  });

  it("gives a lower bound for a replica behind every position kept", () => {
    const positions = new PrimaryPositions(5_000);
    for (let at = 0; at <= 20_000; at += 1_000) positions.record({ at, lsn: BigInt(1_000 + at) });
    const lag = positions.lagOf(10n, 20_000)!;
    expect(lag.atLeast).toBe(true);
    expect(lag.seconds).toBeGreaterThanOrEqual(5);
  });
});

describe("read-your-writes routing", () => {
  const now = 1_800_000_000_000;
  const marker = writeMarkerCookie({ windowSeconds: 8, secure: true, now });

  it("marks a write with a short-lived, HttpOnly cookie", () => {
    expect(marker).toBe(`occazio_ecrit=${now}; Max-Age=8; Path=/; HttpOnly; SameSite=Lax; Secure`);
  });

  it("sends writes, and reads within the window after one, to the primary", () => {
    const cookie = `theme=sombre; ${marker.split(";")[0]}`;
    expect(readsOwnWrites({ method: "POST", cookieHeader: undefined, windowSeconds: 8, now })).toBe(true);
    expect(readsOwnWrites({ method: "GET", cookieHeader: cookie, windowSeconds: 8, now: now + 7_000 })).toBe(true);
    expect(readsOwnWrites({ method: "GET", cookieHeader: cookie, windowSeconds: 8, now: now + 9_000 })).toBe(false);
    expect(readsOwnWrites({ method: "GET", cookieHeader: "theme=sombre", windowSeconds: 8, now })).toBe(false);
    expect(readsOwnWrites({ method: "GET", cookieHeader: "xoccazio_ecrit=1", windowSeconds: 8, now })).toBe(false);
  });

  it("picks the replicas' handle only without a recent write, and only when replicas are configured", () => {
    const primary = { name: "primaire" } as unknown as Database;
    const replicated = { name: "répliques" } as unknown as Database;
    const replicas = { db: replicated } as ReadReplicas;
    expect(readDb({ db: primary })).toBe(primary);
    expect(readDb({ db: primary, replicas })).toBe(replicated);
    expect(readDb({ db: primary, replicas, readOwnWrites: true })).toBe(primary);
  });

  it("names a replica by host, port and database, never its password", () => {
    expect(replicaName("postgres://app:secret@10.0.0.5:5433/occazio", 0)).toBe("10.0.0.5:5433/occazio");
    expect(replicaName("postgresql:///occazio?host=/run/postgresql", 1)).toBe("réplique 2");
  });
});

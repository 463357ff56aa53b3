import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import {
  openReadReplicas,
  primaryDb,
  readDb,
  readsOwnWrites,
  writeMarkerCookie,
  type ReadContext,
  type ReadReplicas,
} from "~/db/replicas.server";
import { searchListings } from "~/features/search/search-listings.server";
import { createLocalStorage } from "~/server/storage.server";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { startServerProcess } from "../support/server-process";
import { createClient, startTestApp } from "../support/test-app";
import type { TestDatabase } from "../support/test-db";

/**
 * Issue 38, decision 0038: public reads (search here, through the same `readDb` as the routes)
 * on a real PostgreSQL streaming replica, which this file makes itself: a primary (initdb,
 * wal_level=replica, a replication line in pg_hba) and a replica (`pg_basebackup -R`) in a
 * temporary directory, on free ports, stopped and removed at the end. The shared server on 5432
 * has no replication entry, so it is not used.
 */
const BIN = "/usr/lib/postgresql/15/bin";
const haveBinaries = ["initdb", "pg_ctl", "pg_basebackup", "postgres"].every((b) => fs.existsSync(path.join(BIN, b)));
// One project runs it: the PostgreSQL one when it exists, else the PGlite one (the engine of
// the test database does not matter: the file starts its own servers).
const runHere = process.env.TEST_DB_ENGINE === "postgres" || !process.env.DATABASE_URL;
const title = haveBinaries
  ? "read replicas on a real streaming replica"
  : `read replicas (skipped: ${BIN}/initdb, pg_ctl, pg_basebackup or postgres is missing)`;

const storage = createLocalStorage("/tmp/occazio-replica-tests-uploads");
const MAX_LAG_SECONDS = 1;

let dir = "";
let primaryPort = 0;
let replicaPort = 0;
let handle: DatabaseHandle;
let replicas: ReadReplicas;
let replicaAdmin: pg.Client | null = null;
const logs: string[] = [];

function runAsPostgres(command: string, args: string[]): string {
  const asRoot = process.getuid?.() === 0;
  const file = asRoot ? "runuser" : path.join(BIN, command);
  const argv = asRoot ? ["-u", "postgres", "--", path.join(BIN, command), ...args] : args;
  return execFileSync(file, argv, { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 90_000 });
}

const pgCtl = (cluster: "primary" | "replica", ...args: string[]) =>
  runAsPostgres("pg_ctl", [
    "-D",
    path.join(dir, cluster),
    "-l",
    path.join(dir, `${cluster}.log`),
    "-w",
    "-t",
    "60",
    ...args,
  ]);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const url = (port: number, database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;

/** A superuser's statement on the replica (pause or resume its replay, look at its sessions). */
async function onReplica<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
  if (!replicaAdmin) {
    const client = new pg.Client({ connectionString: url(replicaPort, "occazio") });
    client.on("error", () => {});
    await client.connect();
    replicaAdmin = client;
  }
  return (await replicaAdmin.query<T>(text)).rows;
}

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > until) throw new Error(`attendu en vain : ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A browser's request: GET without a write marker, or after a write (its cookie). */
function requestContext(cookieHeader?: string): ReadContext {
  return {
    db: handle.db,
    replicas,
    readOwnWrites: readsOwnWrites({ method: "GET", cookieHeader, windowSeconds: replicas.readYourWritesSeconds }),
  };
}

const teslas = async (ctx: ReadContext) =>
  (await searchListings({ db: readDb(ctx), storage, filters: { brand: "Tesla" } })).total;

describe.skipIf(!haveBinaries || !runHere)(title, () => {
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-replicas-"));
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
      const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
      fs.chownSync(dir, uid, gid);
    }
    primaryPort = await freePort();
    replicaPort = await freePort();
    runAsPostgres("initdb", [
      "-D",
      path.join(dir, "primary"),
      "-U",
      "postgres",
      "-A",
      "trust",
      "-E",
      "UTF8",
      "--locale=C",
      "--no-sync",
    ]);
    fs.appendFileSync(
      path.join(dir, "primary", "postgresql.conf"),
      [
        `port = ${primaryPort}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${dir}'`,
        "wal_level = replica",
        "max_wal_senders = 4",
        "hot_standby = on",
        "hot_standby_feedback = on",
        "wal_receiver_status_interval = 1s",
        "fsync = off",
        "shared_buffers = 32MB",
        "max_connections = 40",
        "",
      ].join("\n"),
    );
    fs.appendFileSync(path.join(dir, "primary", "pg_hba.conf"), "host replication postgres 127.0.0.1/32 trust\n");
    pgCtl("primary", "start");
    const admin = new pg.Client({ connectionString: url(primaryPort, "postgres") });
    await admin.connect();
    await admin.query("create database occazio");
    await admin.end();

    runAsPostgres("pg_basebackup", [
      "-h",
      "127.0.0.1",
      "-p",
      String(primaryPort),
      "-U",
      "postgres",
      "-D",
      path.join(dir, "replica"),
      "-R",
      "-X",
      "stream",
      "-c",
      "fast",
      "--no-sync",
    ]);
    fs.appendFileSync(path.join(dir, "replica", "postgresql.conf"), `port = ${replicaPort}\n`);
    pgCtl("replica", "start");

    handle = await openDatabase({ databaseUrl: url(primaryPort, "occazio"), poolSize: 4 });
    const seller = await insertUser(handle.db);
    for (let i = 0; i < 2; i++)
      await insertListing(handle.db, seller.id, { brand: "Renault", model: "Clio", status: "published" });
    // The replica has replayed the schema and the two listings.
    await waitFor("la réplique a les annonces", async () => {
      const [row] = await onReplica<{ n: number }>("select count(*)::int as n from listings");
      return row?.n === 2;
    });

    const logger = pino({ level: "info" }, { write: (line: string) => void logs.push(JSON.parse(line).msg as string) });
    replicas = openReadReplicas({
      urls: [url(replicaPort, "occazio")],
      primary: handle.pool!,
      poolSize: 3,
      maxLagSeconds: MAX_LAG_SECONDS,
      checkSeconds: 0.25,
      logger,
    });
  });

  afterAll(async () => {
    await replicaAdmin?.end().catch(() => {});
    await replicas?.close().catch(() => {});
    await handle?.close().catch(() => {});
    for (const cluster of ["replica", "primary"] as const) {
      try {
        pgCtl(cluster, "stop", "-m", "immediate");
      } catch {
        // Already stopped (or never started).
      }
    }
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("keeps an up-to-date replica in rotation while the primary is idle, however old its last replayed transaction", async () => {
    await replicas.check();
    await replicas.check();
    expect(replicas.status()[0]).toMatchObject({ inRotation: true, reason: null });
    // Nothing is written for longer than the maximum lag: a replay-timestamp rule would take it out.
    await sleep((MAX_LAG_SECONDS + 0.5) * 1000);
    const [{ age }] = (await onReplica<{ age: number }>(
      "select extract(epoch from now() - pg_last_xact_replay_timestamp())::float as age",
    )) as [{ age: number }];
    expect(age).toBeGreaterThan(MAX_LAG_SECONDS);
    await replicas.check();
    expect(replicas.status()[0]).toMatchObject({ inRotation: true });
    expect(replicas.status()[0]!.lagSeconds).toBeLessThan(0.5);
    expect(logs.some((line) => line.includes("dans la rotation"))).toBe(true);
  });

  it("sends a visitor's search to the replica, and the writer's own reads to the primary", async () => {
    await onReplica("select pg_wal_replay_pause()");
    // "pause requested" is enough: the replica stops before it replays the next record.
    await waitFor(
      "rejeu en pause",
      async () =>
        (await onReplica<{ s: string }>("select pg_get_wal_replay_pause_state() as s"))[0]?.s !== "not paused",
    );
    // A seller publishes; the replica has not replayed it (and no check has run since).
    const seller = await insertUser(handle.db);
    await insertListing(handle.db, seller.id, { brand: "Tesla", model: "Model 3", status: "published" });
    const marker = writeMarkerCookie({ windowSeconds: replicas.readYourWritesSeconds, secure: false }).split(";")[0]!;

    expect(await teslas(requestContext())).toBe(0); // the replica's view
    expect(await teslas(requestContext(`autre=1; ${marker}`))).toBe(1); // the browser that wrote: the primary
    expect(
      await teslas({
        ...requestContext(),
        readOwnWrites: readsOwnWrites({ method: "POST", cookieHeader: undefined, windowSeconds: 9 }),
      }),
    ).toBe(1);
    expect(
      (await searchListings({ db: primaryDb(requestContext()), storage, filters: { brand: "Tesla" } })).total,
    ).toBe(1);
    // An old marker (past the window) reads the replica again.
    const old = `occazio_ecrit=${Date.now() - (replicas.readYourWritesSeconds + 1) * 1000}`;
    expect(await teslas(requestContext(old))).toBe(0);
    // The replica served them on the pool that says so, and the sitemap rebuild would go there too.
    const [{ n }] = (await onReplica<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where application_name = 'occazio-lecture'",
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
    expect(replicas.pickUrl()).toBe(url(replicaPort, "occazio"));
  });

  it("takes a replica whose replay is paused out of rotation past the maximum lag, and back once it caught up", async () => {
    await replicas.check();
    await sleep((MAX_LAG_SECONDS + 0.3) * 1000);
    await replicas.check();
    expect(replicas.status()[0]).toMatchObject({ inRotation: false });
    expect(replicas.status()[0]!.reason).toMatch(/^retard de (plus de )?\d/);
    expect(replicas.status()[0]!.lagSeconds).toBeGreaterThan(MAX_LAG_SECONDS);
    // Out of rotation: visitors read the primary, which has the new listing.
    expect(await teslas(requestContext())).toBe(1);
    expect(replicas.pickUrl()).toBeNull();
    expect(logs.some((line) => line.includes("hors rotation : retard de"))).toBe(true);
    expect(logs.some((line) => line.includes("les lectures vont au primaire"))).toBe(true);

    await onReplica("select pg_wal_replay_resume()");
    await waitFor("la réplique revient dans la rotation", async () => (await replicas.check())[0]?.inRotation);
    expect(replicas.status()[0]!.lagSeconds).toBeLessThanOrEqual(MAX_LAG_SECONDS / 2);
    // Back on the replica, which has now replayed the listing.
    const [{ n }] = (await onReplica<{ n: number }>(
      "select count(*)::int as n from listings where brand = 'Tesla'",
    )) as [{ n: number }];
    expect(n).toBe(1);
    expect(await teslas(requestContext())).toBe(1);
  });

  it("takes a stopped replica out while reads keep working on the primary, and puts it back once restarted", async () => {
    replicas.start();
    await replicaAdmin?.end().catch(() => {});
    replicaAdmin = null;
    pgCtl("replica", "stop", "-m", "immediate");
    // The visitor's next search still answers: its statement finds the replica gone, takes it
    // out and runs on the primary.
    expect(await teslas(requestContext())).toBe(1);
    await waitFor("réplique hors rotation", async () => replicas.status()[0]?.reason === "injoignable");
    expect(replicas.status()[0]!.inRotation).toBe(false);
    expect(await teslas(requestContext())).toBe(1);
    expect(logs.some((line) => line.includes("hors rotation : injoignable"))).toBe(true);

    pgCtl("replica", "start");
    await waitFor("réplique de retour", async () => replicas.status()[0]?.inRotation, 30_000);
    expect(await teslas(requestContext())).toBe(1);
    const [{ n }] = (await onReplica<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where application_name = 'occazio-lecture'",
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
  });
  it("over HTTP: a visitor's /recherche reads the replica, and a browser that just signed in (a write) reads the primary", async () => {
    // Its own rotation, checked by hand: the lag allowed outlasts the paused replay below.
    const httpReplicas = openReadReplicas({
      urls: [url(replicaPort, "occazio")],
      primary: handle.pool!,
      poolSize: 2,
      maxLagSeconds: 60,
      checkSeconds: 1,
      logger: pino({ level: "silent" }),
    });
    await waitFor("réplique dans la rotation", async () => (await httpReplicas.check())[0]?.inRotation, 30_000);
    const app = await startTestApp({ db: { ...handle, name: "occazio" } as TestDatabase, replicas: httpReplicas });
    try {
      const buyer = await insertUser(handle.db);
      await waitFor(
        "la réplique a l'acheteur",
        async () =>
          (await onReplica<{ n: number }>(`select count(*)::int as n from "user" where id = '${buyer.id}'`))[0]?.n ===
          1,
      );
      await onReplica("select pg_wal_replay_pause()");
      await waitFor(
        "rejeu en pause",
        async () =>
          (await onReplica<{ s: string }>("select pg_get_wal_replay_pause_state() as s"))[0]?.s !== "not paused",
      );
      const seller = await insertUser(handle.db);
      const listing = await insertListing(handle.db, seller.id, {
        brand: "Dacia",
        model: "Sandero",
        status: "published",
      });

      const visitor = createClient(app.url);
      const seen = await (await visitor.request("/recherche?brand=Dacia")).text();
      expect(seen).toContain("Aucun résultat trouvé");

      const browser = createClient(app.url);
      const signedIn = await browser.signIn(buyer.email, buyer.password);
      expect(signedIn.status).toBe(200);
      expect(signedIn.headers.getSetCookie().some((line) => line.startsWith("occazio_ecrit="))).toBe(true);
      const fresh = await (await browser.request("/recherche?brand=Dacia")).text();
      expect(fresh).toContain(`/annonce/${listing.id}`);
      // The visitor, who wrote nothing, still reads the replica.
      expect(await (await visitor.request("/recherche?brand=Dacia")).text()).toContain("Aucun résultat trouvé");
    } finally {
      await onReplica("select pg_wal_replay_resume()").catch(() => {});
      await app.close();
      await httpReplicas.close();
    }
  });
  it("the compiled server with DATABASE_REPLICA_URLS: counts the replica's connections, puts it in rotation and serves search from it", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-replicas-app-"));
    const server = startServerProcess({
      DATABASE_URL: url(primaryPort, "occazio"),
      DATABASE_REPLICA_URLS: url(replicaPort, "occazio"),
      DATABASE_REPLICA_CHECK_SECONDS: "0.5",
      DATABASE_POOL_SIZE: "3",
      WEB_CONCURRENCY: "1",
      BETTER_AUTH_SECRET: "replicas-test-secret-0123456789abcdef0123",
      DATA_DIR: dataDir,
      PUBLIC_URL: "http://127.0.0.1:3999",
    });
    try {
      const base = await server.ready;
      const replica = `127.0.0.1:${replicaPort}/occazio`;
      expect(server.output()).toContain(
        "1 worker × (3 (pool) + 1 (LISTEN) + 1 (plan du site)) = 5 connexions PostgreSQL au plus ; " +
          "sur la réplique : 1 worker × (3 (pool de lecture) + 1 (plan du site)) = 4 connexions au plus",
      );
      expect(server.output()).toContain("lectures publiques sur 1 réplique (retard maximal 5 s)");
      await waitFor("réplique dans la rotation", async () =>
        server.output().includes(`réplique ${replica} dans la rotation`),
      );
      const page = await fetch(`${base}/recherche?brand=Tesla`);
      expect(page.status).toBe(200);
      expect(await page.text()).not.toContain("Aucun résultat trouvé");
      expect((await fetch(`${base}/sitemap.xml`)).status).toBe(200);
      // Its read pool is on the replica, under the name that says so.
      const [{ n }] = (await onReplica<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where application_name = 'occazio-lecture'",
      )) as [{ n: number }];
      expect(n).toBeGreaterThan(0);
    } finally {
      if (server.child.exitCode === null) server.child.kill("SIGTERM");
      await server.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

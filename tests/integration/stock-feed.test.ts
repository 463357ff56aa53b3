import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings, stockFeeds, stockImportRuns } from "~/db/schema";
import { judgeAddress } from "~/features/stock-import/address-policy";
import { applyStockImport } from "~/features/stock-import/apply-stock-import.server";
import { fetchStockFeed } from "~/features/stock-import/fetch-stock-feed.server";
import { startStockImport } from "~/features/stock-import/start-stock-import.server";
import { saveStockFeed, requestStockFeedSync } from "~/features/stock-import/stock-feeds.server";
import {
  enqueueDueStockFeeds,
  retryDelaySeconds,
  syncStockFeed,
  type StockFeedSyncDeps,
} from "~/features/stock-import/sync-stock-feed.server";
import { AppError } from "~/server/app-error";
import type { JobQueue } from "~/server/jobs.server";
import { createRecordingJobQueue } from "~/testing/recording-job-queue";
import { createLogger } from "~/server/logger.server";
import { createOutboxMailer, createQueuedMailer } from "~/server/mailer.server";
import { createLocalStorage, type Storage } from "~/server/storage.server";
import { insertProProfile, insertUser } from "~/testing/inserters.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * Issue 35, 'Flux automatique' (decision 0051), on both engines: a real HTTP server in the test
 * serves the feed (CSV and JSON, with an ETag); a sync applies it as an upload would, an
 * unchanged feed costs one request and writes no run, a reference gone from the feed is
 * withdrawn, failures (500, HTML, timeout) leave the stock as it was, back off and tell the pro
 * at the third; the SSRF guard of photos applies to the feed address.
 */

let t: TestDatabase;
let storage: Storage;
let dataDir: string;
let server: http.Server;
let base: string;
/** Records jobs instead of running them: the test runs each as the worker would. */
const jobs = createRecordingJobQueue();
const enqueued = jobs.enqueued;
const logger = createLogger({ level: "silent", pretty: false });
let requests: { url: string; ifNoneMatch?: string }[] = [];
/** What /feed.csv answers. */
let feed: { mode: "ok" | "500" | "html" | "hang"; body: string; etag: string } = { mode: "ok", body: "", etag: '"v1"' };



const HEADER =
  "reference;marque;modele;mise_en_circulation;energie;boite;kilometrage;prix;couleur;portes;places;puissance_ch;puissance_fiscale;photos";

function row(reference: string, price = "52 900 €"): string {
  return [reference, "Alpine", "A110", "03/2019", "essence", "BVA", "25 000", price, "Bleu", "2", "2", "252", "21", `${base}/photos/${reference}.jpg`].join(";");
}

const vehicle = (reference: string) => ({
  reference,
  marque: "Peugeot",
  modele: "308",
  mise_en_circulation: "06/2020",
  energie: "Diesel",
  boite: "Manuelle",
  kilometrage: 48000,
  prix: 17490,
  couleur: "Gris",
  portes: 5,
  places: 5,
  puissance_ch: 130,
  puissance_fiscale: 7,
  photos: [`${base}/photos/${reference}-1.jpg`, `${base}/photos/${reference}-2.jpg`],
});

function deps(over: Partial<StockFeedSyncDeps> = {}): StockFeedSyncDeps {
  return {
    db: t.db,
    storage,
    jobs,
    mailer: createQueuedMailer({ queue: jobs, transport: createOutboxMailer({ db: t.db, logger }) }),
    logger,
    publicUrl: "http://occazio.test",
    maxBytes: 1024 * 1024,
    maxRows: 1000,
    retrySeconds: 300,
    allowPrivate: true,
    timeoutMs: 2000,
    ...over,
  };
}

async function insertPro() {
  const owner = await insertUser(t.db);
  await insertProProfile(t.db, owner.id, {
    companyName: "Garage du Flux",
    status: "verified",
  });
  return owner;
}

async function registerFeed(ownerId: string, url: string, allowPrivate = true) {
  enqueued.length = 0;
  await saveStockFeed({ db: t.db, jobs, allowPrivate, userId: ownerId, url, intervalSeconds: 21_600 });
  const [saved] = await t.db.select().from(stockFeeds).where(eq(stockFeeds.ownerId, ownerId));
  expect(enqueued).toContainEqual({ name: "stock-feed", payload: { feedId: saved!.id } });
  return saved!;
}

const feedOf = async (id: string) => (await t.db.select().from(stockFeeds).where(eq(stockFeeds.id, id)))[0]!;
const runsOf = (ownerId: string) => t.db.select().from(stockImportRuns).where(eq(stockImportRuns.ownerId, ownerId));
const stockOf = (ownerId: string) =>
  t.db.select().from(listings).where(eq(listings.ownerId, ownerId)).orderBy(listings.stockReference);

beforeAll(async () => {
  t = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "stock-feed-"));
  storage = createLocalStorage(path.join(dataDir, "uploads"));
  server = http.createServer((req, res) => {
    const url = req.url ?? "/";
    requests.push({ url, ifNoneMatch: req.headers["if-none-match"] });
    if (url === "/feed.csv") {
      if (feed.mode === "hang") return; // never answers: the fetch times out
      if (feed.mode === "500") return void res.writeHead(500).end("erreur");
      if (feed.mode === "html")
        return void res.writeHead(200, { "content-type": "text/html" }).end("<!DOCTYPE html><html>Connexion</html>");
      if (req.headers["if-none-match"] === feed.etag) return void res.writeHead(304).end();
      res.writeHead(200, { "content-type": "text/csv; charset=utf-8", etag: feed.etag }).end(feed.body);
    } else if (url === "/feed.json") {
      res
        .writeHead(200, { "content-type": "application/json", "last-modified": "Sun, 29 Nov 2026 08:00:00 GMT" })
        .end(JSON.stringify([vehicle("P308-1"), vehicle("P308-2"), { ...vehicle("P308-3"), prix: "douze euros" }]));
    } else if (url === "/html-as-csv") {
      res.writeHead(200, { "content-type": "text/csv" }).end("<html><body>Erreur</body></html>");
    } else if (url === "/redirect-private") res.writeHead(302, { location: "http://10.0.0.1/feed.csv" }).end();
    else if (url === "/redirect-loopback-v6")
      res.writeHead(302, { location: `http://[::1]:${(server.address() as AddressInfo).port}/feed.csv` }).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("a CSV feed", () => {
  let ownerId: string;
  let feedId: string;

  it("registered, then synced: applied as an upload (a run of source 'feed'), its ETag kept", async () => {
    ownerId = (await insertPro()).id;
    feed = { mode: "ok", body: [HEADER, row("F-1"), row("F-2"), row("F-3")].join("\n"), etag: '"v1"' };
    feedId = (await registerFeed(ownerId, `${base}/feed.csv`)).id;
    requests = [];
    await syncStockFeed(deps(), feedId);
    expect(requests).toEqual([{ url: "/feed.csv", ifNoneMatch: undefined }]);
    const runs = await runsOf(ownerId);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ source: "feed", status: "done", created: 3, rejected: 0, fileKey: null });
    expect(runs[0]!.fileName).toMatch(/^Flux 127\.0\.0\.1:\d+\/feed\.csv$/);
    expect((await stockOf(ownerId)).map((l) => l.stockReference)).toEqual(["F-1", "F-2", "F-3"]);
    expect(await feedOf(feedId)).toMatchObject({
      etag: '"v1"',
      consecutiveFailures: 0,
      lastError: null,
      currentRunId: null,
      lastRunId: runs[0]!.id,
    });
  });

  it("unchanged (304): one request, no run, no listing written", async () => {
    const before = await stockOf(ownerId);
    requests = [];
    await syncStockFeed(deps(), feedId);
    expect(requests).toEqual([{ url: "/feed.csv", ifNoneMatch: '"v1"' }]);
    expect(await runsOf(ownerId)).toHaveLength(1);
    const after = await stockOf(ownerId);
    expect(after.map((l) => l.updatedAt.toISOString())).toEqual(before.map((l) => l.updatedAt.toISOString()));
    expect((await feedOf(feedId)).lastSuccessAt).not.toBeNull();
  });

  it("a reference gone from the feed is withdrawn; a changed price is updated", async () => {
    feed = { mode: "ok", body: [HEADER, row("F-1", "49 900 €"), row("F-2")].join("\n"), etag: '"v2"' };
    await syncStockFeed(deps(), feedId);
    const runs = await runsOf(ownerId);
    expect(runs).toHaveLength(2);
    const latest = runs.find((r) => r.id === (runs[0]!.createdAt > runs[1]!.createdAt ? runs[0]!.id : runs[1]!.id))!;
    expect(latest).toMatchObject({ status: "done", updated: 1, unchanged: 1, withdrawn: 1 });
    const stock = await stockOf(ownerId);
    expect(stock.map((l) => [l.stockReference, l.status, l.price])).toEqual([
      ["F-1", "draft", 49900],
      ["F-2", "draft", 52900],
      ["F-3", "deleted", 52900],
    ]);
    expect((await feedOf(feedId)).etag).toBe('"v2"');
  });

  it("a feed over the row limit is refused with the limit stated, the stock untouched, counted as a failure", async () => {
    feed = { mode: "ok", body: [HEADER, row("F-1"), row("F-2"), row("F-9")].join("\n"), etag: '"v3"' };
    const before = await stockOf(ownerId);
    await syncStockFeed(deps({ maxRows: 2 }), feedId);
    const state = await feedOf(feedId);
    expect(state.lastError).toBe(
      "Le fichier contient 3 lignes : 2 au plus par import. Aucune ligne n'a été importée ; découpez le fichier.",
    );
    expect(state.consecutiveFailures).toBe(1);
    expect(state.etag).toBe('"v2"');
    expect(await stockOf(ownerId)).toEqual(before);
  });

  it("a feed over the byte limit is refused with the limit stated", async () => {
    feed = { mode: "ok", body: [HEADER, ...Array.from({ length: 20 }, (_, i) => row(`F-${i}`))].join("\n"), etag: '"v4"' };
    await syncStockFeed(deps({ maxBytes: 2048 }), feedId);
    expect((await feedOf(feedId)).lastError).toBe("flux trop lourd (plus de 2 Ko) : aucune ligne n'a été importée");
  });

  it("500, HTML and a timeout: the stock untouched, the next try later each time, the pro told once at the third failure", async () => {
    await t.db.update(stockFeeds).set({ consecutiveFailures: 0, lastError: null }).where(eq(stockFeeds.id, feedId));
    const before = await stockOf(ownerId);
    const runsBefore = (await runsOf(ownerId)).length;
    const delays: number[] = [];
    const mails = () => enqueued.filter((j) => j.name === "email" && JSON.stringify(j.payload).includes("injoignable"));
    enqueued.length = 0;
    for (const mode of ["500", "html", "hang"] as const) {
      feed = { ...feed, mode };
      const started = Date.now();
      await syncStockFeed(deps({ timeoutMs: 300 }), feedId);
      const state = await feedOf(feedId);
      delays.push(Math.round((state.nextRunAt.getTime() - started) / 1000));
      if (mode !== "hang") expect(mails()).toHaveLength(0);
    }
    const state = await feedOf(feedId);
    expect(state.consecutiveFailures).toBe(3);
    expect(state.lastError).toBe("délai de 0 s dépassé");
    expect(delays[0]).toBeGreaterThanOrEqual(299);
    expect(delays[0]).toBeLessThanOrEqual(302);
    expect(delays[1]).toBeGreaterThanOrEqual(1199);
    expect(delays[2]).toBeGreaterThanOrEqual(4799);
    expect(mails()).toHaveLength(1);
    expect(JSON.stringify(mails()[0]!.payload)).toContain("Votre flux de stock est injoignable");
    expect((await runsOf(ownerId)).length).toBe(runsBefore);
    expect(await stockOf(ownerId)).toEqual(before);
    // A fourth failure tells nobody again; the delay stops at the interval.
    feed = { ...feed, mode: "500" };
    await syncStockFeed(deps(), feedId);
    expect(mails()).toHaveLength(1);
    expect(retryDelaySeconds(9, 300, 21_600)).toBe(21_600);
    // Back to normal: the failures are forgotten.
    feed = { ...feed, mode: "ok" };
    await syncStockFeed(deps(), feedId);
    expect(await feedOf(feedId)).toMatchObject({ consecutiveFailures: 0, lastError: null });
  });

  it("an HTML page served as text/csv is refused too", async () => {
    await expect(fetchStockFeed(`${base}/html-as-csv`, { allowPrivate: true, maxBytes: 1024 })).rejects.toThrow(
      "le flux a renvoyé une page HTML au lieu d'un fichier CSV ou JSON",
    );
  });

  it("the scheduler takes a due feed once (a lease), and 'Synchroniser maintenant' queues it for its owner only", async () => {
    await t.db.update(stockFeeds).set({ nextRunAt: new Date(Date.now() - 1000) });
    enqueued.length = 0;
    const taken = await enqueueDueStockFeeds({ db: t.db, jobs });
    expect(taken).toBeGreaterThanOrEqual(1);
    expect(enqueued).toContainEqual({ name: "stock-feed", payload: { feedId } });
    expect(await enqueueDueStockFeeds({ db: t.db, jobs })).toBe(0);
    enqueued.length = 0;
    await requestStockFeedSync({ db: t.db, jobs, allowPrivate: true, userId: ownerId });
    expect(enqueued).toEqual([{ name: "stock-feed", payload: { feedId } }]);
    const someone = await insertUser(t.db);
    await expect(requestStockFeedSync({ db: t.db, jobs, allowPrivate: true, userId: someone.id })).rejects.toThrow(
      AppError,
    );
  });
});

describe("a JSON feed", () => {
  it("an array of objects with the CSV's columns: applied the same way, bad rows reported", async () => {
    const owner = await insertPro();
    const saved = await registerFeed(owner.id, `${base}/feed.json`);
    await syncStockFeed(deps(), saved.id);
    const [run] = await runsOf(owner.id);
    expect(run).toMatchObject({ source: "feed", status: "done", created: 2, rejected: 1 });
    expect(run!.fileName).toMatch(/\(JSON\)$/);
    expect(run!.rejectedRows[0]!.reason).toBe("ligne 4 : prix « douze euros » illisible");
    const stock = await stockOf(owner.id);
    expect(stock.map((l) => [l.stockReference, l.brand, l.model, l.price])).toEqual([
      ["P308-1", "Peugeot", "308", 17490],
      ["P308-2", "Peugeot", "308", 17490],
    ]);
    expect((await feedOf(saved.id)).lastModified).toBe("Sun, 29 Nov 2026 08:00:00 GMT");
  });
});

describe("the feed address goes through the SSRF guard of photos (decision 0047)", () => {
  it("refused at registration: http in production, an address literal that is private", async () => {
    const owner = await insertPro();
    const save = (url: string) =>
      saveStockFeed({ db: t.db, jobs, allowPrivate: false, userId: owner.id, url, intervalSeconds: 21_600 });
    await expect(save("http://stock.example.fr/stock.csv")).rejects.toThrow(
      "L'adresse du flux doit commencer par https:// (connexion chiffrée).",
    );
    await expect(save("https://10.0.0.5/stock.csv")).rejects.toThrow(/^Adresse refusée/);
    await expect(save("https://user:pw@stock.example.fr/stock.csv")).rejects.toThrow(/identifiant/);
    await expect(save("pas une adresse")).rejects.toThrow(/adresse complète/);
    expect(await t.db.select().from(stockFeeds).where(eq(stockFeeds.ownerId, owner.id))).toEqual([]);
  });

  it.each([
    ["loopback", "http://127.0.0.1:9/feed.csv", undefined],
    ["10.x", "http://10.0.0.1/feed.csv", undefined],
    ["the metadata service", "http://169.254.169.254/latest/meta-data/", undefined],
    ["a name resolving to 127.0.0.1", "http://stock.garage.test/feed.csv", "127.0.0.1"],
  ])("refused at fetch (%s): a failure, nothing fetched, no run", async (_, url, resolvesTo) => {
    const owner = await insertPro();
    const [row] = await t.db.insert(stockFeeds).values({ ownerId: owner.id, url }).returning();
    requests = [];
    const resolve = resolvesTo ? async () => [{ address: resolvesTo, family: 4 }] : undefined;
    await syncStockFeed(deps({ allowPrivate: false, resolve }), row!.id);
    const state = await feedOf(row!.id);
    expect(state.consecutiveFailures).toBe(1);
    expect(state.lastError).toMatch(/refusée/);
    expect(requests).toEqual([]);
    expect(await runsOf(owner.id)).toEqual([]);
  });

  it("a redirect to a private address is refused (the test server allowed as the first hop only)", async () => {
    const judge = (address: string) =>
      address === "127.0.0.1" ? ({ allowed: true, range: "loopback" } as const) : judgeAddress(address, false);
    for (const target of ["/redirect-private", "/redirect-loopback-v6"]) {
      await expect(fetchStockFeed(`${base}${target}`, { judge, maxBytes: 1024 })).rejects.toThrow(/refusée/);
    }
  });
});

describe("a crash mid-import", () => {
  it("the run resumes after its last committed batch: no duplicate, no lost row", async () => {
    const owner = await insertPro();
    const csv = [HEADER, ...Array.from({ length: 250 }, (_, i) => row(`R-${String(i).padStart(3, "0")}`))].join("\n");
    const { runId } = await startStockImport({
      db: t.db,
      storage,
      jobs,
      userId: owner.id,
      file: Buffer.from(csv),
      fileName: "stock.csv",
      maxBytes: 1024 * 1024,
    });
    // The worker dies during the second batch (its transaction rolls back).
    let batches = 0;
    const dying: JobQueue = {
      ...jobs,
      async enqueueMany() {
        if (++batches === 2) throw new Error("processus tué");
      },
    };
    await expect(applyStockImport({ db: t.db, storage, jobs: dying }, runId)).rejects.toThrow("processus tué");
    const [halfway] = await t.db.select().from(stockImportRuns).where(eq(stockImportRuns.id, runId));
    expect(halfway).toMatchObject({ status: "running", processedRows: 100, created: 100 });
    expect(await stockOf(owner.id)).toHaveLength(100);
    // The job runs again (pg-boss retries it): the rest, once.
    await applyStockImport({ db: t.db, storage, jobs }, runId);
    const [run] = await t.db.select().from(stockImportRuns).where(eq(stockImportRuns.id, runId));
    expect(run).toMatchObject({ status: "done", processedRows: 250, created: 250, unchanged: 0, rejected: 0 });
    const stock = await stockOf(owner.id);
    expect(stock).toHaveLength(250);
    expect(new Set(stock.map((l) => l.stockReference)).size).toBe(250);
  });
});


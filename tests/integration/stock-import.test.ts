import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import iconv from "iconv-lite";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingPhotos, listingPriceHistory, listingRevisions, listings, outboxEmails, stockImportRuns, stockPhotoSources } from "~/db/schema";
import { applyBulkStockAction } from "~/features/dealer-dashboard/bulk-stock-actions.server";
import { applyStockImport } from "~/features/stock-import/apply-stock-import.server";
import { fetchListingPhotos } from "~/features/stock-import/fetch-listing-photos.server";
import { reportCsv } from "~/features/stock-import/report-csv";
import { fetchPhoto, PhotoFetchError } from "~/features/stock-import/safe-fetch.server";
import { judgeAddress } from "~/features/stock-import/address-policy";
import { startStockImport } from "~/features/stock-import/start-stock-import.server";
import { decideHeldWithdrawals } from "~/features/stock-import/withdraw-absent-references.server";
import { AppError } from "~/server/app-error";
import type { JobPayloads } from "~/server/jobs.server";
import { createRecordingJobQueue } from "~/testing/recording-job-queue";
import { createLogger } from "~/server/logger.server";
import { createOutboxMailer, createQueuedMailer, type Mailer } from "~/server/mailer.server";
import { createLocalStorage, type Storage } from "~/server/storage.server";
import { insertProProfile, insertUser } from "~/testing/inserters.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * Issue 35, first slice: a verified professional's CSV applied to its stock (created / updated /
 * unchanged / rejected, keyed by its own reference), its photos fetched by URL from a local HTTP
 * server (with the test-only PHOTO_FETCH_ALLOW_PRIVATE), and the SSRF refusals with it off.
 * The jobs are run here one after the other, as a worker would.
 */

let t: TestDatabase;
let storage: Storage;
let dataDir: string;
let server: http.Server;
let base: string;
let photoRequests: { url: string; ifNoneMatch?: string }[] = [];
let jpeg: Buffer;
let mailer: Mailer;
/** Records jobs instead of running them: the test runs each as the worker would. */
const jobs = createRecordingJobQueue();
const enqueued = jobs.enqueued;
const logger = createLogger({ level: "silent", pretty: false });


const HEADER =
  "reference;marque;modele;mise_en_circulation;energie;boite;kilometrage;prix;couleur;portes;places;puissance_ch;puissance_fiscale;description;photos";

function row(
  reference: string,
  over: { price?: string; mileage?: string; photos?: string; brand?: string; model?: string } = {},
): string {
  return [
    reference,
    over.brand ?? "Alpine",
    over.model ?? "A110",
    "03/2019",
    "essence",
    "BVA",
    over.mileage ?? "25 000",
    over.price ?? "52 900 €",
    "Bleu Alpine",
    "2",
    "2",
    "252",
    "21",
    "Première main, entretien constructeur.",
    over.photos ?? `${base}/photos/${reference}-1.jpg|${base}/photos/${reference}-2.jpg`,
  ].join(";");
}

async function insertPro(status: "verified" | "pending" = "verified", trusted = 0) {
  const owner = await insertUser(t.db);
  await insertProProfile(t.db, owner.id, {
    companyName: "Garage des Alpes",
    status,
    trusted,
  });
  return owner;
}

/** Upload, then the `stock-import` job, then every `stock-photos` job it queued. */
async function importFile(
  ownerId: string,
  csv: string | Buffer,
  photoOptions: { allowPrivate?: boolean } = { allowPrivate: true },
) {
  enqueued.length = 0;
  const { runId } = await startStockImport({
    db: t.db,
    storage,
    jobs,
    userId: ownerId,
    file: typeof csv === "string" ? Buffer.from(csv, "utf8") : csv,
    fileName: "stock.csv",
    maxBytes: 1024 * 1024,
  });
  expect(enqueued).toEqual([{ name: "stock-import", payload: { runId } }]);
  enqueued.length = 0;
  await applyStockImport({ db: t.db, storage, jobs, mailer, publicUrl: "http://occazio.test" }, runId);
  const photoJobs = enqueued
    .filter((j) => j.name === "stock-photos")
    .map((j) => j.payload as JobPayloads["stock-photos"]);
  for (const payload of photoJobs) {
    await fetchListingPhotos({ db: t.db, storage, jobs, logger, allowPrivate: photoOptions.allowPrivate }, payload);
  }
  const [run] = await t.db.select().from(stockImportRuns).where(eq(stockImportRuns.id, runId));
  return { run: run!, photoJobs };
}

async function stockOf(ownerId: string) {
  return t.db.select().from(listings).where(eq(listings.ownerId, ownerId)).orderBy(listings.stockReference);
}

beforeAll(async () => {
  t = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "import-stock-"));
  storage = createLocalStorage(path.join(dataDir, "uploads"));
  mailer = createQueuedMailer({ queue: jobs, transport: createOutboxMailer({ db: t.db, logger }) });
  jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 20, g: 80, b: 160 } } })
    .jpeg()
    .toBuffer();
  server = http.createServer((req, res) => {
    const url = req.url ?? "/";
    photoRequests.push({ url, ifNoneMatch: req.headers["if-none-match"] });
    if (url.startsWith("/photos/")) {
      if (req.headers["if-none-match"] === '"v1"') {
        res.writeHead(304).end();
        return;
      }
      res.writeHead(200, { "content-type": "image/jpeg", etag: '"v1"' }).end(jpeg);
    } else if (url === "/html") res.writeHead(200, { "content-type": "text/html" }).end("<html></html>");
    else if (url === "/huge") {
      res.writeHead(200, { "content-type": "image/jpeg" });
      res.end(Buffer.alloc(2 * 1024 * 1024));
    } else if (url === "/redirect-loopback-v6")
      res.writeHead(302, { location: `http://[::1]:${(server.address() as AddressInfo).port}/photos/x.jpg` }).end();
    else if (url === "/redirect-private") res.writeHead(302, { location: "http://10.0.0.1/photos/x.jpg" }).end();
    else if (url === "/redirect-loop") res.writeHead(302, { location: "/redirect-loop" }).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("a verified professional imports its stock", () => {
  let ownerId: string;

  it("creates a listing per new reference, rejects bad rows with their line, fetches the photos and submits to moderation", async () => {
    const owner = await insertPro();
    ownerId = owner.id;
    const csv = [
      HEADER,
      row("ALP-1"),
      row("ALP-2", { brand: "ALFA ROMEO", model: "GIULIA 2.2", price: "34 500,00 €" }),
      row("ALP-3", { price: "12.500,00 €" }),
      row("ALP-4", { photos: "" }),
    ].join("\n");
    const { run, photoJobs } = await importFile(ownerId, csv);
    expect(run).toMatchObject({
      status: "done",
      created: 2,
      updated: 0,
      unchanged: 0,
      rejected: 2,
      photosFetched: 4,
      photosFailed: 0,
    });
    expect(run.rejectedRows).toEqual([
      { line: 4, reference: "ALP-3", reason: "ligne 4 : prix « 12.500,00 € » illisible" },
      { line: 5, reference: "ALP-4", reason: "ligne 5 : au moins une photo est obligatoire (colonne photos)" },
    ]);
    expect(photoJobs).toHaveLength(2);
    const stock = await stockOf(ownerId);
    expect(stock.map((l) => [l.stockReference, l.brand, l.model, l.price, l.status, l.sellerKind])).toEqual([
      ["ALP-1", "Alpine", "A110", 52900, "pending", "pro"],
      ["ALP-2", "Alfa Romeo", "Giulia", 34500, "pending", "pro"],
    ]);
    expect(stock[0]).toMatchObject({
      city: "Lyon",
      postalCode: "69007",
      color: "Bleu",
      gearbox: "Automatique",
      mileage: 25000,
    });
    const photos = await t.db
      .select()
      .from(listingPhotos)
      .where(eq(listingPhotos.listingId, stock[0]!.id))
      .orderBy(listingPhotos.position);
    expect(photos.map((p) => p.position)).toEqual([0, 1]);
    expect(photos[0]!.variantWidths.length).toBeGreaterThan(0);
    // The pro is told of the rejections, once.
    const mails = await t.db.select().from(outboxEmails);
    expect(mails).toHaveLength(0); // queued as a job, not yet delivered
    expect(enqueued.some((j) => j.name === "email")).toBe(true);
  });

  it("re-importing the same file changes nothing and fetches no photo", async () => {
    const before = await stockOf(ownerId);
    photoRequests = [];
    const csv = [
      HEADER,
      row("ALP-1"),
      row("ALP-2", { brand: "ALFA ROMEO", model: "GIULIA 2.2", price: "34 500,00 €" }),
    ].join("\n");
    const { run, photoJobs } = await importFile(ownerId, csv);
    expect(run).toMatchObject({ status: "done", created: 0, updated: 0, unchanged: 2, rejected: 0 });
    expect(photoJobs).toEqual([]);
    expect(photoRequests).toEqual([]);
    const after = await stockOf(ownerId);
    expect(after.map((l) => l.updatedAt.toISOString())).toEqual(before.map((l) => l.updatedAt.toISOString()));
  });

  it("a changed price updates the listing at once (price history); the same reference is never duplicated", async () => {
    const [alp1] = await stockOf(ownerId);
    await t.db
      .update(listings)
      .set({ status: "published", publishedAt: sql`now()` })
      .where(eq(listings.id, alp1!.id));
    const csv = [
      HEADER,
      row("ALP-1", { price: "49 900", mileage: "26 000" }),
      row("ALP-2", { brand: "ALFA ROMEO", model: "GIULIA 2.2", price: "34 500,00 €" }),
    ].join("\n");
    const { run } = await importFile(ownerId, csv);
    expect(run).toMatchObject({ created: 0, updated: 1, unchanged: 1, rejected: 0 });
    const stock = await stockOf(ownerId);
    expect(stock).toHaveLength(2);
    // Published: the price at once, the mileage (material) waits for a moderator.
    expect(stock[0]).toMatchObject({ price: 49900, mileage: 25000, status: "published" });
    const history = await t.db.select().from(listingPriceHistory).where(eq(listingPriceHistory.listingId, alp1!.id));
    expect(history.map((h) => [h.oldPrice, h.newPrice])).toEqual([[52900, 49900]]);
    const [revision] = await t.db.select().from(listingRevisions).where(eq(listingRevisions.listingId, alp1!.id));
    expect(revision?.changes).toEqual({ mileage: 26000 });
  });

  it("an empty photos cell keeps a car's photos (a price-update file); a new reference without one is refused", async () => {
    const [alp1] = await stockOf(ownerId);
    const before = await t.db.select().from(stockPhotoSources).where(eq(stockPhotoSources.listingId, alp1!.id));
    expect(before.length).toBeGreaterThan(0);
    const photosBefore = await t.db.select().from(listingPhotos).where(eq(listingPhotos.listingId, alp1!.id));
    const { run, photoJobs } = await importFile(
      ownerId,
      [HEADER, row("ALP-1", { price: "48 900", photos: "" }), row("ALP-2", { brand: "ALFA ROMEO", model: "GIULIA 2.2", price: "34 500,00 €" }), row("NEW-9", { photos: "" })].join("\n"),
    );
    expect(run).toMatchObject({ created: 0, updated: 1, rejected: 1 });
    expect(run.rejectedRows).toEqual([
      { line: 4, reference: "NEW-9", reason: "ligne 4 : au moins une photo est obligatoire (colonne photos)" },
    ]);
    expect(await t.db.select().from(stockPhotoSources).where(eq(stockPhotoSources.listingId, alp1!.id))).toEqual(before);
    expect(await t.db.select().from(listingPhotos).where(eq(listingPhotos.listingId, alp1!.id))).toEqual(photosBefore);
    expect(photoJobs).toEqual([]);
    const [after] = await stockOf(ownerId);
    expect(after!.price).toBe(48900);
  });

  it("a published listing's fixed facts cannot change by import: the row is rejected with the reason", async () => {
    const csv = [HEADER, row("ALP-1", { price: "49 900", mileage: "26 000" }).replace(";03/2019;", ";05/2019;")].join(
      "\n",
    );
    const { run } = await importFile(ownerId, csv);
    expect(run.rejectedRows).toEqual([
      {
        line: 2,
        reference: "ALP-1",
        reason:
          "ligne 2 : mise en circulation d'une annonce publiée ne se modifie pas ; retirez-la et importez le véhicule sous une nouvelle référence",
      },
    ]);
  });

  it("the downloadable report protects its cells against formula injection", async () => {
    const csv = [HEADER, row('=HYPERLINK("http://evil")', { price: "douze" })].join("\n");
    const { run } = await importFile(ownerId, csv);
    const report = reportCsv(run);
    expect(report).toContain(`2;"'=HYPERLINK(""http://evil"")";ligne 2 : prix « douze » illisible`);
    expect(report).not.toMatch(/(^|;)=HYPERLINK/m);
  });

  it("a file that is not a CSV changes nothing and says why", async () => {
    const before = await stockOf(ownerId);
    const { run } = await importFile(ownerId, "nom;prenom\nDupont;Jean\n");
    expect(run.status).toBe("failed");
    expect(run.failureReason).toContain("Colonnes obligatoires absentes");
    expect(await stockOf(ownerId)).toEqual(before);
  });

  it("only a verified professional imports: anonymous, private and pending accounts are refused, nothing stored", async () => {
    const privateUser = await insertUser(t.db);
    const pending = await insertPro("pending");
    for (const userId of [null, privateUser.id, pending.id]) {
      const attempt = startStockImport({
        db: t.db,
        storage,
        jobs,
        userId,
        file: Buffer.from("x"),
        fileName: null,
        maxBytes: 1024,
      });
      await expect(attempt).rejects.toBeInstanceOf(AppError);
    }
    const runs = await t.db.select().from(stockImportRuns).where(eq(stockImportRuns.ownerId, pending.id));
    expect(runs).toEqual([]);
  });

  it("a file above the size limit is refused with the limit stated", async () => {
    const attempt = startStockImport({
      db: t.db,
      storage,
      jobs,
      userId: ownerId,
      file: Buffer.alloc(3 * 1024 * 1024, 65),
      fileName: null,
      maxBytes: 2 * 1024 * 1024,
    });
    await expect(attempt).rejects.toMatchObject({ code: "too_large", message: expect.stringContaining("2 Mo") });
  });
});

describe("a file as dealers' software and spreadsheets write it", () => {
  // The same two cars, in three encodings and separators: what is stored must not depend on them.
  const cars = (separator: string, quote: (cell: string) => string = (cell) => cell) =>
    [
      HEADER.split(";").join(separator),
      [
        "C3-1",
        "CITROËN",
        "C3",
        "03/2019",
        "diesel",
        "manuelle",
        "87 000",
        "12 500 €",
        "Gris",
        "5",
        "5",
        "100",
        "5",
        "Clim, régulateur, première main, carnet à jour",
        `${base}/photos/c3.jpg`,
      ]
        .map(quote)
        .join(separator),
      ["GOLF-7", "VW", "GOLF VII", "09/2017", "Essence", "BVA", "64 500", "15 990,00", "Noir", "5", "5", "150", "8", "Œuvre d'un seul propriétaire, 2 clés", `${base}/photos/golf.jpg`]
        .map(quote)
        .join(separator),
    ].join("\r\n");
  const stored = async (ownerId: string) =>
    (await stockOf(ownerId)).map((l) => ({
      reference: l.stockReference,
      brand: l.brand,
      model: l.model,
      fuel: l.fuel,
      gearbox: l.gearbox,
      mileage: l.mileage,
      price: l.price,
      firstRegistration: l.firstRegistration,
      description: l.description,
    }));

  it("Windows-1252 with ';', UTF-8 with a BOM and ',' (quoted cells), plain UTF-8: the same listings, accents and € kept, dealer spellings matched", async () => {
    const files = {
      "windows-1252 ;": iconv.encode(cars(";"), "windows-1252"),
      "utf-8 BOM ,": Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(cars(",", (cell) => `"${cell.replaceAll('"', '""')}"`), "utf8")]),
      "utf-8 ;": Buffer.from(cars(";"), "utf8"),
    };
    const results: Record<string, unknown> = {};
    for (const [name, bytes] of Object.entries(files)) {
      const owner = await insertPro();
      const { run } = await importFile(owner.id, bytes);
      expect({ name, created: run.created, rejected: run.rejected }).toEqual({ name, created: 2, rejected: 0 });
      results[name] = await stored(owner.id);
    }
    expect(results["windows-1252 ;"]).toEqual([
      {
        reference: "C3-1",
        brand: "Citroën",
        model: "C3",
        fuel: "Diesel",
        gearbox: "Manuelle",
        mileage: 87000,
        price: 12500,
        firstRegistration: "03/2019",
        description: "Clim, régulateur, première main, carnet à jour",
      },
      {
        reference: "GOLF-7",
        brand: "Volkswagen",
        model: "Golf",
        fuel: "Essence",
        gearbox: "Automatique",
        mileage: 64500,
        price: 15990,
        firstRegistration: "09/2017",
        description: "Œuvre d'un seul propriétaire, 2 clés",
      },
    ]);
    expect(results["utf-8 BOM ,"]).toEqual(results["windows-1252 ;"]);
    expect(results["utf-8 ;"]).toEqual(results["windows-1252 ;"]);
  });
});

describe("photos by URL: SSRF refusals with the test-only setting off (decision 0047)", () => {
  it("an import whose photos point at loopback fetches nothing, the listing stays a draft and the report counts the failures", async () => {
    const owner = await insertPro();
    photoRequests = [];
    const { run } = await importFile(owner.id, [HEADER, row("SSRF-1")].join("\n"), { allowPrivate: false });
    expect(run).toMatchObject({ created: 1, photosFetched: 0, photosFailed: 2 });
    expect(photoRequests).toEqual([]);
    const [listing] = await stockOf(owner.id);
    expect(listing!.status).toBe("draft");
    const sources = await t.db.select().from(stockPhotoSources).where(eq(stockPhotoSources.listingId, listing!.id));
    expect(sources.map((s) => [s.status, s.failureReason])).toEqual([
      ["failed", expect.stringContaining("adresse de bouclage")],
      ["failed", expect.stringContaining("adresse de bouclage")],
    ]);
  });

  it.each([
    ["loopback", "http://127.0.0.1/x.jpg", "adresse de bouclage"],
    ["10.x", "http://10.0.0.1/x.jpg", "adresse privée"],
    ["192.168.x", "http://192.168.1.10/x.jpg", "adresse privée"],
    ["cloud metadata", "http://169.254.169.254/latest/meta-data/", "lien-local"],
    ["IPv6 loopback", "http://[::1]/x.jpg", "adresse de bouclage"],
    ["IPv4-mapped IPv6", "http://[::ffff:127.0.0.1]/x.jpg", "adresse de bouclage"],
    ["IPv6 ULA", "http://[fd00::1]/x.jpg", "ULA"],
    ["a DNS name resolving to 127.0.0.1", "http://localhost/x.jpg", "adresse de bouclage"],
    ["a non-http scheme", "file:///etc/passwd", "seules http et https"],
    ["ftp", "ftp://example.com/x.jpg", "seules http et https"],
  ])("refuses %s before connecting", async (_, url, reason) => {
    photoRequests = [];
    await expect(fetchPhoto(url)).rejects.toThrow(reason);
    expect(photoRequests).toEqual([]);
  });

  it("refuses a name when any of its addresses is private (not only the first)", async () => {
    const resolve = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "10.0.0.5", family: 4 },
    ];
    await expect(fetchPhoto("http://mixed.example/x.jpg", { resolve })).rejects.toThrow(
      "adresse privée refusée (mixed.example → 10.0.0.5)",
    );
  });

  // The local server is allowed as the first hop only; where it redirects is judged again.
  const onlyTheTestServer = (address: string) =>
    address === "127.0.0.1" ? { allowed: true, range: "loopback" } : judgeAddress(address, false);

  it("re-checks a redirect: to IPv6 loopback and to a private address, refused", async () => {
    await expect(fetchPhoto(`${base}/redirect-loopback-v6`, { judge: onlyTheTestServer })).rejects.toThrow(
      "adresse de bouclage",
    );
    await expect(fetchPhoto(`${base}/redirect-private`, { judge: onlyTheTestServer })).rejects.toThrow(
      "adresse privée",
    );
  });

  it("stops after 3 redirects, refuses HTML and what passes the size limit", async () => {
    await expect(fetchPhoto(`${base}/redirect-loop`, { judge: onlyTheTestServer })).rejects.toThrow(
      "plus de 3 redirections",
    );
    await expect(fetchPhoto(`${base}/html`, { judge: onlyTheTestServer })).rejects.toThrow("type « text/html » refusé");
    await expect(
      fetchPhoto(`${base}/huge`, { judge: onlyTheTestServer, limits: { maxBytes: 1024 * 1024 } }),
    ).rejects.toBeInstanceOf(PhotoFetchError);
  });

  it("connects to the checked address, not to a second resolution (DNS rebinding)", async () => {
    let resolutions = 0;
    // First answer 127.0.0.1 (allowed here), then a private address: a second lookup would be caught.
    const resolve = async () =>
      resolutions++ === 0 ? [{ address: "127.0.0.1", family: 4 }] : [{ address: "10.9.9.9", family: 4 }];
    const port = (server.address() as AddressInfo).port;
    const result = await fetchPhoto(`http://rebind.example:${port}/photos/r.jpg`, {
      resolve,
      judge: onlyTheTestServer,
    });
    expect(result.notModified).toBe(false);
    expect(resolutions).toBe(1);
  });

  it("asks with the ETag of the bytes already processed: a 304 is not fetched again", async () => {
    const result = await fetchPhoto(`${base}/photos/e.jpg`, { judge: onlyTheTestServer, etag: '"v1"' });
    expect(result).toEqual({ notModified: true, url: `${base}/photos/e.jpg` });
  });

  it("a photo whose address and bytes are unchanged is not processed again on a re-import", async () => {
    const owner = await insertPro();
    await importFile(owner.id, [HEADER, row("DEDUP-1")].join("\n"));
    const [listing] = await stockOf(owner.id);
    const before = await t.db
      .select()
      .from(listingPhotos)
      .where(eq(listingPhotos.listingId, listing!.id))
      .orderBy(listingPhotos.position);
    // The description changes, the photos do not: the row is updated, its photos kept as they are.
    photoRequests = [];
    const { run } = await importFile(
      owner.id,
      [HEADER, row("DEDUP-1").replace("Première main", "Deuxième main")].join("\n"),
    );
    expect(run).toMatchObject({ updated: 1, photosFetched: 0 });
    expect(photoRequests).toEqual([]);
    const after = await t.db
      .select()
      .from(listingPhotos)
      .where(and(eq(listingPhotos.listingId, listing!.id)));
    expect(after.map((p) => p.id).sort()).toEqual(before.map((p) => p.id).sort());
  });
});

describe("references absent from the file are withdrawn, above half of the live stock only once confirmed", () => {
  it("withdraws what the file no longer holds, holds a file that would empty the shop, keeps a car whose row is refused", async () => {
    const owner = await insertPro();
    await importFile(owner.id, [HEADER, row("W-1"), row("W-2"), row("W-3"), row("W-4")].join("\n"));
    await t.db
      .update(listings)
      .set({ status: "published", publishedAt: sql`now()` })
      .where(eq(listings.ownerId, owner.id));
    const status = async () => Object.fromEntries((await stockOf(owner.id)).map((l) => [l.stockReference, l.status]));

    // One of four published cars left the file (25 %): withdrawn at once.
    const first = await importFile(owner.id, [HEADER, row("W-1"), row("W-2"), row("W-3")].join("\n"));
    expect(first.run).toMatchObject({ status: "done", unchanged: 3, withdrawn: 1 });
    expect(await status()).toEqual({ "W-1": "published", "W-2": "published", "W-3": "published", "W-4": "deleted" });

    // Two of three (67 %): the run is held, nothing withdrawn until the dealer confirms.
    const held = await importFile(owner.id, [HEADER, row("W-1")].join("\n"));
    expect(held.run).toMatchObject({ status: "held", withdrawn: 0, unchanged: 1 });
    expect(held.run.pendingWithdrawals).toHaveLength(2);
    expect(await status()).toMatchObject({ "W-2": "published", "W-3": "published" });
    const stranger = await insertPro();
    await expect(
      decideHeldWithdrawals({ db: t.db, userId: stranger.id, runId: held.run.id, confirm: true }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await decideHeldWithdrawals({ db: t.db, userId: owner.id, runId: held.run.id, confirm: true })).toEqual({
      withdrawn: 2,
    });
    expect(await status()).toMatchObject({ "W-1": "published", "W-2": "deleted", "W-3": "deleted" });
    await expect(
      decideHeldWithdrawals({ db: t.db, userId: owner.id, runId: held.run.id, confirm: true }),
    ).rejects.toMatchObject({
      code: "conflict",
    });

    // A refused row is no withdrawal: the car stays online.
    const refused = await importFile(owner.id, [HEADER, row("W-1", { price: "12.500" })].join("\n"));
    expect(refused.run).toMatchObject({ status: "done", rejected: 1, withdrawn: 0 });
    expect(await status()).toMatchObject({ "W-1": "published" });
  });

  it("'Garder mes annonces' ends a held run without withdrawing anything", async () => {
    const owner = await insertPro();
    await importFile(owner.id, [HEADER, row("K-1"), row("K-2")].join("\n"));
    await t.db
      .update(listings)
      .set({ status: "published", publishedAt: sql`now()` })
      .where(eq(listings.ownerId, owner.id));
    const { run } = await importFile(
      owner.id,
      [HEADER.replace(";photos", ";photos"), "K-9;Alpine;Zorglub;03/2019;essence;BVA;1;1;Bleu;2;2;252;21;x;"].join(
        "\n",
      ),
    );
    expect(run.status).toBe("held");
    expect(await decideHeldWithdrawals({ db: t.db, userId: owner.id, runId: run.id, confirm: false })).toEqual({
      withdrawn: 0,
    });
    const stock = await stockOf(owner.id);
    expect(stock.map((l) => l.status)).toEqual(["published", "published"]);
    const [after] = await t.db.select().from(stockImportRuns).where(eq(stockImportRuns.id, run.id));
    expect(after).toMatchObject({ status: "done", withdrawn: 0, pendingWithdrawals: [] });
  });
});

describe("a listing taken offline keeps its reference (decision 0058)", () => {
  it("a re-import updates the same listing, which stays offline; put back, it is published; a file without it deletes it", async () => {
    const owner = await insertPro();
    await importFile(owner.id, [HEADER, row("O-1"), row("O-2"), row("O-3")].join("\n"));
    await t.db.update(listings).set({ status: "published", publishedAt: sql`now()` }).where(eq(listings.ownerId, owner.id));
    const [o1] = await stockOf(owner.id);
    expect(await applyBulkStockAction({ db: t.db, userId: owner.id, input: { ids: [o1!.id], action: "withdraw" } })).toEqual({
      action: "withdraw",
      changed: 1,
    });

    // Same reference: the same listing, its price at once, its mileage waiting for a moderator; still offline.
    const again = await importFile(owner.id, [HEADER, row("O-1", { price: "49 900", mileage: "26 000" }), row("O-2"), row("O-3")].join("\n"));
    expect(again.run).toMatchObject({ status: "done", created: 0, updated: 1, unchanged: 2, withdrawn: 0 });
    const stock = await stockOf(owner.id);
    expect(stock).toHaveLength(3);
    expect(stock[0]).toMatchObject({ id: o1!.id, status: "withdrawn", price: 49900, mileage: 25000 });
    const [revision] = await t.db.select().from(listingRevisions).where(eq(listingRevisions.listingId, o1!.id));
    expect(revision?.changes).toEqual({ mileage: 26000 });

    expect(await applyBulkStockAction({ db: t.db, userId: owner.id, input: { ids: [o1!.id], action: "restore" } })).toEqual({
      action: "restore",
      changed: 1,
    });
    expect((await stockOf(owner.id))[0]).toMatchObject({ id: o1!.id, status: "published", price: 49900 });

    // Offline again, then absent from a complete file: deleted as any car that left the stock.
    await applyBulkStockAction({ db: t.db, userId: owner.id, input: { ids: [o1!.id], action: "withdraw" } });
    const gone = await importFile(owner.id, [HEADER, row("O-2"), row("O-3")].join("\n"));
    expect(gone.run).toMatchObject({ status: "done", withdrawn: 1 });
    expect((await stockOf(owner.id)).map((l) => [l.stockReference, l.status])).toEqual([
      ["O-1", "deleted"],
      ["O-2", "published"],
      ["O-3", "published"],
    ]);
  });
});

describe("many photos", () => {
  it("a job fetches at most 8 photos and hands the rest to the next job of the listing, which then submits it", async () => {
    const owner = await insertPro();
    const photos = Array.from({ length: 10 }, (_, i) => `${base}/photos/many-${i}.jpg`).join("|");
    const { run } = await importFile(owner.id, [HEADER, row("MANY-1", { photos })].join("\n"));
    expect(run.photosFetched).toBe(8);
    const [draft] = await stockOf(owner.id);
    expect(draft!.status).toBe("draft");
    // The run's job, then the one it queued for the rest.
    const next = enqueued.filter((j) => j.name === "stock-photos");
    const job = { name: "stock-photos", payload: { listingId: draft!.id, runId: run.id } };
    expect(next).toEqual([job, job]);
    await fetchListingPhotos(
      { db: t.db, storage, jobs, logger, allowPrivate: true },
      next[1]!.payload as JobPayloads["stock-photos"],
    );
    const [listing] = await stockOf(owner.id);
    expect(listing!.status).toBe("pending");
    const stored = await t.db.select().from(listingPhotos).where(eq(listingPhotos.listingId, listing!.id));
    expect(stored).toHaveLength(10);
    const [after] = await t.db.select().from(stockImportRuns).where(eq(stockImportRuns.id, run.id));
    expect(after!.photosFetched).toBe(10);
  });
});

describe("a batch's new references are created together (decision 0055)", () => {
  /** The import job alone (photo jobs recorded, not run). */
  async function applyOnly(ownerId: string, csv: string) {
    enqueued.length = 0;
    const { runId } = await startStockImport({
      db: t.db,
      storage,
      jobs,
      userId: ownerId,
      file: typeof csv === "string" ? Buffer.from(csv, "utf8") : csv,
      fileName: "stock.csv",
      maxBytes: 1024 * 1024,
    });
    enqueued.length = 0;
    await applyStockImport({ db: t.db, storage, jobs, mailer, publicUrl: "http://occazio.test" }, runId);
    const [run] = await t.db.select().from(stockImportRuns).where(eq(stockImportRuns.id, runId));
    const photoJobs = enqueued.filter((j) => j.name === "stock-photos").map((j) => j.payload as JobPayloads["stock-photos"]);
    return { run: run!, photoJobs };
  }

  it("across batches, mixed with changed, unchanged and photo-less rows: the same listings, sources and jobs as row by row", async () => {
    const owner = await insertPro();
    const reference = (i: number) => `B-${String(i).padStart(3, "0")}`;
    const rows = (price: (i: number) => string, photoless: number[]) =>
      Array.from({ length: 230 }, (_, i) =>
        row(reference(i), { price: price(i), ...(photoless.includes(i) ? { photos: "" } : {}) }),
      );
    const first = await applyOnly(owner.id, [HEADER, ...rows(() => "52 900", [10, 150])].join("\n"));
    expect(first.run).toMatchObject({ status: "done", created: 228, updated: 0, unchanged: 0, rejected: 2, processedRows: 230 });
    expect(first.run.rejectedRows.map((r) => r.reason)).toEqual([
      "ligne 12 : au moins une photo est obligatoire (colonne photos)",
      "ligne 152 : au moins une photo est obligatoire (colonne photos)",
    ]);
    const stock = await stockOf(owner.id);
    expect(stock).toHaveLength(228);
    expect(new Set(stock.map((l) => l.stockReference)).size).toBe(228);
    const created = stock.find((l) => l.stockReference === reference(120))!;
    expect(created).toMatchObject({
      status: "draft",
      draftStep: 8,
      sellerKind: "pro",
      brand: "Alpine",
      model: "A110",
      price: 52900,
      mileage: 25000,
      city: "Lyon",
      postalCode: "69007",
    });
    expect(created.importFingerprint).toMatch(/^[0-9a-f]{64}$/);
    // One photo job per created listing, and each listing its addresses in order.
    expect(new Set(first.photoJobs.map((j) => j.listingId))).toEqual(new Set(stock.map((l) => l.id)));
    expect(first.photoJobs.every((j) => j.runId === first.run.id)).toBe(true);
    const sources = await t.db
      .select()
      .from(stockPhotoSources)
      .where(eq(stockPhotoSources.listingId, created.id))
      .orderBy(stockPhotoSources.position);
    expect(sources.map((s) => [s.position, s.url, s.status, s.runId])).toEqual([
      [0, `${base}/photos/${reference(120)}-1.jpg`, "pending", first.run.id],
      [1, `${base}/photos/${reference(120)}-2.jpg`, "pending", first.run.id],
    ]);

    // Again: five prices changed, a photo-less row now with its photos, the rest as before.
    const changed = [3, 99, 100, 101, 229];
    const second = await applyOnly(
      owner.id,
      [HEADER, ...rows((i) => (changed.includes(i) ? "49 900" : "52 900"), [150])].join("\n"),
    );
    expect(second.run).toMatchObject({ status: "done", created: 1, updated: 5, unchanged: 223, rejected: 1, withdrawn: 0 });
    const after = await stockOf(owner.id);
    expect(after).toHaveLength(229);
    expect(after.filter((l) => l.price === 49900).map((l) => l.stockReference)).toEqual(changed.map(reference));
    const history = await t.db
      .select()
      .from(listingPriceHistory)
      .where(eq(listingPriceHistory.listingId, after.find((l) => l.stockReference === reference(99))!.id));
    expect(history.map((h) => [h.oldPrice, h.newPrice])).toEqual([[52900, 49900]]);
    // A price alone moves no photo: only the new listing's photos are fetched.
    const newcomer = after.find((l) => l.stockReference === reference(10))!;
    expect(second.photoJobs).toEqual([{ listingId: newcomer.id, runId: second.run.id }]);
  });
});

import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  listingPhotos,
  listingReviewSamples,
  listingRevisions,
  listings,
  moderationEvents,
  outboxEmails,
  proProfiles,
  stockImportRuns,
} from "~/db/schema";
import { setProTrust } from "~/features/moderation/change-pro-trust.server";
import { confirmReviewSample, removeReviewSample } from "~/features/moderation/decide-review-sample.server";
import { listPendingRevisions, validateRevision } from "~/features/moderation/listing-revisions.server";
import { listReviewSamples } from "~/features/moderation/list-review-samples.server";
import { listVerifiedPros } from "~/features/moderation/list-verified-pros.server";
import { isSampledForReview } from "~/features/moderation/review-sampling";
import { applyStockImport } from "~/features/stock-import/apply-stock-import.server";
import { fetchListingPhotos } from "~/features/stock-import/fetch-listing-photos.server";
import { startStockImport } from "~/features/stock-import/start-stock-import.server";
import { createEventBus } from "~/server/events.server";
import type { JobPayloads } from "~/server/jobs.server";
import { createRecordingJobQueue } from "~/testing/recording-job-queue";
import { createLogger } from "~/server/logger.server";
import { createOutboxMailer, type Mailer } from "~/server/mailer.server";
import { createLocalStorage, type Storage } from "~/server/storage.server";
import { insertProProfile, insertUser } from "~/testing/inserters.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * Issue 35, decision 0054: a 'de confiance' dealer's imports are published at once and a share
 * of them (TRUSTED_REVIEW_SAMPLE_PERCENT) is drawn for 'Contrôle après publication' — exactly the
 * listings the draw names; a non-trusted dealer's photos re-imported to a listing online wait for
 * a moderator (decision 0053); moderators give and withdraw the trust with a reason in their
 * journal, and confirm or take down a sampled listing. The jobs run one after the other here,
 * as a worker would.
 */

let t: TestDatabase;
let storage: Storage;
let dataDir: string;
let server: http.Server;
let base: string;
let blue: Buffer;
let red: Buffer;
let mailer: Mailer;
/** Records jobs instead of running them: the test runs each as the worker would. */
const jobs = createRecordingJobQueue();
const enqueued = jobs.enqueued;
const logger = createLogger({ level: "silent", pretty: false });



const notifier = () => ({ mailer, events: createEventBus(), logger, publicUrl: "http://occazio.test", jobs });

const HEADER =
  "reference;marque;modele;mise_en_circulation;energie;boite;kilometrage;prix;couleur;portes;places;puissance_ch;puissance_fiscale;description;photos";

function row(
  reference: string,
  over: { price?: string; mileage?: string; photos?: string; description?: string } = {},
): string {
  return [
    reference,
    "Peugeot",
    "308",
    "06/2020",
    "diesel",
    "manuelle",
    over.mileage ?? "48 000",
    over.price ?? "17 900",
    "Gris",
    "5",
    "5",
    "130",
    "7",
    over.description ?? "Révisée, garantie 12 mois.",
    over.photos ?? `${base}/blue/${reference}.jpg`,
  ].join(";");
}

async function insertPro(options: { trusted?: boolean; status?: "verified" | "pending" } = {}) {
  const owner = await insertUser(t.db);
  await insertProProfile(t.db, owner.id, {
    companyName: `Garage ${owner.id.slice(0, 6)}`,
    addressLine: "4 rue Nationale",
    postalCode: "37000",
    city: "Tours",
    latitude: 47.39,
    longitude: 0.69,
    phone: "0247000000",
    status: options.status ?? "verified",
    trusted: options.trusted ? 1 : 0,
    verifiedAt: new Date(),
  });
  return owner;
}

/** Upload, the `stock-import` job, then every `stock-photos` job it queued. */
async function importFile(ownerId: string, lines: string[], reviewSamplePercent: number) {
  enqueued.length = 0;
  const { runId } = await startStockImport({
    db: t.db,
    storage,
    jobs,
    userId: ownerId,
    file: Buffer.from([HEADER, ...lines].join("\n"), "utf8"),
    fileName: "stock.csv",
    maxBytes: 1024 * 1024,
  });
  enqueued.length = 0;
  await applyStockImport(
    { db: t.db, storage, jobs, mailer, publicUrl: "http://occazio.test", reviewSamplePercent },
    runId,
  );
  const photoJobs = enqueued
    .filter((j) => j.name === "stock-photos")
    .map((j) => j.payload as JobPayloads["stock-photos"]);
  for (const payload of photoJobs) {
    await fetchListingPhotos({ db: t.db, storage, jobs, logger, allowPrivate: true, reviewSamplePercent }, payload);
  }
  const [run] = await t.db.select().from(stockImportRuns).where(eq(stockImportRuns.id, runId));
  return run!;
}

const stockOf = (ownerId: string) =>
  t.db.select().from(listings).where(eq(listings.ownerId, ownerId)).orderBy(asc(listings.stockReference));

const samplesOf = (ownerId: string) =>
  t.db.select().from(listingReviewSamples).where(eq(listingReviewSamples.ownerId, ownerId));

const photosOf = (listingId: string) =>
  t.db.select().from(listingPhotos).where(eq(listingPhotos.listingId, listingId)).orderBy(asc(listingPhotos.position));

beforeAll(async () => {
  t = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "trusted-imports-"));
  storage = createLocalStorage(path.join(dataDir, "uploads"));
  mailer = createOutboxMailer({ db: t.db, logger });
  const jpeg = (background: { r: number; g: number; b: number }) =>
    sharp({ create: { width: 640, height: 480, channels: 3, background } })
      .jpeg()
      .toBuffer();
  [blue, red] = await Promise.all([jpeg({ r: 20, g: 60, b: 160 }), jpeg({ r: 180, g: 30, b: 30 })]);
  // /blue/… and /red/…: two different photos, whatever the rest of the address.
  server = http.createServer((req, res) => {
    const url = req.url ?? "/";
    if (url.startsWith("/blue/")) res.writeHead(200, { "content-type": "image/jpeg" }).end(blue);
    else if (url.startsWith("/red/")) res.writeHead(200, { "content-type": "image/jpeg" }).end(red);
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

describe(`a trusted dealer's imports are published at once and sampled for review (${process.env.TEST_DB_ENGINE})`, () => {
  let dealerId: string;

  it("new listings go online as soon as their photos are in; exactly the listings the draw names are sampled", async () => {
    dealerId = (await insertPro({ trusted: true })).id;
    const references = Array.from({ length: 12 }, (_, i) => `P308-${String(i + 1).padStart(2, "0")}`);
    const run = await importFile(
      dealerId,
      references.map((r) => row(r)),
      50,
    );
    expect(run).toMatchObject({ status: "done", created: 12, rejected: 0, photosFetched: 12 });
    const stock = await stockOf(dealerId);
    expect(stock.map((l) => l.status)).toEqual(Array(12).fill("published"));
    expect(stock.every((l) => l.publishedAt !== null)).toBe(true);
    const expected = stock
      .filter((l) => isSampledForReview({ listingId: l.id, revision: l.importFingerprint!, percent: 50 }))
      .map((l) => l.id)
      .sort();
    const samples = await samplesOf(dealerId);
    expect(samples.map((s) => s.listingId).sort()).toEqual(expected);
    expect(samples.every((s) => s.kind === "created" && !s.photosChanged)).toBe(true);
    // Nothing waits in the ordinary queue: they are online.
    expect(
      await t.db
        .select()
        .from(listingRevisions)
        .where(
          inArray(
            listingRevisions.listingId,
            stock.map((l) => l.id),
          ),
        ),
    ).toEqual([]);
  });

  it("0 % samples nothing, 100 % every listing", async () => {
    const none = await insertPro({ trusted: true });
    await importFile(none.id, [row("Z-1"), row("Z-2")], 0);
    expect((await stockOf(none.id)).map((l) => l.status)).toEqual(["published", "published"]);
    expect(await samplesOf(none.id)).toEqual([]);
    const all = await insertPro({ trusted: true });
    await importFile(all.id, [row("A-1"), row("A-2")], 100);
    expect((await samplesOf(all.id)).length).toBe(2);
  });

  it("a material change is online at once and drawn with what it replaced; a price change alone is not drawn", async () => {
    const dealer = await insertPro({ trusted: true });
    await importFile(dealer.id, [row("M-1"), row("M-2")], 0);
    const [m1, m2] = await stockOf(dealer.id);
    const run = await importFile(
      dealer.id,
      [row("M-1", { mileage: "52 000", description: "Révisée, 4 pneus neufs." }), row("M-2", { price: "16 900" })],
      100,
    );
    expect(run).toMatchObject({ updated: 2, rejected: 0 });
    const [after1, after2] = await stockOf(dealer.id);
    expect(after1).toMatchObject({ status: "published", mileage: 52000, description: "Révisée, 4 pneus neufs." });
    expect(after2).toMatchObject({ status: "published", price: 16900 });
    expect(
      await t.db
        .select()
        .from(listingRevisions)
        .where(inArray(listingRevisions.listingId, [m1!.id, m2!.id])),
    ).toEqual([]);
    const samples = await samplesOf(dealer.id);
    expect(samples.map((s) => [s.listingId, s.kind, s.revision, s.previous])).toEqual([
      [m1!.id, "updated", after1!.importFingerprint, { mileage: 48000, description: "Révisée, garantie 12 mois." }],
    ]);
  });

  it("photos changed by the import are shown at once and the change is drawn", async () => {
    const dealer = await insertPro({ trusted: true });
    await importFile(dealer.id, [row("F-1")], 0);
    const [listing] = await stockOf(dealer.id);
    await importFile(dealer.id, [row("F-1", { photos: `${base}/blue/F-1.jpg|${base}/red/F-1b.jpg` })], 100);
    const photos = await photosOf(listing!.id);
    expect(photos.map((p) => [p.position, p.pendingSince])).toEqual([
      [0, null],
      [1, null],
    ]);
    const [sample] = await samplesOf(dealer.id);
    expect(sample).toMatchObject({ listingId: listing!.id, kind: "updated", photosChanged: true, previous: {} });
  });
});

describe("photos re-imported to a listing online of a dealer who is not trusted wait for a moderator (decision 0053)", () => {
  it("a new photo waits, a known photo at a new address changes nothing, the moderator's validation shows it", async () => {
    const dealer = await insertPro();
    await importFile(dealer.id, [row("W-1")], 100);
    const [listing] = await stockOf(dealer.id);
    expect(listing!.status).toBe("pending");
    await t.db
      .update(listings)
      .set({ status: "published", publishedAt: sql`now()` })
      .where(eq(listings.id, listing!.id));
    const [first] = await photosOf(listing!.id);

    // The same blue photo under a signed address, and a new red one.
    await importFile(dealer.id, [row("W-1", { photos: `${base}/blue/W-1.jpg?sig=2|${base}/red/W-1b.jpg` })], 100);
    const photos = await photosOf(listing!.id);
    expect(photos).toHaveLength(2);
    expect(photos[0]).toMatchObject({ id: first!.id, pendingSince: null });
    expect(photos[1]!.pendingSince).not.toBeNull();
    expect(await samplesOf(dealer.id)).toEqual([]);

    const moderator = await insertUser(t.db, { role: "moderator" });
    const pending = await listPendingRevisions({ db: t.db, storage, viewer: moderator });
    const card = pending.find((p) => p.listingId === listing!.id);
    expect(card?.photos.map((p) => p.isNew)).toEqual([false, true]);
    await validateRevision({ db: t.db, viewer: moderator, listingId: listing!.id, notifier: notifier() });
    expect((await photosOf(listing!.id)).map((p) => p.pendingSince)).toEqual([null, null]);
  });
});

describe("moderators give and withdraw the trust, and review the samples", () => {
  it("trust: moderators only, a reason, verified professionals, not one's own; each decision in the journal and e-mailed", async () => {
    const pro = await insertPro();
    const pending = await insertPro({ status: "pending" });
    const moderator = await insertUser(t.db, { role: "moderator" });
    const someone = await insertUser(t.db);
    const give = (
      viewer: { id: string; role: string } | null,
      userId: string,
      reason = "Stock suivi depuis 2 ans, aucun retrait.",
    ) => setProTrust({ db: t.db, viewer, userId, trusted: true, reason, notifier: notifier() });

    await expect(give(null, pro.id)).rejects.toMatchObject({ status: 404 });
    await expect(give({ id: someone.id, role: "user" }, pro.id)).rejects.toMatchObject({ status: 404 });
    await expect(give(moderator, pro.id, " ab ")).rejects.toMatchObject({ status: 400 });
    await expect(give(moderator, pending.id)).rejects.toMatchObject({ status: 409 });
    await expect(give(moderator, "inconnu")).rejects.toMatchObject({ status: 404 });
    expect((await t.db.select().from(proProfiles).where(eq(proProfiles.userId, pro.id)))[0]!.trusted).toBe(0);

    await give(moderator, pro.id);
    await expect(give(moderator, pro.id)).rejects.toMatchObject({ status: 409 });
    await setProTrust({
      db: t.db,
      viewer: moderator,
      userId: pro.id,
      trusted: false,
      reason: "Deux annonces retirées ce mois-ci.",
      notifier: notifier(),
    });
    const events = await t.db
      .select()
      .from(moderationEvents)
      .where(eq(moderationEvents.targetUserId, pro.id))
      .orderBy(asc(moderationEvents.createdAt));
    expect(events.map((e) => [e.action, e.moderatorId, e.reasonText])).toEqual([
      ["pro_trusted", moderator.id, "Stock suivi depuis 2 ans, aucun retrait."],
      ["pro_untrusted", moderator.id, "Deux annonces retirées ce mois-ci."],
    ]);
    const mails = (await t.db.select().from(outboxEmails))
      .filter((m) => m.toAddress === pro.email)
      .map((m) => m.subject);
    expect(mails).toEqual([
      "Vos imports de stock sont publiés directement",
      "Vos imports de stock repassent par la validation",
    ]);

    // The moderator's own professional profile: another moderator decides.
    const moderatorPro = await insertUser(t.db, { role: "moderator" });
    await t.db.insert(proProfiles).values({
      userId: moderatorPro.id,
      slug: `mod-${moderatorPro.id.slice(0, 8)}`,
      companyName: "Autos du Modérateur",
      siret: "44248238600012",
      addressLine: "1 rue",
      postalCode: "37000",
      city: "Tours",
      phone: "0247000001",
      openingHours: [[], [], [], [], [], [], []],
      status: "verified",
    });
    await expect(give(moderatorPro, moderatorPro.id)).rejects.toMatchObject({ status: 403 });

    // The search: by name, by SIRET, trusted only; the card recalls the last decision.
    const [profile] = await t.db.select().from(proProfiles).where(eq(proProfiles.userId, pro.id));
    const byName = await listVerifiedPros({ db: t.db, viewer: moderator, query: profile!.companyName });
    expect(byName.items.map((i) => i.userId)).toEqual([pro.id]);
    expect(byName.items[0]!.lastTrustDecision).toMatchObject({
      trusted: false,
      moderator: moderator.username,
      reason: "Deux annonces retirées ce mois-ci.",
    });
    const bySiret = await listVerifiedPros({
      db: t.db,
      viewer: moderator,
      query: profile!.siret.replace(/(\d{3})(?=\d)/g, "$1 "),
    });
    expect(bySiret.items.map((i) => i.userId)).toEqual([pro.id]);
    // Its own card, for the moderator who is also a professional: listed without the buttons.
    const own = await listVerifiedPros({ db: t.db, viewer: moderatorPro, query: "Autos du Modérateur" });
    expect(own.items.map((i) => [i.userId, i.own])).toEqual([[moderatorPro.id, true]]);
    expect((await listVerifiedPros({ db: t.db, viewer: moderator, query: "Autos du Modérateur" })).items[0]!.own).toBe(
      false,
    );
    expect((await listVerifiedPros({ db: t.db, viewer: moderator, query: pending.email })).count).toBe(0);
    const trustedOnly = await listVerifiedPros({ db: t.db, viewer: moderator, trustedOnly: true });
    expect(trustedOnly.items.every((i) => i.trusted)).toBe(true);
    expect(trustedOnly.items.some((i) => i.userId === pro.id)).toBe(false);
    await expect(listVerifiedPros({ db: t.db, viewer: { id: someone.id, role: "user" } })).rejects.toMatchObject({
      status: 404,
    });
  });

  it("'Conforme' closes the review; 'Retirer' takes the listing offline to be corrected, tells the dealer, and can withdraw the trust at once", async () => {
    const dealer = await insertPro({ trusted: true });
    const moderator = await insertUser(t.db, { role: "moderator" });
    await importFile(dealer.id, [row("R-1"), row("R-2")], 100);
    const [r1, r2] = await stockOf(dealer.id);
    const section = await listReviewSamples({ db: t.db, storage, viewer: moderator, percent: 100 });
    const mine = section.items.filter((i) => i.dealer.userId === dealer.id);
    expect(mine.map((i) => [i.listingId, i.kind, i.dealer.trusted, i.photos.length])).toEqual([
      [r1!.id, "created", true, 1],
      [r2!.id, "created", true, 1],
    ]);

    await confirmReviewSample({ db: t.db, viewer: moderator, listingId: r1!.id });
    await expect(confirmReviewSample({ db: t.db, viewer: moderator, listingId: r1!.id })).rejects.toMatchObject({
      status: 409,
    });
    await expect(
      removeReviewSample({
        db: t.db,
        viewer: moderator,
        listingId: r1!.id,
        reasonCode: "photos",
        notifier: notifier(),
      }),
    ).rejects.toMatchObject({ status: 409 });
    expect((await stockOf(dealer.id))[0]!.status).toBe("published");

    await expect(
      removeReviewSample({ db: t.db, viewer: moderator, listingId: r2!.id, reasonCode: "", notifier: notifier() }),
    ).rejects.toMatchObject({ status: 400 });
    const { trustWithdrawn } = await removeReviewSample({
      db: t.db,
      viewer: moderator,
      listingId: r2!.id,
      reasonCode: "contact",
      reasonText: "Numéro de téléphone sur la photo",
      withdrawTrust: true,
      notifier: notifier(),
    });
    expect(trustWithdrawn).toBe(true);
    const [, removed] = await stockOf(dealer.id);
    expect(removed).toMatchObject({
      status: "rejected",
      rejectionReason: "Coordonnées dans la description ou les photos : Numéro de téléphone sur la photo",
    });
    expect(await samplesOf(dealer.id)).toEqual([]);
    expect((await t.db.select().from(proProfiles).where(eq(proProfiles.userId, dealer.id)))[0]!.trusted).toBe(0);
    const journal = await t.db
      .select()
      .from(moderationEvents)
      .where(eq(moderationEvents.targetUserId, dealer.id))
      .orderBy(asc(moderationEvents.createdAt), asc(moderationEvents.action));
    expect(journal.map((e) => [e.action, e.listingId, e.reasonCode])).toEqual([
      ["sample_confirmed", r1!.id, null],
      ["pro_untrusted", null, null],
      ["sample_removed", r2!.id, "contact"],
    ]);
    const subjects = (await t.db.select().from(outboxEmails))
      .filter((m) => m.toAddress === dealer.email)
      .map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        "Votre annonce a été retirée après contrôle",
        "Vos imports de stock repassent par la validation",
      ]),
    );

    // The same file again leaves the removed car offline; a new car now waits for a moderator.
    await importFile(dealer.id, [row("R-1"), row("R-2"), row("R-3")], 100);
    const after = await stockOf(dealer.id);
    expect(after.map((l) => [l.stockReference, l.status])).toEqual([
      ["R-1", "published"],
      ["R-2", "rejected"],
      ["R-3", "pending"],
    ]);
    expect(await samplesOf(dealer.id)).toEqual([]);
    // A corrected row sends the removed car back to the moderators, not online.
    await importFile(
      dealer.id,
      [row("R-1"), row("R-2", { description: "Photos refaites sans coordonnées." }), row("R-3")],
      100,
    );
    expect((await stockOf(dealer.id)).map((l) => l.status)).toEqual(["published", "pending", "pending"]);
  });
});

describe("a sampled listing no longer online leaves the section", () => {
  it("sold by the dealer: not listed, and the review says it is no longer online", async () => {
    const dealer = await insertPro({ trusted: true });
    const moderator = await insertUser(t.db, { role: "moderator" });
    await importFile(dealer.id, [row("S-1")], 100);
    const [listing] = await stockOf(dealer.id);
    await t.db
      .update(listings)
      .set({ status: "sold" })
      .where(and(eq(listings.id, listing!.id)));
    const section = await listReviewSamples({ db: t.db, storage, viewer: moderator });
    expect(section.items.some((i) => i.listingId === listing!.id)).toBe(false);
    await expect(
      removeReviewSample({
        db: t.db,
        viewer: moderator,
        listingId: listing!.id,
        reasonCode: "price",
        notifier: notifier(),
      }),
    ).rejects.toMatchObject({ status: 409 });
  });
});

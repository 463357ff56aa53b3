import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { listingPhotos, listings, moderationEvents, outboxEmails, reports, user } from "~/db/schema";
import { dismissReport } from "~/features/moderation/dismiss-report.server";
import { refreshAllMarketPrices } from "~/features/pricing/refresh-all-market-prices.server";
import { listModerationQueue } from "~/features/moderation/list-moderation-queue.server";
import { listOpenReports } from "~/features/moderation/list-open-reports.server";
import { type Notifier } from "~/features/moderation/moderator.server";
import { rejectListing } from "~/features/moderation/reject-listing.server";
import { removeReportedListing } from "~/features/moderation/remove-reported-listing.server";
import { reportListing } from "~/features/moderation/report-listing.server";
import { validateListing } from "~/features/moderation/validate-listing.server";
import { updateListing } from "~/features/publish/update-listing.server";
import { createEventBus } from "~/server/events.server";
import { createLogger } from "~/server/logger.server";
import { createOutboxMailer } from "~/server/mailer.server";
import { createLocalStorage } from "~/server/storage.server";
import { insertListing, insertProProfile, insertUser } from "~/testing/inserters.server";
import { createClient, startTestApp, type TestApp } from "../support/test-app";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let t: TestDatabase;
let app: TestApp;
let notifier: Notifier;
const storage = createLocalStorage(path.join(os.tmpdir(), "occazio-moderation-tests"));
const logger = createLogger({ level: "silent", pretty: false });

beforeAll(async () => {
  t = await createTestDatabase({ withPlaces: true });
  app = await startTestApp({ db: t });
  notifier = { mailer: createOutboxMailer({ db: t.db, logger }), events: createEventBus(), logger, publicUrl: "http://occazio.test" };
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

const status = async (id: string) => (await t.db.select({ status: listings.status }).from(listings).where(eq(listings.id, id)))[0]?.status;
const mailsTo = async (email: string) => (await t.db.select().from(outboxEmails)).filter((m) => m.toAddress === email);
const snapshot = async () => ({
  listings: await t.db.select().from(listings).orderBy(listings.id),
  events: await t.db.select().from(moderationEvents).orderBy(moderationEvents.id),
  reports: await t.db.select().from(reports).orderBy(reports.id),
});

describe(`moderation (${process.env.TEST_DB_ENGINE})`, () => {
  it("is invisible to non-moderators: 404 on the page and on every action, nothing changed", async () => {
    const seller = await insertUser(t.db);
    const pending = await insertListing(t.db, seller.id, { status: "pending", publishedAt: null });
    const anonymous = createClient(app.url);
    const member = createClient(app.url);
    await member.signUp(`membre.${Date.now()}@exemple.fr`);
    const before = await snapshot();
    for (const client of [anonymous, member]) {
      expect((await client.request("/moderation")).status).toBe(404);
      for (const intent of ["validate", "reject", "dismiss-report", "remove-listing"]) {
        const response = await client.request("/moderation", { method: "POST", form: { intent, id: pending.id, reasonCode: "price" } });
        expect(response.status).toBe(404);
      }
    }
    expect(await snapshot()).toEqual(before);
    const plain = { id: seller.id, role: "user" };
    await expect(listModerationQueue({ db: t.db, storage, viewer: plain })).rejects.toMatchObject({ code: "not_found" });
    await expect(validateListing({ db: t.db, viewer: plain, listingId: pending.id, notifier })).rejects.toMatchObject({ code: "not_found" });
    await expect(listOpenReports({ db: t.db, viewer: null })).rejects.toMatchObject({ code: "not_found" });
    expect(await status(pending.id)).toBe("pending");
  });

  it("queues pending listings oldest first, with the seller's history and the quick checks", async () => {
    const moderator = await insertUser(t.db, { role: "moderator" });
    const seller = await insertUser(t.db);
    const older = await insertListing(t.db, seller.id, { status: "pending", publishedAt: null, submittedAt: new Date("2026-01-01T10:00:00Z") });
    const suspicious = await insertListing(t.db, seller.id, {
      status: "pending",
      publishedAt: null,
      submittedAt: new Date("2026-01-02T10:00:00Z"),
      brand: "Peugeot",
      model: "208",
      year: 2020,
      price: 2_000,
      description: "Très bon état, appelez-moi au 06 12 34 56 78 ou vendeur@exemple.fr",
    });
    // Far above its comparables: the same check, the other way.
    const dear = await insertListing(t.db, seller.id, {
      status: "pending",
      publishedAt: null,
      submittedAt: new Date("2026-01-02T11:00:00Z"),
      brand: "Peugeot",
      model: "208",
      year: 2020,
      mileage: 50_000,
      fuel: "Essence",
      gearbox: "Manuelle",
      price: 45_000,
    });
    // A model with too few published listings gets no estimate, as on the detail page.
    const unrated = await insertListing(t.db, seller.id, {
      status: "pending",
      publishedAt: null,
      submittedAt: new Date("2026-01-02T12:00:00Z"),
      brand: "Trabant",
      model: "601",
      year: 1988,
      price: 900_000,
    });
    await insertListing(t.db, moderator.id, { brand: "Trabant", model: "601", year: 1988, price: 4_000, status: "published" });
    for (const [i, price] of [14_000, 14_500, 15_000, 15_500, 16_000, 15_200, 14_800].entries()) {
      await insertListing(t.db, moderator.id, {
        brand: "Peugeot",
        model: "208",
        year: 2020,
        mileage: 45_000 + i * 2_000,
        fuel: "Essence",
        gearbox: "Manuelle",
        price,
        status: "published",
      });
    }
    // The market's fit, as the daily batch makes it (the queue reads the model's fitted curve).
    await refreshAllMarketPrices({ db: t.db });
    const queue = await listModerationQueue({ db: t.db, storage, viewer: moderator });
    const ids = queue.items.map((i) => i.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(suspicious.id));
    const item = queue.items.find((i) => i.id === suspicious.id)!;
    expect(item.checks).toMatchObject({ priceOutlier: true, contactInDescription: true, marketEstimate: { level: 1 } });
    expect(item.checks.marketEstimate!.estimateLow).toBeGreaterThan(2_000 * 2);
    const far = queue.items.find((i) => i.id === dear.id)!;
    expect(far.checks).toMatchObject({ priceOutlier: true, marketEstimate: { level: 5 } });
    expect(far.checks.marketEstimate!.comparables).toBeGreaterThanOrEqual(7);
    expect(far.checks.marketEstimate!.estimateHigh * 2).toBeLessThan(45_000);
    // The same estimate as a published listing's stored rating at the same price and vehicle.
    const [published] = await t.db
      .update(listings)
      .set({ status: "published", publishedAt: new Date() })
      .where(eq(listings.id, dear.id))
      .returning();
    expect({
      level: published!.priceLevel,
      estimateLow: published!.priceEstimateLow,
      estimateHigh: published!.priceEstimateHigh,
    }).toEqual({
      level: far.checks.marketEstimate!.level,
      estimateLow: far.checks.marketEstimate!.estimateLow,
      estimateHigh: far.checks.marketEstimate!.estimateHigh,
    });
    const none = queue.items.find((i) => i.id === unrated.id)!;
    expect(none.checks).toMatchObject({ marketEstimate: null, priceOutlier: false });
    expect(item.seller).toMatchObject({ id: seller.id, name: expect.any(String), companyName: null });
    expect(queue.count).toBeGreaterThanOrEqual(2);
  });

  it("names each seller as members see them, and a professional by its company, never by the generated handle", async () => {
    const moderator = await insertUser(t.db, { role: "moderator" });
    const person = await insertUser(t.db, { displayName: "Camille", lastname: "Durand" });
    const dealer = await insertUser(t.db, { displayName: "Jean", lastname: "Martin" });
    await insertProProfile(t.db, dealer.id, { companyName: "Garage de la Gare" });
    const submittedAt = new Date("2020-01-01T10:00:00Z");
    const own = await insertListing(t.db, person.id, { status: "pending", publishedAt: null, submittedAt });
    const shop = await insertListing(t.db, dealer.id, { status: "pending", publishedAt: null, submittedAt, sellerKind: "pro" });
    const queue = await listModerationQueue({ db: t.db, storage, viewer: moderator, pageSize: 100 });
    const seller = (id: string) => queue.items.find((i) => i.id === id)!.seller;
    expect(seller(own.id)).toMatchObject({ id: person.id, name: "Camille D.", companyName: null });
    expect(seller(shop.id)).toMatchObject({ id: dealer.id, name: "Jean M.", companyName: "Garage de la Gare" });
    expect(JSON.stringify(queue.items.map((i) => i.seller))).not.toContain(person.username);
  });

  it("shows the facts the seller claims (Crit'Air, contrôle technique, owners, equipment, HistoVec) as buyers will read them", async () => {
    const moderator = await insertUser(t.db, { role: "moderator" });
    const seller = await insertUser(t.db);
    const claimed = await insertListing(t.db, seller.id, {
      status: "pending",
      publishedAt: null,
      submittedAt: new Date("2020-01-01T09:00:00Z"),
      // Set, not drawn: an electric car would read 'Crit'Air 0 (électrique)'.
      vehicleType: "Berline",
      fuel: "Diesel",
      euroNorm: "Euro 6d",
      inspectionDate: "2026-09-12",
      inspectionResult: "favorable",
      ownerCount: 1,
      equipment: ["gps", "camera-de-recul"],
      nonSmoker: true,
      histovecUrl: "https://histovec.interieur.gouv.fr/histovec/report?id=abc&key=def",
    });
    const bare = await insertListing(t.db, seller.id, {
      status: "pending",
      publishedAt: null,
      submittedAt: new Date("2020-01-01T09:00:00Z"),
      euroNorm: null,
      inspectionDate: null,
      inspectionResult: null,
      ownerCount: null,
      equipment: [],
      nonSmoker: null,
      histovecUrl: null,
    });
    const queue = await listModerationQueue({ db: t.db, storage, viewer: moderator, pageSize: 200 });
    const claims = (id: string) => Object.fromEntries(queue.items.find((i) => i.id === id)!.claims);
    expect(claims(claimed.id)).toMatchObject({
      "Norme Euro": "Euro 6d",
      // Computed from the energy and the Euro standard (decision 0039), never typed.
      "Crit'Air": "Crit'Air 2",
      "Contrôle technique": "12/09/2026, favorable",
      Propriétaires: "1re main",
      "Véhicule non fumeur": "Oui",
      "Équipements : Multimédia": expect.stringContaining("GPS"),
    });
    expect(queue.items.find((i) => i.id === claimed.id)!.histovecUrl).toMatch(/^https:\/\/histovec\.interieur\.gouv\.fr\//);
    expect(claims(bare.id)).toMatchObject({ "Norme Euro": null, "Contrôle technique": null, Propriétaires: null, "Véhicule non fumeur": null });
  });

  it("counts, per queued listing, the other listings sharing its photos, and per seller the listings moderators removed", async () => {
    const moderator = await insertUser(t.db, { role: "moderator" });
    const seller = await insertUser(t.db);
    const other = await insertUser(t.db);
    const submittedAt = new Date("2025-06-01T10:00:00Z");
    const copied = await insertListing(t.db, seller.id, { status: "pending", publishedAt: null, submittedAt });
    const original = await insertListing(t.db, seller.id, { status: "pending", publishedAt: null, submittedAt: new Date("2025-06-01T11:00:00Z") });
    const elsewhere = [await insertListing(t.db, other.id), await insertListing(t.db, other.id)];
    const photo = (listingId: string, position: number, contentHash: string) => ({
      listingId,
      position,
      storageKey: `test/${listingId}-${position}`,
      width: 1600,
      height: 1200,
      variantWidths: [400, 800, 1600],
      contentHash,
    });
    const stolen = "a".repeat(63) + "1";
    await t.db.insert(listingPhotos).values([
      photo(copied.id, 0, stolen),
      photo(copied.id, 1, "b".repeat(63) + "1"),
      photo(elsewhere[0]!.id, 0, stolen),
      photo(elsewhere[1]!.id, 0, stolen),
      photo(elsewhere[1]!.id, 1, stolen.replace("1", "2")),
      photo(original.id, 0, "c".repeat(63) + "1"),
    ]);
    // One of the seller's earlier listings, off this page, was removed after a report.
    const removed = await insertListing(t.db, seller.id, { status: "deleted" });
    await t.db.insert(moderationEvents).values({ listingId: removed.id, moderatorId: moderator.id, action: "removed", reasonCode: "fraud" });
    const queue = await listModerationQueue({ db: t.db, storage, viewer: moderator, pageSize: 50 });
    const item = (id: string) => queue.items.find((i) => i.id === id)!;
    expect(item(copied.id).checks.duplicatePhotoListings).toBe(2);
    expect(item(original.id).checks.duplicatePhotoListings).toBe(0);
    expect(item(copied.id).photos).toHaveLength(2);
    expect(item(copied.id).seller.removed).toBe(1);
    expect(item(original.id).seller.removed).toBe(1);
    const first = queue.items.find((i) => i.seller.id !== seller.id);
    if (first) expect(first.seller.removed).toBe(0);
  });

  it("validates: published, recorded, e-mail to the seller with the link; the same listing cannot be validated twice", async () => {
    const moderator = await insertUser(t.db, { role: "moderator" });
    const seller = await insertUser(t.db, { email: `vendeur.valide.${Date.now()}@exemple.fr` });
    const listing = await insertListing(t.db, seller.id, { status: "pending", publishedAt: null, brand: "Renault", model: "Clio", year: 2018 });
    const results = await Promise.allSettled([
      validateListing({ db: t.db, viewer: moderator, listingId: listing.id, notifier }),
      validateListing({ db: t.db, viewer: { id: moderator.id, role: "moderator" }, listingId: listing.id, notifier }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "conflict" } });
    expect(await status(listing.id)).toBe("published");
    const events = await t.db.select().from(moderationEvents).where(eq(moderationEvents.listingId, listing.id));
    expect(events).toMatchObject([{ action: "validated", moderatorId: moderator.id }]);
    const [mail] = await mailsTo(seller.email);
    expect(mail?.subject).toBe("Votre annonce est en ligne");
    expect(mail?.textBody).toContain(`http://occazio.test/annonce/${listing.id}/renault-clio-2018`);
  });

  it("refuses to validate a deleted, draft or unknown listing", async () => {
    const moderator = await insertUser(t.db, { role: "moderator" });
    const seller = await insertUser(t.db);
    for (const s of ["deleted", "draft", "published", "rejected"] as const) {
      const listing = await insertListing(t.db, seller.id, { status: s });
      await expect(validateListing({ db: t.db, viewer: moderator, listingId: listing.id, notifier })).rejects.toMatchObject({ code: "conflict" });
      expect(await status(listing.id)).toBe(s);
    }
    await expect(validateListing({ db: t.db, viewer: moderator, listingId: "00000000-0000-0000-0000-000000000000", notifier })).rejects.toMatchObject({ code: "not_found" });
  });

  it("reject → the seller edits → back in the queue → validate", async () => {
    const moderator = await insertUser(t.db, { role: "moderator" });
    const seller = await insertUser(t.db, { email: `vendeur.refus.${Date.now()}@exemple.fr` });
    const listing = await insertListing(t.db, seller.id, {
      status: "pending",
      publishedAt: null,
      place: { city: "Paris 11e", postalCode: "75011", latitude: 48.859, longitude: 2.378 },
    });
    await expect(rejectListing({ db: t.db, viewer: moderator, listingId: listing.id, reasonCode: "nope", notifier })).rejects.toMatchObject({ code: "invalid" });
    await rejectListing({ db: t.db, viewer: moderator, listingId: listing.id, reasonCode: "price", reasonText: "1 € n'est pas un prix réaliste", notifier });
    const [rejected] = await t.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(rejected).toMatchObject({ status: "rejected", rejectionReason: "Prix manifestement erroné : 1 € n'est pas un prix réaliste" });
    const [mail] = await mailsTo(seller.email);
    expect(mail?.subject).toBe("Votre annonce doit être corrigée");
    expect(mail?.textBody).toContain("Motif : Prix manifestement erroné : 1 € n'est pas un prix réaliste");

    await updateListing({
      db: t.db,
      storage,
      userId: seller.id,
      listingId: listing.id,
      values: { brand: listing.brand, model: listing.model, price: 12_000, city: "Paris 11e", postalCode: "75011", latitude: 48.859, longitude: 2.378 },
    });
    expect(await status(listing.id)).toBe("pending");
    await validateListing({ db: t.db, viewer: moderator, listingId: listing.id, notifier });
    expect(await status(listing.id)).toBe("published");
  });

  it("respects the seller's notification preference", async () => {
    const moderator = await insertUser(t.db, { role: "moderator" });
    const seller = await insertUser(t.db, { email: `silence.${Date.now()}@exemple.fr` });
    await t.db.update(user).set({ notifyListingValidated: false }).where(eq(user.id, seller.id));
    const listing = await insertListing(t.db, seller.id, { status: "pending", publishedAt: null });
    await validateListing({ db: t.db, viewer: moderator, listingId: listing.id, notifier });
    expect(await mailsTo(seller.email)).toEqual([]);
  });

  it("reports: visitors report, moderators dismiss or remove (the listing leaves search, the seller is told)", async () => {
    const moderator = await insertUser(t.db, { role: "moderator" });
    const seller = await insertUser(t.db, { email: `vendeur.signale.${Date.now()}@exemple.fr` });
    const listing = await insertListing(t.db, seller.id);
    const other = await insertListing(t.db, seller.id);
    await expect(reportListing({ db: t.db, reporterId: null, listingId: listing.id, reasonCode: "n'importe" })).rejects.toMatchObject({ code: "invalid" });
    const first = await reportListing({ db: t.db, reporterId: null, listingId: listing.id, reasonCode: "fraud", message: "Demande un acompte par mandat cash" });
    const second = await reportListing({ db: t.db, reporterId: null, listingId: other.id, reasonCode: "sold" });
    const open = await listOpenReports({ db: t.db, viewer: moderator });
    expect(open.map((r) => r.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(open.find((r) => r.id === first.id)).toMatchObject({ reason: "Arnaque ou fraude suspectée", message: "Demande un acompte par mandat cash" });

    await dismissReport({ db: t.db, viewer: moderator, reportId: second.id });
    await expect(dismissReport({ db: t.db, viewer: moderator, reportId: second.id })).rejects.toMatchObject({ code: "conflict" });
    expect(await status(other.id)).toBe("published");

    await removeReportedListing({ db: t.db, viewer: moderator, reportId: first.id, reasonText: "Annonce frauduleuse", notifier });
    expect(await status(listing.id)).toBe("deleted");
    const [mail] = await mailsTo(seller.email);
    expect(mail?.subject).toBe("Votre annonce a été retirée");
    expect(mail?.textBody).toContain("Arnaque ou fraude suspectée : Annonce frauduleuse");
    await expect(reportListing({ db: t.db, reporterId: null, listingId: listing.id, reasonCode: "fraud" })).rejects.toMatchObject({ code: "not_found" });
  });

  it("over HTTP: a moderator validates; the report endpoint is rate-limited", async () => {
    const seller = await insertUser(t.db);
    const pending = await insertListing(t.db, seller.id, { status: "pending", publishedAt: null });
    const live = await insertListing(t.db, seller.id);
    const moderatorEmail = `moderateur.${Date.now()}@exemple.fr`;
    const mod = createClient(app.url);
    const created = await mod.signUp(moderatorEmail);
    await t.db.update(user).set({ role: "moderator" }).where(eq(user.id, created.user.id));
    expect((await mod.request("/moderation")).status).toBe(200);
    const response = await mod.request("/moderation", { method: "POST", form: { intent: "validate", id: pending.id } });
    expect(response.status).toBe(200);
    expect(await status(pending.id)).toBe("published");

    const strict = await startTestApp({ db: t, env: { RATE_LIMIT_SCALE: "1" } });
    const visitor = createClient(strict.url);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await visitor.request(`/api/listings/${live.id}/report`, { method: "POST", json: { reasonCode: "wrong" } })).status);
    }
    await strict.close();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe.runIf(process.env.TEST_DB_ENGINE === "pglite")("npm run user:role", () => {
  it("grants and removes the moderator role from the command line", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-role-"));
    const handle = await openDatabase({ pgliteDir: path.join(dataDir, "pg") });
    const member = await insertUser(handle.db, { email: "futur.moderateur@exemple.fr" });
    await handle.close();
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/user-role.ts", ...args], {
        cwd: path.resolve(import.meta.dirname, "../.."),
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
        encoding: "utf8",
      });
    const granted = run("Futur.Moderateur@exemple.fr", "moderator");
    expect(granted.status).toBe(0);
    expect(granted.stdout).toContain("a maintenant le rôle « modérateur »");
    expect(run("inconnu@exemple.fr", "moderator").stderr).toContain("Aucun compte pour inconnu@exemple.fr");
    expect(run("futur.moderateur@exemple.fr", "roi").status).toBe(2);
    const check = await openDatabase({ pgliteDir: path.join(dataDir, "pg") });
    const [row] = await check.db.select({ role: user.role }).from(user).where(eq(user.id, member.id));
    await check.close();
    expect(row?.role).toBe("moderator");
  }, 60_000);
});

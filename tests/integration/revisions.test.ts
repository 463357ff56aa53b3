/**
 * Bait-and-switch after approval (issue 11): material edits of a published listing go back
 * through moderation while buyers keep seeing the approved version; price changes apply at
 * once, are recorded, and large ones are flagged to moderators.
 */
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { listingPriceHistory, listingRevisions, listings, moderationEvents, outboxEmails, user } from "~/db/schema";
import { listMyListings } from "~/features/hosting/hosting.server";
import { listingPath } from "~/features/listings/listing-seo";
import {
  listLargePriceChanges,
  listPendingRevisions,
  rejectRevision,
  validateRevision,
} from "~/features/moderation/listing-revisions.server";
import type { Notifier } from "~/features/moderation/moderator.server";
import { getListingForEdit } from "~/features/publish/get-listing-for-edit.server";
import { updateListing } from "~/features/publish/update-listing.server";
import { createEventBus } from "~/server/events.server";
import { createLogger } from "~/server/logger.server";
import { createOutboxMailer } from "~/server/mailer.server";
import { createLocalStorage } from "~/server/storage.server";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createClient } from "../support/test-app";
import { testAppForFile } from "../support/test-app-for-file";

let notifier: Notifier;
const storage = createLocalStorage(path.join(os.tmpdir(), "occazio-revision-tests"));
const logger = createLogger({ level: "silent", pretty: false });
const engine = process.env.TEST_DB_ENGINE;

const ctx = testAppForFile({ withPlaces: true });
beforeAll(async () => {
  notifier = { mailer: createOutboxMailer({ db: ctx.t.db, logger }), events: createEventBus(), logger, publicUrl: "http://occazio.test" };
});

const row = async (id: string) => (await ctx.t.db.select().from(listings).where(eq(listings.id, id)))[0]!;
const mailsTo = async (email: string) => (await ctx.t.db.select().from(outboxEmails)).filter((m) => m.toAddress === email);

/** A seller's published Peugeot 308 at 15 000 €, approved by a moderator. */
async function approvedListing() {
  const seller = await insertUser(ctx.t.db);
  const listing = await insertListing(ctx.t.db, seller.id, {
    status: "published",
    brand: "Peugeot",
    model: "308",
    price: 15_000,
    description: "Très bon état, carnet d'entretien à jour.",
    mileage: 60_000,
    city: "Lyon 1er",
    postalCode: "69001",
  });
  return { seller, listing };
}

const baitAndSwitch = {
  brand: "Renault",
  model: "Clio",
  price: "1",
  city: "Lyon 1er",
  postalCode: "69001",
  latitude: "45.77",
  longitude: "4.83",
  description: "Voiture accidentée, vendue pour pièces.",
  mileage: "250000",
};

describe(`material edits of a published listing wait for a moderator (${engine})`, () => {
  it("buyers keep the approved version; the price applies at once and is recorded", async () => {
    const { seller, listing } = await approvedListing();
    const before = await row(listing.id);
    const result = await updateListing({ db: ctx.t.db, storage, userId: seller.id, listingId: listing.id, values: baitAndSwitch });
    // The seller sees what they submitted, marked as waiting.
    expect(result).toMatchObject({ revisionPending: true, brand: "Renault", model: "Clio", price: 1, mileage: 250_000 });

    // The stored listing (what search, the detail page and the cards read) is the approved one.
    const after = await row(listing.id);
    expect(after).toMatchObject({
      status: "published",
      brand: "Peugeot",
      model: "308",
      description: before.description,
      mileage: 60_000,
      price: 1,
    });
    const page = await createClient(ctx.app.url).request(listingPath(after));
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("Peugeot");
    expect(html).not.toContain("Voiture accidentée");

    expect(await ctx.t.db.select().from(listingPriceHistory).where(eq(listingPriceHistory.listingId, listing.id))).toMatchObject([
      { oldPrice: 15_000, newPrice: 1 },
    ]);
    const mine = await listMyListings({ db: ctx.t.db, storage, userId: seller.id });
    expect(mine.published.items.find((i) => i.id === listing.id)?.revisionPending).toBe(true);

    // Moderators see the diff and the price drop.
    const moderator = await insertUser(ctx.t.db, { role: "moderator" });
    const revisions = await listPendingRevisions({ db: ctx.t.db, storage, viewer: moderator });
    const item = revisions.find((r) => r.listingId === listing.id);
    expect(item?.diff).toEqual(
      expect.arrayContaining([
        { field: "brand", label: "Marque", before: "Peugeot", after: "Renault" },
        { field: "model", label: "Modèle", before: "308", after: "Clio" },
        { field: "mileage", label: "Kilométrage", before: "60000", after: "250000" },
      ]),
    );
    const drops = await listLargePriceChanges({ db: ctx.t.db, viewer: moderator });
    expect(drops.find((d) => d.listingId === listing.id)).toMatchObject({ oldPrice: 15_000, newPrice: 1 });
    expect(drops.find((d) => d.listingId === listing.id)!.change).toBeLessThan(-0.99);
  });

  it("a validated revision is applied once; a second moderator gets 'déjà traitée'", async () => {
    const { seller, listing } = await approvedListing();
    await updateListing({ db: ctx.t.db, storage, userId: seller.id, listingId: listing.id, values: { ...baitAndSwitch, price: "14500" } });
    const moderator = await insertUser(ctx.t.db, { role: "moderator" });
    const results = await Promise.allSettled([
      validateRevision({ db: ctx.t.db, viewer: moderator, listingId: listing.id, notifier }),
      validateRevision({ db: ctx.t.db, viewer: moderator, listingId: listing.id, notifier }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "conflict", message: "Cette modification a déjà été traitée." } });
    expect(await row(listing.id)).toMatchObject({ status: "published", brand: "Renault", model: "Clio", mileage: 250_000, price: 14_500 });
    expect(await ctx.t.db.select().from(listingRevisions).where(eq(listingRevisions.listingId, listing.id))).toEqual([]);
    const events = await ctx.t.db.select().from(moderationEvents).where(eq(moderationEvents.listingId, listing.id));
    expect(events.map((e) => e.action)).toEqual(["revision_validated"]);
    expect((await mailsTo(seller.email)).map((m) => m.subject)).toContain("Votre modification est en ligne");
  });

  it("a refused revision is discarded, the approved version stays, the seller is told why", async () => {
    const { seller, listing } = await approvedListing();
    await updateListing({ db: ctx.t.db, storage, userId: seller.id, listingId: listing.id, values: baitAndSwitch });
    const moderator = await insertUser(ctx.t.db, { role: "moderator" });
    await expect(rejectRevision({ db: ctx.t.db, storage, viewer: moderator, listingId: listing.id, reasonCode: "", notifier })).rejects.toMatchObject({
      code: "invalid",
      message: "Choisissez un motif de refus.",
    });
    await rejectRevision({ db: ctx.t.db, storage, viewer: moderator, listingId: listing.id, reasonCode: "description", reasonText: "Ce n'est plus le même véhicule.", notifier });
    expect(await row(listing.id)).toMatchObject({ status: "published", brand: "Peugeot", model: "308", mileage: 60_000 });
    expect(await getListingForEdit({ db: ctx.t.db, storage, userId: seller.id, listingId: listing.id })).toMatchObject({ revisionPending: false, brand: "Peugeot" });
    const mail = (await mailsTo(seller.email)).find((m) => m.subject === "Votre modification n'a pas été acceptée");
    expect(mail?.textBody).toContain("Motif : Description insuffisante ou trompeuse : Ce n'est plus le même véhicule.");
  });

  it("a price-only edit needs no moderator; going back to the approved values drops the revision", async () => {
    const { seller, listing } = await approvedListing();
    const approved = { brand: "Peugeot", model: "308", city: "Lyon 1er", postalCode: "69001", latitude: "45.77", longitude: "4.83" };
    const priceOnly = await updateListing({ db: ctx.t.db, storage, userId: seller.id, listingId: listing.id, values: { ...approved, price: "13900" } });
    expect(priceOnly.revisionPending).toBe(false);
    expect((await row(listing.id)).price).toBe(13_900);
    await updateListing({ db: ctx.t.db, storage, userId: seller.id, listingId: listing.id, values: { ...approved, model: "3008", price: "13900" } });
    expect((await getListingForEdit({ db: ctx.t.db, storage, userId: seller.id, listingId: listing.id })).revisionPending).toBe(true);
    await updateListing({ db: ctx.t.db, storage, userId: seller.id, listingId: listing.id, values: { ...approved, price: "13900" } });
    expect((await getListingForEdit({ db: ctx.t.db, storage, userId: seller.id, listingId: listing.id })).revisionPending).toBe(false);
    expect(await ctx.t.db.select().from(listingPriceHistory).where(eq(listingPriceHistory.listingId, listing.id))).toHaveLength(1);
    // A small change is recorded but not flagged.
    const moderator = await insertUser(ctx.t.db, { role: "moderator" });
    expect((await listLargePriceChanges({ db: ctx.t.db, viewer: moderator })).find((d) => d.listingId === listing.id)).toBeUndefined();
  });

  it("the same equipment in another order is no change: saving the form untouched asks no moderator", async () => {
    const { seller, listing } = await approvedListing();
    // Stored in another order than the form's checkboxes (an import, the demo market).
    await ctx.t.db.update(listings).set({ equipment: ["gps", "bluetooth", "camera-de-recul"] }).where(eq(listings.id, listing.id));
    const approved = { brand: "Peugeot", model: "308", city: "Lyon 1er", postalCode: "69001", latitude: "45.77", longitude: "4.83", price: "15000" };
    const untouched = await updateListing({
      db: ctx.t.db,
      storage,
      userId: seller.id,
      listingId: listing.id,
      values: { ...approved, equipment: "bluetooth,camera-de-recul,gps" },
    });
    expect(untouched.revisionPending).toBe(false);
    const changed = await updateListing({
      db: ctx.t.db,
      storage,
      userId: seller.id,
      listingId: listing.id,
      values: { ...approved, equipment: "bluetooth,gps" },
    });
    expect(changed.revisionPending).toBe(true);
  });

  it("only moderators list or decide revisions (404 over HTTP, nothing changed)", async () => {
    const { seller, listing } = await approvedListing();
    await updateListing({ db: ctx.t.db, storage, userId: seller.id, listingId: listing.id, values: baitAndSwitch });
    const before = { listing: await row(listing.id), revisions: await ctx.t.db.select().from(listingRevisions) };
    const plain = { id: seller.id, role: "user" };
    await expect(listPendingRevisions({ db: ctx.t.db, storage, viewer: plain })).rejects.toMatchObject({ code: "not_found" });
    await expect(validateRevision({ db: ctx.t.db, viewer: plain, listingId: listing.id, notifier })).rejects.toMatchObject({ code: "not_found" });
    await expect(rejectRevision({ db: ctx.t.db, storage, viewer: null, listingId: listing.id, reasonCode: "price", notifier })).rejects.toMatchObject({ code: "not_found" });
    const owner = createClient(ctx.app.url);
    expect((await owner.signIn(seller.email, seller.password)).status).toBe(200);
    for (const client of [createClient(ctx.app.url), owner]) {
      for (const intent of ["validate-revision", "reject-revision"]) {
        const response = await client.request("/moderation", { method: "POST", form: { intent, id: listing.id, reasonCode: "price" } });
        expect(response.status).toBe(404);
      }
    }
    expect({ listing: await row(listing.id), revisions: await ctx.t.db.select().from(listingRevisions) }).toEqual(before);

    // A moderator over HTTP: the queue shows the diff, validation applies it.
    const mod = createClient(ctx.app.url);
    const created = await mod.signUp(`moderatrice.${Date.now()}@exemple.fr`);
    await ctx.t.db.update(user).set({ role: "moderator" }).where(eq(user.id, created.user.id));
    const queue = await (await mod.request("/moderation")).text();
    expect(queue).toContain("Modifications d&#x27;annonces en ligne");
    expect(queue).toContain("Voiture accidentée, vendue pour pièces.");
    const response = await mod.request("/moderation", { method: "POST", form: { intent: "validate-revision", id: listing.id } });
    expect(response.status).toBe(200);
    expect((await row(listing.id)).brand).toBe("Renault");
  });
});

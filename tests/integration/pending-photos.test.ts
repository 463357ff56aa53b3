/**
 * Issue 34, decision 0053: a photo added to a published listing waits for a moderator like any
 * material change. Buyers keep the approved photos (and main photo) until then; the seller sees
 * it 'En attente de validation', moderators as 'Nouvelle photo'; removal and reordering of
 * approved photos apply at once.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingPhotos, listings, moderationEvents, outboxEmails } from "~/db/schema";
import { getListingDetail } from "~/features/listings/listing-detail.server";
import { withPhotos as cardsWithPhotos } from "~/features/listings/listing-cards.server";
import { photoAccess } from "~/features/listings/photo-access.server";
import { variantKey } from "~/features/listings/photo-variants";
import { listMyListings } from "~/features/hosting/hosting.server";
import { listPendingRevisions, rejectRevision, validateRevision } from "~/features/moderation/listing-revisions.server";
import type { Notifier } from "~/features/moderation/moderator.server";
import { addListingPhoto } from "~/features/publish/add-listing-photo.server";
import { getListingForEdit } from "~/features/publish/get-listing-for-edit.server";
import { removeListingPhoto } from "~/features/publish/remove-listing-photo.server";
import { reorderListingPhotos } from "~/features/publish/reorder-listing-photos.server";
import { createEventBus } from "~/server/events.server";
import { createLogger } from "~/server/logger.server";
import { createOutboxMailer } from "~/server/mailer.server";
import { createLocalStorage, type Storage } from "~/server/storage.server";
import { insertListing, insertUser, type InsertedUser } from "~/testing/inserters.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

const engine = process.env.TEST_DB_ENGINE;
let t: TestDatabase;
let storageDir: string;
/** Public photos are linked at the CDN, restricted ones at the app's access-checked /uploads. */
let storage: Storage;
let notifier: Notifier;
let moderator: InsertedUser;
const CDN = "https://cdn.occazio.test";

beforeAll(async () => {
  t = await createTestDatabase();
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-pending-photos-"));
  storage = createLocalStorage(storageDir, { publicBaseUrl: CDN });
  const logger = createLogger({ level: "silent", pretty: false });
  notifier = {
    mailer: createOutboxMailer({ db: t.db, logger }),
    events: createEventBus(),
    logger,
    publicUrl: "http://occazio.test",
  };
  moderator = await insertUser(t.db, { role: "moderator" });
});
afterAll(async () => {
  await t?.close();
  if (storageDir) fs.rmSync(storageDir, { recursive: true, force: true });
});

let shade = 0;
/** A small JPEG of a different colour each time (the duplicate check compares contents). */
const jpeg = () =>
  sharp({
    create: { width: 320, height: 240, channels: 3, background: { r: (shade += 37) % 256, g: shade % 199, b: 90 } },
  })
    .jpeg()
    .toBuffer();

/** A published listing with `n` approved photos (added while it was pending, then validated whole). */
async function publishedWithPhotos(n: number) {
  const seller = await insertUser(t.db);
  const listing = await insertListing(t.db, seller.id, { status: "pending" });
  for (let i = 0; i < n; i++)
    await addListingPhoto({ db: t.db, storage, userId: seller.id, listingId: listing.id, file: await jpeg() });
  await t.db.update(listings).set({ status: "published", publishedAt: new Date() }).where(eq(listings.id, listing.id));
  return { seller, listingId: listing.id };
}

const add = async (seller: InsertedUser, listingId: string) =>
  (await addListingPhoto({ db: t.db, storage, userId: seller.id, listingId, file: await jpeg() })).photo;

const rows = (listingId: string) =>
  t.db.select().from(listingPhotos).where(eq(listingPhotos.listingId, listingId)).orderBy(asc(listingPhotos.position));

/** What a buyer gets: the listing page's photos and the card's. */
async function publicView(listingId: string) {
  const detail = await getListingDetail({ db: t.db, storage, listingId, viewer: null });
  const [card] = await cardsWithPhotos({
    db: t.db,
    storage,
    rows: [{ id: listingId } as Parameters<typeof cardsWithPhotos>[0]["rows"][number]],
  });
  return { detail: detail.photos.map((p) => p.src), card: card!.photos.map((p) => p.src) };
}

const keyOf = async (photoId: string) =>
  (await t.db.select().from(listingPhotos).where(eq(listingPhotos.id, photoId)))[0]!;
const fileOf = (row: { storageKey: string; variantWidths: number[] }) =>
  variantKey(row.storageKey, row.variantWidths[0]!);

describe(`photos added to a published listing wait for a moderator (${engine})`, () => {
  it("a new photo is the seller's and the moderators' only; approval makes it public", async () => {
    const { seller, listingId } = await publishedWithPhotos(2);
    const before = await publicView(listingId);
    expect(before.detail).toHaveLength(2);
    expect(before.detail.every((src) => src.startsWith(CDN))).toBe(true);

    const photo = await add(seller, listingId);
    expect(photo.pending).toBe(true);
    // The uploader's own tile points at the access-checked /uploads, never the CDN.
    expect(photo.src.startsWith("/uploads/")).toBe(true);
    const row = await keyOf(photo.id);
    expect(row.pendingSince).not.toBeNull();

    // Buyers: listing page, gallery counter, card (and so the map card, similar, comparison) unchanged.
    expect(await publicView(listingId)).toEqual(before);
    // Its file is served to the owner and moderators only.
    expect(await photoAccess(t.db, fileOf(row))).toEqual({ kind: "restricted", ownerId: seller.id });
    // The seller's edit form has it, marked.
    const edit = await getListingForEdit({ db: t.db, storage, userId: seller.id, listingId });
    expect(edit.photos.map((p) => [p.id, p.pending])).toEqual([
      [edit.photos[0]!.id, false],
      [edit.photos[1]!.id, false],
      [photo.id, true],
    ]);
    // 'Mes annonces' says a change waits.
    const mine = await listMyListings({ db: t.db, storage, userId: seller.id, tab: "published" });
    expect(mine.published.items.find((i) => i.id === listingId)?.revisionPending).toBe(true);
    // The moderator's queue item: every photo, the new one marked.
    const item = (await listPendingRevisions({ db: t.db, storage, viewer: moderator })).find(
      (i) => i.listingId === listingId,
    );
    expect(item?.diff).toEqual([]);
    expect(item?.photos.map((p) => p.isNew)).toEqual([false, false, true]);
    expect(item?.photos[2]!.src.startsWith("/uploads/")).toBe(true);

    await validateRevision({ db: t.db, viewer: moderator, listingId, photoIds: [photo.id], notifier });
    expect((await keyOf(photo.id)).pendingSince).toBeNull();
    const after = await publicView(listingId);
    expect(after.detail).toHaveLength(3);
    expect(after.detail[2]).toContain(row.storageKey);
    expect(after.detail[2]!.startsWith(CDN)).toBe(true);
    expect(await photoAccess(t.db, fileOf(row))).toEqual({ kind: "public" });
    expect(
      (await listPendingRevisions({ db: t.db, storage, viewer: moderator })).some((i) => i.listingId === listingId),
    ).toBe(false);
    const events = await t.db.select().from(moderationEvents).where(eq(moderationEvents.listingId, listingId));
    expect(events.map((e) => e.action)).toEqual(["revision_validated"]);
    // A second moderator's click finds nothing left to decide.
    await expect(
      validateRevision({ db: t.db, viewer: moderator, listingId, photoIds: [photo.id], notifier }),
    ).rejects.toMatchObject({
      code: "conflict",
      message: "Cette modification a déjà été traitée.",
    });
  });

  it("a refused photo is removed (row and files), positions packed, and the seller told why", async () => {
    const { seller, listingId } = await publishedWithPhotos(1);
    const first = await add(seller, listingId);
    const second = await add(seller, listingId);
    const files = await Promise.all(
      [first.id, second.id].map(async (id) => path.join(storageDir, fileOf(await keyOf(id)))),
    );
    expect(files.every((f) => fs.existsSync(f))).toBe(true);
    // The seller puts a new photo first: it is kept in the order, buyers still see the approved one.
    const approvedId = (await rows(listingId))[0]!.id;
    await reorderListingPhotos({
      db: t.db,
      storage,
      userId: seller.id,
      listingId,
      photoIds: [second.id, approvedId, first.id],
    });
    const shown = await publicView(listingId);
    expect(shown.card).toHaveLength(1);
    expect(shown.card[0]).toContain((await keyOf(approvedId)).storageKey);

    await rejectRevision({
      db: t.db,
      storage,
      viewer: moderator,
      listingId,
      photoIds: [first.id, second.id],
      reasonCode: "photos",
      reasonText: "Les nouvelles photos ne montrent pas ce véhicule.",
      notifier,
    });
    expect((await rows(listingId)).map((r) => [r.id, r.position])).toEqual([[approvedId, 0]]);
    expect(files.some((f) => fs.existsSync(f))).toBe(false);
    const mails = (await t.db.select().from(outboxEmails)).filter((m) => m.toAddress === seller.email);
    expect(mails.at(-1)?.subject).toBe("Votre modification n'a pas été acceptée");
    expect(mails.at(-1)?.textBody).toContain("Les nouvelles photos ne montrent pas ce véhicule.");
    expect(await publicView(listingId)).toEqual(shown);
  });

  it("the decision covers the photos the moderator saw; one added meanwhile keeps waiting", async () => {
    const { seller, listingId } = await publishedWithPhotos(1);
    const seen = await add(seller, listingId);
    const late = await add(seller, listingId);
    await validateRevision({ db: t.db, viewer: moderator, listingId, photoIds: [seen.id], notifier });
    expect((await keyOf(seen.id)).pendingSince).toBeNull();
    expect((await keyOf(late.id)).pendingSince).not.toBeNull();
    expect((await publicView(listingId)).detail).toHaveLength(2);
    const item = (await listPendingRevisions({ db: t.db, storage, viewer: moderator })).find(
      (i) => i.listingId === listingId,
    );
    expect(item?.photos.filter((p) => p.isNew).map((p) => p.id)).toEqual([late.id]);
  });

  it("the main photo buyers see stays the approved one until the new main photo is validated", async () => {
    const { seller, listingId } = await publishedWithPhotos(3);
    const approved = (await rows(listingId)).map((r) => r.id);
    const fresh = await add(seller, listingId);
    // 'Définir comme principale' on the new photo: saved at once in the seller's order…
    await reorderListingPhotos({ db: t.db, storage, userId: seller.id, listingId, photoIds: [fresh.id, ...approved] });
    const edit = await getListingForEdit({ db: t.db, storage, userId: seller.id, listingId });
    expect(edit.photos.map((p) => p.id)).toEqual([fresh.id, ...approved]);
    // …but the card and the listing page keep the previous main photo and 3 approved photos.
    const keys = await Promise.all(approved.map(async (id) => (await keyOf(id)).storageKey));
    const shown = await publicView(listingId);
    expect(shown.card.map((src, i) => src.includes(keys[i]!))).toEqual([true, true, true]);
    expect(shown.detail).toHaveLength(3);
    // Reordering approved photos applies at once.
    await reorderListingPhotos({
      db: t.db,
      storage,
      userId: seller.id,
      listingId,
      photoIds: [fresh.id, approved[2]!, approved[0]!, approved[1]!],
    });
    expect((await publicView(listingId)).card[0]).toContain(keys[2]);
    // Once validated, the new photo is the main photo everywhere.
    await validateRevision({ db: t.db, viewer: moderator, listingId, notifier });
    expect((await publicView(listingId)).card[0]).toContain((await keyOf(fresh.id)).storageKey);
  });

  it("removing photos applies at once; the last approved photo of a published listing stays", async () => {
    const { seller, listingId } = await publishedWithPhotos(2);
    const [a, b] = (await rows(listingId)).map((r) => r.id);
    await removeListingPhoto({ db: t.db, storage, userId: seller.id, listingId, photoId: a });
    expect((await publicView(listingId)).detail).toHaveLength(1);
    const fresh = await add(seller, listingId);
    // Only the new photo would be left, and buyers would see none until a moderator came.
    await expect(
      removeListingPhoto({ db: t.db, storage, userId: seller.id, listingId, photoId: b }),
    ).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringContaining("au moins une photo validée"),
    });
    // Removing the waiting photo itself is fine, and takes it out of the queue.
    await removeListingPhoto({ db: t.db, storage, userId: seller.id, listingId, photoId: fresh.id });
    expect(
      (await listPendingRevisions({ db: t.db, storage, viewer: moderator })).some((i) => i.listingId === listingId),
    ).toBe(false);
    await expect(validateRevision({ db: t.db, viewer: moderator, listingId, notifier })).rejects.toMatchObject({
      code: "conflict",
    });
  });

  it("photos of a draft or a listing waiting for its first validation do not wait on their own", async () => {
    const seller = await insertUser(t.db);
    for (const status of ["draft", "pending", "rejected"] as const) {
      const listing = await insertListing(t.db, seller.id, { status });
      const photo = await add(seller, listing.id);
      expect(photo.pending).toBe(false);
      expect((await keyOf(photo.id)).pendingSince).toBeNull();
    }
  });

  it("only moderators list or decide new photos; the seller cannot approve their own", async () => {
    const { seller, listingId } = await publishedWithPhotos(1);
    const fresh = await add(seller, listingId);
    const viewer = { id: seller.id, role: "user" };
    await expect(listPendingRevisions({ db: t.db, storage, viewer })).rejects.toMatchObject({ code: "not_found" });
    await expect(validateRevision({ db: t.db, viewer, listingId, notifier })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(
      rejectRevision({ db: t.db, storage, viewer: null, listingId, reasonCode: "photos", notifier }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect((await keyOf(fresh.id)).pendingSince).not.toBeNull();
  });
});

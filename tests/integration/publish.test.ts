import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingPhotos, listings, type Listing } from "~/db/schema";
import { countMyListings, deleteListing, listMyListings, markListingSold } from "~/features/hosting/hosting.server";
import { getCurrentDraft } from "~/features/publish/get-current-draft.server";
import { getListingForEdit } from "~/features/publish/get-listing-for-edit.server";
import { saveDraftStep } from "~/features/publish/save-draft-step.server";
import { saveDraftStep1 } from "~/features/publish/save-draft-step1.server";
import { submitListing } from "~/features/publish/submit-listing.server";
import { updateListing } from "~/features/publish/update-listing.server";
import { AppError, type AppErrorCode } from "~/server/app-error";
import { createLocalStorage } from "~/server/storage.server";
import { insertListing, insertUser, type InsertedUser } from "~/testing/inserters.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let t: TestDatabase;
// Nothing is written to it here (photo rows are inserted directly); it only builds URLs.
const storage = createLocalStorage("/nonexistent-occazio-test-storage");

beforeAll(async () => {
  t = await createTestDatabase({ withPlaces: true });
});
afterAll(async () => {
  await t?.close();
});

/** Every row the services may touch, to prove a refused call changed nothing. */
async function snapshot(): Promise<string> {
  const rows = await t.db.select().from(listings).orderBy(asc(listings.id));
  const photos = await t.db.select().from(listingPhotos).orderBy(asc(listingPhotos.id));
  return JSON.stringify({ rows, photos });
}

async function expectAppError(promise: Promise<unknown>, code: AppErrorCode, message?: string | RegExp) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, "the call should have been refused").toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.code).toBe(code);
  if (message !== undefined) expect(appError.message).toMatch(message);
  return appError;
}

/** Refused with `code`, and the database is exactly as before. */
async function expectRefusedUnchanged(call: () => Promise<unknown>, code: AppErrorCode, message?: string | RegExp) {
  const before = await snapshot();
  const error = await expectAppError(call(), code, message);
  expect(await snapshot()).toBe(before);
  return error;
}

/** Sellers who never sign in here: skipping the password hash keeps the file fast. */
function newUser(): Promise<InsertedUser> {
  return insertUser(t.db, { canSignIn: false });
}

async function getListing(id: string): Promise<Listing> {
  const [row] = await t.db.select().from(listings).where(eq(listings.id, id));
  if (!row) throw new Error(`annonce ${id} absente`);
  return row;
}

const STEPS = {
  2: { year: "2019", firstRegistration: "03/2019" },
  3: {
    vehicleType: "Citadine",
    fuel: "Essence",
    gearbox: "Manuelle",
    fiscalPower: "5",
    dinPower: "100",
    mileage: "45000",
    licenseStatus: "Permis",
  },
  4: { doors: "5", seats: "5", color: "Gris", vehicleCondition: "Non endommagé" },
  5: { description: "Très bon état, entretien suivi, carnet à jour." },
  // Coordinates sent by a browser are replaced by the reference's (see the step 6 test).
  6: { city: "Paris 11e", postalCode: "75011", latitude: "10", longitude: "10" },
} as const;

async function addPhotoRow(listingId: string, position: number) {
  await t.db.insert(listingPhotos).values({
    listingId,
    position,
    storageKey: `listings/${listingId}/photo-${position}`,
    width: 800,
    height: 600,
    variantWidths: [480, 800],
  });
}

/** A seller whose draft went through steps 1–7 (photo row inserted directly). */
async function draftReadyToSubmit(seller: InsertedUser): Promise<string> {
  const { listingId } = await saveDraftStep1({ db: t.db, userId: seller.id, brand: "peugeot", model: "208" });
  for (const step of [2, 3, 4, 5, 6] as const) {
    await saveDraftStep({ db: t.db, userId: seller.id, listingId, step, values: STEPS[step] });
  }
  await addPhotoRow(listingId, 0);
  await saveDraftStep({ db: t.db, userId: seller.id, listingId, step: 7, values: {} });
  await saveDraftStep({ db: t.db, userId: seller.id, listingId, step: 8, values: { price: "12500" } });
  return listingId;
}

describe(`publish wizard (${process.env.TEST_DB_ENGINE})`, () => {
  it("refuses an anonymous step 1 with the spec message and creates nothing", async () => {
    for (const userId of [undefined, null, ""]) {
      await expectRefusedUnchanged(
        () => saveDraftStep1({ db: t.db, userId, brand: "Peugeot", model: "208" }),
        "unauthenticated",
        "Vous devez être connecté pour publier une annonce.",
      );
    }
  });

  it("creates one draft per seller with the catalogue's spelling, then updates it", async () => {
    const seller = await newUser();
    const first = await saveDraftStep1({ db: t.db, userId: seller.id, brand: " peugeot ", model: "E 208" });
    expect(first).toMatchObject({ created: true, draftStep: 2 });
    expect(await getListing(first.listingId)).toMatchObject({
      ownerId: seller.id,
      status: "draft",
      brand: "Peugeot",
      model: "e-208",
      draftStep: 2,
    });
    const second = await saveDraftStep1({ db: t.db, userId: seller.id, brand: "Marque Inconnue", model: "Modèle X" });
    expect(second).toMatchObject({ listingId: first.listingId, created: false });
    expect(await getListing(first.listingId)).toMatchObject({ brand: "Marque Inconnue", model: "Modèle X" });
    const drafts = await t.db.select().from(listings).where(eq(listings.ownerId, seller.id));
    expect(drafts).toHaveLength(1);
  });

  it("creates a single draft when step 1 is submitted twice at once", async () => {
    const seller = await newUser();
    const results = await Promise.all([
      saveDraftStep1({ db: t.db, userId: seller.id, brand: "Renault", model: "Clio" }),
      saveDraftStep1({ db: t.db, userId: seller.id, brand: "Renault", model: "Clio" }),
    ]);
    expect(new Set(results.map((r) => r.listingId)).size).toBe(1);
    expect(await t.db.select().from(listings).where(eq(listings.ownerId, seller.id))).toHaveLength(1);
  });

  it("validates step 1 on the server with French messages", async () => {
    const seller = await newUser();
    const error = await expectRefusedUnchanged(
      () => saveDraftStep1({ db: t.db, userId: seller.id, brand: "  ", model: "208" }),
      "invalid",
      "La marque est obligatoire.",
    );
    expect(error.details?.fieldErrors).toEqual({ brand: "La marque est obligatoire." });
  });

  it("resumes a draft at the step reached, with its values", async () => {
    const seller = await newUser();
    expect(await getCurrentDraft({ db: t.db, storage, userId: seller.id })).toBeNull();
    const { listingId } = await saveDraftStep1({ db: t.db, userId: seller.id, brand: "Renault", model: "megane" });
    await saveDraftStep({ db: t.db, userId: seller.id, listingId, step: 2, values: STEPS[2] });
    const afterStep3 = await saveDraftStep({ db: t.db, userId: seller.id, listingId, step: 3, values: STEPS[3] });
    expect(afterStep3.draftStep).toBe(4);
    // Going back to step 2 and saving it again does not lose the progress.
    await saveDraftStep({ db: t.db, userId: seller.id, listingId, step: 2, values: { ...STEPS[2], year: "2018" } });
    const draft = await getCurrentDraft({ db: t.db, storage, userId: seller.id });
    expect(draft).toMatchObject({
      listingId,
      draftStep: 4,
      values: { brand: "Renault", model: "Mégane", year: 2018, mileage: 45_000, fuel: "Essence", price: null },
      photos: [],
    });
    // Another seller has no draft of their own and cannot see this one.
    const other = await newUser();
    expect(await getCurrentDraft({ db: t.db, storage, userId: other.id })).toBeNull();
    await expectAppError(getCurrentDraft({ db: t.db, storage, userId: undefined }), "unauthenticated");
  });

  it("refuses a step not reached yet, invalid values and an unknown step, changing nothing", async () => {
    const seller = await newUser();
    const { listingId } = await saveDraftStep1({ db: t.db, userId: seller.id, brand: "Renault", model: "Clio" });
    await expectRefusedUnchanged(
      () => saveDraftStep({ db: t.db, userId: seller.id, listingId, step: 5, values: STEPS[5] }),
      "conflict",
      "Complétez d'abord les étapes précédentes.",
    );
    const error = await expectRefusedUnchanged(
      () =>
        saveDraftStep({
          db: t.db,
          userId: seller.id,
          listingId,
          step: 2,
          values: { year: "2019", firstRegistration: "13/2019" },
        }),
      "invalid",
      "Le mois doit être compris entre 01 et 12.",
    );
    expect(error.details).toMatchObject({ step: 2 });
    await expectRefusedUnchanged(
      () =>
        saveDraftStep({
          db: t.db,
          userId: seller.id,
          listingId,
          step: 2,
          values: { year: "2019", firstRegistration: "03/2018" },
        }),
      "invalid",
      "La date de première mise en circulation ne peut pas précéder l'année du modèle.",
    );
    await expectRefusedUnchanged(
      () => saveDraftStep({ db: t.db, userId: seller.id, listingId, step: 9, values: {} }),
      "invalid",
      "Étape inconnue.",
    );
    await expectRefusedUnchanged(
      () => saveDraftStep({ db: t.db, userId: seller.id, listingId, step: 2, values: "year=2019" }),
      "invalid",
    );
  });

  it("takes the location from the postal-code reference", async () => {
    const seller = await newUser();
    const { listingId } = await saveDraftStep1({ db: t.db, userId: seller.id, brand: "Renault", model: "Clio" });
    for (const step of [2, 3, 4, 5] as const) {
      await saveDraftStep({ db: t.db, userId: seller.id, listingId, step, values: STEPS[step] });
    }
    await expectRefusedUnchanged(
      () =>
        saveDraftStep({
          db: t.db,
          userId: seller.id,
          listingId,
          step: 6,
          values: { city: "Nulle Part", postalCode: "99999", latitude: 1, longitude: 1 },
        }),
      "invalid",
      "Aucune commune ne correspond à ce code postal.",
    );
    await expectRefusedUnchanged(
      () =>
        saveDraftStep({
          db: t.db,
          userId: seller.id,
          listingId,
          step: 6,
          values: { city: "Lyon 1er", postalCode: "75011", latitude: 1, longitude: 1 },
        }),
      "invalid",
      "Choisissez une commune proposée pour ce code postal.",
    );
    await saveDraftStep({
      db: t.db,
      userId: seller.id,
      listingId,
      step: 6,
      values: { city: "bourg en bresse", postalCode: "01000", latitude: "0", longitude: "0" },
    });
    const row = await getListing(listingId);
    expect(row).toMatchObject({ city: "Bourg-en-Bresse", postalCode: "01000", draftStep: 7 });
    expect(row.latitude).toBeCloseTo(46.2, 1);
    expect(row.longitude).toBeCloseTo(5.2, 1);
  });

  it("needs a stored photo at step 7 and before submission", async () => {
    const seller = await newUser();
    const { listingId } = await saveDraftStep1({ db: t.db, userId: seller.id, brand: "Renault", model: "Clio" });
    for (const step of [2, 3, 4, 5, 6] as const) {
      await saveDraftStep({ db: t.db, userId: seller.id, listingId, step, values: STEPS[step] });
    }
    await expectRefusedUnchanged(
      () => saveDraftStep({ db: t.db, userId: seller.id, listingId, step: 7, values: { photoCount: 3 } }),
      "invalid",
      "Ajoutez au moins une photo.",
    );
    // Force the draft to step 8 to prove the submission itself counts photos.
    await t.db.update(listings).set({ draftStep: 8, price: 9000 }).where(eq(listings.id, listingId));
    const error = await expectRefusedUnchanged(
      () => submitListing({ db: t.db, userId: seller.id, listingId }),
      "invalid",
      "L'annonce est incomplète : Ajoutez au moins une photo.",
    );
    expect(error.details).toMatchObject({ step: 7 });
  });

  it("refuses to submit an incomplete draft and says which step to fix", async () => {
    const seller = await newUser();
    const { listingId } = await saveDraftStep1({ db: t.db, userId: seller.id, brand: "Renault", model: "Clio" });
    await addPhotoRow(listingId, 0);
    const error = await expectRefusedUnchanged(
      () => submitListing({ db: t.db, userId: seller.id, listingId }),
      "invalid",
      /^L'annonce est incomplète : L'année est obligatoire\.$/,
    );
    expect(error.details).toMatchObject({ step: 2 });
    expect(Object.keys(error.details?.fieldErrors ?? {})).toEqual(
      expect.arrayContaining(["year", "firstRegistration", "fuel", "doors", "description", "city", "price"]),
    );
  });

  it("submits once: pending, submittedAt set, draft cleared; a second click changes nothing", async () => {
    const seller = await newUser();
    const listingId = await draftReadyToSubmit(seller);
    const first = await submitListing({ db: t.db, userId: seller.id, listingId });
    expect(first).toEqual({ listingId, status: "pending" });
    const row = await getListing(listingId);
    expect(row).toMatchObject({ status: "pending", brand: "Peugeot", model: "208", price: 12_500, publishedAt: null });
    expect(row.submittedAt).toBeInstanceOf(Date);
    expect(await getCurrentDraft({ db: t.db, storage, userId: seller.id })).toBeNull();
    const before = await snapshot();
    expect(await submitListing({ db: t.db, userId: seller.id, listingId })).toEqual(first);
    expect(await snapshot()).toBe(before);
    expect(await countMyListings({ db: t.db, userId: seller.id })).toEqual({ pending: 1, published: 0, deleted: 0 });
  });

  it("submits once when two clicks arrive together", async () => {
    const seller = await newUser();
    const listingId = await draftReadyToSubmit(seller);
    const results = await Promise.all([
      submitListing({ db: t.db, userId: seller.id, listingId }),
      submitListing({ db: t.db, userId: seller.id, listingId }),
    ]);
    expect(results).toEqual([
      { listingId, status: "pending" },
      { listingId, status: "pending" },
    ]);
    const rows = await t.db.select().from(listings).where(eq(listings.ownerId, seller.id));
    expect(rows.map((r) => r.status)).toEqual(["pending"]);
  });

  it("publishes at once with autoPublish", async () => {
    const seller = await newUser();
    const listingId = await draftReadyToSubmit(seller);
    expect(await submitListing({ db: t.db, userId: seller.id, listingId, autoPublish: true })).toEqual({
      listingId,
      status: "published",
    });
    expect((await getListing(listingId)).publishedAt).toBeInstanceOf(Date);
  });

  it("authorization matrix for the wizard: anonymous, other user, owner", async () => {
    const seller = await newUser();
    const other = await newUser();
    const { listingId } = await saveDraftStep1({ db: t.db, userId: seller.id, brand: "Renault", model: "Clio" });
    const save = (userId: string | undefined) =>
      saveDraftStep({ db: t.db, userId, listingId, step: 2, values: STEPS[2] });
    await expectRefusedUnchanged(() => save(undefined), "unauthenticated");
    await expectRefusedUnchanged(
      () => save(other.id),
      "forbidden",
      "Vous n'êtes pas autorisé à modifier cette annonce.",
    );
    await expectRefusedUnchanged(() => submitListing({ db: t.db, userId: undefined, listingId }), "unauthenticated");
    await expectRefusedUnchanged(() => submitListing({ db: t.db, userId: other.id, listingId }), "forbidden");
    // The other user's own step 1 creates their own draft, never touching the seller's.
    await saveDraftStep1({ db: t.db, userId: other.id, brand: "Audi", model: "A3" });
    expect(await getListing(listingId)).toMatchObject({ ownerId: seller.id, brand: "Renault", model: "Clio" });
    await save(seller.id);
    expect((await getListing(listingId)).year).toBe(2019);
  });

  it.each(["not-a-uuid", "00000000-0000-0000-0000-000000000000", "' or 1=1 --", 42, null])(
    "answers not_found for the listing id %j, never a database error",
    async (listingId) => {
      const seller = await newUser();
      await expectRefusedUnchanged(
        () => saveDraftStep({ db: t.db, userId: seller.id, listingId, step: 1, values: {} }),
        "not_found",
        "Annonce non trouvée.",
      );
      await expectRefusedUnchanged(
        () => getListingForEdit({ db: t.db, storage, userId: seller.id, listingId }),
        "not_found",
        "Annonce non trouvée.",
      );
      await expectRefusedUnchanged(() => deleteListing({ db: t.db, userId: seller.id, listingId }), "not_found");
      await expectRefusedUnchanged(() => markListingSold({ db: t.db, userId: seller.id, listingId }), "not_found");
      await expectRefusedUnchanged(
        () => updateListing({ db: t.db, storage, userId: seller.id, listingId, values: {} }),
        "not_found",
      );
    },
  );
});

describe(`editing a listing (${process.env.TEST_DB_ENGINE})`, () => {
  const edit = {
    brand: "renault",
    model: "clio",
    price: "9 900",
    city: "Lyon 1er",
    postalCode: "69001",
    latitude: "45.77",
    longitude: "4.83",
  };

  it("authorization matrix for read-for-edit and update", async () => {
    const seller = await newUser();
    const other = await newUser();
    const listing = await insertListing(t.db, seller.id, { status: "published" });
    await expectRefusedUnchanged(
      () => getListingForEdit({ db: t.db, storage, userId: undefined, listingId: listing.id }),
      "unauthenticated",
    );
    await expectRefusedUnchanged(
      () => getListingForEdit({ db: t.db, storage, userId: other.id, listingId: listing.id }),
      "forbidden",
      "Vous n'êtes pas autorisé à modifier cette annonce.",
    );
    await expectRefusedUnchanged(
      () => updateListing({ db: t.db, storage, userId: undefined, listingId: listing.id, values: edit }),
      "unauthenticated",
    );
    const error = await expectRefusedUnchanged(
      () => updateListing({ db: t.db, storage, userId: other.id, listingId: listing.id, values: edit }),
      "forbidden",
      "Vous n'êtes pas autorisé à modifier cette annonce.",
    );
    expect(error.status).toBe(403);
    expect(await getListingForEdit({ db: t.db, storage, userId: seller.id, listingId: listing.id })).toMatchObject({
      id: listing.id,
      status: "published",
      brand: listing.brand,
    });
    const updated = await updateListing({ db: t.db, storage, userId: seller.id, listingId: listing.id, values: edit });
    expect(updated).toMatchObject({
      brand: "Renault",
      model: "Clio",
      price: 9_900,
      city: "Lyon 1er",
      postalCode: "69001",
    });
  });

  it("keeps a published listing published and ignores owner, status and counters in the input", async () => {
    const seller = await newUser();
    const attacker = await newUser();
    const listing = await insertListing(t.db, seller.id, { status: "published", viewCount: 7, heartCount: 2 });
    await updateListing({
      db: t.db,
      storage,
      userId: seller.id,
      listingId: listing.id,
      values: {
        ...edit,
        description: "  Nouvelle description.  ",
        mileage: "80000",
        ownerId: attacker.id,
        owner_id: attacker.id,
        status: "sold",
        id: "00000000-0000-0000-0000-000000000000",
        clickCount: 999,
        viewCount: 999,
        heartCount: 999,
        publishedAt: "2000-01-01T00:00:00Z",
        rejectionReason: "x",
      },
    });
    const row = await getListing(listing.id);
    // The price applies at once; the material changes wait for a moderator (listing-revisions).
    expect(row).toMatchObject({
      id: listing.id,
      ownerId: seller.id,
      status: "published",
      heartCount: 2,
      rejectionReason: null,
      description: listing.description,
      mileage: listing.mileage,
      price: 9_900,
    });
    expect(row.publishedAt?.toISOString()).toBe(listing.publishedAt?.toISOString());
    const editable = await getListingForEdit({ db: t.db, storage, userId: seller.id, listingId: listing.id });
    expect(editable).toMatchObject({ revisionPending: true, description: "Nouvelle description.", mileage: 80_000, status: "published" });
    expect(editable.latitude).toBeCloseTo(45.77, 1);
  });

  it("leaves description and mileage alone when the form does not send them", async () => {
    const seller = await newUser();
    const listing = await insertListing(t.db, seller.id, { status: "pending", publishedAt: null });
    await updateListing({ db: t.db, storage, userId: seller.id, listingId: listing.id, values: edit });
    expect(await getListing(listing.id)).toMatchObject({
      status: "pending",
      description: listing.description,
      mileage: listing.mileage,
    });
  });

  it("sends a rejected listing back to moderation when it is corrected", async () => {
    const seller = await newUser();
    const listing = await insertListing(t.db, seller.id, {
      status: "rejected",
      publishedAt: null,
      submittedAt: new Date("2026-01-01T00:00:00Z"),
      rejectionReason: "Photos floues",
    });
    const result = await updateListing({ db: t.db, storage, userId: seller.id, listingId: listing.id, values: edit });
    expect(result.status).toBe("pending");
    const row = await getListing(listing.id);
    expect(row).toMatchObject({ status: "pending", rejectionReason: null });
    expect(row.submittedAt!.getTime()).toBeGreaterThan(new Date("2026-01-01T00:00:00Z").getTime());
  });

  it("refuses invalid values, and sold, deleted or draft listings, changing nothing", async () => {
    const seller = await newUser();
    const listing = await insertListing(t.db, seller.id, { status: "published" });
    const error = await expectRefusedUnchanged(
      () =>
        updateListing({ db: t.db, storage, userId: seller.id, listingId: listing.id, values: { ...edit, price: "0" } }),
      "invalid",
      "Le prix doit être un nombre supérieur ou égal à 1.",
    );
    expect(error.status).toBe(400);
    await expectRefusedUnchanged(
      () =>
        updateListing({
          db: t.db,
          storage,
          userId: seller.id,
          listingId: listing.id,
          values: { ...edit, postalCode: 69001 },
        }),
      "invalid",
      "Le code postal doit comporter exactement 5 chiffres.",
    );
    for (const status of ["sold", "deleted", "draft"] as const) {
      const other = await insertListing(t.db, seller.id, { status });
      await expectRefusedUnchanged(
        () => updateListing({ db: t.db, storage, userId: seller.id, listingId: other.id, values: edit }),
        "conflict",
      );
      await expectAppError(
        getListingForEdit({ db: t.db, storage, userId: seller.id, listingId: other.id }),
        "conflict",
      );
    }
  });
});

describe(`Mes annonces (${process.env.TEST_DB_ENGINE})`, () => {
  it("groups the seller's listings in three tabs with counts, counters and reasons", async () => {
    const seller = await newUser();
    const other = await newUser();
    await insertListing(t.db, seller.id, { status: "draft" });
    const pending = await insertListing(t.db, seller.id, { status: "pending", publishedAt: null });
    const rejected = await insertListing(t.db, seller.id, {
      status: "rejected",
      publishedAt: null,
      rejectionReason: "Prix incohérent",
    });
    const published = await insertListing(t.db, seller.id, {
      status: "published",
      clickCount: 3,
      viewCount: 12,
      heartCount: 1,
    });
    const sold = await insertListing(t.db, seller.id, { status: "sold", soldAt: new Date() });
    const deleted = await insertListing(t.db, seller.id, { status: "deleted", deletedAt: new Date() });
    await insertListing(t.db, other.id, { status: "published" });
    await addPhotoRow(published.id, 0);
    await addPhotoRow(published.id, 1);

    const mine = await listMyListings({ db: t.db, storage, userId: seller.id });
    expect(mine.pending.count).toBe(2);
    expect(mine.published.count).toBe(2);
    expect(mine.deleted.count).toBe(1);
    expect(mine.pending.items.map((i) => i.id).sort()).toEqual([pending.id, rejected.id].sort());
    expect(mine.pending.items.find((i) => i.id === rejected.id)).toMatchObject({
      status: "rejected",
      rejectionReason: "Prix incohérent",
    });
    expect(mine.published.items.find((i) => i.id === sold.id)?.status).toBe("sold");
    const card = mine.published.items.find((i) => i.id === published.id);
    expect(card).toMatchObject({
      brand: published.brand,
      model: published.model,
      price: published.price,
      postalCode: "75011",
      city: "Paris 11e",
      counters: { click: 3, view: 12, heart: 1 },
    });
    expect(card?.photos).toHaveLength(2);
    expect(card?.photos[0]?.src).toBe(`/uploads/listings/${published.id}/photo-0-480.webp`);
    expect(mine.deleted.items[0]?.id).toBe(deleted.id);
    expect(await countMyListings({ db: t.db, userId: seller.id })).toEqual({ pending: 2, published: 2, deleted: 1 });
    await expectAppError(listMyListings({ db: t.db, storage, userId: undefined }), "unauthenticated");
    await expectAppError(countMyListings({ db: t.db, userId: null }), "unauthenticated");
  });

  it("authorization matrix for delete: anonymous, other user, owner (twice is harmless)", async () => {
    const seller = await newUser();
    const other = await newUser();
    const listing = await insertListing(t.db, seller.id, { status: "published" });
    await expectRefusedUnchanged(
      () => deleteListing({ db: t.db, userId: undefined, listingId: listing.id }),
      "unauthenticated",
    );
    await expectRefusedUnchanged(
      () => deleteListing({ db: t.db, userId: other.id, listingId: listing.id }),
      "forbidden",
      "Vous n'êtes pas autorisé à modifier cette annonce.",
    );
    expect(await deleteListing({ db: t.db, userId: seller.id, listingId: listing.id })).toEqual({
      listingId: listing.id,
      status: "deleted",
    });
    const row = await getListing(listing.id);
    expect(row.status).toBe("deleted");
    expect(row.deletedAt).toBeInstanceOf(Date);
    const before = await snapshot();
    await deleteListing({ db: t.db, userId: seller.id, listingId: listing.id });
    expect(await snapshot()).toBe(before);
    expect((await listMyListings({ db: t.db, storage, userId: seller.id })).deleted.count).toBe(1);
  });

  it("authorization matrix for mark as sold: anonymous, other user, owner; published only", async () => {
    const seller = await newUser();
    const other = await newUser();
    const listing = await insertListing(t.db, seller.id, { status: "published" });
    await expectRefusedUnchanged(
      () => markListingSold({ db: t.db, userId: undefined, listingId: listing.id }),
      "unauthenticated",
    );
    await expectRefusedUnchanged(
      () => markListingSold({ db: t.db, userId: other.id, listingId: listing.id }),
      "forbidden",
    );
    expect(await markListingSold({ db: t.db, userId: seller.id, listingId: listing.id })).toEqual({
      listingId: listing.id,
      status: "sold",
    });
    const row = await getListing(listing.id);
    expect(row.status).toBe("sold");
    expect(row.soldAt).toBeInstanceOf(Date);
    await markListingSold({ db: t.db, userId: seller.id, listingId: listing.id });
    for (const status of ["pending", "rejected", "deleted", "draft"] as const) {
      const notPublished = await insertListing(t.db, seller.id, { status, publishedAt: null });
      await expectRefusedUnchanged(
        () => markListingSold({ db: t.db, userId: seller.id, listingId: notPublished.id }),
        "conflict",
        "Seule une annonce publiée peut être marquée comme vendue.",
      );
    }
  });
});

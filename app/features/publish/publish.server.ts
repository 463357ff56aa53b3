import { createHash } from "node:crypto";
/**
 * Publishing services: the 8-step wizard's draft, its photos, the final submission, and the
 * seller's edits ('Modifier mon annonce'). Every function takes the acting user's id and
 * checks it itself (GUIDE §3): routes pass `userId` from the session, or undefined when
 * nobody is signed in, and map AppError codes to HTTP statuses.
 */
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database, DbExecutor, Transaction } from "~/db/client.server";
import { MAX_LISTING_PHOTOS, listingPhotos, listings, user, type Listing, type ListingStatus } from "~/db/schema";
import { findBrand, findModel } from "~/features/catalogue/catalogue-data";
import { photoUrls } from "~/features/listings/listing-cards.server";
import type { ListingCardPhoto } from "~/features/listings/listing-card-data";
import { lookupPostalCode } from "~/features/places/places.server";
import { AppError } from "~/server/app-error";
import type { Storage } from "~/server/storage.server";
import {
  LAST_WIZARD_STEP,
  STEP_SCHEMAS,
  editListingSchema,
  fieldErrors,
  fullListingSchema,
  isWizardStep,
  stepOfField,
  type WizardStep,
} from "./listing-schemas";
import { deleteStoredPhoto, processUploadedPhoto, storeListingPhoto } from "./photo-upload.server";
import { isUuid } from "~/db/ids";
import { EMAIL_VERIFICATION_TEXTS } from "~/features/auth/email-verification";
import { assertMayPost } from "~/features/auth/email-verification.server";
import type { ListingRevisionChanges } from "~/db/schema";
import { pendingRevisionOf, recordPriceChange, savePendingRevision } from "~/features/moderation/listing-revisions.server";

export const LISTING_MESSAGES = {
  unauthenticated: "Vous devez être connecté pour publier une annonce.",
  unauthenticatedEdit: "Vous devez être connecté pour modifier une annonce.",
  notFound: "Annonce non trouvée.",
  forbidden: "Vous n'êtes pas autorisé à modifier cette annonce.",
  photoNotFound: "Photo non trouvée.",
  tooManyPhotos: `Vous ne pouvez pas ajouter plus de ${MAX_LISTING_PHOTOS} photos.`,
  lastPhoto: "Une annonce doit garder au moins une photo.",
  noPhoto: "Ajoutez au moins une photo.",
  alreadySubmitted: "Cette annonce a déjà été envoyée : modifiez-la depuis « Mes annonces ».",
  stepNotReached: "Complétez d'abord les étapes précédentes.",
  unknownStep: "Étape inconnue.",
  incomplete: "L'annonce est incomplète",
  unknownPostalCode: "Aucune commune ne correspond à ce code postal.",
  unknownCity: "Choisissez une commune proposée pour ce code postal.",
  notEditable: {
    draft: "Cette annonce n'est pas encore envoyée : terminez-la depuis « Déposer une annonce ».",
    sold: "Cette annonce est vendue : elle ne peut plus être modifiée.",
    deleted: "Cette annonce a été supprimée : elle ne peut plus être modifiée.",
  },
} as const;

/** Statuses the seller may edit (fields and photos) from 'Mes annonces'. */
const EDITABLE_STATUSES: readonly ListingStatus[] = ["pending", "published", "rejected"];
/** Photos may also change while the listing is still a wizard draft. */
const PHOTO_STATUSES: readonly ListingStatus[] = ["draft", ...EDITABLE_STATUSES];

// ───────────────────────────── authorization helpers ─────────────────────────────

/** The signed-in user's id, or `unauthenticated`. */
export function requireUserId(
  userId: string | null | undefined,
  message: string = LISTING_MESSAGES.unauthenticated,
): string {
  if (typeof userId !== "string" || userId === "") throw new AppError("unauthenticated", message);
  return userId;
}

/**
 * The listing `listingId` if `userId` owns it: a malformed or unknown id is `not_found`
 * (never a database error), someone else's listing is `forbidden`. `lock` takes a row lock
 * (inside a transaction) so concurrent requests on one listing run one after the other.
 */
export async function findOwnedListing(options: {
  db: DbExecutor;
  userId: string;
  listingId: unknown;
  lock?: boolean;
}): Promise<Listing> {
  if (typeof options.listingId !== "string" || !isUuid(options.listingId)) {
    throw new AppError("not_found", LISTING_MESSAGES.notFound);
  }
  const query = options.db.select().from(listings).where(eq(listings.id, options.listingId));
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw new AppError("not_found", LISTING_MESSAGES.notFound);
  if (row.ownerId !== options.userId) throw new AppError("forbidden", LISTING_MESSAGES.forbidden);
  return row;
}

function assertEditable(listing: Listing, allowed: readonly ListingStatus[] = EDITABLE_STATUSES): void {
  if (allowed.includes(listing.status)) return;
  if (listing.status === "draft") throw new AppError("conflict", LISTING_MESSAGES.notEditable.draft);
  if (listing.status === "sold") throw new AppError("conflict", LISTING_MESSAGES.notEditable.sold);
  if (listing.status === "deleted") throw new AppError("conflict", LISTING_MESSAGES.notEditable.deleted);
  throw new AppError("conflict", LISTING_MESSAGES.alreadySubmitted);
}

function assertDraft(listing: Listing): void {
  if (listing.status !== "draft") throw new AppError("conflict", LISTING_MESSAGES.alreadySubmitted);
}

/** zod failure → `invalid` with one French message per field (forms show them inline). */
function invalid(error: z.ZodError, prefix?: string): AppError {
  const errors = fieldErrors(error);
  const [firstField, firstMessage] = Object.entries(errors)[0] ?? ["_form", "Données invalides."];
  const step = stepOfField(firstField);
  return new AppError("invalid", prefix ? `${prefix} : ${firstMessage}` : firstMessage, {
    fieldErrors: errors,
    ...(step ? { step } : {}),
  });
}

// ───────────────────────────── value normalisation ─────────────────────────────

/** Brand and model take the catalogue's spelling when they match it (issue 4), else the text as typed. */
function canonicalBrandModel(brandInput: string, modelInput: string): { brand: string; model: string } {
  const brand = findBrand(brandInput);
  if (!brand) return { brand: brandInput, model: modelInput };
  return { brand: brand.name, model: findModel(brand, modelInput) ?? modelInput };
}

function fold(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[\s'’-]+/g, " ")
    .trim();
}

/**
 * Location from the postal-code reference (GUIDE §6.5): the city must be one of the
 * code's communes, and the stored spelling and coordinates are the reference's, whatever
 * coordinates the browser sent.
 */
async function resolvePlace(
  db: DbExecutor,
  input: { city: string; postalCode: string },
): Promise<{ city: string; postalCode: string; latitude: number; longitude: number }> {
  const suggestions = await lookupPostalCode({ db, postalCode: input.postalCode });
  if (suggestions.length === 0) {
    throw new AppError("invalid", LISTING_MESSAGES.unknownPostalCode, {
      fieldErrors: { postalCode: LISTING_MESSAGES.unknownPostalCode },
      step: 6,
    });
  }
  const wanted = fold(input.city);
  const place = suggestions.find((s) => fold(s.city) === wanted);
  if (!place) {
    throw new AppError("invalid", LISTING_MESSAGES.unknownCity, {
      fieldErrors: { city: LISTING_MESSAGES.unknownCity },
      step: 6,
    });
  }
  return place;
}

// ───────────────────────────── views returned to routes ─────────────────────────────

export interface ListingPhotoView extends ListingCardPhoto {
  id: string;
  position: number;
  width: number;
  height: number;
}

/** Every wizard field as stored (null until its step is saved). */
export interface DraftValues {
  brand: string;
  model: string;
  year: number | null;
  firstRegistration: string | null;
  vehicleType: string | null;
  fuel: string | null;
  gearbox: string | null;
  fiscalPower: number | null;
  dinPower: number | null;
  mileage: number | null;
  licenseStatus: string | null;
  doors: number | null;
  seats: number | null;
  color: string | null;
  vehicleCondition: string | null;
  description: string | null;
  city: string | null;
  postalCode: string | null;
  latitude: number | null;
  longitude: number | null;
  price: number | null;
}

export interface DraftView {
  listingId: string;
  /** The step to resume at (the furthest one reached, 1–8). */
  draftStep: WizardStep;
  values: DraftValues;
  photos: ListingPhotoView[];
}

export interface EditableListing {
  id: string;
  status: ListingStatus;
  rejectionReason: string | null;
  brand: string;
  model: string;
  price: number | null;
  city: string | null;
  postalCode: string | null;
  latitude: number | null;
  longitude: number | null;
  description: string | null;
  mileage: number | null;
  photos: ListingPhotoView[];
  /** Material changes of a published listing wait for a moderator (the values shown include them). */
  revisionPending: boolean;
}

function draftValues(row: Listing): DraftValues {
  return {
    brand: row.brand,
    model: row.model,
    year: row.year,
    firstRegistration: row.firstRegistration,
    vehicleType: row.vehicleType,
    fuel: row.fuel,
    gearbox: row.gearbox,
    fiscalPower: row.fiscalPower,
    dinPower: row.dinPower,
    mileage: row.mileage,
    licenseStatus: row.licenseStatus,
    doors: row.doors,
    seats: row.seats,
    color: row.color,
    vehicleCondition: row.vehicleCondition,
    description: row.description,
    city: row.city,
    postalCode: row.postalCode,
    latitude: row.latitude,
    longitude: row.longitude,
    price: row.price,
  };
}

function editableListing(approved: Listing, photos: ListingPhotoView[], revision: ListingRevisionChanges | null = null): EditableListing {
  // The seller edits what they last submitted: the approved version plus their pending changes.
  const row = revision ? { ...approved, ...revision } : approved;
  return {
    revisionPending: revision !== null,
    id: row.id,
    status: row.status,
    rejectionReason: row.rejectionReason,
    brand: row.brand,
    model: row.model,
    price: row.price,
    city: row.city,
    postalCode: row.postalCode,
    latitude: row.latitude,
    longitude: row.longitude,
    description: row.description,
    mileage: row.mileage,
    photos,
  };
}

async function listPhotos(db: DbExecutor, storage: Storage, listingId: string): Promise<ListingPhotoView[]> {
  const rows = await db
    .select()
    .from(listingPhotos)
    .where(eq(listingPhotos.listingId, listingId))
    .orderBy(asc(listingPhotos.position));
  return rows.map((p) => ({
    id: p.id,
    position: p.position,
    width: p.width,
    height: p.height,
    ...photoUrls(storage, p),
  }));
}

async function countPhotos(db: DbExecutor, listingId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(listingPhotos).where(eq(listingPhotos.listingId, listingId));
  return row?.n ?? 0;
}

function clampStep(step: number): WizardStep {
  return Math.min(Math.max(1, step), LAST_WIZARD_STEP) as WizardStep;
}

// ───────────────────────────── wizard ─────────────────────────────

/**
 * Step 1 'Suivant' (spec §4): creates the seller's draft, or updates the brand and model
 * of the draft they already have — one open draft per user.
 */
export async function saveDraftStep1(options: {
  db: Database;
  userId: string | null | undefined;
  brand: unknown;
  model: unknown;
}): Promise<{ listingId: string; draftStep: WizardStep; created: boolean }> {
  const userId = requireUserId(options.userId);
  await assertMayPost(options.db, userId, EMAIL_VERIFICATION_TEXTS.publish);
  const parsed = STEP_SCHEMAS[1].safeParse({ brand: options.brand, model: options.model });
  if (!parsed.success) throw invalid(parsed.error);
  const values = canonicalBrandModel(parsed.data.brand, parsed.data.model);
  return options.db.transaction(async (tx) => {
    // Locking the user row serialises two step-1 submissions of one seller (double click,
    // two tabs), so they cannot create two drafts; the schema has no unique index for it.
    const [owner] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
    if (!owner) throw new AppError("unauthenticated", LISTING_MESSAGES.unauthenticated);
    const [draft] = await tx
      .select({ id: listings.id, draftStep: listings.draftStep })
      .from(listings)
      .where(and(eq(listings.ownerId, userId), eq(listings.status, "draft")))
      .orderBy(desc(listings.updatedAt))
      .limit(1);
    if (draft) {
      const draftStep = clampStep(Math.max(draft.draftStep, 2));
      await tx
        .update(listings)
        .set({ ...values, draftStep, updatedAt: sql`now()` })
        .where(eq(listings.id, draft.id));
      return { listingId: draft.id, draftStep, created: false };
    }
    const [created] = await tx
      .insert(listings)
      .values({ ownerId: userId, status: "draft", draftStep: 2, ...values })
      .returning({ id: listings.id });
    if (!created) throw new Error("saveDraftStep1: aucune ligne insérée");
    return { listingId: created.id, draftStep: 2 as WizardStep, created: true };
  });
}

/** The seller's open draft with its photos and the step to resume at, or null. */
export async function getCurrentDraft(options: {
  db: DbExecutor;
  storage: Storage;
  userId: string | null | undefined;
}): Promise<DraftView | null> {
  const userId = requireUserId(options.userId);
  const [row] = await options.db
    .select()
    .from(listings)
    .where(and(eq(listings.ownerId, userId), eq(listings.status, "draft")))
    .orderBy(desc(listings.updatedAt))
    .limit(1);
  if (!row) return null;
  return {
    listingId: row.id,
    draftStep: clampStep(row.draftStep),
    values: draftValues(row),
    photos: await listPhotos(options.db, options.storage, row.id),
  };
}

/**
 * 'Suivant' on steps 1–8: validates the step's fields with the same schema as the browser,
 * saves them, and records the furthest step reached. Step 7 has no fields: it checks the
 * stored photos. A step beyond the one reached is refused, as the wizard would.
 */
export async function saveDraftStep(options: {
  db: Database;
  userId: string | null | undefined;
  listingId: unknown;
  step: unknown;
  values: unknown;
}): Promise<{ listingId: string; draftStep: WizardStep }> {
  const userId = requireUserId(options.userId);
  const step = options.step;
  if (!isWizardStep(step)) throw new AppError("invalid", LISTING_MESSAGES.unknownStep);
  return options.db.transaction(async (tx) => {
    const listing = await findOwnedListing({ db: tx, userId, listingId: options.listingId, lock: true });
    assertDraft(listing);
    if (step > listing.draftStep) throw new AppError("conflict", LISTING_MESSAGES.stepNotReached);
    const set = await stepUpdate(tx, listing.id, step, options.values);
    const draftStep = clampStep(Math.max(listing.draftStep, step + 1));
    await tx
      .update(listings)
      .set({ ...set, draftStep, updatedAt: sql`now()` })
      .where(eq(listings.id, listing.id));
    return { listingId: listing.id, draftStep };
  });
}

/** The columns one step writes, validated. */
async function stepUpdate(
  tx: Transaction,
  listingId: string,
  step: WizardStep,
  input: unknown,
): Promise<Partial<Listing>> {
  const values = typeof input === "object" && input !== null ? input : {};
  switch (step) {
    case 1: {
      const parsed = STEP_SCHEMAS[1].safeParse(values);
      if (!parsed.success) throw invalid(parsed.error);
      return canonicalBrandModel(parsed.data.brand, parsed.data.model);
    }
    case 2: {
      const parsed = STEP_SCHEMAS[2].safeParse(values);
      if (!parsed.success) throw invalid(parsed.error);
      return parsed.data;
    }
    case 3: {
      const parsed = STEP_SCHEMAS[3].safeParse(values);
      if (!parsed.success) throw invalid(parsed.error);
      return parsed.data;
    }
    case 4: {
      const parsed = STEP_SCHEMAS[4].safeParse(values);
      if (!parsed.success) throw invalid(parsed.error);
      return parsed.data;
    }
    case 5: {
      const parsed = STEP_SCHEMAS[5].safeParse(values);
      if (!parsed.success) throw invalid(parsed.error);
      return parsed.data;
    }
    case 6: {
      const parsed = STEP_SCHEMAS[6].safeParse(values);
      if (!parsed.success) throw invalid(parsed.error);
      return resolvePlace(tx, parsed.data);
    }
    case 7: {
      // The photos themselves were stored by addListingPhoto; the server's count decides.
      const parsed = STEP_SCHEMAS[7].safeParse({ photoCount: await countPhotos(tx, listingId) });
      if (!parsed.success) throw invalid(parsed.error);
      return {};
    }
    case 8: {
      const parsed = STEP_SCHEMAS[8].safeParse(values);
      if (!parsed.success) throw invalid(parsed.error);
      return parsed.data;
    }
  }
}

/**
 * 'Publier l'annonce': validates every field of the draft again and at least one photo,
 * then the listing awaits moderation (`pending`), or goes live at once with `autoPublish`
 * (deployments without moderators). A second click finds it already submitted and gets
 * the same answer, so double submissions create nothing.
 */
export async function submitListing(options: {
  db: Database;
  userId: string | null | undefined;
  listingId: unknown;
  /** Optional step-8 price, so the last step and the submission can be one request. */
  price?: unknown;
  autoPublish?: boolean;
}): Promise<{ listingId: string; status: "pending" | "published" }> {
  const userId = requireUserId(options.userId);
  await assertMayPost(options.db, userId, EMAIL_VERIFICATION_TEXTS.publish);
  return options.db.transaction(async (tx) => {
    const listing = await findOwnedListing({ db: tx, userId, listingId: options.listingId, lock: true });
    if (listing.status === "pending" || listing.status === "published") {
      return { listingId: listing.id, status: listing.status };
    }
    assertDraft(listing);
    const values =
      options.price === undefined ? draftValues(listing) : { ...draftValues(listing), price: options.price };
    const parsed = fullListingSchema.safeParse(values);
    if (!parsed.success) throw invalid(parsed.error, LISTING_MESSAGES.incomplete);
    if ((await countPhotos(tx, listing.id)) < 1) {
      throw new AppError("invalid", `${LISTING_MESSAGES.incomplete} : ${LISTING_MESSAGES.noPhoto}`, {
        fieldErrors: { photoCount: LISTING_MESSAGES.noPhoto },
        step: 7,
      });
    }
    // Re-check the location against the reference: it may have changed since step 6.
    const place = await resolvePlace(tx, parsed.data);
    const status = options.autoPublish ? "published" : "pending";
    await tx
      .update(listings)
      .set({
        ...parsed.data,
        ...canonicalBrandModel(parsed.data.brand, parsed.data.model),
        ...place,
        status,
        draftStep: LAST_WIZARD_STEP,
        rejectionReason: null,
        submittedAt: sql`now()`,
        publishedAt: status === "published" ? sql`now()` : null,
        updatedAt: sql`now()`,
      })
      .where(eq(listings.id, listing.id));
    return { listingId: listing.id, status };
  });
}

// ───────────────────────────── photos ─────────────────────────────

/**
 * Step 7 (and editing): checks and re-encodes one uploaded file, stores it under a
 * server-generated key and gives it the first free position. The image work happens
 * before the transaction (it takes seconds); the position is allocated under a row lock
 * on the listing, so concurrent uploads can neither exceed 3 photos nor collide.
 */
export async function addListingPhoto(options: {
  db: Database;
  storage: Storage;
  userId: string | null | undefined;
  listingId: unknown;
  file: Buffer;
}): Promise<{ photo: ListingPhotoView; photoCount: number }> {
  const userId = requireUserId(options.userId);
  const listing = await findOwnedListing({ db: options.db, userId, listingId: options.listingId });
  assertEditable(listing, PHOTO_STATUSES);
  // Cheap early refusal, before spending CPU on the image; re-checked under the lock below.
  if ((await countPhotos(options.db, listing.id)) >= MAX_LISTING_PHOTOS) {
    throw new AppError("conflict", LISTING_MESSAGES.tooManyPhotos);
  }
  const encoded = await processUploadedPhoto(options.file);
  const stored = await storeListingPhoto({ storage: options.storage, listingId: listing.id, photo: encoded });
  try {
    return await options.db.transaction(async (tx) => {
      const locked = await findOwnedListing({ db: tx, userId, listingId: listing.id, lock: true });
      assertEditable(locked, PHOTO_STATUSES);
      const taken = await tx
        .select({ position: listingPhotos.position })
        .from(listingPhotos)
        .where(eq(listingPhotos.listingId, listing.id));
      const used = new Set(taken.map((p) => p.position));
      const position = [...Array(MAX_LISTING_PHOTOS).keys()].find((p) => !used.has(p));
      if (position === undefined) throw new AppError("conflict", LISTING_MESSAGES.tooManyPhotos);
      const [row] = await tx
        .insert(listingPhotos)
        .values({
          listingId: listing.id,
          position,
          ...stored,
          contentHash: createHash("sha256").update(options.file).digest("hex"),
        })
        .returning();
      if (!row) throw new Error("addListingPhoto: aucune ligne insérée");
      await tx
        .update(listings)
        .set({ updatedAt: sql`now()` })
        .where(eq(listings.id, listing.id));
      return {
        photo: {
          id: row.id,
          position: row.position,
          width: row.width,
          height: row.height,
          ...photoUrls(options.storage, row),
        },
        photoCount: taken.length + 1,
      };
    });
  } catch (error) {
    await deleteStoredPhoto({ storage: options.storage, ...stored });
    throw error;
  }
}

/**
 * Removes one photo, closes the gap in positions and deletes its stored variants. A
 * submitted listing keeps at least one photo; a draft may go down to none.
 */
export async function removeListingPhoto(options: {
  db: Database;
  storage: Storage;
  userId: string | null | undefined;
  listingId: unknown;
  photoId: unknown;
}): Promise<{ photos: ListingPhotoView[] }> {
  const userId = requireUserId(options.userId);
  const removed = await options.db.transaction(async (tx) => {
    const listing = await findOwnedListing({ db: tx, userId, listingId: options.listingId, lock: true });
    assertEditable(listing, PHOTO_STATUSES);
    const photos = await tx
      .select()
      .from(listingPhotos)
      .where(eq(listingPhotos.listingId, listing.id))
      .orderBy(asc(listingPhotos.position));
    const target =
      typeof options.photoId === "string" && isUuid(options.photoId)
        ? photos.find((p) => p.id === options.photoId)
        : undefined;
    if (!target) throw new AppError("not_found", LISTING_MESSAGES.photoNotFound);
    if (listing.status !== "draft" && photos.length <= 1) throw new AppError("conflict", LISTING_MESSAGES.lastPhoto);
    await tx.delete(listingPhotos).where(eq(listingPhotos.id, target.id));
    // One row at a time, lowest first: the (listing, position) unique index is checked per
    // row, and each row moves into a slot that is already free.
    const remaining = photos.filter((p) => p.id !== target.id);
    for (const [index, photo] of remaining.entries()) {
      if (photo.position !== index) {
        await tx.update(listingPhotos).set({ position: index }).where(eq(listingPhotos.id, photo.id));
      }
    }
    await tx
      .update(listings)
      .set({ updatedAt: sql`now()` })
      .where(eq(listings.id, listing.id));
    return { target, listingId: listing.id };
  });
  // Files go only after the commit: a rolled-back removal must still find its photo.
  await deleteStoredPhoto({ storage: options.storage, ...removed.target });
  return { photos: await listPhotos(options.db, options.storage, removed.listingId) };
}

// ───────────────────────────── editing ─────────────────────────────

/** 'Modifier mon annonce' loader: the owner's listing, or not_found / forbidden / conflict. */
export async function getListingForEdit(options: {
  db: DbExecutor;
  storage: Storage;
  userId: string | null | undefined;
  listingId: unknown;
}): Promise<EditableListing> {
  const userId = requireUserId(options.userId, LISTING_MESSAGES.unauthenticatedEdit);
  const listing = await findOwnedListing({ db: options.db, userId, listingId: options.listingId });
  assertEditable(listing);
  const revision = listing.status === "published" ? await pendingRevisionOf(options.db, listing.id) : null;
  return editableListing(listing, await listPhotos(options.db, options.storage, listing.id), revision);
}

/**
 * 'Enregistrer les modifications': only the edit form's fields are read (brand, model,
 * price, location, and description/mileage when sent) — owner, status and counters never
 * come from input. A published listing stays published (spec §4) as approved: its price
 * changes at once (price history), its material changes wait for a moderator
 * (listing-revisions.server.ts). A rejected one goes back to moderation, as a resubmission.
 */
export async function updateListing(options: {
  db: Database;
  storage: Storage;
  userId: string | null | undefined;
  listingId: unknown;
  values: unknown;
}): Promise<EditableListing> {
  const userId = requireUserId(options.userId, LISTING_MESSAGES.unauthenticatedEdit);
  const updated = await options.db.transaction(async (tx) => {
    const listing = await findOwnedListing({ db: tx, userId, listingId: options.listingId, lock: true });
    assertEditable(listing);
    const parsed = editListingSchema.safeParse(options.values);
    if (!parsed.success) throw invalid(parsed.error);
    const { brand, model, price, description, mileage } = parsed.data;
    const place = await resolvePlace(tx, parsed.data);
    const material = {
      ...canonicalBrandModel(brand, model),
      ...place,
      ...(description === undefined ? {} : { description }),
      ...(mileage === undefined ? {} : { mileage }),
    };
    // The price applies at once, whatever the status, and is kept in the price history.
    await recordPriceChange(tx, listing.id, listing.price, price);
    if (listing.status === "published") {
      // Bait-and-switch guard: material changes wait for a moderator; buyers keep seeing
      // the approved version meanwhile.
      const pending = await savePendingRevision(tx, listing, material);
      const [row] = await tx.update(listings).set({ price, updatedAt: sql`now()` }).where(eq(listings.id, listing.id)).returning();
      if (!row) throw new AppError("not_found", LISTING_MESSAGES.notFound);
      return { row, revision: pending ? await pendingRevisionOf(tx, listing.id) : null };
    }
    const resubmit = listing.status === "rejected";
    const [row] = await tx
      .update(listings)
      .set({
        ...material,
        price,
        ...(resubmit ? { status: "pending" as const, submittedAt: sql`now()`, rejectionReason: null } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(listings.id, listing.id))
      .returning();
    if (!row) throw new AppError("not_found", LISTING_MESSAGES.notFound);
    return { row, revision: null };
  });
  return editableListing(updated.row, await listPhotos(options.db, options.storage, updated.row.id), updated.revision);
}

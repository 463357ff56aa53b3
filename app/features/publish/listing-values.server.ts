/**
 * What the publishing use cases share beyond authorization: brand/model and place
 * normalisation, the views returned to routes, and photo listing.
 */
import { asc, count, eq } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listingPhotos, type Listing, type ListingRevisionChanges, type ListingStatus } from "~/db/schema";
import { findBrand, findModel } from "~/features/catalogue/catalogue-data";
import type { ListingCardPhoto } from "~/features/listings/listing-card-data";
import { photoUrls } from "~/features/listings/listing-cards.server";
import { isPendingPhoto } from "~/features/listings/photo-access.server";
import type { PriceGuidance } from "~/features/pricing/price-guidance";
import { lookupPostalCode } from "~/features/places/places.server";
import { AppError } from "~/server/app-error";
import type { Storage } from "~/server/storage.server";
import { LISTING_MESSAGES } from "./listing-access.server";
import { LAST_WIZARD_STEP, type WizardStep } from "./listing-schemas";

/** Brand and model take the catalogue's spelling when they match it (issue 4), else the text as typed. */
export function canonicalBrandModel(brandInput: string, modelInput: string): { brand: string; model: string } {
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
export async function resolvePlace(
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

export interface ListingPhotoView extends ListingCardPhoto {
  id: string;
  position: number;
  width: number;
  height: number;
  /** Added to the published listing, waiting for a moderator ('En attente de validation', decision 0053). */
  pending: boolean;
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
  euroNorm: string | null;
  doors: number | null;
  seats: number | null;
  color: string | null;
  vehicleCondition: string | null;
  /** "AAAA-MM-JJ". */
  inspectionDate: string | null;
  inspectionResult: string | null;
  ownerCount: number | null;
  /** Issue 34, second slice (decision 0043). */
  equipment: string[];
  serviceHistory: boolean | null;
  nonSmoker: boolean | null;
  warrantyMonths: number | null;
  warrantyKind: string | null;
  histovecUrl: string | null;
  /** Context, not a field: only a professional may give the warranty's kind. */
  sellerKind: string;
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
  /** Issue 34: shown and edited beside the price; the first registration to check the inspection against. */
  firstRegistration: string | null;
  vehicleType: string | null;
  fuel: string | null;
  euroNorm: string | null;
  inspectionDate: string | null;
  inspectionResult: string | null;
  ownerCount: number | null;
  equipment: string[];
  serviceHistory: boolean | null;
  nonSmoker: boolean | null;
  warrantyMonths: number | null;
  warrantyKind: string | null;
  histovecUrl: string | null;
  sellerKind: string;
  /** The market estimate for the car (the edit form's price guidance, decision 0043). */
  priceGuidance?: PriceGuidance | null;
  photos: ListingPhotoView[];
  /** Material changes of a published listing wait for a moderator (the values shown include them). */
  revisionPending: boolean;
}

export function draftValues(row: Listing): DraftValues {
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
    euroNorm: row.euroNorm,
    doors: row.doors,
    seats: row.seats,
    color: row.color,
    vehicleCondition: row.vehicleCondition,
    inspectionDate: row.inspectionDate,
    inspectionResult: row.inspectionResult,
    ownerCount: row.ownerCount,
    equipment: row.equipment,
    serviceHistory: row.serviceHistory,
    nonSmoker: row.nonSmoker,
    warrantyMonths: row.warrantyMonths,
    warrantyKind: row.warrantyKind,
    histovecUrl: row.histovecUrl,
    sellerKind: row.sellerKind,
    description: row.description,
    city: row.city,
    postalCode: row.postalCode,
    latitude: row.latitude,
    longitude: row.longitude,
    price: row.price,
  };
}

export function editableListing(
  approved: Listing,
  photos: ListingPhotoView[],
  revision: ListingRevisionChanges | null = null,
): EditableListing {
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
    firstRegistration: row.firstRegistration,
    vehicleType: row.vehicleType,
    fuel: row.fuel,
    euroNorm: row.euroNorm,
    inspectionDate: row.inspectionDate,
    inspectionResult: row.inspectionResult,
    ownerCount: row.ownerCount,
    equipment: row.equipment,
    serviceHistory: row.serviceHistory,
    nonSmoker: row.nonSmoker,
    warrantyMonths: row.warrantyMonths,
    warrantyKind: row.warrantyKind,
    histovecUrl: row.histovecUrl,
    sellerKind: row.sellerKind,
    photos,
  };
}

export async function listPhotos(
  db: DbExecutor,
  storage: Storage,
  listing: { id: string; status: ListingStatus },
): Promise<ListingPhotoView[]> {
  const rows = await db
    .select()
    .from(listingPhotos)
    .where(eq(listingPhotos.listingId, listing.id))
    .orderBy(asc(listingPhotos.position));
  return rows.map((p) => ({
    id: p.id,
    position: p.position,
    width: p.width,
    height: p.height,
    pending: isPendingPhoto(p),
    ...photoUrls(storage, p, listing.status),
  }));
}

export async function countPhotos(db: DbExecutor, listingId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(listingPhotos).where(eq(listingPhotos.listingId, listingId));
  return row?.n ?? 0;
}

export function clampStep(step: number): WizardStep {
  return Math.min(Math.max(1, step), LAST_WIZARD_STEP) as WizardStep;
}

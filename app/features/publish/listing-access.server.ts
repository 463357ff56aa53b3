/**
 * Who may touch a listing, and in which status (GUIDE §3): the publishing use cases
 * (`<verb>-<noun>.server.ts` of this folder) take the acting user's id and check it here.
 * Routes pass `userId` from the session, or undefined when nobody is signed in, and map
 * AppError codes to HTTP statuses.
 */
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { DbExecutor } from "~/db/client.server";
import { isUuid } from "~/db/ids";
import { MAX_LISTING_PHOTOS, listings, type Listing, type ListingStatus } from "~/db/schema";
import { AppError } from "~/server/app-error";
import { EDITABLE_STATUSES } from "./editable-statuses";
import { fieldErrors, stepOfField } from "./listing-schemas";

export const LISTING_MESSAGES = {
  unauthenticated: "Vous devez être connecté pour publier une annonce.",
  unauthenticatedEdit: "Vous devez être connecté pour modifier une annonce.",
  notFound: "Annonce non trouvée.",
  forbidden: "Vous n'êtes pas autorisé à modifier cette annonce.",
  photoNotFound: "Photo non trouvée.",
  badPhotoOrder: "L'ordre des photos est invalide.",
  photosChanged: "Les photos de l'annonce ont changé entre-temps : rechargez la page pour les réordonner.",
  tooManyPhotos: `Vous ne pouvez pas ajouter plus de ${MAX_LISTING_PHOTOS} photos.`,
  lastPhoto: "Une annonce doit garder au moins une photo.",
  lastApprovedPhoto:
    "Une annonce en ligne doit garder au moins une photo validée : les nouvelles photos attendent la validation de l'équipe de modération.",
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
    withdrawn: "Cette annonce est hors ligne : remettez-la en vente pour la modifier.",
  },
} as const;

export { EDITABLE_STATUSES };
/** Photos may also change while the listing is still a wizard draft. */
export const PHOTO_STATUSES: readonly ListingStatus[] = ["draft", ...EDITABLE_STATUSES];

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

export function assertEditable(listing: Listing, allowed: readonly ListingStatus[] = EDITABLE_STATUSES): void {
  if (allowed.includes(listing.status)) return;
  if (listing.status === "draft") throw new AppError("conflict", LISTING_MESSAGES.notEditable.draft);
  if (listing.status === "sold") throw new AppError("conflict", LISTING_MESSAGES.notEditable.sold);
  if (listing.status === "deleted") throw new AppError("conflict", LISTING_MESSAGES.notEditable.deleted);
  if (listing.status === "withdrawn") throw new AppError("conflict", LISTING_MESSAGES.notEditable.withdrawn);
  throw new AppError("conflict", LISTING_MESSAGES.alreadySubmitted);
}

export function assertDraft(listing: Listing): void {
  if (listing.status !== "draft") throw new AppError("conflict", LISTING_MESSAGES.alreadySubmitted);
}

/** zod failure → `invalid` with one French message per field (forms show them inline). */
export function invalid(error: z.ZodError, prefix?: string): AppError {
  const errors = fieldErrors(error);
  const [firstField, firstMessage] = Object.entries(errors)[0] ?? ["_form", "Données invalides."];
  const step = stepOfField(firstField);
  return new AppError("invalid", prefix ? `${prefix} : ${firstMessage}` : firstMessage, {
    fieldErrors: errors,
    ...(step ? { step } : {}),
  });
}

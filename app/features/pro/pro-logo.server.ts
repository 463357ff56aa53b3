import { randomUUID } from "node:crypto";
import { storeEncodedPhoto } from "~/features/listings/photo-processing.server";
import { variantKey } from "~/features/listings/photo-variants";
import { PHOTO_MESSAGES, deleteStoredPhoto, processUploadedPhoto } from "~/features/publish/photo-upload.server";
import { AppError } from "~/server/app-error";
import { isStorageUnavailable, type Storage } from "~/server/storage.server";
import { LOGO_WIDTHS } from "./pro-status";

/** A stored logo: `${key}-${width}.webp` for each width, like listing photos. */
export interface LogoRef {
  key: string;
  widths: number[];
}

export const LOGO_MESSAGES = {
  unauthenticated: "Vous devez être connecté pour envoyer un logo.",
  invalid: "Le logo envoyé est introuvable : envoyez-le à nouveau.",
} as const;

/** Every logo key of an account starts with this (its folder in the storage). */
export function proLogoPrefix(userId: string): string {
  return `pros/${userId}/`;
}

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/**
 * 'Logo' of the professional form: the same checks and re-encoding as listing photos (type by
 * content, size, pixels, EXIF dropped), at LOGO_WIDTHS, stored under the account's folder with
 * a key the server chooses. The form then sends the answered reference with the profile; a
 * logo no profile points to is served to no one (photo-access).
 */
export async function uploadProLogo(options: { storage: Storage; userId: string | null | undefined; file: Buffer }): Promise<LogoRef> {
  if (!options.userId) throw new AppError("unauthenticated", LOGO_MESSAGES.unauthenticated);
  const encoded = await processUploadedPhoto(options.file, LOGO_WIDTHS);
  const key = `${proLogoPrefix(options.userId)}${randomUUID()}`;
  try {
    const stored = await storeEncodedPhoto({ storage: options.storage, storageKey: key, photo: encoded });
    return { key, widths: stored.variantWidths };
  } catch (error) {
    await deleteStoredPhoto({ storage: options.storage, storageKey: key, variantWidths: encoded.variants.map((v) => v.width) });
    if (isStorageUnavailable(error)) {
      throw new AppError("unavailable", PHOTO_MESSAGES.storageUnavailable, { retryAfterSeconds: 30 });
    }
    throw error;
  }
}

/**
 * The logo reference a form sent back: it must be one of this account's uploads (its folder,
 * a server-made key) whose variants are all stored. Anything else is refused, so nobody can
 * point a profile at someone else's file.
 */
export async function readLogoRef(options: { storage: Storage; userId: string; raw: string }): Promise<LogoRef> {
  const invalid = () => new AppError("invalid", LOGO_MESSAGES.invalid, { fieldErrors: { logo: LOGO_MESSAGES.invalid } });
  let parsed: unknown;
  try {
    parsed = JSON.parse(options.raw);
  } catch {
    throw invalid();
  }
  const ref = parsed as Partial<LogoRef> | null;
  const keyPattern = new RegExp(`^${proLogoPrefix(options.userId).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}${UUID}$`);
  if (
    !ref ||
    typeof ref.key !== "string" ||
    !keyPattern.test(ref.key) ||
    !Array.isArray(ref.widths) ||
    ref.widths.length < 1 ||
    ref.widths.length > LOGO_WIDTHS.length ||
    !ref.widths.every((w) => Number.isInteger(w) && w > 0 && w <= Math.max(...LOGO_WIDTHS))
  ) {
    throw invalid();
  }
  const sizes = await Promise.all(ref.widths.map((w) => options.storage.size(variantKey(ref.key!, w))));
  if (sizes.some((s) => s === null)) throw invalid();
  return { key: ref.key, widths: [...ref.widths].sort((a, b) => a - b) };
}

/** Removes a logo's variants; best effort (a file left behind costs space, never data). */
export async function deleteLogo(storage: Storage, logo: LogoRef): Promise<void> {
  await deleteStoredPhoto({ storage, storageKey: logo.key, variantWidths: logo.widths });
}

/** `src` and `srcSet` of a stored logo (public: profiles' logos are served to anyone). */
export function logoUrls(storage: Storage, logo: LogoRef): { src: string; srcSet: string } {
  const widths = logo.widths;
  const url = (w: number) => storage.url(variantKey(logo.key, w));
  return { src: url(widths[0]!), srcSet: widths.map((w) => `${url(w)} ${w}w`).join(", ") };
}

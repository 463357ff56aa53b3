import { randomUUID } from "node:crypto";
import { availableParallelism } from "node:os";
import sharp from "sharp";
import {
  MAX_INPUT_PIXELS,
  encodePhotoVariants,
  listingPhotoPrefix,
  storeEncodedPhoto,
  type EncodedPhoto,
} from "~/features/listings/photo-processing.server";
import { PHOTO_WIDTHS, variantKey } from "~/features/listings/photo-variants";
import { AppError } from "~/server/app-error";
import { isStorageUnavailable, type Storage } from "~/server/storage.server";

/**
 * 15 MB: above what phone cameras write for a JPEG in their default modes. Bigger files are
 * refused before any parsing, so they cost neither CPU nor decoder attack surface.
 */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

/**
 * Photos processed at once in this process; the others queue. On glibc Linux sharp gives
 * libvips one thread per image (to limit heap fragmentation), so each job keeps one core busy.
 * One core is always left to the event loop, which answers pages while a seller's batch is
 * processed: on a 2-core machine one job at a time (search p50 during a 20-photo batch 55–60 →
 * 38 ms, the batch 8.8 → 11.5 s; docs/PERFORMANCE.md, "Photos").
 */
export const MAX_CONCURRENT_PHOTO_JOBS = Math.max(1, availableParallelism() - 1);

export type SniffedType = "jpeg" | "png" | "webp" | "heic" | "avif" | "gif" | "svg" | "pdf" | "unknown";

const ACCEPTED_HINT = "envoyez une photo JPEG, PNG ou WebP.";

export const PHOTO_MESSAGES = {
  empty: "Le fichier est vide : choisissez une photo.",
  tooLarge: `La photo dépasse la taille maximale de ${MAX_UPLOAD_BYTES / 1024 / 1024} Mo.`,
  heic: "Le format HEIC n'est pas pris en charge : exportez la photo en JPEG.",
  avif: "Le format AVIF n'est pas pris en charge : exportez la photo en JPEG.",
  gif: `Les images GIF ne sont pas acceptées : ${ACCEPTED_HINT}`,
  svg: `Les images SVG ne sont pas acceptées : ${ACCEPTED_HINT}`,
  pdf: `Les fichiers PDF ne sont pas acceptés : ${ACCEPTED_HINT}`,
  notImage: `Ce fichier n'est pas une image : ${ACCEPTED_HINT}`,
  corrupt: "Cette image est illisible ou incomplète : envoyez une autre photo.",
  storageUnavailable:
    "Le stockage des photos est momentanément indisponible : la photo n'a pas été enregistrée. Réessayez dans quelques minutes.",
} as const;

function startsWith(buffer: Uint8Array, bytes: readonly number[], offset = 0): boolean {
  if (buffer.length < offset + bytes.length) return false;
  return bytes.every((b, i) => buffer[offset + i] === b);
}

function ascii(buffer: Uint8Array, start: number, end: number): string {
  // subarray clamps out-of-range bounds, so short or empty input reads as "".
  return Buffer.from(buffer.subarray(start, end)).toString("latin1");
}

const HEVC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs"]);
const AVIF_BRANDS = new Set(["avif", "avis"]);
const GENERIC_HEIF_BRANDS = new Set(["mif1", "msf1"]);

/** HEIF family (ISO BMFF `ftyp` box): HEVC-coded HEIC (iPhones) vs AV1-coded AVIF. */
function sniffFtyp(buffer: Uint8Array): SniffedType | undefined {
  if (ascii(buffer, 4, 8) !== "ftyp") return undefined;
  const boxSize = Buffer.from(buffer.subarray(0, 4)).readUInt32BE(0);
  const major = ascii(buffer, 8, 12);
  const compatible: string[] = [];
  // Compatible brands follow the major brand and minor version, 4 bytes each, until the box ends.
  const end = Math.min(boxSize, buffer.length, 256);
  for (let at = 16; at + 4 <= end; at += 4) {
    compatible.push(ascii(buffer, at, at + 4));
  }
  if (AVIF_BRANDS.has(major)) return "avif";
  const brands = [major, ...compatible];
  if (brands.some((b) => HEVC_BRANDS.has(b))) return "heic";
  if (brands.some((b) => AVIF_BRANDS.has(b))) return "avif";
  if (brands.some((b) => GENERIC_HEIF_BRANDS.has(b))) return "heic";
  return undefined;
}

/**
 * The image type of `buffer` from its first bytes (magic numbers), never from a file name
 * or a client-sent MIME type, which anyone can fake.
 */
export function sniffImageType(buffer: Uint8Array): SniffedType {
  if (startsWith(buffer, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(buffer, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (ascii(buffer, 0, 4) === "RIFF" && ascii(buffer, 8, 12) === "WEBP") return "webp";
  const ftyp = sniffFtyp(buffer);
  if (ftyp) return ftyp;
  const head = ascii(buffer, 0, 6);
  if (head === "GIF87a" || head === "GIF89a") return "gif";
  if (ascii(buffer, 0, 5) === "%PDF-") return "pdf";
  // SVG is text: skip a BOM, XML prolog, comments and doctype by searching the first KB.
  const text = ascii(buffer, 0, 1024)
    .replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, "")
    .trimStart()
    .toLowerCase();
  const looksLikeMarkup = text.startsWith("<?xml") || text.startsWith("<svg") || text.startsWith("<!");
  if (looksLikeMarkup && text.includes("<svg") && !text.includes("<html")) {
    return "svg";
  }
  return "unknown";
}

/**
 * Whether this sharp build decodes HEVC-coded HEIC. libvips lists ".heic" among the HEIF
 * loader's suffixes only when libheif has an HEVC decoder; sharp's prebuilt binaries
 * ship AV1 only (patents), so this is false unless sharp is built against a system libvips.
 */
export const HEIC_DECODABLE: boolean = sharp.format.heif?.input.fileSuffix?.includes(".heic") ?? false;

/** sharp's `metadata().format` for each accepted type: a mismatch means a forged header. */
const SHARP_FORMAT: Partial<Record<SniffedType, string>> = {
  jpeg: "jpeg",
  png: "png",
  webp: "webp",
  heic: "heif",
};

/** Refuses before decoding anything: size, type by content, then dimensions from the header. */
async function checkUpload(file: Buffer): Promise<void> {
  if (file.length === 0) throw new AppError("invalid", PHOTO_MESSAGES.empty);
  if (file.length > MAX_UPLOAD_BYTES) {
    throw new AppError("too_large", PHOTO_MESSAGES.tooLarge, { maxBytes: MAX_UPLOAD_BYTES });
  }
  const type = sniffImageType(file);
  switch (type) {
    case "jpeg":
    case "png":
    case "webp":
      break;
    case "heic":
      if (!HEIC_DECODABLE) throw new AppError("invalid", PHOTO_MESSAGES.heic);
      break;
    case "avif":
      throw new AppError("invalid", PHOTO_MESSAGES.avif);
    case "gif":
    case "svg":
    case "pdf":
      throw new AppError("invalid", PHOTO_MESSAGES[type]);
    case "unknown":
      throw new AppError("invalid", PHOTO_MESSAGES.notImage);
  }
  let width: number;
  let height: number;
  let format: string;
  try {
    // Header only: libvips reads dimensions without decoding pixels. The pixel limit is
    // checked below, with our own message, so sharp's generic one is switched off here.
    const meta = await sharp(file, { limitInputPixels: false, failOn: "error" }).metadata();
    width = meta.width;
    height = meta.height;
    format = meta.format;
  } catch {
    throw new AppError("invalid", PHOTO_MESSAGES.corrupt);
  }
  if (format !== SHARP_FORMAT[type] || !(width > 0) || !(height > 0)) {
    throw new AppError("invalid", PHOTO_MESSAGES.corrupt);
  }
  if (width * height > MAX_INPUT_PIXELS) {
    throw new AppError(
      "too_large",
      `L'image est trop grande (${width} × ${height} pixels) : ${MAX_INPUT_PIXELS / 1_000_000} mégapixels au maximum.`,
      { width, height, maxPixels: MAX_INPUT_PIXELS },
    );
  }
}

/** A counting semaphore: at most `limit` photo jobs decode at once; the others wait their turn. */
function createLimiter(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(job: () => Promise<T>): Promise<T> {
    // A finishing job hands its slot straight to the next waiter (active stays the same),
    // so a newcomer can never slip in between and exceed the limit.
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else active++;
    try {
      return await job();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

const photoJobs = createLimiter(MAX_CONCURRENT_PHOTO_JOBS);

/**
 * Checks an uploaded file and re-encodes it to WebP at PHOTO_WIDTHS, EXIF orientation
 * applied and every metadata block (EXIF with GPS, XMP, IPTC, ICC) dropped. Throws an
 * AppError with a French message for anything that is not a sound JPEG/PNG/WebP photo.
 * Professional logos take the same path at their own widths (`LOGO_WIDTHS`).
 */
export async function processUploadedPhoto(file: Buffer, widths: readonly number[] = PHOTO_WIDTHS): Promise<EncodedPhoto> {
  await checkUpload(file);
  return photoJobs(async () => {
    try {
      return await encodePhotoVariants(file, widths);
    } catch {
      // failOn "error" makes libvips report truncated or damaged data here, while decoding.
      throw new AppError("invalid", PHOTO_MESSAGES.corrupt);
    }
  });
}

export interface StoredListingPhoto {
  storageKey: string;
  width: number;
  height: number;
  variantWidths: number[];
}

/** A key the server chooses (never the client's file name): listings/{listingId}/{uuid}. */
export function newPhotoStorageKey(listingId: string): string {
  return `${listingPhotoPrefix(listingId)}${randomUUID()}`;
}

/**
 * Writes every variant; if one write fails the others are removed, so nothing half-stored
 * stays (when the storage is down the removal may fail too: what it leaves is under the
 * listing's folder, which deleteListingObjects clears). A storage outage becomes a French
 * 503 for the seller, who can retry.
 */
export async function storeListingPhoto(options: {
  storage: Storage;
  listingId: string;
  photo: EncodedPhoto;
}): Promise<StoredListingPhoto> {
  const storageKey = newPhotoStorageKey(options.listingId);
  try {
    const stored = await storeEncodedPhoto({ storage: options.storage, storageKey, photo: options.photo });
    return { storageKey, ...stored };
  } catch (error) {
    await deleteStoredPhoto({
      storage: options.storage,
      storageKey,
      variantWidths: options.photo.variants.map((v) => v.width),
    });
    if (isStorageUnavailable(error)) {
      throw new AppError("unavailable", PHOTO_MESSAGES.storageUnavailable, { retryAfterSeconds: 30 });
    }
    throw error;
  }
}

/**
 * Removes a photo's variants. Best effort: a file left behind costs disk space only, while
 * failing here would undo a database change that already committed.
 */
export async function deleteStoredPhoto(options: {
  storage: Storage;
  storageKey: string;
  variantWidths: readonly number[];
}): Promise<void> {
  await Promise.allSettled(options.variantWidths.map((w) => options.storage.delete(variantKey(options.storageKey, w))));
}

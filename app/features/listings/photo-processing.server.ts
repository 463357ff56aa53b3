import sharp from "sharp";
import type { Storage } from "~/server/storage.server";
import { variantKey } from "./photo-variants";

/** Refuse decompression bombs: 40 megapixels covers every phone camera. */
export const MAX_INPUT_PIXELS = 40_000_000;

export interface EncodedPhoto {
  width: number;
  height: number;
  variants: { width: number; body: Buffer }[];
}

export interface StoredPhoto {
  width: number;
  height: number;
  variantWidths: number[];
}

/**
 * Re-encodes an image to WebP at each width (never enlarging), applying the EXIF
 * orientation and dropping all metadata (EXIF GPS included: sharp keeps none unless asked).
 */
export async function encodePhotoVariants(
  input: Buffer,
  widths: readonly number[],
  options: { effort?: number } = {},
): Promise<EncodedPhoto> {
  const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
  const meta = await source.metadata();
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new Error("Image illisible");
  const wanted = [...new Set(widths.map((w) => Math.min(w, width)))].sort((a, b) => a - b);
  const variants = [];
  for (const w of wanted) {
    const body = await source
      .clone()
      .resize({ width: w, withoutEnlargement: true })
      .webp({ quality: 78, effort: options.effort ?? 4 })
      .toBuffer();
    variants.push({ width: w, body });
  }
  return { width, height, variants };
}

/**
 * Stores each variant under `${storageKey}-${width}.webp`. Waits for every write to finish
 * before reporting a failure, so a caller's clean-up never races a write still in flight.
 */
export async function storeEncodedPhoto(options: {
  storage: Storage;
  storageKey: string;
  photo: EncodedPhoto;
}): Promise<StoredPhoto> {
  const writes = await Promise.allSettled(
    options.photo.variants.map((v) =>
      options.storage.put(variantKey(options.storageKey, v.width), v.body, "image/webp"),
    ),
  );
  const failed = writes.find((w): w is PromiseRejectedResult => w.status === "rejected");
  if (failed) throw failed.reason;
  return {
    width: options.photo.width,
    height: options.photo.height,
    variantWidths: options.photo.variants.map((v) => v.width),
  };
}

/** Folder of a listing's photos: every key the pipeline writes for it starts with this. */
export function listingPhotoPrefix(listingId: string): string {
  return `listings/${listingId}/`;
}

/**
 * Removes every stored object of these listings, including leftovers of uploads that failed
 * half-way. Best effort, after the rows are gone: objects left behind cost space, never data.
 */
export async function deleteListingObjects(options: {
  storage: Storage;
  listingIds: readonly string[];
}): Promise<{ deleted: number; failed: number }> {
  const results = await Promise.allSettled(
    options.listingIds.map((id) => options.storage.deletePrefix(listingPhotoPrefix(id))),
  );
  let deleted = 0;
  let failed = 0;
  for (const r of results) {
    if (r.status === "fulfilled") deleted += r.value;
    else failed++;
  }
  return { deleted, failed };
}

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

/** Stores each variant under `${storageKey}-${width}.webp`. */
export async function storeEncodedPhoto(options: {
  storage: Storage;
  storageKey: string;
  photo: EncodedPhoto;
}): Promise<StoredPhoto> {
  await Promise.all(
    options.photo.variants.map((v) =>
      options.storage.put(variantKey(options.storageKey, v.width), v.body, "image/webp"),
    ),
  );
  return {
    width: options.photo.width,
    height: options.photo.height,
    variantWidths: options.photo.variants.map((v) => v.width),
  };
}

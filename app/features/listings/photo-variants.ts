/** Widths (px) of the WebP variants stored for each uploaded photo. */
export const PHOTO_WIDTHS = [480, 960, 1600] as const;

export interface PhotoRef {
  storageKey: string;
  variantWidths: number[];
}

/** Storage key of one variant: `${storageKey}-${width}.webp`. */
export function variantKey(storageKey: string, width: number): string {
  return `${storageKey}-${width}.webp`;
}

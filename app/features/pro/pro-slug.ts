/**
 * The dealer page's address, `/pro/<slug>` (issue 33): from the company name, lower-case,
 * accents folded, anything else a hyphen. Made once, when the profile is created, and kept
 * when the name changes (links and search engines keep working); made unique with -2, -3…
 */

export const SLUG_MAX = 60;

/** 'Garage de l'Étoile & Fils' → 'garage-de-l-etoile-fils'; 'pro' when nothing is left. */
export function slugifyCompanyName(name: string): string {
  const slug = name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/œ/gi, "oe")
    .replace(/æ/gi, "ae")
    .replace(/ß/g, "ss")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, "");
  return slug || "pro";
}

/** The first of `base`, `base-2`, `base-3`… that is not in `taken`. */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

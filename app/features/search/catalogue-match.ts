import { CATALOGUE, findBrand, findModel, normalizeKey, type CatalogueBrand } from "~/features/catalogue/catalogue-data";

/**
 * Brand and model names as typed (issue 14), shared by the recognition of the words of a
 * search (query-recognition.ts) and the suggestions while typing (suggest.server.ts): the
 * catalogue's folded keys computed once, typo tolerance, and the closest brand or model.
 */

/** Damerau-Levenshtein distance (optimal string alignment), stopping beyond `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
  }
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = v;
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/** Typos tolerated for a word of this length: none under 4 letters, one up to 7, two beyond. */
export function tolerance(key: string): number {
  if (/\d/.test(key) || key.length < 4) return 0;
  return key.length < 8 ? 1 : 2;
}

/** Everyday words one typo away from a brand ("audio" → Audi, "fort" → Ford): never corrected. */
export const NOT_TYPOS: ReadonlySet<string> = new Set(["audio", "fort", "open", "sport", "line", "pack", "mine", "mazout", "fiable"]);

export interface ModelKey {
  brand: CatalogueBrand;
  model: string;
  /** normalizeKey(model): "e208", "classea". */
  key: string;
}

/** Every brand with its folded key, computed once. */
export const BRAND_KEYS: readonly { key: string; brand: CatalogueBrand }[] = CATALOGUE.map((brand) => ({
  key: normalizeKey(brand.name),
  brand,
}));

/** Every catalogue model with its brand and folded key, computed once. */
export const MODEL_KEYS: readonly ModelKey[] = CATALOGUE.flatMap((brand) =>
  brand.models.map((model) => ({ brand, model, key: normalizeKey(model) })),
);

const MODELS_BY_BRAND = new Map<CatalogueBrand, ModelKey[]>();
for (const entry of MODEL_KEYS) {
  const list = MODELS_BY_BRAND.get(entry.brand) ?? [];
  list.push(entry);
  MODELS_BY_BRAND.set(entry.brand, list);
}

/** The models of a brand with their folded keys (not recomputed per keystroke). */
export function modelKeysOf(brand: CatalogueBrand): readonly ModelKey[] {
  return MODELS_BY_BRAND.get(brand) ?? [];
}

/** The brand a (possibly misspelt) key names: exact or alias first, then the closest within tolerance. */
export function brandFor(key: string): CatalogueBrand | undefined {
  const exact = findBrand(key);
  if (exact) return exact;
  if (NOT_TYPOS.has(key)) return undefined;
  const max = tolerance(key);
  if (max === 0) return undefined;
  let best: { brand: CatalogueBrand; d: number } | undefined;
  for (const entry of BRAND_KEYS) {
    const d = editDistance(key, entry.key, max);
    if (d <= max && (!best || d < best.d)) best = { brand: entry.brand, d };
  }
  return best?.brand;
}

/** A model of `brand` for this key: exact, then the closest within tolerance. */
export function modelFor(brand: CatalogueBrand, key: string): string | undefined {
  const exact = findModel(brand, key);
  if (exact) return exact;
  if (NOT_TYPOS.has(key)) return undefined;
  const max = tolerance(key);
  if (max === 0) return undefined;
  let best: { model: string; d: number } | undefined;
  for (const entry of modelKeysOf(brand)) {
    const d = editDistance(key, entry.key, max);
    if (d <= max && (!best || d < best.d)) best = { model: entry.model, d };
  }
  return best?.model;
}

/** Brands having a model of this key (exact), for a model typed without its brand. */
export function brandsWithModel(key: string): { brand: CatalogueBrand; model: string }[] {
  const out: { brand: CatalogueBrand; model: string }[] = [];
  for (const entry of MODEL_KEYS) {
    if (entry.key === key && !out.some((o) => o.brand === entry.brand)) out.push(entry);
  }
  return out;
}

import { CATALOGUE, findBrand, normalizeKey } from "~/features/catalogue/catalogue-data";
import type { BrandModelValue } from "./brand-model-selects";

/**
 * Whether words name a catalogue brand, or a model, other than `value`'s ("308" or "peugeot" on
 * a page of Renault Clio; "clio" or "diesel" do not). Looked up word by word and by pairs of
 * words ("classe a", "land rover"), exact names only (no "3" for Mazda3).
 */
export function wordsNameAnotherVehicle(q: string, value: BrandModelValue): boolean {
  const words = q.split(/\s+/).filter(Boolean);
  const keys = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    keys.add(normalizeKey(words[i]!));
    if (i + 1 < words.length) keys.add(normalizeKey(`${words[i]} ${words[i + 1]}`));
  }
  keys.delete("");
  for (const key of keys) {
    const named = findBrand(key);
    if (named && named.name !== value.brand) return true;
  }
  for (const brand of CATALOGUE) {
    const sameBrand = brand.name === value.brand;
    for (const model of brand.models) {
      if (!keys.has(normalizeKey(model)) || model.length < 2) continue;
      if (!sameBrand || (value.model && model !== value.model)) return true;
    }
  }
  return false;
}

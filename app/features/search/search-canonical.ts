import { CATALOGUE, findBrand, findModel, normalizeKey, type CatalogueBrand } from "~/features/catalogue/catalogue-data";

/**
 * Brand, model and words of a search URL as the parser canonicalises them (parse-search-params.ts),
 * and what the header's search reads of the current URL on every page (`headerSearchValues`):
 * apart from the parser so pages that are no search (the listing page, at its JavaScript budget)
 * do not load the whole of it (decision 0043).
 */

/** Longest accepted value of one parameter; a comma-separated list may be longer. */
export const MAX_VALUE_LENGTH = 100;
export const MAX_LIST_LENGTH = 1_000;

/**
 * Brand or model text outside the catalogue (listings keep the seller's spelling when the
 * catalogue does not know it): letters, digits and the punctuation met in real model names.
 * No quotes-and-equals, semicolons or angle brackets: what fails is most likely an injection
 * probe, and dropping it gives a saner page than searching for it.
 */
const FREE_TEXT = /^[\p{L}\p{N}][\p{L}\p{N} .\-°+:&#!'’/()]*$/u;

export function freeText(raw: string): string | undefined {
  const trimmed = raw.trim();
  return trimmed.length <= 60 && FREE_TEXT.test(trimmed) ? trimmed : undefined;
}

export function catalogueBrand(name: string | undefined): CatalogueBrand | undefined {
  return name === undefined ? undefined : CATALOGUE.find((b) => b.name === name);
}

/** Catalogue spelling of a brand, or the cleaned free text, or undefined when unusable. */
export function canonicalBrand(raw: string): string | undefined {
  const brand = findBrand(raw);
  if (brand) return brand.name;
  return freeText(raw);
}

/**
 * Catalogue spelling of a model: within the given brands first; with no known brand, a model
 * name that matches exactly one spelling in the whole catalogue ("clio" → "Clio").
 */
export function canonicalModel(raw: string, brands: CatalogueBrand[]): string | undefined {
  for (const brand of brands) {
    const model = findModel(brand, raw);
    if (model) return model;
  }
  if (brands.length === 0) {
    const key = normalizeKey(raw);
    const spellings = new Set(CATALOGUE.flatMap((b) => b.models.filter((m) => normalizeKey(m) === key)));
    if (spellings.size === 1) return [...spellings][0];
  }
  return freeText(raw);
}


export function splitList(raw: string): string[] {
  const seen = new Set<string>();
  for (const part of raw.split(",")) {
    const item = part.trim();
    if (item) seen.add(item);
  }
  return [...seen];
}

/** Control characters removed, spaces collapsed, bounded: the words of `q` as searched. */
export function cleanQuery(raw: string): string {
  return raw.replace(/[\p{Cc}\p{Cf}]/gu, " ").replace(/\s+/g, " ").trim();
}

/**
 * What the header's search shows of the current URL: brand and model (a single entry of the
 * home page's `brands`/`models` lists counts too) as `parseSearchParams` reads them, and the words.
 */
export function headerSearchValues(params: URLSearchParams, maxQueryLength: number): { brand: string; model: string; q: string } {
  // One value, or a list of one ("brands=Peugeot"): brand and model names hold no comma.
  const one = (name: string) => {
    const items = splitList((params.get(name) ?? "").slice(0, MAX_LIST_LENGTH));
    return items.length === 1 && items[0]!.length <= MAX_VALUE_LENGTH ? items[0] : undefined;
  };
  const brand = canonicalBrand(one("brand") ?? one("brands") ?? "") ?? "";
  const known = catalogueBrand(brand);
  const model = brand ? (canonicalModel(one("model") ?? one("models") ?? "", known ? [known] : []) ?? "") : "";
  return { brand, model, q: cleanQuery(params.get("q") ?? "").slice(0, maxQueryLength).trim() };
}

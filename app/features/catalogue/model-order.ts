import type { CatalogueBrand } from "./catalogue-data";

/**
 * A brand's models in French alphabetical order, numbers by value ("208" before "2008", "Classe A"
 * beside "Classe B"), for the native model selects (type-ahead needs it).
 *
 * This is the order of `Intl.Collator("fr", { numeric: true, sensitivity: "base" })`, written out
 * so that a page never builds an Intl object while it hydrates (a browser loads the locale's ICU
 * data for the first one: 20–40 ms, four times that on a slow phone — decision 0025). Accents and
 * case are ignored, runs of digits compare as numbers, and spaces and punctuation sort before
 * digits, which sort before letters, as in ICU. `model-order.test.ts` checks every brand of the
 * catalogue against the collator itself.
 */
export function compareModelNames(a: string, b: string): number {
  const left = runs(a);
  const right = runs(b);
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    const x = left[i]!;
    const y = right[i]!;
    if (x === y) continue;
    if (isDigits(x) && isDigits(y)) {
      const difference = Number(x) - Number(y);
      if (difference !== 0) return difference;
      continue;
    }
    return x < y ? -1 : 1;
  }
  return left.length - right.length;
}

const sorted = new Map<CatalogueBrand, string[]>();

/** The catalogue brand's models in French order (computed once per brand). */
export function sortedModels(brand: CatalogueBrand): string[] {
  let models = sorted.get(brand);
  if (!models) {
    models = [...brand.models].sort(compareModelNames);
    sorted.set(brand, models);
  }
  return [...models];
}

function runs(value: string): string[] {
  const key = value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  return key.match(/\d+|\D/g) ?? [];
}

function isDigits(run: string): boolean {
  return run.charCodeAt(0) >= 48 && run.charCodeAt(0) <= 57;
}

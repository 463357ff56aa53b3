import { and, eq, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listings } from "~/db/schema";
import { CATALOGUE, normalizeKey, type CatalogueBrand } from "~/features/catalogue/catalogue-data";
import { cityIndex } from "./interpret-query.server";
import { editDistance, foldText, MODEL_KEYS, tokenize } from "./query-recognition";
import { SEARCH_COUNT_CAP } from "./search-params";
import type { SearchSuggestion } from "./suggestion-types";

/**
 * Suggestions while typing in a search box (issue 14): catalogue brands and models with their
 * published listings, and communes of the postal-code reference. The catalogue and the
 * commune names are in memory; only the counts read the database (capped index-only counts
 * of the brand + model index, remembered for a minute).
 */

export const SUGGESTION_MIN_LENGTH = 2;
const MAX_BRANDS = 2;
const MAX_MODELS = 5;
const MODEL_CANDIDATES = 12;
const MAX_CITIES = 3;

const COUNT_TTL_MS = 60_000;
const counts = new WeakMap<object, Map<string, { at: number; value: Promise<number> }>>();

/** Published listings of a brand (and model), counted up to SEARCH_COUNT_CAP + 1. */
function countListings(db: DbExecutor, brand: string, model?: string): Promise<number> {
  let perDb = counts.get(db);
  if (!perDb) counts.set(db, (perDb = new Map()));
  const key = `${brand}\u0000${model ?? ""}`;
  const hit = perDb.get(key);
  if (hit && Date.now() - hit.at < COUNT_TTL_MS) return hit.value;
  const matches = db
    .select({ one: sql`1`.as("one") })
    .from(listings)
    .where(
      and(
        eq(listings.status, "published"),
        eq(listings.brand, brand),
        model === undefined ? undefined : eq(listings.model, model),
      ),
    )
    .limit(SEARCH_COUNT_CAP + 1)
    .as("matches");
  const value = db
    .select({ n: sql<number>`count(*)::int` })
    .from(matches)
    .then(([row]) => Number(row?.n ?? 0));
  perDb.set(key, { at: Date.now(), value });
  value.catch(() => perDb.delete(key));
  return value;
}

/** Folded model names per brand, computed once (not per keystroke). */
const MODELS_BY_BRAND = new Map<CatalogueBrand, { model: string; key: string }[]>();
for (const entry of MODEL_KEYS) {
  const list = MODELS_BY_BRAND.get(entry.brand) ?? [];
  list.push(entry);
  MODELS_BY_BRAND.set(entry.brand, list);
}

interface Candidate {
  kind: "brand" | "model";
  brand: string;
  model?: string;
  /** 0 = prefix of the name, 1 = one typo away. */
  rank: number;
}

/** Brands and models the text starts (or nearly starts) to name. */
function catalogueCandidates(text: string): Candidate[] {
  const words = tokenize(text);
  const whole = normalizeKey(text);
  if (!whole) return [];
  const out: Candidate[] = [];
  for (const brand of CATALOGUE) {
    const brandKey = normalizeKey(brand.name);
    // "peu", "peugot": the brand itself.
    if (brandKey.startsWith(whole)) out.push({ kind: "brand", brand: brand.name, rank: 0 });
    else if (whole.length >= 4 && editDistance(whole, brandKey.slice(0, whole.length), 1) <= 1)
      out.push({ kind: "brand", brand: brand.name, rank: 1 });
    // "peugeot 30", "peugot 30": the brand's models starting with the rest of the words.
    const first = normalizeKey(words[0] ?? "");
    const brandTyped =
      words.length > 1 && (first === brandKey || (first.length >= 4 && editDistance(first, brandKey, 1) <= 1));
    const modelText = brandTyped ? normalizeKey(words.slice(1).join(" ")) : whole;
    for (const { model, key } of MODELS_BY_BRAND.get(brand) ?? []) {
      if (modelText && key.startsWith(modelText)) {
        out.push({ kind: "model", brand: brand.name, model, rank: brandTyped ? 0 : 1 });
      }
    }
  }
  return out;
}

export async function suggestSearches(options: { db: DbExecutor; q: string }): Promise<SearchSuggestion[]> {
  const text = options.q.slice(0, 60);
  const folded = foldText(text);
  if (folded.replace(/[^\p{L}\p{N}]/gu, "").length < SUGGESTION_MIN_LENGTH) return [];
  const candidates = catalogueCandidates(text);
  const brands = candidates
    .filter((c) => c.kind === "brand")
    .sort((a, b) => a.rank - b.rank)
    .slice(0, MAX_BRANDS);
  // The closest names are counted (at most MODEL_CANDIDATES), the most listed shown first.
  const models = candidates
    .filter((c) => c.kind === "model")
    .sort((a, b) => a.rank - b.rank || (a.model ?? "").length - (b.model ?? "").length)
    .slice(0, MODEL_CANDIDATES);
  const index = await cityIndex(options.db);
  const cities: SearchSuggestion[] = [];
  if (/^\d{2,5}$/.test(folded)) {
    for (const entry of index.names) {
      if (entry.postalCode.startsWith(folded)) {
        cities.push({ kind: "city", label: entry.city, detail: entry.postalCode, q: entry.postalCode });
        if (cities.length >= MAX_CITIES) break;
      }
    }
  } else if (folded.length >= 3) {
    for (const entry of index.names) {
      if (entry.key.startsWith(folded)) {
        cities.push({ kind: "city", label: entry.city, detail: entry.postalCode, q: entry.postalCode });
        if (cities.length >= MAX_CITIES) break;
      }
    }
  }
  const counted = await Promise.all(
    [...brands, ...models].map(async (c) => {
      const n = await countListings(options.db, c.brand, c.model);
      const label = c.model ? `${c.brand} ${c.model}` : c.brand;
      const suggestion: SearchSuggestion = {
        kind: c.kind,
        label,
        count: Math.min(n, SEARCH_COUNT_CAP),
        countCapped: n > SEARCH_COUNT_CAP,
        q: label,
      };
      return { suggestion, n, rank: c.rank };
    }),
  );
  const brandSuggestions = counted.filter((c) => c.suggestion.kind === "brand").map((c) => c.suggestion);
  const modelSuggestions = counted
    .filter((c) => c.suggestion.kind === "model")
    // Stable sort: equal counts keep the closest, shortest names first.
    .sort((a, b) => b.n - a.n)
    .slice(0, MAX_MODELS)
    .map((c) => c.suggestion);
  return [...brandSuggestions, ...modelSuggestions, ...cities];
}

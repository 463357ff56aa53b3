import { eq, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listings } from "~/db/schema";
import { CATALOGUE, normalizeKey } from "~/features/catalogue/catalogue-data";
import { editDistance, modelKeysOf } from "./catalogue-match";
import { foldText, tokenize } from "./query-recognition";
import { SEARCH_COUNT_CAP } from "./search-params";
import type { SearchSuggestion } from "./suggestion-types";
import { townIndex } from "./town-index.server";

/**
 * Suggestions while typing in a search box (issue 14): catalogue brands and models with their
 * published listings, and communes of the postal-code reference. Everything a keystroke reads
 * is in memory: the catalogue, the towns (town-index.server.ts) and the published counts per
 * brand and model — one grouped count of the published brand + model index per process,
 * refreshed in the background once a minute (the keystroke gets the previous one meanwhile).
 */

export const SUGGESTION_MIN_LENGTH = 2;
const MAX_BRANDS = 2;
const MAX_MODELS = 5;
const MODEL_CANDIDATES = 12;
const MAX_CITIES = 3;
/** A complete postal code lists more of its communes (the list scrolls; 1 453 codes have more than 8). */
const MAX_CITIES_OF_CODE = 10;

const COUNT_TTL_MS = 60_000;

/** Published listings per "brand\0model" and per "brand\0". */
type Counts = Map<string, number>;
const counts = new WeakMap<object, { at: number; value: Promise<Counts>; refreshing: boolean }>();

async function readCounts(db: DbExecutor): Promise<Counts> {
  const rows = await db
    .select({ brand: listings.brand, model: listings.model, n: sql<number>`count(*)::int` })
    .from(listings)
    .where(eq(listings.status, "published"))
    .groupBy(listings.brand, listings.model);
  const out: Counts = new Map();
  for (const row of rows) {
    const n = Number(row.n);
    out.set(`${row.brand}\u0000${row.model}`, n);
    out.set(`${row.brand}\u0000`, (out.get(`${row.brand}\u0000`) ?? 0) + n);
  }
  return out;
}

/**
 * The published counts of this database: read on first use, then at most a minute old. An
 * expired snapshot is still served while the next one is read, so no keystroke waits for it.
 */
function publishedCounts(db: DbExecutor): Promise<Counts> {
  const hit = counts.get(db);
  if (hit && (Date.now() - hit.at < COUNT_TTL_MS || hit.refreshing)) return hit.value;
  if (hit) {
    hit.refreshing = true;
    readCounts(db).then(
      (fresh) => counts.set(db, { at: Date.now(), value: Promise.resolve(fresh), refreshing: false }),
      () => {
        hit.refreshing = false;
      },
    );
    return hit.value;
  }
  const value = readCounts(db);
  counts.set(db, { at: Date.now(), value, refreshing: false });
  value.catch(() => counts.delete(db));
  return value;
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
    for (const { model, key } of modelKeysOf(brand)) {
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
  const index = await townIndex(options.db);
  const cities: SearchSuggestion[] = [];
  const town = (city: string, postalCode: string): SearchSuggestion => ({
    kind: "city",
    label: city,
    detail: postalCode,
    q: postalCode,
    place: { city, postalCode },
  });
  if (/^\d{2,5}$/.test(folded)) {
    // Every commune of a shared code is its own suggestion ("01000": Bourg-en-Bresse, Saint-Denis-lès-Bourg).
    const max = folded.length === 5 ? MAX_CITIES_OF_CODE : MAX_CITIES;
    for (const entry of index.codes) {
      if (entry.postalCode.startsWith(folded)) {
        cities.push(town(entry.town.city, entry.postalCode));
        if (cities.length >= max) break;
      }
    }
  } else if (folded.length >= 3) {
    for (const entry of index.towns) {
      if (entry.key.startsWith(folded)) {
        cities.push(town(entry.city, entry.postalCode));
        if (cities.length >= MAX_CITIES) break;
      }
    }
  }
  const published = await publishedCounts(options.db);
  const counted = [...brands, ...models].map((c) => {
    const n = published.get(`${c.brand}\u0000${c.model ?? ""}`) ?? 0;
    const label = c.model ? `${c.brand} ${c.model}` : c.brand;
    const suggestion: SearchSuggestion = {
      kind: c.kind,
      label,
      count: Math.min(n, SEARCH_COUNT_CAP),
      countCapped: n > SEARCH_COUNT_CAP,
      q: label,
    };
    return { suggestion, n, rank: c.rank };
  });
  const brandSuggestions = counted.filter((c) => c.suggestion.kind === "brand").map((c) => c.suggestion);
  const modelSuggestions = counted
    .filter((c) => c.suggestion.kind === "model")
    // Stable sort: equal counts keep the closest, shortest names first.
    .sort((a, b) => b.n - a.n)
    .slice(0, MAX_MODELS)
    .map((c) => c.suggestion);
  return [...brandSuggestions, ...modelSuggestions, ...cities];
}

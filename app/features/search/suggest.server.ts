import { and, eq, sql } from "drizzle-orm";
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
 * is in memory: the catalogue, the towns (town-index.server.ts) and the published counts of
 * the names suggested (capped index-only counts, refreshed in the background after 30 s and never
 * answered older than a minute; the first suggestion of a name in a process, and of one nobody
 * typed for a minute, waits for its count).
 */

export const SUGGESTION_MIN_LENGTH = 2;
const MAX_BRANDS = 2;
const MAX_MODELS = 5;
const MODEL_CANDIDATES = 12;
const MAX_CITIES = 3;
/** A complete postal code lists more of its communes (the list scrolls; 1 453 codes have more than 8). */
const MAX_CITIES_OF_CODE = 10;

/**
 * A count younger than this is answered as it is; between this and COUNT_MAX_AGE_MS it is
 * answered while a fresh one is read in the background; older, the keystroke waits for a fresh
 * read (issue 36: after a quiet spell the first visitor was served a count of any age).
 */
const COUNT_REFRESH_AFTER_MS = 30_000;
/** The most a suggestion's count may lag the search (issue 36: one minute). */
export const COUNT_MAX_AGE_MS = 60_000;

interface CountEntry {
  /** When the count was read (for a read in flight: when it started). */
  at: number;
  value: Promise<number>;
  refreshing: boolean;
}
const counts = new WeakMap<object, Map<string, CountEntry>>();

/** Published listings of a brand (and model), counted up to SEARCH_COUNT_CAP + 1 (index-only). */
function readCount(db: DbExecutor, brand: string, model?: string): Promise<number> {
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
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(matches)
    .then(([row]) => Number(row?.n ?? 0));
}

/**
 * The published count of a brand (and model), remembered per process, never older than
 * COUNT_MAX_AGE_MS when answered: a count past COUNT_REFRESH_AFTER_MS is still answered while a
 * fresh one is read in the background (a busy name never waits), one past COUNT_MAX_AGE_MS is
 * read again before answering (a name nobody typed for a while waits once, a few ms: the count is
 * capped at SEARCH_COUNT_CAP + 1 index entries, so its cost does not grow with the market; a
 * grouped count of every brand and model measured 113 ms at 100 000 listings and grows with them).
 * When that read fails, the old count is answered rather than nothing.
 */
function countListings(db: DbExecutor, brand: string, model?: string): Promise<number> {
  let perDb = counts.get(db);
  if (!perDb) counts.set(db, (perDb = new Map()));
  const key = `${brand}\u0000${model ?? ""}`;
  const hit = perDb.get(key);
  const now = Date.now();
  const age = hit ? now - hit.at : Infinity;
  if (hit && (age < COUNT_REFRESH_AFTER_MS || hit.refreshing)) return hit.value;
  if (hit && age < COUNT_MAX_AGE_MS) {
    hit.refreshing = true;
    readCount(db, brand, model).then(
      (n) => perDb.set(key, { at: Date.now(), value: Promise.resolve(n), refreshing: false }),
      () => {
        hit.refreshing = false;
      },
    );
    return hit.value;
  }
  const fresh = readCount(db, brand, model);
  const value = hit ? fresh.catch(() => hit.value) : fresh;
  // In flight: concurrent keystrokes share this read.
  perDb.set(key, { at: now, value, refreshing: false });
  value.catch(() => perDb.delete(key));
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

import { sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listings } from "~/db/schema";
import { foldText, tokenize } from "./query-recognition";
import { MAX_PAGE, PAGE_SIZE, type SearchFilters } from "./search-params";

/**
 * How the words of a search (`q`) are matched (issue 14, decision 0018): the text query, the
 * spelling fallback, and the predicate each gives; the rest of the WHERE clause is in
 * search-where.server.ts.
 */

/** Words searched as text: at most 12, as `tokenize` cuts them (no operator, quote or bracket survives). */
export function textWords(q: string | undefined): string {
  return tokenize(q ?? "")
    .slice(0, 12)
    .join(" ");
}

/**
 * The text query (issue 14, decision 0018): the words in the French configuration with
 * accents folded (`occazio_fr`), all required (`websearch_to_tsquery` never raises, whatever
 * the input; `textWords` already dropped its operators).
 */
export function tsQuery(words: string): SQL {
  return sql`websearch_to_tsquery('occazio_fr', ${words})`;
}

/**
 * How the words of a search are matched (decision 0018, amended by the 1 M measures):
 * - `text`: the search document, `search_vector @@ query` (GIN index);
 * - `spelling`: brand + model within a typo of the words (trigram word similarity ≥ 0.6, GIN
 *   trigram index), for sellers' spellings the catalogue recognition did not know. Tried only
 *   when the text finds nothing: ORed into one predicate, the two indexes made every text query
 *   pay for a trigram scan of the whole words (and a recheck of each match).
 * Undefined: no text predicate (no words, or French stop words only, which match everything).
 */
export type TextMatch = { words: string; mode: "text" | "spelling" } | undefined;

/** Words → whether their query has lexemes, remembered (a pure function of the words). */
const lexemeCache = new Map<string, boolean>();
const LEXEME_CACHE_SIZE = 2_000;

/**
 * The ways to match the words of `filters.q`, in the order to try them: the text, then the
 * spelling; `[undefined]` when there is no text predicate. Whether the words have lexemes is
 * asked of PostgreSQL (its French stop words and parser), once per distinct words, so that the
 * WHERE clause is the index condition alone.
 */
export async function textMatches(db: DbExecutor, filters: SearchFilters): Promise<TextMatch[]> {
  const words = textWords(filters.q);
  if (!words) return [undefined];
  let hasLexemes = lexemeCache.get(words);
  if (hasLexemes === undefined) {
    const result = (await db.execute(sql`select numnode(${tsQuery(words)}) > 0 as lexemes`)) as unknown as {
      rows: { lexemes: boolean }[];
    };
    const row = result.rows[0];
    hasLexemes = row?.lexemes === true;
    if (lexemeCache.size >= LEXEME_CACHE_SIZE) lexemeCache.delete(lexemeCache.keys().next().value!);
    lexemeCache.set(words, hasLexemes);
  }
  if (!hasLexemes) return [undefined];
  return [
    { words, mode: "text" },
    { words, mode: "spelling" },
  ];
}

/** Runs `attempt` for each way of matching the words until one finds something (the last result otherwise). */
export async function firstMatching<T>(
  matches: TextMatch[],
  attempt: (match: TextMatch) => Promise<T>,
  found: (result: T) => boolean,
): Promise<T> {
  let result: T | undefined;
  for (const match of matches) {
    result = await attempt(match);
    if (found(result)) return result;
  }
  return result as T;
}

/**
 * For counting: the lexemes of the brand, model and energies filtered on, ANDed into the text
 * query. Every listing's own document holds its brand + model (weight A) and fuel (weight B),
 * so no match is lost (the exact predicates stay), and the GIN index intersects the posting
 * lists instead of leaving PostgreSQL to test `@@` on every Clio's heap row ("clio" + "rs":
 * 33 463 rows for 3 301 matches at 1 M) or to recheck a lossy bitmap of every "premiere main"
 * (252 599 rows) before the fuel filter. Counts only: a page walks an ordered index and stops
 * after 24 matches, where a sharper estimate could only tempt the planner into a bitmap sort.
 */
function filterLexemes(filters: SearchFilters): SQL | undefined {
  const plain = (text: string) => sql`plainto_tsquery('occazio_fr', ${text})`;
  const any = (values: string[]) => sql`(${sql.join(values.map(plain), sql` || `)})`;
  const parts: SQL[] = [];
  if (filters.brand) parts.push(plain(filters.model ? `${filters.brand} ${filters.model}` : filters.brand));
  if (filters.fuel) parts.push(plain(filters.fuel));
  else if (filters.energies?.length) parts.push(any(filters.energies));
  return parts.length ? sql.join(parts, sql` && `) : undefined;
}

export function textPredicate(match: NonNullable<TextMatch>, filters: SearchFilters, forCount: boolean): SQL {
  if (match.mode === "spelling") return sql`${foldText(match.words)} <% ${listings.searchName}`;
  const narrowing = forCount ? filterLexemes(filters) : undefined;
  const query = narrowing ? sql`(${tsQuery(match.words)} && ${narrowing})` : tsQuery(match.words);
  return sql`${listings.searchVector} @@ ${query}`;
}

/**
 * Where counting stops for a search the facet table does not answer (a range, a place, words:
 * facet-count.server.ts answers the others exactly): the matches a visitor can page through
 * (MAX_PAGE pages of PAGE_SIZE, "2 400+ annonces"). The full-text GIN index keeps no visibility
 * information, so counting text matches visits each match's heap page: up to 10 001 pages at
 * SEARCH_COUNT_CAP (80–115 ms cold at 1 M listings, decision 0018 amendment), 2 401 here. The
 * B-tree counts are index-only but read about one buffer per 1.3 entries (each entry's
 * visibility-map page, the index being in another order than the heap): 7 400–9 200 buffers
 * at 10 001 entries, a quarter of that at 2 401 (issue 37, decision 0029).
 */
export const TEXT_COUNT_CAP = MAX_PAGE * PAGE_SIZE;

/** The count cap of a search counted on `listings` (see TEXT_COUNT_CAP), with or without words. */
export function countCap(_text?: TextMatch): number {
  return TEXT_COUNT_CAP;
}

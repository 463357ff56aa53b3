import { sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";

/**
 * How common each equipment item is, from PostgreSQL's own statistics of `listings.equipment`
 * (`pg_stats.most_common_elems`, kept by ANALYZE and autovacuum, by the embedded vacuum on
 * PGlite): the share of listings holding it. It chooses how `equipment=a,b` is tested
 * (decision 0056), never what it finds:
 * - items many cars have ('GPS' on half of them): `equipment_mask & m = m` on the entries of
 *   the ordered search indexes, which reach the page's 24 and the count's cap after a short walk;
 * - items (or a combination) so rare that a walk would read most of an index to find the few
 *   matches — or none: 'Sièges massants' on no car — the GIN index
 *   `listings_published_brand_equipment_idx`, which lists exactly those few (`equipmentPath`).
 * Reading the statistics is one catalogue row; the figures are held per process and read again
 * in the background once older than SHARES_MAX_AGE_MS (a search meanwhile uses the previous
 * ones, and before the first read the mask, as on a table never analysed).
 */

export const SHARES_MAX_AGE_MS = 5 * 60_000;

/**
 * Which index answers, measured at 1 000 000 listings (docs/PERFORMANCE.md, decision 0056). A
 * walk that tests the mask reads about `wanted / share` entries of an ordered index (the page's
 * 24, the count's cap), the GIN index reads every match's heap row (a Bitmap Heap Scan): the
 * count of a search with no other filter goes to the GIN index below RARE_COUNT_SHARE (its
 * capped walk would read most of the recency index); anything else only when an item asked is
 * held by fewer than TINY_SHARE of the listings (none at all, often), where any walk reads its
 * whole index for nothing.
 */
export const RARE_COUNT_SHARE = 0.02;
export const TINY_SHARE = 0.001;

export interface EquipmentShares {
  /** Share (0–1) of the listings holding each item the statistics list. */
  shares: ReadonlyMap<string, number>;
  /**
   * The share of an item the statistics do not list: ANALYZE keeps the elements of its sample
   * (30 000 rows at the default target) above a small frequency, so an unlisted item was too
   * rare to keep, or absent; taken as 0 (below TINY_SHARE: its ids are read from the GIN index).
   */
  unlisted: number;
  builtAt: number;
}

let current: EquipmentShares | undefined;
/** When the statistics were last read, found or not: a table never analysed is asked again only after SHARES_MAX_AGE_MS. */
let readAt: number | undefined;
let building: Promise<EquipmentShares | undefined> | undefined;

async function read(db: DbExecutor): Promise<EquipmentShares | undefined> {
  const result = await db.execute(sql`select most_common_elems::text::text[] as elems, most_common_elem_freqs as freqs
    from pg_stats where schemaname = current_schema() and tablename = 'listings' and attname = 'equipment'`);
  const [row] = (result as unknown as { rows: { elems: string[] | null; freqs: number[] | null }[] }).rows;
  // Never analysed, or no listing has any equipment: nothing is known, the mask answers.
  if (!row?.elems || !row.freqs) return undefined;
  const elems = row.elems;
  const freqs = row.freqs.map(Number);
  return {
    shares: new Map(elems.map((slug, i) => [slug, freqs[i] ?? 0])),
    unlisted: 0,
    builtAt: Date.now(),
  };
}

/** Reads the statistics again now (boot, tests, the benchmark); resolves with what it kept. */
export function warmEquipmentShares(db: DbExecutor): Promise<EquipmentShares | undefined> {
  if (building) return building;
  building = read(db)
    .then((shares) => {
      readAt = Date.now();
      current = shares ?? (current ? { ...current, builtAt: readAt } : undefined);
      return current;
    })
    .finally(() => {
      building = undefined;
    });
  return building;
}

/**
 * Starts a background read when the figures are missing or old, for a search with equipment
 * (the search use cases call it as they start); never waits. A failed read (database
 * restarting) is tried again by a later search.
 */
export function refreshEquipmentShares(db: DbExecutor, filters: { equipment?: string[] }, now = Date.now()): void {
  if (!filters.equipment?.length || building) return;
  if (readAt !== undefined && now - readAt <= SHARES_MAX_AGE_MS) return;
  warmEquipmentShares(db).catch(() => undefined);
}

/** Sets the figures by hand (tests: both ways of testing the equipment on one database). */
export function setEquipmentShares(shares: EquipmentShares | undefined): void {
  current = shares;
  readAt = shares?.builtAt;
}

/**
 * The estimated share of listings holding all these items: `product` as if they were
 * independent (items come together on newer, dearer cars, so often below the truth), `bound`
 * the share of the rarest (never below the truth). Undefined when no statistics are known.
 */
export function equipmentShare(slugs: readonly string[]): { product: number; bound: number } | undefined {
  if (!current || slugs.length === 0) return undefined;
  let product = 1;
  let bound = 1;
  for (const slug of slugs) {
    const share = current.shares.get(slug) ?? current.unlisted;
    product *= share;
    bound = Math.min(bound, share);
  }
  return { product, bound };
}

/**
 * How a statement tests `equipment=a,b` (decisions 0056, 0060):
 * - "mask": `equipment_mask & m >= m` on the entries of the ordered search indexes;
 * - "gin": `equipment @> array[…]` on the (brand, equipment) GIN index, for the count of a search
 *   that nothing else narrows (`alone`) or that names a brand without a place (`byBrand`: the
 *   index answers the brand and the items together) when the items are together rarer than
 *   RARE_COUNT_SHARE (as if independent) — the capped walk would read every entry of the brand;
 * - "ids": the ids of the few listings holding an item that fewer than TINY_SHARE of the cars
 *   have, read first from the GIN index (an InitPlan), whatever else the search asks — the
 *   share of the rarest item bounds their number.
 */
export type EquipmentPath = "mask" | "gin" | "ids";

export function equipmentPath(
  slugs: readonly string[],
  options: { forCount: boolean; alone: boolean; byBrand?: boolean },
): EquipmentPath {
  const share = equipmentShare(slugs);
  if (!share) return "mask";
  if (share.bound < TINY_SHARE) return "ids";
  return options.forCount && (options.alone || options.byBrand) && share.product < RARE_COUNT_SHARE ? "gin" : "mask";
}

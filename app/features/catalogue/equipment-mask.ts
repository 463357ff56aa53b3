/**
 * The equipment as bits of one `bigint` (decision 0056): `listings.equipment_mask` is computed
 * by PostgreSQL from `listings.equipment` (stored generated column, function
 * `occazio_equipment_mask` of migration 0033), and it is a trailing key column of every ordered
 * search index, so 'Équipements : GPS + Caméra de recul' is tested on the index entry
 * (`equipment_mask & m = m`) like the other filters: counts and pages stay index-only scans.
 *
 * Bit i is the i-th slug of EQUIPMENT_MASK_ORDER. The order is stored in every listing row:
 * **append only** — a new item takes the next bit (and a migration replaces the SQL function
 * with the longer list: it must equal this one, tests/integration/equipment-mask.test.ts), an
 * item is never removed nor moved (equipment-mask.test.ts pins every position). The display
 * order of the vocabulary (EQUIPMENT, by group) is free. 63 items at most: the sign bit is left.
 */
export const EQUIPMENT_MASK_ORDER: readonly string[] = [
  "climatisation-manuelle",
  "climatisation-automatique",
  "sieges-chauffants",
  "sieges-electriques",
  "sieges-massants",
  "sellerie-cuir",
  "volant-chauffant",
  "acces-demarrage-sans-cle",
  "regulateur-de-vitesse",
  "limiteur-de-vitesse",
  "vitres-electriques",
  "retroviseurs-rabattables",
  "hayon-electrique",
  "affichage-tete-haute",
  "regulateur-adaptatif",
  "camera-de-recul",
  "camera-360",
  "radar-de-stationnement-arriere",
  "radar-de-stationnement-avant",
  "aide-au-stationnement",
  "alerte-franchissement-de-ligne",
  "surveillance-angles-morts",
  "freinage-urgence-automatique",
  "lecture-panneaux",
  "detecteur-de-fatigue",
  "phares-led",
  "phares-adaptatifs",
  "allumage-automatique-des-feux",
  "detecteur-de-pluie",
  "quatre-roues-motrices",
  "gps",
  "apple-carplay",
  "android-auto",
  "bluetooth",
  "ecran-tactile",
  "recharge-sans-fil",
  "systeme-audio-premium",
  "compteur-numerique",
  "toit-ouvrant",
  "toit-panoramique",
  "jantes-alliage",
  "attelage",
  "barres-de-toit",
  "vitres-arriere-surteintees",
  "peinture-metallisee",
];

/** Bits a `bigint` holds without its sign bit. */
export const MAX_EQUIPMENT_BITS = 63;

const BIT: ReadonlyMap<string, number> = new Map(EQUIPMENT_MASK_ORDER.map((slug, i) => [slug, i]));

/** The bit of an item (0 = the first of EQUIPMENT_MASK_ORDER), undefined outside the vocabulary. */
export function equipmentBit(slug: string): number | undefined {
  return BIT.get(slug);
}

/**
 * The mask of a list of items, as `occazio_equipment_mask` computes it: an item outside the
 * vocabulary has no bit (the search drops such items before, `safeFilters`).
 */
export function equipmentMask(slugs: Iterable<string>): bigint {
  let mask = 0n;
  for (const slug of slugs) {
    const bit = BIT.get(slug);
    if (bit !== undefined) mask |= 1n << BigInt(bit);
  }
  return mask;
}

/**
 * The equipment vocabulary (issue 34, decision 0043): one list of items grouped as the anchors
 * group them, each with a stable slug (stored in `listings.equipment`, written in the URL
 * `equipment=gps,camera-de-recul`, kept in saved searches) and its French label. A slug is
 * never renamed nor reused: add new items, retire none (a stored listing or a saved search
 * may hold it). Shared by the browser (wizard, edit form, filter) and the server.
 */

export const EQUIPMENT_GROUPS = ["confort", "securite", "multimedia", "exterieur"] as const;
export type EquipmentGroup = (typeof EQUIPMENT_GROUPS)[number];

export const EQUIPMENT_GROUP_LABELS: Record<EquipmentGroup, string> = {
  confort: "Confort",
  securite: "Sécurité et aide à la conduite",
  multimedia: "Multimédia",
  exterieur: "Extérieur",
};

export interface EquipmentItem {
  slug: string;
  label: string;
  group: EquipmentGroup;
  /**
   * Words a buyer types for it in the search box (folded: no accents, lower case), besides the
   * label itself: 'clio gps camera' becomes `equipment=gps,camera-de-recul`.
   */
  words?: readonly string[];
}

export const EQUIPMENT: readonly EquipmentItem[] = [
  // Confort
  { slug: "climatisation-manuelle", label: "Climatisation manuelle", group: "confort", words: ["clim manuelle"] },
  { slug: "climatisation-automatique", label: "Climatisation automatique", group: "confort", words: ["clim auto", "clim automatique", "climatisation auto", "clim", "climatisation"] },
  { slug: "sieges-chauffants", label: "Sièges chauffants", group: "confort", words: ["siege chauffant", "sieges chauffants"] },
  { slug: "sieges-electriques", label: "Sièges électriques", group: "confort", words: ["siege electrique", "sieges electriques"] },
  { slug: "sieges-massants", label: "Sièges massants", group: "confort", words: ["siege massant", "sieges massants"] },
  { slug: "sellerie-cuir", label: "Sellerie cuir", group: "confort", words: ["cuir", "interieur cuir", "sieges cuir"] },
  { slug: "volant-chauffant", label: "Volant chauffant", group: "confort" },
  { slug: "acces-demarrage-sans-cle", label: "Accès et démarrage sans clé", group: "confort", words: ["sans cle", "keyless", "demarrage sans cle"] },
  { slug: "regulateur-de-vitesse", label: "Régulateur de vitesse", group: "confort", words: ["regulateur"] },
  { slug: "limiteur-de-vitesse", label: "Limiteur de vitesse", group: "confort", words: ["limiteur"] },
  { slug: "vitres-electriques", label: "Vitres électriques", group: "confort", words: ["vitres electriques"] },
  { slug: "retroviseurs-rabattables", label: "Rétroviseurs rabattables électriquement", group: "confort", words: ["retros rabattables", "retroviseurs rabattables"] },
  { slug: "hayon-electrique", label: "Hayon électrique", group: "confort", words: ["coffre electrique"] },
  { slug: "affichage-tete-haute", label: "Affichage tête haute", group: "confort", words: ["tete haute", "head up"] },
  // Sécurité et aide à la conduite
  { slug: "regulateur-adaptatif", label: "Régulateur de vitesse adaptatif", group: "securite", words: ["regulateur adaptatif"] },
  { slug: "camera-de-recul", label: "Caméra de recul", group: "securite", words: ["camera", "camera recul", "camera arriere"] },
  { slug: "camera-360", label: "Caméra 360°", group: "securite", words: ["camera 360", "vision 360"] },
  { slug: "radar-de-stationnement-arriere", label: "Radar de stationnement arrière", group: "securite", words: ["radar de recul", "radar recul", "radars", "radar", "radar arriere"] },
  { slug: "radar-de-stationnement-avant", label: "Radar de stationnement avant", group: "securite", words: ["radar avant"] },
  { slug: "aide-au-stationnement", label: "Stationnement automatique", group: "securite", words: ["park assist", "stationnement automatique"] },
  { slug: "alerte-franchissement-de-ligne", label: "Alerte de franchissement de ligne", group: "securite", words: ["franchissement de ligne", "maintien de voie", "aide au maintien dans la voie"] },
  { slug: "surveillance-angles-morts", label: "Surveillance des angles morts", group: "securite", words: ["angle mort", "angles morts"] },
  { slug: "freinage-urgence-automatique", label: "Freinage d'urgence automatique", group: "securite", words: ["freinage d urgence", "freinage automatique"] },
  { slug: "lecture-panneaux", label: "Lecture des panneaux de signalisation", group: "securite", words: ["lecture des panneaux", "reconnaissance des panneaux"] },
  { slug: "detecteur-de-fatigue", label: "Détecteur de fatigue", group: "securite" },
  { slug: "phares-led", label: "Phares LED", group: "securite", words: ["led", "feux led", "phares full led", "full led"] },
  { slug: "phares-adaptatifs", label: "Phares adaptatifs", group: "securite", words: ["phares directionnels", "feux adaptatifs"] },
  { slug: "allumage-automatique-des-feux", label: "Allumage automatique des feux", group: "securite", words: ["capteur de luminosite"] },
  { slug: "detecteur-de-pluie", label: "Détecteur de pluie", group: "securite", words: ["capteur de pluie"] },
  { slug: "quatre-roues-motrices", label: "Quatre roues motrices", group: "securite", words: ["4 roues motrices", "transmission integrale"] },
  // Multimédia
  { slug: "gps", label: "GPS / navigation", group: "multimedia", words: ["navigation", "navigateur", "gps"] },
  { slug: "apple-carplay", label: "Apple CarPlay", group: "multimedia", words: ["carplay"] },
  { slug: "android-auto", label: "Android Auto", group: "multimedia" },
  { slug: "bluetooth", label: "Bluetooth", group: "multimedia" },
  { slug: "ecran-tactile", label: "Écran tactile", group: "multimedia", words: ["ecran"] },
  { slug: "recharge-sans-fil", label: "Recharge de téléphone sans fil", group: "multimedia", words: ["chargeur induction", "recharge induction", "induction"] },
  { slug: "systeme-audio-premium", label: "Système audio premium", group: "multimedia", words: ["hifi", "hi fi", "audio premium"] },
  { slug: "compteur-numerique", label: "Compteur numérique", group: "multimedia", words: ["cockpit virtuel", "virtual cockpit", "combine numerique"] },
  // Extérieur
  { slug: "toit-ouvrant", label: "Toit ouvrant", group: "exterieur" },
  { slug: "toit-panoramique", label: "Toit panoramique", group: "exterieur", words: ["toit pano"] },
  { slug: "jantes-alliage", label: "Jantes alliage", group: "exterieur", words: ["jantes alu", "jantes aluminium", "jantes"] },
  { slug: "attelage", label: "Attelage", group: "exterieur", words: ["crochet d attelage", "boule d attelage"] },
  { slug: "barres-de-toit", label: "Barres de toit", group: "exterieur" },
  { slug: "vitres-arriere-surteintees", label: "Vitres arrière surteintées", group: "exterieur", words: ["vitres teintees", "vitres surteintees"] },
  { slug: "peinture-metallisee", label: "Peinture métallisée", group: "exterieur", words: ["metallisee"] },
];

export const EQUIPMENT_SLUGS: readonly string[] = EQUIPMENT.map((item) => item.slug);

/** Slug → label, for the search badges and saved-search names (passed to them by server code). */
export const EQUIPMENT_LABELS: Readonly<Record<string, string>> = Object.fromEntries(EQUIPMENT.map((item) => [item.slug, item.label]));

/** At most this many items on one listing (all of them) and in one search. */
export const MAX_EQUIPMENT = EQUIPMENT.length;

const BY_SLUG: ReadonlyMap<string, EquipmentItem> = new Map(EQUIPMENT.map((item) => [item.slug, item]));

export function equipmentItem(slug: string): EquipmentItem | undefined {
  return BY_SLUG.get(slug);
}

export function isEquipmentSlug(value: unknown): value is string {
  return typeof value === "string" && BY_SLUG.has(value);
}

/** The label of a slug ("camera-de-recul" → "Caméra de recul"); the slug itself when unknown. */
export function equipmentLabel(slug: string): string {
  return BY_SLUG.get(slug)?.label ?? slug;
}

/** Slugs in the vocabulary's order, each once, unknown ones dropped. */
export function sortEquipment(slugs: Iterable<string>): string[] {
  const wanted = new Set(slugs);
  return EQUIPMENT_SLUGS.filter((slug) => wanted.has(slug));
}

/** The items of a listing grouped for display: groups in order, empty groups left out. */
export function groupEquipment(slugs: readonly string[]): { group: EquipmentGroup; label: string; items: string[] }[] {
  const wanted = new Set(slugs);
  return EQUIPMENT_GROUPS.map((group) => ({
    group,
    label: EQUIPMENT_GROUP_LABELS[group],
    items: EQUIPMENT.filter((item) => item.group === group && wanted.has(item.slug)).map((item) => item.label),
  })).filter((g) => g.items.length > 0);
}

const fold = (value: string) =>
  value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[\s\-_'’/]+/g, " ")
    .trim();

/**
 * Folded phrase → slug, for the search box: each label ("camera de recul"), its slug with
 * spaces ("camera de recul"), and its words. Longest phrases are tried first by the caller.
 * A Map: a word such as "constructor" finds nothing.
 */
export const EQUIPMENT_PHRASES: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const item of EQUIPMENT) {
    for (const phrase of [item.label, item.slug, ...(item.words ?? [])]) {
      const key = fold(phrase);
      if (!map.has(key)) map.set(key, item.slug);
    }
  }
  return map;
})();

/**
 * A free list of equipment as a dealer's export writes it ('GPS, radar de recul ; Clim auto |
 * Toit ouvrant') → the known items' slugs (vocabulary order) and the items not recognised, as
 * written. Each item is matched whole, by label, slug or listed words, like the search box.
 */
export function equipmentOfText(text: string): { slugs: string[]; unrecognised: string[] } {
  const slugs = new Set<string>();
  const unrecognised: string[] = [];
  for (const item of text.split(/[,;|\n]+/)) {
    const written = item.trim();
    if (!written) continue;
    const slug = EQUIPMENT_PHRASES.get(fold(written));
    if (slug) slugs.add(slug);
    else unrecognised.push(written);
  }
  return { slugs: sortEquipment(slugs), unrecognised };
}

/** Longest phrase of EQUIPMENT_PHRASES, in words. */
export const MAX_EQUIPMENT_PHRASE_WORDS = Math.max(...[...EQUIPMENT_PHRASES.keys()].map((k) => k.split(" ").length));

/**
 * A value typed or sent for the equipment (a form's repeated `equipment` fields, a JSON array,
 * or one comma-separated string) → the known slugs in the vocabulary's order, or the unknown
 * values (for a French message).
 */
export function readEquipment(value: unknown): { slugs: string[]; unknown: string[] } {
  const raw: unknown[] = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : [];
  const unknown: string[] = [];
  const known: string[] = [];
  for (const entry of raw) {
    if (typeof entry !== "string") {
      unknown.push(String(entry));
      continue;
    }
    const text = entry.trim();
    if (text === "") continue;
    if (BY_SLUG.has(text)) known.push(text);
    else unknown.push(text);
  }
  return { slugs: sortEquipment(known), unknown };
}

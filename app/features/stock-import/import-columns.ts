/**
 * The columns of a stock file (issue 35, decision 0046), in the order of the template: the
 * help page lists them, the template CSV is built from them, and a file's header is read
 * against them (accents, case, spaces and the usual other names of dealers' exports
 * tolerated). No server code: the help page shows this table.
 */

export type ImportColumn =
  | "reference"
  | "marque"
  | "modele"
  | "annee"
  | "mise_en_circulation"
  | "carrosserie"
  | "energie"
  | "boite"
  | "kilometrage"
  | "prix"
  | "couleur"
  | "portes"
  | "places"
  | "puissance_ch"
  | "puissance_fiscale"
  | "norme_euro"
  | "controle_technique"
  | "resultat_controle_technique"
  | "proprietaires"
  | "permis"
  | "etat"
  | "equipements"
  | "description"
  | "photos";

export interface ImportColumnDoc {
  name: ImportColumn;
  /** The file is refused without this column. */
  required: boolean;
  /** What the help page says instead of 'oui'/'non' when a value is needed only in some rows. */
  requiredWhen?: string;
  /** What the column holds, in French, for the help page. */
  help: string;
  /** The template's example cell. */
  example: string;
  /** Other header names read as this column (compared folded: "Modèle" = "modele"). */
  aliases?: readonly string[];
}

export const IMPORT_COLUMNS: readonly ImportColumnDoc[] = [
  {
    name: "reference",
    required: true,
    help: "Votre numéro de stock, unique dans votre fichier : il relie la ligne à son annonce d'un import à l'autre.",
    example: "VO-2019-0042",
    aliases: ["ref", "référence", "numero_stock", "n_stock", "stock", "id"],
  },
  {
    name: "marque",
    required: true,
    help: "« Volkswagen », « VW », « Peugeot »…",
    example: "Volkswagen",
    aliases: ["brand"],
  },
  {
    name: "modele",
    required: true,
    help: "Le modèle ; la génération et la finition sont tolérées (« GOLF VII 1.5 TSI » → Golf).",
    example: "Golf VII",
    aliases: ["modèle", "model"],
  },
  {
    name: "annee",
    required: false,
    help: "Année-modèle (AAAA). Absente : l'année de la mise en circulation.",
    example: "2019",
    aliases: ["année", "annee_modele", "millesime", "millésime"],
  },
  {
    name: "mise_en_circulation",
    required: true,
    help: "Date de première mise en circulation : MM/AAAA ou JJ/MM/AAAA (« 03/2019 », « 12/03/2019 »).",
    example: "03/2019",
    aliases: [
      "date_mise_en_circulation",
      "mec",
      "date_mec",
      "premiere_mise_en_circulation",
      "date_1ere_mise_en_circulation",
    ],
  },
  {
    name: "carrosserie",
    required: false,
    help: "Citadine, Berline, SUV, Break, Coupé, Cabriolet, Monospace, Utilitaire, 4x4. Absente : la carrosserie habituelle du modèle.",
    example: "Berline",
    aliases: ["type", "type_vehicule", "categorie", "catégorie"],
  },
  {
    name: "energie",
    required: true,
    help: "Essence, Diesel, Hybride, Hybride rechargeable, Electrique, GPL, Gaz naturel (CNG) (« gazole », « électrique » reconnus).",
    example: "Essence",
    aliases: ["énergie", "carburant", "motorisation"],
  },
  {
    name: "boite",
    required: true,
    help: "Manuelle, Automatique ou Semi-automatique (« BVA », « BVM », « auto » reconnus).",
    example: "Manuelle",
    aliases: ["boîte", "boite_de_vitesses", "boîte_de_vitesses", "transmission"],
  },
  {
    name: "kilometrage",
    required: true,
    help: "En km, chiffres avec ou sans espaces (« 45 000 »).",
    example: "45 000",
    aliases: ["kilométrage", "km", "kms"],
  },
  {
    name: "prix",
    required: true,
    help: "Prix TTC en euros : « 12 500 », « 12 500,00 € » ou « 12500.00 ».",
    example: "12 500",
    aliases: ["prix_ttc", "prix_de_vente", "price"],
  },
  {
    name: "couleur",
    required: true,
    help: "Blanc, Noir, Gris, Bleu, Rouge, Vert, Jaune, Marron, Orange ou Autre ; le premier mot compte (« Gris platine métallisé » → Gris).",
    example: "Gris",
    aliases: ["teinte", "couleur_exterieure"],
  },
  {
    name: "portes",
    required: true,
    help: "Nombre de portes.",
    example: "5",
    aliases: ["nb_portes", "nombre_de_portes"],
  },
  {
    name: "places",
    required: true,
    help: "Nombre de places.",
    example: "5",
    aliases: ["nb_places", "nombre_de_places"],
  },
  {
    name: "puissance_ch",
    required: true,
    help: "Puissance DIN en chevaux.",
    example: "130",
    aliases: ["puissance_din", "ch", "puissance"],
  },
  {
    name: "puissance_fiscale",
    required: true,
    help: "Puissance fiscale en CV.",
    example: "7",
    aliases: ["cv", "cv_fiscaux", "chevaux_fiscaux"],
  },
  {
    name: "norme_euro",
    required: false,
    help: "« Euro 6d-TEMP », « Euro 5 »… Vide : non renseignée.",
    example: "Euro 6d-TEMP",
  },
  {
    name: "controle_technique",
    required: false,
    help: "Date du dernier contrôle technique (JJ/MM/AAAA), ou « non requis » pour un véhicule de moins de 4 ans.",
    example: "12/09/2025",
    aliases: ["date_controle_technique", "ct", "date_ct"],
  },
  {
    name: "resultat_controle_technique",
    required: false,
    help: "« favorable » (par défaut quand une date est donnée) ou « défavorable ».",
    example: "favorable",
    aliases: ["resultat_ct"],
  },
  {
    name: "proprietaires",
    required: false,
    help: "Nombre de propriétaires (1 = première main).",
    example: "1",
    aliases: ["propriétaires", "nb_proprietaires", "nombre_de_proprietaires"],
  },
  { name: "permis", required: false, help: "« Permis » (par défaut) ou « Sans permis ».", example: "Permis" },
  {
    name: "etat",
    required: false,
    help: "« Non endommagé » (par défaut) ou « Endommagé ».",
    example: "Non endommagé",
    aliases: ["état"],
  },
  {
    name: "equipements",
    required: false,
    help: "Liste séparée par des virgules : les équipements connus du site (GPS, caméra de recul, climatisation automatique…) deviennent les équipements de l'annonce, filtrables ; les autres sont ajoutés à la description (« Autres équipements : … »).",
    example: "GPS, radar de recul, climatisation automatique",
    aliases: ["équipements", "options"],
  },
  {
    name: "description",
    required: false,
    help: "Texte de l'annonce (5 000 caractères au plus). Vide : une phrase reprenant marque, modèle, année et kilométrage.",
    example: "Première main, carnet d'entretien à jour.",
    aliases: ["commentaire", "texte"],
  },
  {
    name: "photos",
    // A file of price updates may leave it out; a new reference without a photo is refused.
    required: false,
    requiredWhen: "pour un nouveau véhicule",
    help: "Adresses http(s) des photos, séparées par « | » ou des espaces ; la première est la photo principale. Au moins une pour une référence nouvelle (ligne refusée sinon) ; vide pour un véhicule déjà en stock : ses photos restent.",
    example: "https://exemple.fr/photos/vo-42-1.jpg|https://exemple.fr/photos/vo-42-2.jpg",
    aliases: ["images", "photo", "url_photos"],
  },
];

export const REQUIRED_COLUMNS: readonly ImportColumn[] = IMPORT_COLUMNS.filter((c) => c.required).map((c) => c.name);

/** A header cell folded for comparison: "Boîte de vitesses" → "boite_de_vitesses". */
export function foldHeader(cell: string): string {
  return cell
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

const COLUMN_BY_HEADER: ReadonlyMap<string, ImportColumn> = (() => {
  const map = new Map<string, ImportColumn>();
  for (const column of IMPORT_COLUMNS) {
    map.set(foldHeader(column.name), column.name);
    for (const alias of column.aliases ?? []) map.set(foldHeader(alias), column.name);
  }
  return map;
})();

/** The column a header cell names, if any (a Map: "constructor" names nothing). */
export function columnOfHeader(cell: string): ImportColumn | undefined {
  return COLUMN_BY_HEADER.get(foldHeader(cell));
}

/** The template offered on the help page: the header and one example row, `;`-separated, UTF-8 with BOM (Excel). */
export function templateCsv(): string {
  const quote = (cell: string) => (/[;"\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  const header = IMPORT_COLUMNS.map((c) => c.name).join(";");
  const example = IMPORT_COLUMNS.map((c) => quote(c.example)).join(";");
  return `\uFEFF${header}\r\n${example}\r\n`;
}

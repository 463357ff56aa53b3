/**
 * A dealer's stock file as its software exports it (issue 35 'Done when'): `size` rows with
 * distinct references `<token>-01`…, each with one photo by URL, French formats ('12 500 €',
 * '03/2019'), the catalogue's spellings and some a dealer's own ('VW', 'GOLF VII', 'essence').
 * Three rows are bad, each for another reason the report must give with its line number.
 */

export const STOCK_HEADER =
  "reference;marque;modele;mise_en_circulation;energie;boite;kilometrage;prix;couleur;portes;places;puissance_ch;puissance_fiscale;description;photos";

/** [marque, modele, energie, boite, couleur, puissance_ch, puissance_fiscale, brand as the site shows it] */
const VEHICLES = [
  ["Peugeot", "308", "diesel", "BVM", "Gris", "130", "7", "Peugeot"],
  ["Renault", "Clio", "essence", "BVM", "Blanc", "100", "5", "Renault"],
  ["VW", "GOLF VII", "essence", "BVA", "Noir", "150", "8", "Volkswagen"],
  ["Peugeot", "3008", "diesel", "BVA", "Bleu", "130", "7", "Peugeot"],
  ["Toyota", "Yaris", "hybride", "BVA", "Rouge", "116", "5", "Toyota"],
] as const;

export interface StockFileRow {
  reference: string;
  /** The row's line in the file (the header is line 1). */
  line: number;
  brand: string;
  price: number;
  cells: string[];
}

/** Bad rows: their 1-based index among the rows, the cell changed and the report's reason. */
export const BAD_ROWS = [
  { index: 5, column: "prix", value: "12.500,00 €", reason: "prix « 12.500,00 € » illisible" },
  { index: 14, column: "marque", value: "Zorglub", reason: "marque « Zorglub » inconnue du catalogue" },
  { index: 23, column: "energie", value: "vapeur", reason: "énergie « vapeur » inconnue" },
] as const;

const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, " ");

export function stockRows(token: string, photoBase: string, size = 30): StockFileRow[] {
  const columns = STOCK_HEADER.split(";");
  return Array.from({ length: size }, (_, i) => {
    const n = i + 1;
    const reference = `${token}-${String(n).padStart(2, "0")}`;
    const [marque, modele, energie, boite, couleur, ch, cv, brand] = VEHICLES[i % VEHICLES.length]!;
    const price = 9_900 + n * 400;
    const cells = [
      reference,
      marque,
      modele,
      `${String((n % 12) + 1).padStart(2, "0")}/${2016 + (n % 8)}`,
      energie,
      boite,
      grouped(20_000 + n * 3_100),
      `${grouped(price)} €`,
      couleur,
      "5",
      "5",
      ch,
      cv,
      `${brand} ${modele} ${reference} : entretien à jour, garantie 12 mois.`,
      `${photoBase}/photos/${reference}.jpg`,
    ];
    const bad = BAD_ROWS.find((b) => b.index === n);
    if (bad) cells[columns.indexOf(bad.column)] = bad.value;
    return { reference, line: n + 1, brand, price, cells };
  });
}

/** The file's text (CRLF, as spreadsheets write it). */
export function stockCsv(rows: readonly StockFileRow[]): string {
  return [STOCK_HEADER, ...rows.map((row) => row.cells.join(";"))].join("\r\n");
}

/** A row's price cell changed ('12 500 €'). */
export function withPrice(row: StockFileRow, price: number): StockFileRow {
  const cells = [...row.cells];
  cells[STOCK_HEADER.split(";").indexOf("prix")] = `${grouped(price)} €`;
  return { ...row, price, cells };
}

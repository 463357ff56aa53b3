import { createHash } from "node:crypto";
import { parse } from "csv-parse/sync";
import { MAX_LISTING_PHOTOS } from "~/db/schema";
import { fullListingSchema, type FullListingValues } from "~/features/publish/listing-schemas";
import { equipmentOfText } from "~/features/catalogue/equipment";
import { NOT_CSV_MESSAGES, decodeStockFile, type StockFileEncoding } from "./decode-stock-file";
import { readFrenchDate, readFrenchInteger, readFrenchMonth, readYear } from "./french-formats";
import { IMPORT_COLUMNS, REQUIRED_COLUMNS, columnOfHeader, type ImportColumn } from "./import-columns";
import { matchBrand, matchColor, matchFuel, matchGearbox, matchModel, matchVehicleType } from "./match-catalogue";

/**
 * A dealer's stock file → vehicles ready to upsert, and the rows refused with their line
 * number and a French reason (issue 35, decision 0046). Pure: no database, no network. Each
 * row goes through the wizard's own validation (`fullListingSchema`), so an imported listing
 * obeys every rule a typed one does; the location is the professional's address.
 */

/** Limits of one file (configurable: STOCK_IMPORT_MAX_ROWS; the upload limits the bytes). */
export const DEFAULT_MAX_ROWS = 20_000;
const MAX_REFERENCE_LENGTH = 64;
const MAX_PHOTO_URL_LENGTH = 2_000;

export interface ImportPlace {
  city: string;
  postalCode: string;
  latitude: number;
  longitude: number;
}

export interface ImportedVehicle {
  /** 1-based line of the file where the row ends (what a spreadsheet shows, header = line 1). */
  line: number;
  reference: string;
  values: FullListingValues;
  /** http(s) addresses, in order, at most MAX_LISTING_PHOTOS. */
  photoUrls: string[];
  /** SHA-256 of the values and photo addresses: an unchanged row is recognised without reading its listing. */
  fingerprint: string;
}

export interface RejectedRow {
  line: number;
  reference: string | null;
  /** "ligne 214 : prix « 12.500,00 € » illisible". */
  reason: string;
}

export type StockFileOutcome =
  | {
      ok: true;
      encoding: StockFileEncoding;
      separator: ";" | "," | "\t";
      vehicles: ImportedVehicle[];
      rejected: RejectedRow[];
      /** Header cells that name no documented column (ignored, shown in the report). */
      ignoredColumns: string[];
    }
  | { ok: false; reason: string };

/** Control characters other than tab and line breaks: removed, as browsers drop them from form input. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

function clean(cell: string | undefined): string {
  return (cell ?? "").replace(CONTROL, "").trim();
}

/** A cell quoted in a message, shortened: a 100 kB cell must not make a 100 kB report line. */
function quoted(cell: string): string {
  const short = cell.length > 60 ? `${cell.slice(0, 57)}…` : cell;
  return `« ${short} »`;
}

class RowError extends Error {}

function fail(message: string): never {
  throw new RowError(message);
}

/** Photo cell: addresses separated by "|" or spaces, http(s) only, duplicates dropped. */
export function splitPhotoUrls(cell: string): string[] {
  const urls: string[] = [];
  for (const part of cell.split(/[|\s]+/)) {
    if (!part) continue;
    let url: URL;
    try {
      url = new URL(part);
    } catch {
      fail(`photo ${quoted(part)} : adresse illisible`);
    }
    if (url.protocol !== "http:" && url.protocol !== "https:")
      fail(`photo ${quoted(part)} : seules les adresses http(s) sont acceptées`);
    if (part.length > MAX_PHOTO_URL_LENGTH) fail(`photo ${quoted(part)} : adresse trop longue`);
    if (!urls.includes(url.href)) urls.push(url.href);
  }
  return urls.slice(0, MAX_LISTING_PHOTOS);
}

type Cells = Partial<Record<ImportColumn, string>>;

function integerCell(cells: Cells, column: ImportColumn, label: string): number | string | undefined {
  const raw = cells[column] ?? "";
  if (raw === "") return undefined;
  const n = readFrenchInteger(raw);
  if (n === undefined) fail(`${label} ${quoted(raw)} illisible`);
  return n;
}

function inspection(cells: Cells): { inspectionDate: string | null; inspectionResult: string | null } {
  const raw = cells.controle_technique ?? "";
  const resultCell = cells.resultat_controle_technique ?? "";
  if (raw === "") return { inspectionDate: null, inspectionResult: resultCell === "" ? null : resultCell };
  if (/^non\s*requis$/i.test(raw)) return { inspectionDate: null, inspectionResult: "not_required" };
  const date = readFrenchDate(raw);
  if (!date) fail(`contrôle technique ${quoted(raw)} illisible (JJ/MM/AAAA attendu)`);
  const result =
    resultCell === ""
      ? "favorable"
      : /^d[ée]favorable/i.test(resultCell)
        ? "defavorable"
        : /^favorable$/i.test(resultCell)
          ? "favorable"
          : fail(`résultat du contrôle technique ${quoted(resultCell)} illisible`);
  return { inspectionDate: date, inspectionResult: result };
}

/** One row's cells → the wizard's values (still to be validated by its schema). */
function rowValues(cells: Cells, place: ImportPlace): Record<string, unknown> {
  const brandCell = cells.marque ?? "";
  if (!brandCell) fail("marque manquante");
  const brand = matchBrand(brandCell) ?? fail(`marque ${quoted(brandCell)} inconnue du catalogue`);
  const modelCell = cells.modele ?? "";
  if (!modelCell) fail("modèle manquant");
  const model = matchModel(brand, modelCell) ?? fail(`modèle ${quoted(modelCell)} inconnu pour la marque ${brand}`);

  const registrationCell = cells.mise_en_circulation ?? "";
  if (!registrationCell) fail("date de mise en circulation manquante");
  const firstRegistration =
    readFrenchMonth(registrationCell) ??
    fail(`mise en circulation ${quoted(registrationCell)} illisible (MM/AAAA attendu)`);
  const yearCell = cells.annee ?? "";
  const year =
    yearCell === ""
      ? Number(firstRegistration.slice(3))
      : (readYear(yearCell) ?? fail(`année ${quoted(yearCell)} illisible`));

  const fuelCell = cells.energie ?? "";
  const fuel =
    fuelCell === "" ? fail("énergie manquante") : (matchFuel(fuelCell) ?? fail(`énergie ${quoted(fuelCell)} inconnue`));
  const gearboxCell = cells.boite ?? "";
  const gearbox =
    gearboxCell === ""
      ? fail("boîte de vitesses manquante")
      : (matchGearbox(gearboxCell) ?? fail(`boîte de vitesses ${quoted(gearboxCell)} inconnue`));
  const colorCell = cells.couleur ?? "";
  const color =
    colorCell === ""
      ? fail("couleur manquante")
      : (matchColor(colorCell) ?? fail(`couleur ${quoted(colorCell)} inconnue`));
  const bodyCell = cells.carrosserie ?? "";
  const vehicleType =
    matchVehicleType(bodyCell, brand, model) ??
    fail(bodyCell ? `carrosserie ${quoted(bodyCell)} inconnue` : "carrosserie manquante");

  const mileage = integerCell(cells, "kilometrage", "kilométrage");
  const price = integerCell(cells, "prix", "prix");
  // Equipment the vocabulary knows becomes the listing's equipment (filters, free text); the rest
  // stays readable in the description.
  const features = equipmentOfText(cells.equipements ?? "");
  const text =
    cells.description ||
    `${brand} ${model} de ${year}, ${mileage === undefined ? "" : `${new Intl.NumberFormat("fr-FR").format(Number(mileage))} km, `}${fuel.toLowerCase()}, boîte ${gearbox.toLowerCase()}.`;
  const description = features.unrecognised.length ? `${text}\n\nAutres équipements : ${features.unrecognised.join(", ")}` : text;

  return {
    brand,
    model,
    year,
    firstRegistration,
    vehicleType,
    fuel,
    gearbox,
    fiscalPower: integerCell(cells, "puissance_fiscale", "puissance fiscale"),
    dinPower: integerCell(cells, "puissance_ch", "puissance"),
    mileage,
    licenseStatus: cells.permis || "Permis",
    euroNorm: cells.norme_euro ?? "",
    doors: integerCell(cells, "portes", "nombre de portes"),
    seats: integerCell(cells, "places", "nombre de places"),
    color,
    vehicleCondition: cells.etat || "Non endommagé",
    ...inspection(cells),
    ownerCount: cells.proprietaires ?? "",
    equipment: features.slugs,
    description,
    price,
    city: place.city,
    postalCode: place.postalCode,
    latitude: place.latitude,
    longitude: place.longitude,
    // Imports are a verified professional's: the wizard's warranty rule reads this.
    sellerKind: "pro",
  };
}

export function fingerprintOf(values: FullListingValues, photoUrls: readonly string[]): string {
  const keys = Object.keys(values).sort() as (keyof FullListingValues)[];
  const canonical = JSON.stringify([keys.map((k) => [k, values[k] ?? null]), photoUrls]);
  return createHash("sha256").update(canonical).digest("hex");
}

/** Parses a whole stock file; a file that cannot be read at all changes nothing and says why. */
export function parseStockFile(
  bytes: Uint8Array,
  place: ImportPlace,
  options: { maxRows?: number } = {},
): StockFileOutcome {
  const maxRows = options.maxRows ?? DEFAULT_MAX_ROWS;
  const decoded = decodeStockFile(bytes);
  if (!decoded.ok) return decoded;
  const rejected: RejectedRow[] = [];
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(decoded.text, {
      delimiter: decoded.separator,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      on_skip: (err) => {
        rejected.push(malformedRow(err));
        return undefined;
      },
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return {
      ok: false,
      reason: `Le fichier n'est pas un CSV lisible${line ? ` (ligne ${line})` : ""} : aucune ligne n'a été importée.`,
    };
  }
  const [header, ...rows] = records;
  if (!header) return { ok: false, reason: NOT_CSV_MESSAGES.empty };
  const reader = stockRowReader(header.record, place);
  if (!reader.ok) return reader;
  if (rows.length === 0) return { ok: false, reason: NO_ROWS_MESSAGE };
  if (rows.length > maxRows) return { ok: false, reason: tooManyRowsMessage(rows.length, maxRows) };
  const vehicles: ImportedVehicle[] = [];
  for (const { record, info } of rows) {
    const result = reader.read(record, info.lines);
    if (result?.kind === "vehicle") vehicles.push(result.vehicle);
    else if (result?.kind === "rejected") rejected.push(result.row);
  }
  rejected.sort((a, b) => a.line - b.line);
  return {
    ok: true,
    encoding: decoded.encoding,
    separator: decoded.separator,
    vehicles,
    rejected,
    ignoredColumns: reader.ignoredColumns,
  };
}

export const NO_ROWS_MESSAGE =
  "Le fichier ne contient aucune ligne de véhicule sous l'en-tête : aucune ligne n'a été importée.";

/** "Le fichier contient 200 000 lignes : 20 000 au plus par import…" (the limit stated). */
export function tooManyRowsMessage(rows: number, maxRows: number): string {
  const n = new Intl.NumberFormat("fr-FR").format;
  return `Le fichier contient ${n(rows)} lignes : ${n(maxRows)} au plus par import. Aucune ligne n'a été importée ; découpez le fichier.`.replace(
    /\u202f/g,
    " ",
  );
}

/** "ligne 12 : ligne CSV malformée (guillemet non fermé ?)" — a record csv-parse skipped. */
export function malformedRow(error: unknown): RejectedRow {
  const line = Number((error as { lines?: unknown } | undefined)?.lines ?? 0);
  return { line, reference: null, reason: `ligne ${line} : ligne CSV malformée (guillemet non fermé ?)` };
}

export type StockRowResult = { kind: "vehicle"; vehicle: ImportedVehicle } | { kind: "rejected"; row: RejectedRow };

export interface StockRowReader {
  ok: true;
  ignoredColumns: string[];
  /** One record → a vehicle, a rejected row, or undefined for a row of empty cells. Rows in file order. */
  read(record: string[], line: number): StockRowResult | undefined;
}

/**
 * The header's columns, then each row read in turn (a reference seen twice is refused at its
 * second line): the one reading of rows for the whole-file parse and the streamed import.
 */
export function stockRowReader(header: string[], place: ImportPlace): StockRowReader | { ok: false; reason: string } {
  const columns = header.map((cell) => columnOfHeader(clean(cell)));
  const missing = REQUIRED_COLUMNS.filter((name) => !columns.includes(name));
  if (missing.length > 0) {
    const found = header.map(clean).filter(Boolean).slice(0, 30).join(", ");
    return {
      ok: false,
      reason: `Colonnes obligatoires absentes : ${missing.join(", ")}. Colonnes trouvées : ${found || "aucune"}. Aucune ligne n'a été importée (voir la page d'aide et le modèle).`,
    };
  }
  const ignoredColumns = header
    .filter((_, i) => columns[i] === undefined)
    .map(clean)
    .filter(Boolean);
  const seen = new Map<string, number>();
  return {
    ok: true,
    ignoredColumns,
    read(record, line) {
      const cells: Cells = {};
      record.forEach((cell, i) => {
        const column = columns[i];
        // A column given twice: the first non-empty cell wins.
        if (column && !cells[column])
          cells[column] = column === "description" ? (cell ?? "").replace(CONTROL, "").trim() : clean(cell);
      });
      if (Object.values(cells).every((v) => !v)) return undefined;
      const reference = cells.reference ?? "";
      try {
        if (!reference) fail("référence manquante");
        if (reference.length > MAX_REFERENCE_LENGTH)
          fail(`référence ${quoted(reference)} trop longue (${MAX_REFERENCE_LENGTH} caractères au plus)`);
        const earlier = seen.get(reference);
        if (earlier !== undefined) fail(`référence ${quoted(reference)} déjà présente ligne ${earlier}`);
        seen.set(reference, line);
        const photoUrls = splitPhotoUrls(cells.photos ?? "");
        const parsed = fullListingSchema.safeParse(rowValues(cells, place));
        if (!parsed.success) {
          const first = parsed.error.issues[0];
          fail((first?.message ?? "ligne invalide").replace(/\.$/, ""));
        }
        return {
          kind: "vehicle",
          vehicle: { line, reference, values: parsed.data, photoUrls, fingerprint: fingerprintOf(parsed.data, photoUrls) },
        };
      } catch (error) {
        if (!(error instanceof RowError)) throw error;
        return {
          kind: "rejected",
          row: { line, reference: reference || null, reason: `ligne ${line} : ${error.message}` },
        };
      }
    },
  };
}

/** Documented columns, for messages and the help page. */
export const DOCUMENTED_COLUMNS = IMPORT_COLUMNS.map((c) => c.name);

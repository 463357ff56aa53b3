/**
 * Builds reference/places.csv (the postal-code table loaded into `places`) from
 * La Poste's "Base officielle des codes postaux" (reference/laposte_hexasmal.csv)
 * and the commune names of @etalab/decoupage-administratif.
 *
 * Run: npm run reference:places   (= npx tsx scripts/build-places-reference.ts)
 *
 * The output is deterministic: same inputs, byte-identical output. See
 * reference/README.md for the choices made (one row per postal code + INSEE code,
 * name resolution order, coordinate fallback).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const inputPath = `${repoRoot}reference/laposte_hexasmal.csv`;
const outputPath = `${repoRoot}reference/places.csv`;
const communesPath = createRequire(import.meta.url).resolve("@etalab/decoupage-administratif/data/communes.json");

const INPUT_HEADER = "Code_commune_INSEE;Nom_commune;Code_postal;Ligne_5;Libellé_d_acheminement;coordonnees_gps";
const OUTPUT_HEADER = "postal_code;insee_code;city;locality;latitude;longitude";

type EtalabType = "commune-actuelle" | "arrondissement-municipal" | "commune-deleguee" | "commune-associee";

interface EtalabCommune {
  code: string;
  nom: string;
  type: EtalabType;
  anciensCodes?: string[];
}

interface Coordinates {
  latitude: number;
  longitude: number;
}

interface InputRow {
  line: number;
  insee: string;
  laPosteName: string;
  postalCode: string;
  locality: string;
  coordinates: Coordinates | null;
}

type NameSource = EtalabType | "fallback";

interface OutputRow {
  postalCode: string;
  insee: string;
  city: string;
  locality: string;
  coordinates: Coordinates;
  nameSource: NameSource;
  resolution: Resolution | "fallback";
}

function fail(message: string): never {
  throw new Error(`build-places-reference: ${message}`);
}

// ---------------------------------------------------------------------------
// Input

function parseCoordinates(raw: string, line: number): Coordinates | null {
  if (raw === "") return null;
  const parts = raw.split(",");
  if (parts.length !== 2) fail(`line ${line}: bad coordinates "${raw}"`);
  const latitude = Number(parts[0]);
  const longitude = Number(parts[1]);
  if (
    !Number.isFinite(latitude) ||
    !Number.isFinite(longitude) ||
    Math.abs(latitude) > 90 ||
    Math.abs(longitude) > 180
  ) {
    fail(`line ${line}: coordinates out of range "${raw}"`);
  }
  return { latitude, longitude };
}

function readLaPoste(path: string): InputRow[] {
  const text = readFileSync(path, "utf8").replace(/^\uFEFF/, "");
  const lines = text.split(/\r?\n/);
  if (lines[0] !== INPUT_HEADER) fail(`unexpected header in ${path}: ${lines[0]}`);
  const rows: InputRow[] = [];
  for (let i = 1; i < lines.length; i++) {
    const raw = lines[i];
    if (raw === undefined || raw === "") continue;
    const line = i + 1;
    const fields = raw.split(";");
    if (fields.length !== 6) fail(`line ${line}: expected 6 fields, got ${fields.length}`);
    const [insee, laPosteName, postalCode, locality, , gps] = fields.map((f) => f.trim()) as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    if (!/^\d{5}$/.test(postalCode)) fail(`line ${line}: bad postal code "${postalCode}"`);
    if (!/^(\d{5}|2[AB]\d{3})$/.test(insee)) fail(`line ${line}: bad INSEE code "${insee}"`);
    if (laPosteName === "") fail(`line ${line}: empty Nom_commune`);
    rows.push({
      line,
      insee,
      laPosteName,
      postalCode,
      locality,
      coordinates: parseCoordinates(gps, line),
    });
  }
  return rows;
}

function readEtalab(path: string): EtalabIndex {
  const data: unknown = JSON.parse(readFileSync(path, "utf8"));
  if (!Array.isArray(data)) fail(`${path} is not a JSON array`);
  const byCode = new Map<string, EtalabCommune[]>();
  const byFormerCode = new Map<string, EtalabCommune[]>();
  const push = (map: Map<string, EtalabCommune[]>, key: string, item: EtalabCommune): void => {
    const list = map.get(key) ?? [];
    list.push(item);
    map.set(key, list);
  };
  for (const item of data as EtalabCommune[]) {
    if (typeof item.code !== "string" || typeof item.nom !== "string") continue;
    if (!TYPE_PRIORITY.includes(item.type)) fail(`unknown etalab type "${item.type}"`);
    push(byCode, item.code, item);
    if (item.type === "commune-actuelle") {
      for (const former of item.anciensCodes ?? []) push(byFormerCode, former, item);
    }
  }
  return { byCode, byFormerCode };
}

// ---------------------------------------------------------------------------
// Names

/** Upper case, no accents, no punctuation, SAINT/SAINTE abbreviated: La Poste's spelling. */
function normalizeName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/Œ/g, "OE")
    .replace(/œ/g, "oe")
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, " ")
    .trim()
    .replace(/\bSAINTE\b/g, "STE")
    .replace(/\bSAINT\b/g, "ST");
}

const TYPE_PRIORITY: readonly EtalabType[] = [
  "commune-actuelle",
  "arrondissement-municipal",
  "commune-deleguee",
  "commune-associee",
];

/** "Paris 11e Arrondissement" -> "Paris 11e", "Marseille 1er Arrondissement" -> "Marseille 1er". */
function shortName(commune: EtalabCommune): string {
  if (commune.type !== "arrondissement-municipal") return commune.nom;
  const match = /^(.+) (\d+(?:er|e)) Arrondissement$/.exec(commune.nom);
  if (!match) fail(`unexpected arrondissement name "${commune.nom}" (${commune.code})`);
  return `${match[1]} ${match[2]}`;
}

interface EtalabIndex {
  byCode: Map<string, EtalabCommune[]>;
  /** Former INSEE code -> current communes that list it in `anciensCodes`. */
  byFormerCode: Map<string, EtalabCommune[]>;
}

function byTypePriority(list: readonly EtalabCommune[]): EtalabCommune[] {
  return [...list].sort((a, b) => TYPE_PRIORITY.indexOf(a.type) - TYPE_PRIORITY.indexOf(b.type));
}

type Resolution = "code+name" | "former-code+name" | "code";

/**
 * Finds the etalab commune for a La Poste (2020) INSEE code and name, in this order:
 * 1. an entry with that code and the same name. One code can be both a current commune and
 *    a delegated commune (the chef-lieu of a commune nouvelle keeps its code), so the name
 *    decides; ties go to current commune > arrondissement > déléguée > associée;
 * 2. a current commune with the same name that lists the code in `anciensCodes`: communes
 *    nouvelles re-coded since 2020 (Orée d'Anjou was 49069, now 49126, and 49069 is only
 *    the delegated commune Champtoceaux);
 * 3. an entry with that code whatever its name (renamed communes: Cransac -> Cransac-les-Thermes).
 */
function pickEtalab(
  index: EtalabIndex,
  insee: string,
  laPosteName: string,
): { commune: EtalabCommune; resolution: Resolution } | undefined {
  const wanted = normalizeName(laPosteName);
  const sameCode = byTypePriority(index.byCode.get(insee) ?? []);
  const byName = sameCode.find((c) => normalizeName(c.nom) === wanted);
  if (byName) return { commune: byName, resolution: "code+name" };
  const successor = (index.byFormerCode.get(insee) ?? []).find((c) => normalizeName(c.nom) === wanted);
  if (successor) return { commune: successor, resolution: "former-code+name" };
  const first = sameCode[0];
  if (first) return { commune: first, resolution: "code" };
  return undefined;
}

const LOWER_PARTICLES = new Set([
  "DE",
  "DU",
  "DES",
  "LA",
  "LE",
  "LES",
  "SUR",
  "SOUS",
  "EN",
  "ET",
  "AU",
  "AUX",
  "ES",
  "LEZ",
  "DI",
]);
const LEADING_ARTICLES = new Set(["LE", "LA", "LES"]);

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/**
 * Fallback for names etalab does not know: "ST MARTIN D ABLOIS" -> "Saint-Martin-d'Ablois",
 * "LES SABLES D OLONNE" -> "Les Sables-d'Olonne", "L ISLE ADAM" -> "L'Isle-Adam".
 * French toponymy: a leading article is followed by a space, every other element is joined
 * by hyphens. Accents cannot be recovered.
 */
function titleCaseCommune(upper: string): string {
  const words = upper.trim().split(/\s+/);
  const parts: string[] = [];
  let leadingArticle = "";
  let i = 0;
  const first = words[0] ?? "";
  if (LEADING_ARTICLES.has(first) && words.length > 1) {
    leadingArticle = `${capitalize(first)} `;
    i = 1;
  }
  for (; i < words.length; i++) {
    const word = words[i] ?? "";
    const isFirst = parts.length === 0 && leadingArticle === "";
    const next = words[i + 1];
    if ((word === "L" || word === "D") && next !== undefined) {
      // Elided article/preposition: glue to the next word with an apostrophe.
      const elided = isFirst ? `${word}'` : `${word.toLowerCase()}'`;
      parts.push(elided + titleWord(next));
      i++;
      continue;
    }
    if (word === "ST") parts.push("Saint");
    else if (word === "STE") parts.push("Sainte");
    else if (!isFirst && LOWER_PARTICLES.has(word)) parts.push(word.toLowerCase());
    else parts.push(titleWord(word));
  }
  return leadingArticle + parts.join("-");
}

function titleWord(word: string): string {
  if (word === "ST") return "Saint";
  if (word === "STE") return "Sainte";
  return capitalize(word);
}

// ---------------------------------------------------------------------------
// Build

function formatCoordinate(value: number): string {
  const text = String(Number(value.toFixed(6)));
  if (!/^-?\d+(\.\d{1,6})?$/.test(text)) fail(`cannot format coordinate ${value}`);
  return text;
}

function assertCsvSafe(value: string, what: string): void {
  if (/[;\r\n"]/.test(value) || value !== value.trim()) {
    fail(`${what} contains a forbidden character or surrounding space: ${JSON.stringify(value)}`);
  }
}

function main(): void {
  const input = readLaPoste(inputPath);
  const etalab = readEtalab(communesPath);

  // 1. Coordinates: fill missing ones from another row of the same INSEE code, else of the
  //    same postal code (the row with the smallest INSEE code, for determinism), else drop.
  const byInsee = new Map<string, Coordinates>();
  const byPostal = new Map<string, { insee: string; coordinates: Coordinates }>();
  for (const row of input) {
    if (!row.coordinates) continue;
    if (!byInsee.has(row.insee)) byInsee.set(row.insee, row.coordinates);
    const current = byPostal.get(row.postalCode);
    if (!current || row.insee < current.insee) {
      byPostal.set(row.postalCode, {
        insee: row.insee,
        coordinates: row.coordinates,
      });
    }
  }
  let missingCoordinates = 0;
  let filledFromInsee = 0;
  let filledFromPostal = 0;
  const dropped: InputRow[] = [];
  const located: Array<InputRow & { coordinates: Coordinates }> = [];
  for (const row of input) {
    let coordinates = row.coordinates;
    if (!coordinates) {
      missingCoordinates++;
      coordinates = byInsee.get(row.insee) ?? null;
      if (coordinates) filledFromInsee++;
      else {
        coordinates = byPostal.get(row.postalCode)?.coordinates ?? null;
        if (coordinates) filledFromPostal++;
      }
    }
    if (coordinates) located.push({ ...row, coordinates });
    else dropped.push(row);
  }

  // 2. One row per (postal code, INSEE code); Ligne_5 localities are not kept (README).
  const pairs = new Map<string, OutputRow>();
  const fallbackNames = new Map<string, string>();
  for (const row of located) {
    const key = `${row.postalCode};${row.insee}`;
    if (pairs.has(key)) continue;
    const found = pickEtalab(etalab, row.insee, row.laPosteName);
    let city: string;
    let nameSource: NameSource;
    let resolution: Resolution | "fallback";
    if (found) {
      city = shortName(found.commune);
      nameSource = found.commune.type;
      resolution = found.resolution;
    } else {
      resolution = "fallback";
      city = titleCaseCommune(row.laPosteName);
      nameSource = "fallback";
      fallbackNames.set(row.insee, `${row.laPosteName} -> ${city}`);
    }
    pairs.set(key, {
      postalCode: row.postalCode,
      insee: row.insee,
      city,
      locality: "",
      coordinates: row.coordinates,
      nameSource,
      resolution,
    });
  }

  const collator = new Intl.Collator("fr", {
    sensitivity: "base",
    numeric: true,
  });
  const output = [...pairs.values()].sort(
    (a, b) =>
      a.postalCode.localeCompare(b.postalCode) || collator.compare(a.city, b.city) || a.insee.localeCompare(b.insee),
  );

  // 3. Write, asserting the file needs no quoting.
  const lines = [OUTPUT_HEADER];
  for (const row of output) {
    const fields = [
      row.postalCode,
      row.insee,
      row.city,
      row.locality,
      formatCoordinate(row.coordinates.latitude),
      formatCoordinate(row.coordinates.longitude),
    ];
    fields.forEach((f, index) => assertCsvSafe(f, `${row.postalCode}/${row.insee} field ${index}`));
    if (!/^\d{5}$/.test(row.postalCode)) fail(`bad postal code ${row.postalCode}`);
    if (row.city === "") fail(`empty city for ${row.postalCode}/${row.insee}`);
    lines.push(fields.join(";"));
  }
  const csv = `${lines.join("\n")}\n`;
  writeFileSync(outputPath, csv, "utf8");

  // 4. Summary.
  const sources = new Map<NameSource, number>();
  for (const row of output) sources.set(row.nameSource, (sources.get(row.nameSource) ?? 0) + 1);
  const fromEtalab = output.length - (sources.get("fallback") ?? 0);
  const droppedPairs = new Set(dropped.map((r) => `${r.postalCode};${r.insee}`));
  const droppedByPrefix = new Map<string, number>();
  for (const r of dropped) {
    const prefix = r.insee.slice(0, 3);
    droppedByPrefix.set(prefix, (droppedByPrefix.get(prefix) ?? 0) + 1);
  }

  const log = (label: string, value: string | number): void => console.log(`${label.padEnd(44)} ${value}`);
  console.log(`places reference written to ${outputPath}`);
  log("rows in (La Poste)", input.length);
  log("distinct postal codes in", new Set(input.map((r) => r.postalCode)).size);
  log("rows without coordinates", missingCoordinates);
  log("  filled from same INSEE code", filledFromInsee);
  log("  filled from same postal code", filledFromPostal);
  log("  dropped (rows)", dropped.length);
  log("  dropped (postal code + INSEE pairs)", droppedPairs.size);
  log("  dropped by INSEE prefix", [...droppedByPrefix].map(([p, n]) => `${p}xx:${n}`).join(" ") || "-");
  log("rows out (postal code + INSEE pairs)", output.length);
  log("distinct postal codes out", new Set(output.map((r) => r.postalCode)).size);
  log("city names from etalab", fromEtalab);
  for (const type of TYPE_PRIORITY) log(`  ${type}`, sources.get(type) ?? 0);
  for (const resolution of ["code+name", "former-code+name", "code"] as const) {
    log(`  matched by ${resolution}`, output.filter((r) => r.resolution === resolution).length);
  }
  log("city names from title-case fallback", sources.get("fallback") ?? 0);
  for (const [insee, text] of [...fallbackNames].sort()) console.log(`  fallback ${insee}: ${text}`);
  log("output size (bytes)", Buffer.byteLength(csv, "utf8"));
}

main();

import iconv from "iconv-lite";

/**
 * A stock file's bytes → text (issue 35): UTF-8 with or without its BOM, else Windows-1252
 * (what Excel for Windows writes as "CSV (séparateur : point-virgule)"). iconv-lite decodes
 * Windows-1252 (Node's TextDecoder only knows it with full ICU, and maps it to latin1 in some
 * builds, losing "€" and "œ"); the UTF-8 check is the platform's strict decoder. Files that are
 * plainly not text (a spreadsheet, a PDF, an image, binary) are refused with what they are.
 */

export type StockFileEncoding = "utf-8" | "windows-1252";

export type DecodedStockFile =
  { ok: true; text: string; encoding: StockFileEncoding; separator: ";" | "," | "\t" } | { ok: false; reason: string };

export const NOT_CSV_MESSAGES = {
  empty: "Le fichier est vide : aucune ligne n'a été importée.",
  xlsx: "Ce fichier est un classeur Excel (.xlsx) ou OpenDocument, pas un CSV : enregistrez-le au format « CSV (séparateur : point-virgule) » puis importez-le.",
  xls: "Ce fichier est un classeur Excel (.xls), pas un CSV : enregistrez-le au format « CSV (séparateur : point-virgule) » puis importez-le.",
  pdf: "Ce fichier est un PDF, pas un CSV : exportez votre stock au format CSV depuis votre logiciel.",
  image: "Ce fichier est une image, pas un CSV : exportez votre stock au format CSV depuis votre logiciel.",
  binary: "Ce fichier n'est pas un fichier texte CSV : exportez votre stock au format CSV depuis votre logiciel.",
  noSeparator:
    "La première ligne ne contient ni « ; » ni « , » : ce n'est pas un fichier CSV de colonnes (voir la page d'aide et le modèle).",
} as const;

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

/** What a binary file is, from its first bytes; undefined for text. */
export function binaryKind(bytes: Uint8Array): keyof typeof NOT_CSV_MESSAGES | undefined {
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return "xlsx";
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0])) return "xls";
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46])) return "pdf";
  if (
    startsWith(bytes, [0xff, 0xd8, 0xff]) ||
    startsWith(bytes, [0x89, 0x50, 0x4e, 0x47]) ||
    startsWith(bytes, [0x47, 0x49, 0x46])
  ) {
    return "image";
  }
  // Text files hold no NUL byte (a UTF-16 export does: refused rather than misread).
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) return "binary";
  return undefined;
}

/**
 * The separator of the header line: the most frequent of `;`, `,` and tab outside quotes
 * (`;` on a tie: French Excel's). Undefined when the line has none.
 */
export function detectSeparator(text: string): ";" | "," | "\t" | undefined {
  const counts = { ";": 0, ",": 0, "\t": 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && (char === ";" || char === "," || char === "\t")) counts[char]++;
  }
  const best = (Object.keys(counts) as (keyof typeof counts)[]).reduce((a, b) => (counts[b] > counts[a] ? b : a), ";");
  return counts[best] > 0 ? best : undefined;
}

export function decodeStockFile(bytes: Uint8Array): DecodedStockFile {
  const kind = binaryKind(bytes);
  if (kind) return { ok: false, reason: NOT_CSV_MESSAGES[kind] };
  let text: string;
  let encoding: StockFileEncoding;
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) {
    text = new TextDecoder("utf-8").decode(bytes.subarray(3));
    encoding = "utf-8";
  } else {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      encoding = "utf-8";
    } catch {
      text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), "windows-1252");
      encoding = "windows-1252";
    }
  }
  if (text.trim() === "") return { ok: false, reason: NOT_CSV_MESSAGES.empty };
  const separator = detectSeparator(text.trimStart());
  if (!separator) return { ok: false, reason: NOT_CSV_MESSAGES.noSeparator };
  return { ok: true, text: text.trimStart(), encoding, separator };
}

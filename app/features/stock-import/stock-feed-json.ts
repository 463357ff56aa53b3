/**
 * A JSON stock feed (issue 35, decision 0051): an array of objects whose keys are the CSV's
 * column names (or their usual other names), turned into the same CSV so that one reader,
 * one validation and one report serve both. Pure.
 */

export const FEED_JSON_MESSAGES = {
  unreadable: "Le flux JSON est illisible : aucune ligne n'a été importée.",
  notArray: "Le flux JSON doit être un tableau d'objets, un par véhicule : aucune ligne n'a été importée.",
  empty: "Le flux JSON ne contient aucun véhicule : aucune ligne n'a été importée.",
} as const;

/** The first non-blank character says whether a feed without a clear content type is JSON. */
export function looksLikeJson(head: Buffer): boolean {
  const text = head.subarray(0, 64).toString("utf8").replace(/^\uFEFF/, "").trimStart();
  return text.startsWith("[") || text.startsWith("{");
}

function cell(value: unknown, key: string): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map((v) => cell(v, key)).join(/^photos?$/i.test(key) ? "|" : ", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function quote(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** The JSON array → a UTF-8 CSV (';', every cell quoted), or the French reason it cannot be read. */
export function stockJsonToCsv(bytes: Buffer): { ok: true; csv: Buffer; rows: number } | { ok: false; reason: string } {
  let data: unknown;
  try {
    data = JSON.parse(bytes.toString("utf8").replace(/^\uFEFF/, ""));
  } catch {
    return { ok: false, reason: FEED_JSON_MESSAGES.unreadable };
  }
  if (!Array.isArray(data)) return { ok: false, reason: FEED_JSON_MESSAGES.notArray };
  if (data.length === 0) return { ok: false, reason: FEED_JSON_MESSAGES.empty };
  const keys: string[] = [];
  const known = new Set<string>();
  for (const item of data) {
    if (item === null || typeof item !== "object" || Array.isArray(item))
      return { ok: false, reason: FEED_JSON_MESSAGES.notArray };
    for (const key of Object.keys(item)) {
      if (!known.has(key)) {
        known.add(key);
        keys.push(key);
      }
    }
  }
  const lines = [keys.map(quote).join(";")];
  for (const item of data as Record<string, unknown>[]) lines.push(keys.map((k) => quote(cell(item[k], k))).join(";"));
  return { ok: true, csv: Buffer.from(`${lines.join("\r\n")}\r\n`, "utf8"), rows: data.length };
}

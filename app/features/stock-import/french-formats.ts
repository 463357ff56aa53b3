/**
 * Numbers and dates as French spreadsheets and dealers' software write them (issue 35).
 * Each reader returns the value, or undefined when the cell cannot be read without guessing:
 * the row is then rejected with the cell quoted, never imported with a wrong price.
 */

/** Spaces of every kind a spreadsheet puts between thousands (no-break, narrow no-break, thin). */
const SPACES = /[\s\u00a0\u202f\u2009]/g;

/**
 * A whole number: "12 500", "12 500,00 €", "12500.00", "45 000 km", "130 ch", "7 CV".
 * A comma or a dot followed by one or two digits is a decimal separator (cents are rounded to
 * the nearest euro); a dot followed by three digits ("12.500") is refused: a thousands separator
 * in English or German usage, 12,5 in French, and a price must not be guessed. Negative
 * numbers, exponents and mixed separators ("12.500,00") are refused too.
 */
export function readFrenchInteger(raw: string): number | undefined {
  const text = raw
    .replace(SPACES, "")
    .replace(/(€|eur|euros?|kms?|ch|cv|ttc)$/i, "")
    .replace(/^€/, "");
  if (text === "") return undefined;
  let value: number;
  if (/^\d{1,12}$/.test(text)) value = Number(text);
  else if (/^\d{1,12}[,.]\d{1,2}$/.test(text)) value = Math.round(Number(text.replace(",", ".")));
  else return undefined;
  return Number.isSafeInteger(value) ? value : undefined;
}

function monthYear(month: number, year: number): string | undefined {
  if (!(month >= 1 && month <= 12) || year < 1900 || year > 2999) return undefined;
  return `${String(month).padStart(2, "0")}/${year}`;
}

function validDay(day: number, month: number, year: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A first registration as MM/AAAA (the wizard's format): "03/2019", "3/2019", "03-2019",
 * "03.2019", "2019-03", and a whole date "12/03/2019" or "2019-03-12" (its month). A two-digit
 * year ("03/19") is refused: 1919 or 2019 is a guess.
 */
export function readFrenchMonth(raw: string): string | undefined {
  const text = raw.trim();
  let m = /^(\d{1,2})[/.-](\d{4})$/.exec(text);
  if (m) return monthYear(Number(m[1]), Number(m[2]));
  m = /^(\d{4})-(\d{1,2})$/.exec(text);
  if (m) return monthYear(Number(m[2]), Number(m[1]));
  const date = readFrenchDate(text);
  return date ? `${date.slice(5, 7)}/${date.slice(0, 4)}` : undefined;
}

/**
 * A calendar date as AAAA-MM-JJ: "12/09/2026", "12-09-2026", "12.09.2026", "2026-09-12",
 * and a spreadsheet's "2026-09-12 00:00:00". Day first (French order), a real day of the month.
 */
export function readFrenchDate(raw: string): string | undefined {
  const text = raw.trim().replace(/[ T]00:00(:00)?$/, "");
  let day: number, month: number, year: number;
  let m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (m) {
    day = Number(m[1]);
    month = Number(m[2]);
    year = Number(m[3]);
  } else if ((m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text))) {
    year = Number(m[1]);
    month = Number(m[2]);
    day = Number(m[3]);
  } else return undefined;
  if (year < 1900 || year > 2999 || !validDay(day, month, year)) return undefined;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** A year "2019" (also "2019.0" from a spreadsheet); undefined otherwise. */
export function readYear(raw: string): number | undefined {
  const m = /^(\d{4})(?:[.,]0+)?$/.exec(raw.trim());
  return m ? Number(m[1]) : undefined;
}

/**
 * A run's report as a CSV file to download (issue 35): one line per rejected row, then the
 * totals. Cells a spreadsheet would run as a formula (starting with = + - @, tab or carriage
 * return: OWASP "CSV injection") are prefixed with an apostrophe, so a dealer's cell such as
 * `=HYPERLINK(...)` is shown, never executed. `;`-separated, UTF-8 with BOM: French Excel opens it as is.
 */

export interface RunReport {
  created: number;
  updated: number;
  unchanged: number;
  withdrawn: number;
  rejected: number;
  photosFetched: number;
  photosFailed: number;
  failureReason: string | null;
  rejectedRows: { line: number; reference: string | null; reason: string }[];
}

/** A cell safe for a spreadsheet: formula triggers neutralised, then quoted as CSV requires. */
export function csvCell(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function reportCsv(report: RunReport): string {
  const rows: (string | number | null)[][] = [["ligne", "reference", "raison"]];
  for (const row of report.rejectedRows) rows.push([row.line, row.reference, row.reason]);
  rows.push([]);
  if (report.failureReason) rows.push(["", "", `Import refusé : ${report.failureReason}`]);
  rows.push(["", "créées", report.created]);
  rows.push(["", "mises à jour", report.updated]);
  rows.push(["", "inchangées", report.unchanged]);
  rows.push(["", "retirées", report.withdrawn]);
  rows.push(["", "refusées", report.rejected]);
  rows.push(["", "photos récupérées", report.photosFetched]);
  rows.push(["", "photos en échec", report.photosFailed]);
  return `\uFEFF${rows.map((r) => r.map(csvCell).join(";")).join("\r\n")}\r\n`;
}

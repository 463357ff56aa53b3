import { pipeline, type Readable } from "node:stream";
import { parse, type Options } from "csv-parse";
import iconv from "iconv-lite";
import { NOT_CSV_MESSAGES, binaryKind, detectSeparator, type StockFileEncoding } from "./decode-stock-file";
import { NO_ROWS_MESSAGE, malformedRow, tooManyRowsMessage, type RejectedRow } from "./parse-stock-file";

/**
 * A stored stock file read as a stream (issue 35, decision 0051): never held whole in memory.
 * Two passes over the stored object: `inspectStockStream` says what the file is (binary,
 * encoding, separator) and counts its rows, so a file over the row limit is refused before
 * anything is written; `readStockRecords` then yields its records, decoded, one at a time.
 */

export type StockStreamInspection =
  | { ok: true; encoding: StockFileEncoding; separator: ";" | "," | "\t"; rows: number }
  | { ok: false; reason: string };

/** Bytes of the head read before judging the file (binary magic, separator of the header line). */
const HEAD_BYTES = 64 * 1024;

const CSV_OPTIONS: Options = {
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: true,
  skip_records_with_error: true,
};

function unreadable(error: unknown): { ok: false; reason: string } {
  const line = (error as { lines?: number }).lines;
  return {
    ok: false,
    reason: `Le fichier n'est pas un CSV lisible${line ? ` (ligne ${line})` : ""} : aucune ligne n'a été importée.`,
  };
}

/**
 * First pass: binary files refused by their magic number, UTF-8 when every byte decodes as such
 * (else Windows-1252), the header's separator, and the number of rows under the header. The
 * structure of a CSV is ASCII, so rows are counted over a latin1 view of the bytes, whatever
 * the encoding turns out to be.
 */
export async function inspectStockStream(body: Readable, maxRows: number): Promise<StockStreamInspection> {
  const strict = new TextDecoder("utf-8", { fatal: true });
  let utf8 = true;
  let head: Buffer[] = [];
  let headBytes = 0;
  let parser: ReturnType<typeof parse> | null = null;
  let records = 0;
  let failure: unknown = null;
  let separator: ";" | "," | "\t" | undefined;
  let blank = true;

  const start = (): StockStreamInspection | null => {
    const bytes = Buffer.concat(head);
    const kind = binaryKind(bytes);
    if (kind) return { ok: false, reason: NOT_CSV_MESSAGES[kind] };
    const text = bytes.toString("latin1").replace(/^\u00ef\u00bb\u00bf/, "");
    if (text.trim() === "") return null;
    blank = false;
    separator = detectSeparator(text.trimStart());
    if (!separator) return { ok: false, reason: NOT_CSV_MESSAGES.noSeparator };
    parser = parse({ ...CSV_OPTIONS, delimiter: separator });
    parser.on("data", () => records++);
    parser.on("error", (error) => (failure = error));
    parser.write(text);
    return null;
  };

  for await (const chunk of body as AsyncIterable<Buffer>) {
    if (utf8) {
      try {
        strict.decode(chunk, { stream: true });
      } catch {
        utf8 = false;
      }
    }
    if (parser) {
      (parser as ReturnType<typeof parse>).write(chunk.toString("latin1"));
      continue;
    }
    head.push(chunk);
    headBytes += chunk.length;
    if (headBytes >= HEAD_BYTES) {
      const refused = start();
      if (refused) {
        body.destroy();
        return refused;
      }
      if (blank) head = [];
    }
    if (failure) break;
  }
  if (!parser && head.length > 0) {
    const refused = start();
    if (refused) return refused;
  }
  if (utf8) {
    try {
      strict.decode();
    } catch {
      utf8 = false;
    }
  }
  const active = parser as ReturnType<typeof parse> | null;
  if (!active || !separator) return { ok: false, reason: NOT_CSV_MESSAGES.empty };
  await new Promise<void>((resolve) => {
    active.on("end", resolve);
    active.on("error", () => resolve());
    active.end();
  });
  if (failure) return unreadable(failure);
  const rows = records - 1;
  if (rows <= 0) return { ok: false, reason: records === 0 ? NOT_CSV_MESSAGES.empty : NO_ROWS_MESSAGE };
  if (rows > maxRows) return { ok: false, reason: tooManyRowsMessage(rows, maxRows) };
  return { ok: true, encoding: utf8 ? "utf-8" : "windows-1252", separator, rows };
}

export type StockRecord =
  | { kind: "record"; record: string[]; line: number }
  | { kind: "malformed"; row: RejectedRow };

/** Second pass: the file decoded in its encoding (BOM dropped) and parsed, a record at a time. */
export async function* readStockRecords(
  body: Readable,
  inspection: { encoding: StockFileEncoding; separator: ";" | "," | "\t" },
): AsyncGenerator<StockRecord> {
  const skipped: RejectedRow[] = [];
  const parser = parse({
    ...CSV_OPTIONS,
    delimiter: inspection.separator,
    info: true,
    on_skip: (error) => {
      skipped.push(malformedRow(error));
      return undefined;
    },
  });
  const decoder = iconv.decodeStream(inspection.encoding === "utf-8" ? "utf8" : "windows-1252");
  pipeline(body, decoder, parser, () => undefined);
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      while (skipped.length > 0) yield { kind: "malformed", row: skipped.shift()! };
      yield { kind: "record", record: item.record, line: item.info.lines };
    }
    while (skipped.length > 0) yield { kind: "malformed", row: skipped.shift()! };
  } finally {
    // A reader that stops early (header refused) closes the file.
    body.destroy();
  }
}

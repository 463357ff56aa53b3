// Static files compressed once, at build time (issue 15: the server gzipped the entry chunk
// again on every request, ≈ 10 ms of CPU each time). Each compressible file of build/client
// gets a `.br` (Brotli, quality 11) and a `.gz` (gzip -9) beside it, kept only when smaller;
// the server picks one by Accept-Encoding (express-static-gzip, server/app.ts).
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/i;
/** Below this, the headers outweigh the saving. */
const MIN_BYTES = 1024;

export interface CompressionReport {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

async function walk(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? walk(full) : Promise.resolve(entry.isFile() ? [full] : []);
    }),
  );
  return files.flat();
}

export async function compressDirectory(dir: string): Promise<CompressionReport> {
  const report: CompressionReport = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const files = (await walk(dir)).filter((file) => COMPRESSIBLE.test(file));
  await Promise.all(
    files.map(async (file) => {
      const data = await fs.readFile(file);
      // A previous build's variants must not survive next to a changed file.
      await Promise.all([fs.rm(`${file}.br`, { force: true }), fs.rm(`${file}.gz`, { force: true })]);
      if (data.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          },
        }),
        gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      report.files++;
      report.bytes += data.length;
      if (br.length < data.length) {
        await fs.writeFile(`${file}.br`, br);
        report.brotliBytes += br.length;
      } else report.brotliBytes += data.length;
      if (gz.length < data.length) {
        await fs.writeFile(`${file}.gz`, gz);
        report.gzipBytes += gz.length;
      } else report.gzipBytes += data.length;
    }),
  );
  return report;
}

import { randomUUID } from "node:crypto";
import type { Database } from "~/db/client.server";
import { stockImportRuns } from "~/db/schema";
import { AppError } from "~/server/app-error";
import type { JobQueue } from "~/server/jobs.server";
import type { Storage } from "~/server/storage.server";
import { requireVerifiedPro } from "./stock-import-access.server";

/** "Le fichier dépasse 20 Mo : …" (Ko below a megabyte). */
export function tooLargeMessage(maxBytes: number): string {
  const limit =
    maxBytes >= 1024 * 1024 ? `${Math.floor(maxBytes / 1024 / 1024)} Mo` : `${Math.floor(maxBytes / 1024)} Ko`;
  return `Le fichier dépasse ${limit} : aucune ligne n'a été importée ; découpez-le en plusieurs fichiers.`;
}

/** The key of an uploaded file while its run waits (removed when the run ends). */
export function stockFileKey(runId: string): string {
  return `stock-imports/${runId}.csv`;
}

/**
 * 'Importer un fichier': a verified professional's upload is stored and a `stock-import` job
 * queued in the same transaction as its run, so the request answers at once whatever the size
 * of the stock (issue 35). Nothing is read here beyond the size: the job says what the file is.
 */
export async function startStockImport(options: {
  db: Database;
  storage: Storage;
  jobs: JobQueue | undefined;
  userId: string | null | undefined;
  file: Buffer;
  fileName: string | null;
  maxBytes: number;
}): Promise<{ runId: string }> {
  const pro = await requireVerifiedPro(options.db, options.userId);
  if (options.file.length === 0) throw new AppError("invalid", "Le fichier est vide : aucune ligne n'a été importée.");
  if (options.file.length > options.maxBytes) {
    throw new AppError("too_large", tooLargeMessage(options.maxBytes), { maxBytes: options.maxBytes });
  }
  if (!options.jobs)
    throw new AppError(
      "unavailable",
      "Les imports sont momentanément indisponibles : réessayez dans quelques minutes.",
    );
  const runId = randomUUID();
  const fileKey = stockFileKey(runId);
  await options.storage.put(fileKey, options.file, "text/csv");
  const jobs = options.jobs;
  try {
    await options.db.transaction(async (tx) => {
      await tx.insert(stockImportRuns).values({
        id: runId,
        ownerId: pro.userId,
        source: "file",
        fileName: options.fileName?.slice(0, 200) || null,
        fileKey,
      });
      await jobs.enqueue("stock-import", { runId }, { db: tx });
    });
  } catch (error) {
    await options.storage.delete(fileKey).catch(() => undefined);
    throw error;
  }
  return { runId };
}

import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { listings, stockImportRuns } from "~/db/schema";
import { enqueueSellerStats } from "~/features/sellers/refresh-seller-stats.server";
import { AppError } from "~/server/app-error";
import type { JobQueue } from "~/server/jobs.server";
import { requireVerifiedPro } from "./stock-import-access.server";

/**
 * A stock file is the dealer's whole stock (issue 35, decision 0046): an imported listing whose
 * reference the file no longer holds was sold or withdrawn by the dealer, and leaves the site as
 * a deleted listing (its URL answers 410 'Cette annonce n'est plus en ligne'). A file that
 * would withdraw more than half of the dealer's listings online is held until the dealer
 * confirms: a broken export must not empty a shop.
 */

/** Above this share of the live (published) stock, withdrawals wait for a confirmation. */
export const WITHDRAWAL_GUARD_SHARE = 0.5;

/** Still in the dealer's stock: a listing taken offline (decision 0058) too, so a feed without it deletes it. */
const LIVE = ["draft", "pending", "published", "rejected", "withdrawn"] as const;

export type WithdrawalPlan =
  | { kind: "none" }
  | { kind: "now"; ids: string[] }
  | { kind: "hold"; ids: string[]; published: number; withdrawnPublished: number };

/** The imported listings absent from the file, and whether they may go at once. */
export async function planWithdrawals(
  db: DbExecutor,
  ownerId: string,
  references: ReadonlySet<string>,
): Promise<WithdrawalPlan> {
  const imported = await db
    .select({ id: listings.id, reference: listings.stockReference, status: listings.status })
    .from(listings)
    .where(and(eq(listings.ownerId, ownerId), isNotNull(listings.stockReference), inArray(listings.status, [...LIVE])));
  const absent = imported.filter((row) => !references.has(row.reference!));
  if (absent.length === 0) return { kind: "none" };
  const [published] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(listings)
    .where(and(eq(listings.ownerId, ownerId), eq(listings.status, "published")));
  const live = published?.n ?? 0;
  const withdrawnPublished = absent.filter((row) => row.status === "published").length;
  const ids = absent.map((row) => row.id);
  if (live > 0 && withdrawnPublished > live * WITHDRAWAL_GUARD_SHARE)
    return { kind: "hold", ids, published: live, withdrawnPublished };
  return { kind: "now", ids };
}

/** Withdraws these listings of the owner still live; how many went. */
export async function withdrawListings(
  tx: DbExecutor,
  ownerId: string,
  ids: string[],
  jobs: JobQueue | undefined,
): Promise<number> {
  if (ids.length === 0) return 0;
  const gone = await tx
    .update(listings)
    .set({ status: "deleted", deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(listings.ownerId, ownerId), inArray(listings.id, ids), inArray(listings.status, [...LIVE])))
    .returning({ id: listings.id });
  if (gone.length > 0) await enqueueSellerStats(jobs, tx, [ownerId]);
  return gone.length;
}

/**
 * 'Confirmer le retrait' / 'Garder mes annonces' on a held run: the withdrawals it planned are
 * applied (those still live) or dropped; the run is done either way. The owner's own runs only.
 */
export async function decideHeldWithdrawals(options: {
  db: Database;
  jobs?: JobQueue;
  userId: string | null | undefined;
  runId: unknown;
  confirm: boolean;
}): Promise<{ withdrawn: number }> {
  const pro = await requireVerifiedPro(options.db, options.userId);
  const runId = typeof options.runId === "string" && /^[0-9a-f-]{36}$/i.test(options.runId) ? options.runId : null;
  if (!runId) throw new AppError("not_found", "Cet import n'existe pas.");
  return options.db.transaction(async (tx) => {
    const [run] = await tx
      .select()
      .from(stockImportRuns)
      .where(and(eq(stockImportRuns.id, runId), eq(stockImportRuns.ownerId, pro.userId)))
      .for("update");
    if (!run) throw new AppError("not_found", "Cet import n'existe pas.");
    if (run.status !== "held") throw new AppError("conflict", "Cet import n'attend plus de confirmation.");
    const withdrawn = options.confirm
      ? await withdrawListings(tx, pro.userId, run.pendingWithdrawals, options.jobs)
      : 0;
    await tx
      .update(stockImportRuns)
      .set({ status: "done", withdrawn, pendingWithdrawals: [], finishedAt: sql`now()` })
      .where(eq(stockImportRuns.id, runId));
    return { withdrawn };
  });
}

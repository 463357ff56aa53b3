import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { listings, type ListingStatus } from "~/db/schema";
import { recordPriceChange } from "~/features/moderation/listing-revisions.server";
import { noticePriceDrop, type PriceDropNotifier } from "~/features/price-drops/notice-price-drop.server";
import { MAX_PRICE } from "~/features/publish/listing-schemas";
import { enqueueSellerStats } from "~/features/sellers/refresh-seller-stats.server";
import { SOLD_CHANNEL_MESSAGE, SOLD_CHANNELS } from "~/features/hosting/sold-channels";
import { requireVerifiedPro } from "~/features/stock-import/stock-import-access.server";
import { AppError } from "~/server/app-error";
import type { JobQueue } from "~/server/jobs.server";
import { putListingsBackOnSale, takeListingsOffline } from "~/features/hosting/listing-offline.server";
import { BULK_MAX_LISTINGS, BULK_MESSAGES, newPriceOf, type BulkAction } from "./bulk-actions";

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, BULK_MESSAGES.notYours);

const bulkSchema = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("price"),
    mode: z.enum(["euros", "percent"], { error: BULK_MESSAGES.priceMode }),
    amount: z.coerce
      .number({ error: BULK_MESSAGES.amount })
      .refine((n) => Number.isFinite(n) && n !== 0, BULK_MESSAGES.amount),
  }),
  z.object({ action: z.literal("sold"), channel: z.enum(SOLD_CHANNELS, { error: SOLD_CHANNEL_MESSAGE }) }),
  z.object({ action: z.literal("withdraw") }),
  z.object({ action: z.literal("restore") }),
  z.object({ action: z.literal("delete") }),
]);

const idsSchema = z
  .array(uuid, { error: BULK_MESSAGES.noneSelected })
  .min(1, BULK_MESSAGES.noneSelected)
  .max(BULK_MAX_LISTINGS, BULK_MESSAGES.tooMany);

/** Which statuses each action applies to; any other listing of the batch refuses the whole batch. */
const APPLIES_TO: Record<BulkAction, readonly ListingStatus[]> = {
  price: ["draft", "pending", "published", "rejected", "withdrawn"],
  // A car taken offline while reserved may be sold (decision 0058).
  sold: ["published", "withdrawn"],
  // Only what buyers could see goes offline, and comes back without a new moderation (decision 0058).
  withdraw: ["published", "withdrawn"],
  restore: ["withdrawn", "published"],
  delete: ["draft", "pending", "published", "rejected", "sold", "withdrawn"],
};

/** The status each state change leaves; a listing already there is not counted as changed. */
const TARGET = { sold: "sold", withdraw: "withdrawn", restore: "published", delete: "deleted" } as const;

export interface BulkInput {
  ids: unknown;
  action: unknown;
  mode?: unknown;
  amount?: unknown;
  /** 'Vendus sur Occazio ?' for `sold`: one answer for the whole batch. */
  channel?: unknown;
}

/**
 * A bulk action of 'Mon stock' (issue 35, decision 0052) on the acting professional's listings,
 * all or nothing, in one transaction with the rows locked:
 * - `price`: a new price for each (€ added or %, rounded to the euro, between 1 € and the
 *   wizard's maximum), recorded like an edit (price history, favourites told of a drop);
 * - `sold`: published listings marked sold (like 'Marquer comme vendue', with one answer to
 *   'Vendus sur Occazio ?' for the batch; undone one by one from 'Mes annonces' for 7 days);
 * - `withdraw` / `restore`: published listings taken offline for a while and put back as they
 *   were (decision 0058, listing-offline.server.ts): id, statistics, favourites, conversations
 *   and stock reference kept;
 * - `delete`: definitively off the site (what 'Supprimer' of 'Mes annonces' and an import's
 *   withdrawal do: the URL answers 410, 'Annonce supprimée', the reference is free again).
 * A verified professional only; an id that is not one of its listings refuses the whole batch
 * (404, nothing changed).
 */
export async function applyBulkStockAction(options: {
  db: Database;
  userId: string | null | undefined;
  input: BulkInput;
  jobs?: JobQueue;
  priceDrops?: PriceDropNotifier;
}): Promise<{ action: BulkAction; changed: number }> {
  const pro = await requireVerifiedPro(options.db, options.userId);
  const ids = idsSchema.safeParse(Array.isArray(options.input.ids) ? [...new Set(options.input.ids)] : options.input.ids);
  if (!ids.success) throw new AppError(ids.error.issues.some((i) => i.code === "invalid_format") ? "not_found" : "invalid", ids.error.issues[0]!.message);
  const parsed = bulkSchema.safeParse({
    action: options.input.action,
    mode: options.input.mode,
    amount: options.input.amount,
    channel: options.input.channel,
  });
  if (!parsed.success) throw new AppError("invalid", parsed.error.issues[0]?.message ?? BULK_MESSAGES.unknownAction);
  const command = parsed.data;
  return options.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: listings.id, ownerId: listings.ownerId, status: listings.status, price: listings.price, publishedAt: listings.publishedAt })
      .from(listings)
      .where(and(inArray(listings.id, ids.data), eq(listings.ownerId, pro.userId)))
      .orderBy(listings.id)
      .for("update");
    if (rows.length !== ids.data.length) throw new AppError("not_found", BULK_MESSAGES.notYours);
    const refused = rows.filter((row) => !APPLIES_TO[command.action].includes(row.status));
    if (refused.length > 0) throw new AppError("conflict", BULK_MESSAGES.notApplicable[command.action](refused.length));
    if (command.action === "price") {
      const updates = rows.map((row) => ({ row, price: newPriceOf(row.price, command.mode, command.amount) }));
      const outOfRange = updates.filter((u) => u.price === null || u.price < 1 || u.price > MAX_PRICE);
      if (outOfRange.length > 0) throw new AppError("invalid", BULK_MESSAGES.priceRange(outOfRange.length, MAX_PRICE));
      let changed = 0;
      for (const { row, price } of updates) {
        const priceChangeId = await recordPriceChange(tx, row.id, row.price, price);
        if (!priceChangeId) continue;
        await tx.update(listings).set({ price, updatedAt: sql`now()` }).where(eq(listings.id, row.id));
        await noticePriceDrop(tx, { listing: row, newPrice: price, priceChangeId, notifier: options.priceDrops });
        changed += 1;
      }
      return { action: "price" as const, changed };
    }
    const changing = rows.filter((row) => row.status !== TARGET[command.action]);
    if (command.action === "withdraw" || command.action === "restore") {
      const ids = changing.map((row) => row.id);
      const changed =
        command.action === "withdraw"
          ? await takeListingsOffline(tx, pro.userId, ids, options.jobs)
          : await putListingsBackOnSale(tx, pro.userId, ids, options.jobs);
      return { action: command.action, changed };
    }
    if (changing.length > 0) {
      await tx
        .update(listings)
        .set(
          command.action === "sold"
            ? { status: "sold", soldAt: sql`now()`, soldChannel: command.channel, updatedAt: sql`now()` }
            : { status: "deleted", deletedAt: sql`now()`, updatedAt: sql`now()` },
        )
        .where(inArray(listings.id, changing.map((row) => row.id)));
      await enqueueSellerStats(options.jobs, tx, [pro.userId]);
    }
    return { action: command.action, changed: changing.length };
  });
}

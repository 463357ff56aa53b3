import { setImmediate as nextTurn } from "node:timers/promises";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { marketPriceModels } from "~/db/schema";
import { refitModel } from "./market-fit";
import { loadGroup, marketSlopes, rateListings, writeModels } from "./market-price-store.server";

/** Dirty models taken per transaction. */
const DIRTY_BATCH = 50;

/** Fits again the models marked dirty (DIRTY_BATCH per transaction) and rates their listings. */
export async function refreshDirtyModels(options: { db: Database }): Promise<{ models: number; updated: number }> {
  const { db } = options;
  let models = 0;
  let updated = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      // SKIP LOCKED: several processes may run the refresher; each model is taken once.
      const claimed = (
        (await tx.execute(sql`
          delete from market_price_dirty
          where (brand, model) in (
            select brand, model from market_price_dirty order by marked_at limit ${DIRTY_BATCH} for update skip locked)
          returning brand, model`)) as unknown as { rows: { brand: string; model: string }[] }
      ).rows;
      if (claimed.length === 0) return true;
      const slopes = await marketSlopes(tx);
      for (const key of claimed) {
        const group = await loadGroup(tx, key);
        const fitted = slopes && group ? refitModel(group, slopes) : null;
        if (fitted) await writeModels(tx, [fitted], new Date());
        else if (!group) {
          await tx
            .delete(marketPriceModels)
            .where(and(eq(marketPriceModels.brand, key.brand), eq(marketPriceModels.model, key.model)));
        }
        updated += await rateListings(tx, key);
        models++;
        await nextTurn();
      }
      return claimed.length < DIRTY_BATCH;
    });
    if (done) return { models, updated };
  }
}

import { and, desc, eq } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listings } from "~/db/schema";
import type { Storage } from "~/server/storage.server";
import { requireUserId } from "./listing-access.server";
import { clampStep, draftValues, listPhotos, type DraftView } from "./listing-values.server";

/** The seller's open draft with its photos and the step to resume at, or null. */
export async function getCurrentDraft(options: {
  db: DbExecutor;
  storage: Storage;
  userId: string | null | undefined;
}): Promise<DraftView | null> {
  const userId = requireUserId(options.userId);
  const [row] = await options.db
    .select()
    .from(listings)
    .where(and(eq(listings.ownerId, userId), eq(listings.status, "draft")))
    .orderBy(desc(listings.updatedAt))
    .limit(1);
  if (!row) return null;
  return {
    listingId: row.id,
    draftStep: clampStep(row.draftStep),
    values: draftValues(row),
    photos: await listPhotos(options.db, options.storage, row),
  };
}

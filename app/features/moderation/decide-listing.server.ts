import { and, eq } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { isUuid } from "~/db/ids";
import { listings, moderationEvents, type ModerationAction } from "~/db/schema";
import { AppError } from "~/server/app-error";
import type { Viewer } from "./moderator.server";

export interface Decided {
  id: string;
  ownerId: string;
  brand: string;
  model: string;
  year: number | null;
  city: string | null;
}

/**
 * Moves a listing from one status to another if, and only if, it is still in the expected
 * one: two moderators acting at once produce one outcome, recorded once.
 */
export async function decideListing(options: {
  db: Database;
  viewer: Viewer;
  listingId: string;
  from: "pending" | "published";
  set: Partial<typeof listings.$inferInsert>;
  action: ModerationAction;
  reasonCode?: string | null;
  reasonText?: string | null;
  /** The journal row also names the seller's account (decisions a professional's card counts). */
  journalOwner?: boolean;
  /** Runs in the decision's transaction (the seller's e-mail, enqueued with the decision). */
  inTransaction?: (tx: DbExecutor, row: Decided) => Promise<void>;
}): Promise<Decided> {
  if (!isUuid(options.listingId)) throw new AppError("not_found", "Annonce introuvable.");
  return options.db.transaction(async (tx) => {
    const [row] = await tx
      .update(listings)
      .set({ ...options.set, updatedAt: new Date() })
      .where(and(eq(listings.id, options.listingId), eq(listings.status, options.from)))
      .returning({
        id: listings.id,
        ownerId: listings.ownerId,
        brand: listings.brand,
        model: listings.model,
        year: listings.year,
        city: listings.city,
      });
    if (!row) {
      const [current] = await tx
        .select({ status: listings.status })
        .from(listings)
        .where(eq(listings.id, options.listingId));
      if (!current) throw new AppError("not_found", "Annonce introuvable.");
      throw new AppError("conflict", "Cette annonce a déjà été traitée ou n'est pas en attente de validation.");
    }
    await tx.insert(moderationEvents).values({
      listingId: row.id,
      targetUserId: options.journalOwner ? row.ownerId : null,
      moderatorId: options.viewer.id,
      action: options.action,
      reasonCode: options.reasonCode ?? null,
      reasonText: options.reasonText ?? null,
    });
    await options.inTransaction?.(tx, row);
    return row;
  });
}

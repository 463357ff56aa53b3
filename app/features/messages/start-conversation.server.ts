import { and, eq } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { isUuid } from "~/db/ids";
import { conversations, listings } from "~/db/schema";
import { EMAIL_VERIFICATION_TEXTS } from "~/features/auth/email-verification";
import { assertMayPost } from "~/features/auth/email-verification.server";
import { AppError } from "~/server/app-error";
import { requireSignedIn, type Limits } from "./conversation-access.server";
import { MESSAGE_TEXTS } from "./message-data";

/** Thrown inside the limited insert so its place is released: the conversation already existed. */
class AlreadyOpen extends Error {
  constructor(readonly id: string) {
    super("conversation déjà ouverte");
  }
}

/**
 * 'Message' on a listing: the buyer's conversation about it, created on first use. One per
 * (listing, buyer): clicking again, or twice at once, opens the same one. Only published
 * listings can be contacted, never one's own. `limits` counts new conversations only.
 */
export async function startConversation(options: {
  db: DbExecutor;
  userId: string | null | undefined;
  listingId: string;
  limits?: Limits;
}): Promise<{ id: string; created: boolean }> {
  const userId = requireSignedIn(options.userId);
  const { db } = options;
  if (!isUuid(options.listingId)) throw new AppError("not_found", MESSAGE_TEXTS.listingUnavailable);
  await assertMayPost(db, userId, EMAIL_VERIFICATION_TEXTS.message);
  const [listing] = await db
    .select({
      id: listings.id,
      ownerId: listings.ownerId,
      status: listings.status,
      brand: listings.brand,
      model: listings.model,
    })
    .from(listings)
    .where(eq(listings.id, options.listingId));
  if (!listing) throw new AppError("not_found", MESSAGE_TEXTS.listingUnavailable);
  if (listing.ownerId === userId) throw new AppError("forbidden", MESSAGE_TEXTS.ownListing);
  const existing = async () =>
    (
      await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.listingId, listing.id), eq(conversations.buyerId, userId)))
    )[0];
  const found = await existing();
  if (found) return { id: found.id, created: false };
  if (listing.status !== "published") throw new AppError("not_found", MESSAGE_TEXTS.listingUnavailable);
  const create = async (): Promise<{ id: string; created: boolean }> => {
    const [inserted] = await db
      .insert(conversations)
      .values({
        listingId: listing.id,
        listingTitle: `${listing.brand} ${listing.model}`,
        buyerId: userId,
        sellerId: listing.ownerId,
      })
      .onConflictDoNothing({ target: [conversations.listingId, conversations.buyerId] })
      .returning({ id: conversations.id });
    if (inserted) return { id: inserted.id, created: true };
    // A double click created it a moment ago: not a new conversation, so no place is used.
    const raced = await existing();
    if (!raced) throw new AppError("conflict", "La conversation n'a pas pu être ouverte. Réessayez.");
    throw new AlreadyOpen(raced.id);
  };
  try {
    // The place in the window is taken before the insert and given back if it fails.
    return options.limits ? await options.limits.within("conversationStart", userId, create) : await create();
  } catch (error) {
    if (error instanceof AlreadyOpen) return { id: error.id, created: false };
    throw error;
  }
}

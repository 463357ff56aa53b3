import { and, asc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { publicNameColumns } from "~/features/account/public-name.server";
import { publicNameOf } from "~/features/account/display-name";
import type { DbExecutor } from "~/db/client.server";
import { isUuid } from "~/db/ids";
import { conversations, listingPhotos, listings, user } from "~/db/schema";
import { photoUrls } from "~/features/listings/listing-cards.server";
import { hasPublicPhotos, isPendingPhoto } from "~/features/listings/photo-access.server";
import { listingPath } from "~/features/listings/listing-seo";
import { AppError } from "~/server/app-error";
import type { EventBus } from "~/server/events.server";
import type { Logger } from "~/server/logger.server";
import type { Mailer } from "~/server/mailer.server";
import type { UserRateLimits } from "~/server/rate-limit.server";
import type { Storage } from "~/server/storage.server";
import {
  DELETED_USER_NAME,
  MESSAGE_TEXTS,
  type ConversationListing,
  type ConversationListingState,
  type OtherParty,
} from "./message-data";

/** What the messaging use cases share: who takes part in a conversation, how its listing reads. */

export type Side = "buyer" | "seller";
export type Limits = Pick<UserRateLimits, "within">;

/** What sending a message needs to tell the recipient (live event, e-mail). */
export interface MessageNotifier {
  events: EventBus;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
}

export function requireSignedIn(userId: string | null | undefined): string {
  if (!userId) throw new AppError("unauthenticated", MESSAGE_TEXTS.signedOut);
  return userId;
}

export const other = alias(user, "other_party");

/** The other participant of `userId` in a conversation row (SQL), for joins. */
export function otherPartyId(userId: string): SQL {
  return sql`case when ${conversations.buyerId} = ${userId} then ${conversations.sellerId} else ${conversations.buyerId} end`;
}

/** Columns describing a conversation's listing, from a left join (the row may be gone). */
export const listingColumns = {
  id: listings.id,
  brand: listings.brand,
  model: listings.model,
  year: listings.year,
  city: listings.city,
  price: listings.price,
  status: listings.status,
};

export type ListingColumns = {
  id: string | null;
  brand: string | null;
  model: string | null;
  year: number | null;
  city: string | null;
  price: number | null;
  status: string | null;
};
export const emptyListing: ListingColumns = {
  id: null,
  brand: null,
  model: null,
  year: null,
  city: null,
  price: null,
  status: null,
};

export function listingState(status: string | null): ConversationListingState {
  if (status === "published") return "available";
  if (status === "sold") return "sold";
  if (status === null || status === "deleted") return "deleted";
  return "unavailable";
}

/**
 * Each listing's first photo. A listing the public cannot see (sold, withdrawn…) keeps its
 * photo for its seller only: the buyer gets the placeholder, never a link they may not open.
 */
export async function firstPhotos(db: DbExecutor, storage: Storage, listingIds: string[], viewerId: string) {
  const result = new Map<string, ReturnType<typeof photoUrls>>();
  if (listingIds.length === 0) return result;
  const rows = await db
    .select({
      listingId: listingPhotos.listingId,
      storageKey: listingPhotos.storageKey,
      variantWidths: listingPhotos.variantWidths,
      status: listings.status,
      ownerId: listings.ownerId,
      pendingSince: listingPhotos.pendingSince,
    })
    .from(listingPhotos)
    .innerJoin(listings, eq(listings.id, listingPhotos.listingId))
    .where(inArray(listingPhotos.listingId, listingIds))
    .orderBy(asc(listingPhotos.listingId), asc(listingPhotos.position));
  for (const row of rows) {
    if (result.has(row.listingId)) continue;
    // The buyer's thread shows the main photo they saw, not one waiting for a moderator.
    if ((!hasPublicPhotos(row.status) || isPendingPhoto(row)) && row.ownerId !== viewerId) continue;
    result.set(row.listingId, photoUrls(storage, row, row.status));
  }
  return result;
}

export function describeListing(
  title: string,
  row: ListingColumns,
  photos: Map<string, ReturnType<typeof photoUrls>>,
): ConversationListing {
  const state = listingState(row.id ? row.status : null);
  const alive = row.id !== null && row.brand !== null && row.model !== null;
  const current = alive ? [`${row.brand} ${row.model}`, row.year].filter(Boolean).join(" ") : title;
  return {
    id: row.id,
    title: current,
    price: row.price,
    path:
      alive && state === "available"
        ? listingPath({ id: row.id!, brand: row.brand!, model: row.model!, year: row.year, city: row.city })
        : null,
    photo: row.id ? (photos.get(row.id) ?? null) : null,
    state,
  };
}

/** The other participant as shown in the thread: their public name ('Camille D.'), never the handle. */
export function describeOtherParty(
  person: { id: string | null; displayName: string | null; firstname: string | null; lastname: string | null } | null,
): OtherParty {
  return person?.id ? { name: publicNameOf(person), deleted: false } : { name: DELETED_USER_NAME, deleted: true };
}

/**
 * The conversation if `userId` takes part in it; everybody else gets "not found", whether
 * the conversation exists or not.
 */
export async function participantConversation(db: DbExecutor, userId: string, conversationId: string) {
  if (!isUuid(conversationId)) throw new AppError("not_found", MESSAGE_TEXTS.notFound);
  const [row] = await db
    .select({
      conversation: conversations,
      listing: listingColumns,
      other: { id: other.id, ...publicNameColumns(other) },
    })
    .from(conversations)
    .leftJoin(listings, eq(listings.id, conversations.listingId))
    .leftJoin(other, sql`${other.id} = ${otherPartyId(userId)}`)
    .where(
      and(
        eq(conversations.id, conversationId),
        or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)),
      ),
    );
  if (!row) throw new AppError("not_found", MESSAGE_TEXTS.notFound);
  const side: Side = row.conversation.buyerId === userId ? "buyer" : "seller";
  return { ...row, side };
}

export function readOnlyReason(listing: ConversationListing, otherParty: OtherParty): string | null {
  if (otherParty.deleted) return MESSAGE_TEXTS.otherPartyGone;
  if (listing.state === "deleted") return MESSAGE_TEXTS.listingDeleted;
  return null;
}

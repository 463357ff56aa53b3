import { priceGuidanceFor } from "~/features/pricing/price-guidance.server";
import type { DbExecutor } from "~/db/client.server";
import { pendingRevisionOf } from "~/features/moderation/listing-revisions.server";
import type { Storage } from "~/server/storage.server";
import { LISTING_MESSAGES, assertEditable, findOwnedListing, requireUserId } from "./listing-access.server";
import { editableListing, listPhotos, type EditableListing } from "./listing-values.server";

/** 'Modifier mon annonce' loader: the owner's listing, or not_found / forbidden / conflict. */
export async function getListingForEdit(options: {
  db: DbExecutor;
  storage: Storage;
  userId: string | null | undefined;
  listingId: unknown;
}): Promise<EditableListing> {
  const userId = requireUserId(options.userId, LISTING_MESSAGES.unauthenticatedEdit);
  const listing = await findOwnedListing({ db: options.db, userId, listingId: options.listingId });
  assertEditable(listing);
  const revision = listing.status === "published" ? await pendingRevisionOf(options.db, listing.id) : null;
  const editable = editableListing(listing, await listPhotos(options.db, options.storage, listing), revision);
  // The price's guidance, for the car as the seller last described it (pending changes included).
  const car = revision ? { ...listing, ...revision } : listing;
  return { ...editable, priceGuidance: await priceGuidanceFor(options.db, car) };
}

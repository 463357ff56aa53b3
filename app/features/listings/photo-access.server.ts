import { eq, isNull, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listingPhotos, listings, proProfiles, type ListingStatus } from "~/db/schema";

/** `<storageKey>-<width>.webp`, the only names the photo pipeline writes (photo-variants.ts). */
const VARIANT_NAME = /^\/?(.+)-\d{2,5}\.webp$/;

export type PhotoAccess =
  /** Anyone may fetch it, and caches may keep it forever (keys never change). */
  | { kind: "public" }
  /** Only the listing's owner and moderators, never cached by shared caches. */
  | { kind: "restricted"; ownerId: string }
  | { kind: "none" };

/**
 * Whether a listing's photos may be seen by anyone, like its detail page: published only.
 * Drafts, pending, rejected, sold and deleted listings show their photos to their seller and
 * to moderators only (pages link them through the app's `/uploads`, never PHOTO_BASE_URL) —
 * except the first photo of a sold listing, which its 'Ce véhicule a été vendu' page shows.
 */
export function hasPublicPhotos(status: ListingStatus): boolean {
  return status === "published";
}

/**
 * The photos buyers may see of a listing they may see: not one added to a published listing and
 * still waiting for a moderator (issue 34, decision 0053). Every public photo query adds it.
 */
export const approvedPhoto = isNull(listingPhotos.pendingSince);

/** Whether a photo row waits for a moderator (its files are then never public). */
export function isPendingPhoto(photo: { pendingSince?: Date | string | null }): boolean {
  return photo.pendingSince != null;
}

/**
 * Who may fetch the stored photo at `photoPath` (relative to /uploads). A photo that belongs
 * to no listing (removed by its seller) is served to no one; the photos of a listing the
 * public cannot see (hasPublicPhotos), and a photo waiting for a moderator, only to its seller
 * and to moderators.
 */
export async function photoAccess(db: DbExecutor, photoPath: string): Promise<PhotoAccess> {
  const match = VARIANT_NAME.exec(photoPath);
  if (!match) return { kind: "none" };
  // A professional's logo (pros/<account>/<uuid>, issue 33): public while a profile shows it;
  // an upload no profile points to (replaced, removed, never saved) is served to no one.
  if (match[1]!.startsWith("pros/")) {
    const [pro] = await db
      .select({ userId: proProfiles.userId })
      .from(proProfiles)
      .where(eq(proProfiles.logoKey, match[1]!))
      .limit(1);
    return pro ? { kind: "public" } : { kind: "none" };
  }
  const [row] = await db
    .select({
      status: listings.status,
      ownerId: listings.ownerId,
      pending: sql<boolean>`${listingPhotos.pendingSince} is not null`,
      // The sold page (issue 36) shows the listing's first approved photo to anyone.
      first: sql<boolean>`${listingPhotos.position} = (select min(p.position) from listing_photos p where p.listing_id = ${listingPhotos.listingId} and p.pending_since is null)`,
    })
    .from(listingPhotos)
    .innerJoin(listings, eq(listings.id, listingPhotos.listingId))
    .where(eq(listingPhotos.storageKey, match[1]!))
    .limit(1);
  if (!row) return { kind: "none" };
  if (!row.pending && (hasPublicPhotos(row.status) || (row.status === "sold" && row.first))) return { kind: "public" };
  return { kind: "restricted", ownerId: row.ownerId };
}

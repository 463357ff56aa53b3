import { and, desc, eq } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { publicNameColumns } from "~/features/account/public-name.server";
import { listings, user } from "~/db/schema";
import { cardColumns, withPhotos } from "~/features/listings/listing-cards.server";
import type { ListingCardData } from "~/features/listings/listing-card-data";
import { AppError } from "~/server/app-error";
import { publicNameOf } from "./display-name";
import type { Storage } from "~/server/storage.server";

export interface PublicProfile {
  username: string;
  /** What the public reads ('Camille D.'); the username is only the page's address. */
  name: string;
  memberSince: string;
  listings: ListingCardData[];
}

/**
 * A seller as the public sees them: public name, member since, published listings. Of the
 * last name only its initial leaves this function; e-mail and phone are not even read.
 */
export async function getPublicProfile(options: { db: DbExecutor; storage: Storage; username: string }): Promise<PublicProfile> {
  if (!/^[A-Za-z0-9_.-]{1,30}$/.test(options.username)) throw new AppError("not_found", "Ce profil n'existe pas.");
  const [seller] = await options.db
    .select({
      id: user.id,
      username: user.username,
      ...publicNameColumns(user),
      createdAt: user.createdAt,
    })
    .from(user)
    .where(eq(user.username, options.username));
  if (!seller?.username) throw new AppError("not_found", "Ce profil n'existe pas.");
  const rows = await options.db
    .select(cardColumns)
    .from(listings)
    .where(and(eq(listings.ownerId, seller.id), eq(listings.status, "published")))
    .orderBy(desc(listings.publishedAt))
    .limit(100);
  return {
    username: seller.username,
    name: publicNameOf(seller),
    memberSince: seller.createdAt.toISOString(),
    listings: await withPhotos({ db: options.db, storage: options.storage, rows }),
  };
}

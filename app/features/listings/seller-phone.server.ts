import { eq } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listings, user } from "~/db/schema";
import { formatPhone } from "~/features/account/profile-schemas";
import { AppError } from "~/server/app-error";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The seller's phone number for a published listing, to signed-in users only, on request:
 * it never appears in a page's HTML, so it cannot be scraped from listings.
 */
export async function revealSellerPhone(options: {
  db: DbExecutor;
  listingId: string;
  viewerId: string | null | undefined;
}): Promise<{ phone: string | null }> {
  if (!options.viewerId) throw new AppError("unauthenticated", "Connectez-vous pour voir le numéro du vendeur.");
  if (!UUID.test(options.listingId)) throw new AppError("not_found", "Annonce introuvable.");
  const [row] = await options.db
    .select({ status: listings.status, phone: user.phoneNumber })
    .from(listings)
    .innerJoin(user, eq(user.id, listings.ownerId))
    .where(eq(listings.id, options.listingId));
  if (!row || row.status !== "published") throw new AppError("not_found", "Annonce introuvable.");
  return { phone: row.phone ? formatPhone(row.phone) : null };
}

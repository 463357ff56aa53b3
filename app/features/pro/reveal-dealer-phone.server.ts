import type { DbExecutor } from "~/db/client.server";
import { AppError } from "~/server/app-error";
import { displayPhone } from "./pro-phone";
import { DEALER_NOT_FOUND, findVerifiedDealer } from "./get-dealer-page.server";

/**
 * A verified professional's phone number, from its dealer page, to signed-in users only and on
 * request, as for listings (seller-phone.server.ts): it never appears in the page's HTML nor in
 * its JSON-LD. The route applies the same per-account and per-address limits as listings.
 */
export async function revealDealerPhone(options: {
  db: DbExecutor;
  slug: string;
  viewerId: string | null | undefined;
}): Promise<{ phone: string | null }> {
  if (!options.viewerId) throw new AppError("unauthenticated", "Connectez-vous pour voir le numéro du professionnel.");
  const dealer = await findVerifiedDealer(options.db, options.slug);
  if (!dealer) throw new AppError("not_found", DEALER_NOT_FOUND);
  const phone = dealer.pro.phone.trim();
  return { phone: phone ? displayPhone(phone) : null };
}

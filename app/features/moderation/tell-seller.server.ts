import { eq } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { user } from "~/db/schema";
import type { Notifier } from "./moderator.server";

/**
 * E-mail and live update to the seller after a moderation decision (a listing or a revision
 * of it); a mail failure never undoes the decision. `respectPreference`: skip the e-mail when
 * the seller turned "annonce validée" notifications off (refusals and removals always go).
 */
export async function tellSeller(
  notifier: Notifier,
  db: DbExecutor,
  listing: { id: string; ownerId: string },
  email: (name: string) => { subject: string; text: string; html: string },
  respectPreference: boolean,
) {
  notifier.events.publish(listing.ownerId, { type: "listings-changed" });
  const [owner] = await db
    .select({ email: user.email, firstname: user.firstname, username: user.username, notify: user.notifyListingValidated })
    .from(user)
    .where(eq(user.id, listing.ownerId));
  if (!owner || (respectPreference && owner.notify === false)) return;
  try {
    await notifier.mailer.send({ to: owner.email, ...email(owner.firstname || owner.username || "") });
  } catch (error) {
    notifier.logger.error({ err: error, listingId: listing.id }, "e-mail de modération non envoyé");
  }
}

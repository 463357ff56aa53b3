import { eq } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { greetingName } from "~/features/account/display-name";
import { user } from "~/db/schema";
import type { Notifier } from "./moderator.server";

/**
 * The e-mail to the seller after a moderation decision (a listing or a revision of it),
 * called inside the decision's transaction: the queued e-mail is committed with the decision
 * or not at all (outbox pattern), and delivered by a job that retries while SMTP is down.
 * `respectPreference`: skip it when the seller turned "annonce validée" notifications off
 * (refusals and removals always go). Never to an unconfirmed address (issue 37).
 */
export async function emailSeller(
  notifier: Notifier,
  tx: DbExecutor,
  listing: { id: string; ownerId: string },
  email: (name: string) => { subject: string; text: string; html: string },
  respectPreference: boolean,
) {
  const [owner] = await tx
    .select({
      email: user.email,
      firstname: user.firstname,
      displayName: user.displayName,
      notify: user.notifyListingValidated,
      verified: user.emailVerified,
    })
    .from(user)
    .where(eq(user.id, listing.ownerId));
  if (!owner || !owner.verified || (respectPreference && owner.notify === false)) return;
  await notifier.mailer.send({ to: owner.email, ...email(greetingName(owner)) }, { db: tx });
}

/** After the decision's commit: the seller's open pages ("Mes annonces") update live. */
export function tellSellerLive(notifier: Notifier, listing: { ownerId: string }) {
  notifier.events.publish(listing.ownerId, { type: "listings-changed" });
}

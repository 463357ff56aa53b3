import type { Database } from "~/db/client.server";
import { dealerPath } from "~/features/pro/dealer-seo";
import { decidePro } from "./decide-pro.server";
import { proVerifiedEmail } from "./moderation-emails";
import { requireModerator, type Notifier, type Viewer } from "./moderator.server";

/** 'Valider' in the 'Professionnels' tab: the account becomes 'Professionnel vérifié'. */
export async function validatePro(options: {
  db: Database;
  viewer: Viewer | null;
  userId: string;
  notifier: Notifier;
}) {
  const viewer = requireModerator(options.viewer);
  const row = await decidePro({
    db: options.db,
    viewer,
    userId: options.userId,
    set: { status: "verified", refusalReason: null },
    action: "pro_verified",
    notifier: options.notifier,
    email: (pro, name) =>
      proVerifiedEmail({
        name,
        companyName: pro.companyName,
        pageUrl: `${options.notifier.publicUrl}${dealerPath(pro.slug)}`,
      }),
  });
  options.notifier.events.publish(row.userId, { type: "listings-changed" });
  return row;
}

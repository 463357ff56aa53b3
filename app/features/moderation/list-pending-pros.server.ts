import { asc, count, eq } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { proProfiles, user } from "~/db/schema";
import { formatPhone } from "~/features/account/profile-schemas";
import { logoUrls } from "~/features/pro/pro-logo.server";
import { formatSiret } from "~/features/pro/siret";
import type { Storage } from "~/server/storage.server";
import type { PendingPros } from "./moderation-data";
import { requireModerator, type Viewer } from "./moderator.server";

export const PENDING_PROS_LIMIT = 50;

/**
 * The 'Professionnels' tab: profiles waiting for verification, oldest first (the partial index
 * pro_profiles_pending_idx), with what a moderator checks against the SIRET registry and the
 * account behind the claim. The moderator's own profile is listed without the buttons.
 */
export async function listPendingPros(options: { db: DbExecutor; storage: Storage; viewer: Viewer | null }): Promise<PendingPros> {
  const viewer = requireModerator(options.viewer);
  const pending = eq(proProfiles.status, "pending");
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    options.db.select({ total: count() }).from(proProfiles).where(pending),
    options.db
      .select({
        userId: proProfiles.userId,
        companyName: proProfiles.companyName,
        siret: proProfiles.siret,
        addressLine: proProfiles.addressLine,
        postalCode: proProfiles.postalCode,
        city: proProfiles.city,
        phone: proProfiles.phone,
        presentation: proProfiles.presentation,
        logoKey: proProfiles.logoKey,
        logoVariantWidths: proProfiles.logoVariantWidths,
        submittedAt: proProfiles.submittedAt,
        verifiedAt: proProfiles.verifiedAt,
        email: user.email,
        username: user.username,
        memberSince: user.createdAt,
      })
      .from(proProfiles)
      .innerJoin(user, eq(user.id, proProfiles.userId))
      .where(pending)
      .orderBy(asc(proProfiles.submittedAt), asc(proProfiles.userId))
      .limit(PENDING_PROS_LIMIT),
  ]);
  return {
    count: total,
    items: rows.map((r) => ({
      userId: r.userId,
      companyName: r.companyName,
      siret: formatSiret(r.siret),
      address: `${r.addressLine}, ${r.postalCode} ${r.city}`,
      phone: formatPhone(r.phone),
      presentation: r.presentation,
      logo: r.logoKey && r.logoVariantWidths?.length ? logoUrls(options.storage, { key: r.logoKey, widths: r.logoVariantWidths }).src : null,
      submittedAt: r.submittedAt.toISOString(),
      wasVerified: r.verifiedAt !== null,
      account: { email: r.email, username: r.username ?? "?", memberSince: r.memberSince.toISOString() },
      own: r.userId === viewer.id,
    })),
  };
}

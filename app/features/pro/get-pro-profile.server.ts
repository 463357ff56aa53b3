import { eq } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { proProfiles } from "~/db/schema";
import { formatPhone } from "~/features/account/profile-schemas";
import type { Storage } from "~/server/storage.server";
import { logoUrls } from "./pro-logo.server";
import type { OwnProProfile } from "./pro-profile-data";

/** The acting user's own professional profile (the id comes from the session), or null. */
export async function getOwnProProfile(options: { db: DbExecutor; storage: Storage; userId: string }): Promise<OwnProProfile | null> {
  const [row] = await options.db.select().from(proProfiles).where(eq(proProfiles.userId, options.userId));
  if (!row) return null;
  const logo = row.logoKey && row.logoVariantWidths?.length ? { key: row.logoKey, widths: row.logoVariantWidths } : null;
  return {
    slug: row.slug,
    companyName: row.companyName,
    siret: row.siret,
    addressLine: row.addressLine,
    postalCode: row.postalCode,
    city: row.city,
    latitude: row.latitude,
    longitude: row.longitude,
    phoneDisplay: formatPhone(row.phone),
    openingHours: row.openingHours,
    presentation: row.presentation,
    status: row.status,
    refusalReason: row.refusalReason,
    submittedAt: row.submittedAt.toISOString(),
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    logo: logo ? { ref: JSON.stringify(logo), ...logoUrls(options.storage, logo) } : null,
  };
}

/** Just the status, for the account page's card. */
export async function getProStatus(options: { db: DbExecutor; userId: string }) {
  const [row] = await options.db
    .select({ status: proProfiles.status, refusalReason: proProfiles.refusalReason })
    .from(proProfiles)
    .where(eq(proProfiles.userId, options.userId));
  return row ?? null;
}

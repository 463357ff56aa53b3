import { and, eq, isNull } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { proProfiles, user } from "~/db/schema";
import { AppError } from "~/server/app-error";
import { requireUserId } from "~/features/publish/listing-access.server";

export const STOCK_IMPORT_MESSAGES = {
  notVerified:
    "L'import de stock est réservé aux professionnels vérifiés : complétez votre profil professionnel et attendez sa vérification.",
  runNotFound: "Cet import n'existe pas ou n'est plus conservé (90 jours).",
} as const;

export interface ImportingPro {
  userId: string;
  email: string;
  companyName: string;
  trusted: boolean;
  city: string;
  postalCode: string;
  latitude: number | null;
  longitude: number | null;
}

/**
 * The acting account as a verified professional, not suspended (issue 35: only a verified
 * professional imports, into its own stock). Anyone else gets a 403 with the French reason.
 */
export async function requireVerifiedPro(db: DbExecutor, userId: string | null | undefined): Promise<ImportingPro> {
  const id = requireUserId(userId);
  const [row] = await db
    .select({
      userId: proProfiles.userId,
      email: user.email,
      companyName: proProfiles.companyName,
      trusted: proProfiles.trusted,
      city: proProfiles.city,
      postalCode: proProfiles.postalCode,
      latitude: proProfiles.latitude,
      longitude: proProfiles.longitude,
    })
    .from(proProfiles)
    .innerJoin(user, eq(user.id, proProfiles.userId))
    .where(and(eq(proProfiles.userId, id), eq(proProfiles.status, "verified"), isNull(user.suspendedAt)));
  if (!row) throw new AppError("forbidden", STOCK_IMPORT_MESSAGES.notVerified);
  return { ...row, trusted: row.trusted === 1 };
}

import { and, eq } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { proProfiles } from "~/db/schema";

/**
 * Whether a dealer's imports go live without a moderator: marked 'de confiance' by the
 * moderators and still verified (a suspended or re-verifying profile is not trusted, whatever
 * its flag says). Read at the moment of publishing, so a withdrawal applies to the next photo.
 */
export async function isTrustedDealer(tx: DbExecutor, ownerId: string): Promise<boolean> {
  const [row] = await tx
    .select({ trusted: proProfiles.trusted })
    .from(proProfiles)
    .where(and(eq(proProfiles.userId, ownerId), eq(proProfiles.status, "verified")));
  return row?.trusted === 1;
}

import { eq } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { user } from "~/db/schema";
import { AppError } from "~/server/app-error";
import { EMAIL_UNVERIFIED_CODE } from "./email-verification";

/**
 * Publishing and messaging need a confirmed e-mail address (issue 11): an account made with
 * someone else's address, or a throwaway one, cannot post. Browsing and favourites stay open.
 * Identity-provider accounts arrive verified (the provider checked the address).
 */
export async function assertEmailVerified(db: DbExecutor, userId: string, message: string): Promise<void> {
  const [row] = await db.select({ verified: user.emailVerified }).from(user).where(eq(user.id, userId));
  if (row && !row.verified) throw new AppError("forbidden", message, { code: EMAIL_UNVERIFIED_CODE });
}

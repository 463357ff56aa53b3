import { eq } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { user } from "~/db/schema";
import { AppError } from "~/server/app-error";
import {
  ACCOUNT_SUSPENDED_CODE,
  ACCOUNT_SUSPENDED_TEXT,
  DISPLAY_NAME_MISSING_CODE,
  DISPLAY_NAME_MISSING_TEXT,
  EMAIL_UNVERIFIED_CODE,
} from "./email-verification";

/**
 * Publishing and messaging need a confirmed e-mail address (issue 11): an account made with
 * someone else's address, or a throwaway one, cannot post. Browsing and favourites stay open.
 * Identity-provider accounts arrive verified (the provider checked the address).
 * A suspended account (issue 17, moderators) cannot post either, whatever session it still holds.
 */
export async function assertMayPost(db: DbExecutor, userId: string, message: string): Promise<void> {
  const [row] = await db
    .select({ verified: user.emailVerified, suspendedAt: user.suspendedAt, displayName: user.displayName })
    .from(user)
    .where(eq(user.id, userId));
  if (row?.suspendedAt) throw new AppError("forbidden", ACCOUNT_SUSPENDED_TEXT, { code: ACCOUNT_SUSPENDED_CODE });
  if (row && !row.verified) throw new AppError("forbidden", message, { code: EMAIL_UNVERIFIED_CODE });
  // Issue 33: others must see a chosen name, never a handle; older accounts choose one now.
  if (row && !row.displayName) {
    throw new AppError("forbidden", DISPLAY_NAME_MISSING_TEXT, { code: DISPLAY_NAME_MISSING_CODE });
  }
}

import { expect } from "vitest";
import { outboxEmails } from "~/db/schema";
import type { createClient } from "./test-app";
import type { TestDatabase } from "./test-db";

export const VERIFY_EMAIL_SUBJECT = "Confirmez votre adresse e-mail Occazio";

/** The verification link Better Auth sent to `email` (outbox of the test app). */
export async function verificationLink(t: TestDatabase, email: string): Promise<string> {
  const mails = (await t.db.select().from(outboxEmails)).filter((m) => m.toAddress === email && m.subject === VERIFY_EMAIL_SUBJECT);
  const link = /(https?:\/\/\S+\/api\/auth\/verify-email\S+)/.exec(mails.at(-1)?.textBody ?? "")?.[1];
  if (!link) throw new Error(`aucun lien de vérification pour ${email}`);
  return link;
}

/** Clicks the sign-up e-mail's link as the user would (same cookies). */
export async function verifyEmailThroughOutbox(t: TestDatabase, client: ReturnType<typeof createClient>, email: string) {
  const url = new URL(await verificationLink(t, email));
  const response = await client.request(url.pathname + url.search);
  expect([200, 302]).toContain(response.status);
}

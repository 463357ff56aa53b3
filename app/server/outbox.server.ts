import { desc } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { outboxEmails } from "~/db/schema";

/** The latest e-mails kept by the outbox mailer, newest first. */
export async function listOutboxEmails(options: { db: DbExecutor; limit?: number }) {
  return options.db
    .select()
    .from(outboxEmails)
    .orderBy(desc(outboxEmails.createdAt))
    .limit(options.limit ?? 50);
}

import type { Database } from "~/db/client.server";
import { sanctionReportedParticipant } from "./act-on-conversation-report.server";
import { requireModerator, type Notifier, type Viewer } from "./moderator.server";

/** 'Avertir' on a conversation report: the reported participant gets a warning e-mail. */
export async function warnAccount(options: {
  db: Database;
  viewer: Viewer | null;
  reportId: string;
  note?: string;
  notifier: Notifier;
}) {
  const viewer = requireModerator(options.viewer);
  return sanctionReportedParticipant({ ...options, viewer, sanction: "warn" });
}

import type { Database } from "~/db/client.server";
import { sanctionReportedParticipant } from "./act-on-conversation-report.server";
import { requireModerator, type Notifier, type Viewer } from "./moderator.server";

/**
 * 'Suspendre le compte' on a conversation report: the reported participant can no longer sign
 * in, publish or write (user.suspended_at, enforced by the auth hooks and assertMayPost), and
 * its sessions are revoked at once.
 */
export async function suspendAccount(options: {
  db: Database;
  viewer: Viewer | null;
  reportId: string;
  note?: string;
  notifier: Notifier;
}) {
  const viewer = requireModerator(options.viewer);
  return sanctionReportedParticipant({ ...options, viewer, sanction: "suspend" });
}

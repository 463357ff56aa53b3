import { sanctionReportedParticipant, type SanctionRequest } from "./act-on-conversation-report.server";
import { requireModerator } from "./moderator.server";

/**
 * 'Suspendre le compte' on a conversation report: the reported participant can no longer sign
 * in, publish or write (user.suspended_at, enforced by the auth hooks and assertMayPost), and
 * its sessions are revoked at once.
 */
export async function suspendAccount(options: SanctionRequest) {
  const viewer = requireModerator(options.viewer);
  return sanctionReportedParticipant({ ...options, viewer, sanction: "suspend" });
}

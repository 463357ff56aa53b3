import { sanctionReportedParticipant, type SanctionRequest } from "./act-on-conversation-report.server";
import { requireModerator } from "./moderator.server";

/** 'Avertir' on a conversation report: the reported participant gets a warning e-mail. */
export async function warnAccount(options: SanctionRequest) {
  const viewer = requireModerator(options.viewer);
  return sanctionReportedParticipant({ ...options, viewer, sanction: "warn" });
}

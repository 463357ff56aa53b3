import { getSessionUser } from "~/features/auth/session.server";
import { messageNotifier, readMessageRequest } from "~/features/messages/message-request.server";
import { sendMessage } from "~/features/messages/send-message.server";
import { apiErrorResponse } from "~/server/api-errors.server";
import type { Route } from "./+types/api.conversation-messages";

/**
 * POST /api/conversations/:id/messages { body } → { id, createdAt } — the composer's send
 * (the thread page's form posts to its own action when JavaScript is off). Participants
 * only; rate-limited; the recipient is told live and, at most every 15 minutes, by e-mail.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { services } = context;
  try {
    const me = await getSessionUser(request, services);
    const fields = await readMessageRequest(request);
    const sent = await sendMessage({
      db: services.db,
      userId: me?.id,
      conversationId: params.id,
      body: fields.body,
      limits: services.rateLimits,
      notifier: messageNotifier(services),
      jobs: services.jobs,
    });
    return Response.json(
      { id: sent.id, createdAt: sent.createdAt },
      { status: 201, headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    return apiErrorResponse(error);
  }
}

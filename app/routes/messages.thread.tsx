import { data } from "react-router";
import { getSessionUser } from "~/features/auth/session.server";
import { visitorKey } from "~/features/listings/listing-detail.server";
import { messageNotifier, readMessageRequest } from "~/features/messages/message-request.server";
import { ConversationError, ConversationPage } from "~/features/messages/conversation-page";
import { archiveConversation } from "~/features/messages/archive-conversation.server";
import { getConversation } from "~/features/messages/get-conversation.server";
import { reportConversation } from "~/features/messages/report-conversation.server";
import { sendMessage } from "~/features/messages/send-message.server";
import { isAppError } from "~/server/app-error";
import { pageHeadersWithRetryAfter, retryAfterHeaders } from "~/server/retry-after";
import { memberPageRobots, pageMeta } from "~/ui/seo";
import type { Route } from "./+types/messages.thread";

export function meta({ data: loaderData }: Route.MetaArgs) {
  const title = loaderData?.signedIn ? `Conversation : ${loaderData.thread.listing.title}` : "Conversation";
  return [...pageMeta(title, "Votre conversation à propos d'une annonce."), ...memberPageRobots(loaderData?.signedIn)];
}

const PRIVATE = { "Cache-Control": "private, no-store" };

export function headers(args: Route.HeadersArgs) {
  return pageHeadersWithRetryAfter(args);
}

/** The thread, for its two participants; anybody else gets the 404 page. Reading marks it read. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, storage } = context.services;
  const me = await getSessionUser(request, context.services);
  if (!me) return data({ signedIn: false as const }, { status: 401, headers: PRIVATE });
  try {
    const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
    const thread = await getConversation({ db, storage, userId: me.id, conversationId: params.id, page });
    return data({ signedIn: true as const, thread }, { headers: PRIVATE });
  } catch (error) {
    if (isAppError(error) && error.code === "not_found")
      throw data({ message: error.message }, { status: 404, headers: PRIVATE });
    throw error;
  }
}

/** send (the composer without JavaScript), archive / unarchive, report. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { services } = context;
  const { db, rateLimits } = services;
  let intent = "";
  try {
    const me = await getSessionUser(request, services);
    const fields = await readMessageRequest(request);
    intent = fields.intent ?? "";
    if (intent === "send") {
      await sendMessage({
        db,
        userId: me?.id,
        conversationId: params.id,
        body: fields.body,
        limits: rateLimits,
        notifier: messageNotifier(services),
        jobs: services.jobs,
      });
      return { intent, ok: "Message envoyé." };
    }
    if (intent === "archive" || intent === "unarchive") {
      await archiveConversation({ db, userId: me?.id, conversationId: params.id, archived: intent === "archive" });
      return {
        intent,
        ok:
          intent === "archive"
            ? "Conversation archivée : elle reviendra dans vos messages si un nouveau message arrive."
            : "Conversation replacée dans vos messages.",
      };
    }
    if (intent === "report") {
      const report = () =>
        reportConversation({
          db,
          userId: me?.id,
          conversationId: params.id,
          reasonCode: fields.reasonCode ?? "",
          message: fields.message,
        });
      if (me) await rateLimits.within("report", visitorKey({ userId: me.id }), report);
      else await report();
      return { intent, ok: "Merci : votre signalement a été transmis à notre équipe de modération." };
    }
    return data({ intent, error: "Action inconnue." }, { status: 400 });
  } catch (error) {
    if (isAppError(error)) {
      return data({ intent, error: error.message }, { status: error.status, headers: retryAfterHeaders(error) });
    }
    throw error;
  }
}

export default function MessageThread({ loaderData, actionData }: Route.ComponentProps) {
  return <ConversationPage loaderData={loaderData} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <ConversationError />;
}

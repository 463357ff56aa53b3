import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { SignInRequired } from "~/features/auth/sign-in-required";
import { getSessionUser } from "~/features/auth/session.server";
import { ListingThumb } from "~/features/messages/listing-thumb";
import { listingStateNotice, type ConversationSummary } from "~/features/messages/message-data";
import { readMessageRequest } from "~/features/messages/message-request.server";
import { archiveConversation } from "~/features/messages/archive-conversation.server";
import { listConversationPage } from "~/features/messages/list-conversations.server";
import { isAppError } from "~/server/app-error";
import { Button, buttonClasses } from "~/ui/button";
import { formatCount, formatDateTime, formatPrice } from "~/ui/format";
import { PageLinks } from "~/ui/pagination";
import { memberPageRobots, pageMeta } from "~/ui/seo";
import type { Route } from "./+types/messages";
import { deName } from "~/ui/elision";

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [...pageMeta("Messages", "Vos conversations avec les acheteurs et les vendeurs."), ...memberPageRobots(loaderData?.signedIn)];
}

const PRIVATE = { "Cache-Control": "private, no-store" };

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await getSessionUser(request, context.services);
  const params = new URL(request.url).searchParams;
  const archived = params.get("vue") === "archives";
  if (!me)
    return data(
      { signedIn: false as const, archived, conversations: [] as ConversationSummary[], page: 1, pageCount: 1 },
      { status: 401, headers: PRIVATE },
    );
  const { conversations, page, pageCount } = await listConversationPage({
    db: context.services.db,
    storage: context.services.storage,
    userId: me.id,
    archived,
    page: Number(params.get("page") ?? "1"),
  });
  return data({ signedIn: true as const, archived, conversations, page, pageCount }, { headers: PRIVATE });
}

/** 'Archiver' / 'Désarchiver' from the list (for the acting participant only). */
export async function action({ request, context }: Route.ActionArgs) {
  const me = await getSessionUser(request, context.services);
  try {
    const fields = await readMessageRequest(request);
    const intent = fields.intent;
    if (intent !== "archive" && intent !== "unarchive") return data({ error: "Action inconnue." }, { status: 400 });
    await archiveConversation({
      db: context.services.db,
      userId: me?.id,
      conversationId: fields.id ?? "",
      archived: intent === "archive",
    });
    return { ok: intent === "archive" ? "Conversation archivée." : "Conversation replacée dans vos messages." };
  } catch (error) {
    if (isAppError(error)) return data({ error: error.message }, { status: error.status });
    throw error;
  }
}

function ConversationItem({
  conversation,
  archivedView,
}: {
  conversation: ConversationSummary;
  archivedView: boolean;
}) {
  const navigation = useNavigation();
  const { listing, otherParty, lastMessage, unread } = conversation;
  const notice = listingStateNotice(listing.state);
  return (
    <li
      className={`relative flex items-start gap-3 rounded-xl p-3 shadow-sm ring-1 sm:p-4 ${unread > 0 ? "bg-brand-50 ring-brand-200" : "bg-white ring-slate-200"}`}
    >
      <ListingThumb listing={listing} className="h-14 w-20 sm:h-16 sm:w-24" />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-2">
          <h2 className="line-clamp-2 break-words font-semibold">
            {/* The whole card opens the conversation (the link's box covers it). */}
            <Link
              to={`/messages/${conversation.id}`}
              className="after:absolute after:inset-0 after:rounded-xl focus:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand-500"
            >
              {listing.title}
            </Link>
          </h2>
          {lastMessage ? (
            <time dateTime={lastMessage.at} className="shrink-0 text-xs text-slate-600">
              {formatDateTime(lastMessage.at)}
            </time>
          ) : null}
        </div>
        <p className="text-sm text-slate-600">
          {listing.price != null ? (
            <span className="font-semibold text-slate-800">{formatPrice(listing.price)}</span>
          ) : null}
          {listing.price != null ? " · " : null}
          <span className={otherParty.deleted ? "italic" : undefined}>{otherParty.name}</span>
          <span> ({conversation.role === "seller" ? "acheteur" : "vendeur"})</span>
        </p>
        {lastMessage ? (
          <p className={`mt-1 truncate text-sm ${unread > 0 ? "font-semibold text-slate-900" : "text-slate-600"}`}>
            {lastMessage.fromMe ? "Vous : " : ""}
            {lastMessage.excerpt}
          </p>
        ) : null}
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {unread > 0 ? (
            <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-bold text-white">
              {formatCount(unread, "non lu", "non lus")}
            </span>
          ) : null}
          {notice ? (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
              {listing.state === "sold" ? "Vendu" : "Annonce indisponible"}
            </span>
          ) : null}
          <Form noValidate method="post" className="relative z-10 ml-auto">
            <input type="hidden" name="intent" value={archivedView ? "unarchive" : "archive"} />
            <input type="hidden" name="id" value={conversation.id} />
            <Button
              type="submit"
              variant="ghost"
              className="!px-2 !py-1 text-xs"
              disabled={navigation.state !== "idle"}
              aria-label={`${archivedView ? "Désarchiver" : "Archiver"} la conversation à propos ${deName(listing.title)} avec ${otherParty.name}`}
            >
              {archivedView ? "Désarchiver" : "Archiver"}
            </Button>
          </Form>
        </div>
      </div>
    </li>
  );
}

export default function Messages({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const archivedView = params.get("vue") === "archives";
  const tabClass = (active: boolean) =>
    `rounded-lg px-3 py-2 text-sm font-semibold ${active ? "bg-brand-600 text-white" : "bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"}`;
  return (
    <section className="mx-auto max-w-3xl space-y-5">
      <h1 className="text-2xl font-bold">Messages</h1>
      {!loaderData.signedIn ? (
        <SignInRequired message="Connectez-vous pour lire vos messages." options={{ reason: "Connectez-vous pour lire vos messages." }} />
      ) : (
        <>
          <nav aria-label="Dossiers de messages" className="flex gap-2">
            <Link to="/messages" className={tabClass(!archivedView)} aria-current={!archivedView ? "page" : undefined}>
              Conversations
            </Link>
            <Link
              to="/messages?vue=archives"
              className={tabClass(archivedView)}
              aria-current={archivedView ? "page" : undefined}
            >
              Archivées
            </Link>
          </nav>
          {actionData && navigation.state === "idle" ? (
            <p
              role={"ok" in actionData ? "status" : "alert"}
              className={`rounded-lg px-4 py-2 text-sm ${"ok" in actionData ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900"}`}
            >
              {"ok" in actionData ? actionData.ok : actionData.error}
            </p>
          ) : null}
          {loaderData.conversations.length === 0 ? (
            <div className="rounded-xl bg-white p-6 text-slate-700 shadow-sm">
              {archivedView ? (
                <p>Aucune conversation archivée.</p>
              ) : (
                <>
                  <p>Aucune conversation pour le moment.</p>
                  <p className="mt-1 text-sm text-slate-600">
                    Contactez un vendeur avec le bouton « Message » d'une annonce : vos échanges apparaîtront ici.
                  </p>
                  <Link to="/recherche" className={buttonClasses("secondary", "mt-4")}>
                    Parcourir les annonces
                  </Link>
                </>
              )}
            </div>
          ) : (
            <ul className="space-y-3" aria-label={archivedView ? "Conversations archivées" : "Conversations"}>
              {loaderData.conversations.map((conversation) => (
                <ConversationItem key={conversation.id} conversation={conversation} archivedView={archivedView} />
              ))}
            </ul>
          )}
          <PageLinks
            label="Pages de conversations"
            page={loaderData.page}
            pageCount={loaderData.pageCount}
            href={(p) => {
              const query = new URLSearchParams(archivedView ? { vue: "archives" } : {});
              if (p > 1) query.set("page", String(p));
              return query.size ? `/messages?${query}` : "/messages";
            }}
          />
        </>
      )}
    </section>
  );
}

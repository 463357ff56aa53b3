import { useEffect, useRef } from "react";
import { SignInRequired } from "~/features/auth/sign-in-required";
import { Form, isRouteErrorResponse, Link, useNavigation, useRouteError } from "react-router";
import { ListingThumb } from "~/features/messages/listing-thumb";
import { MessageComposer } from "~/features/messages/message-composer";
import { DisplayNamePrompt } from "~/features/account/display-name-prompt";
import { useOptionalUser } from "~/features/auth/session-user";
import { listingStateNotice, type ConversationThread } from "~/features/messages/message-data";
import { MessageText } from "~/features/messages/message-text";
import { ReportConversation } from "~/features/messages/report-conversation";
import { buttonClasses } from "~/ui/button";
import { formatDateTime, formatPrice } from "~/ui/format";
import { PageLinks } from "~/ui/pagination";
import { deName } from "~/ui/elision";

/** What the route's action answers: send, archive / unarchive, report. */
export type ConversationActionResult = { intent: string; ok: string } | { intent: string; error: string };

function ThreadHeader({ thread }: { thread: ConversationThread }) {
  const { listing, otherParty } = thread;
  const navigation = useNavigation();
  return (
    <header className="flex items-start gap-3 rounded-xl bg-white p-3 shadow-sm sm:p-4">
      <ListingThumb listing={listing} className="h-16 w-20 sm:h-20 sm:w-28" />
      <div className="min-w-0 flex-1">
        <h1 className="text-lg font-bold sm:text-xl">
          {listing.path ? (
            <Link to={listing.path} className="hover:underline">
              {listing.title}
            </Link>
          ) : (
            listing.title
          )}
        </h1>
        <p className="text-sm text-slate-600">
          {listing.price != null ? (
            <span className="font-semibold text-brand-700">{formatPrice(listing.price)}</span>
          ) : null}
          {listing.price != null ? " · " : null}
          {thread.role === "buyer" ? "Vendeur" : "Acheteur"} :{" "}
          <span className={otherParty.deleted ? "italic" : "font-medium text-slate-800"}>{otherParty.name}</span>
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1">
          <Form noValidate method="post">
            <input type="hidden" name="intent" value={thread.archived ? "unarchive" : "archive"} />
            <button
              type="submit"
              className="text-sm text-slate-600 underline hover:text-slate-900"
              disabled={navigation.state !== "idle"}
            >
              {thread.archived ? "Désarchiver" : "Archiver"}
            </button>
          </Form>
          <ReportConversation />
        </div>
      </div>
    </header>
  );
}

function MessageList({ thread }: { thread: ConversationThread }) {
  const list = useRef<HTMLDivElement>(null);
  const count = thread.messages.length;
  // Newest at the bottom, in view: on arrival and whenever a message is added.
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [count]);
  if (count === 0) {
    return (
      <p className="rounded-xl bg-white p-6 text-center text-slate-600 shadow-sm">
        {thread.role === "buyer"
          ? "Présentez-vous et posez vos questions au vendeur : disponibilité, historique d'entretien, possibilité d'essai…"
          : "Aucun message dans cette conversation."}
      </p>
    );
  }
  return (
    <div
      ref={list}
      role="log"
      aria-label={`Messages avec ${thread.otherParty.name}`}
      tabIndex={0}
      className="max-h-[60dvh] overflow-y-auto rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:p-4"
    >
      <ol className="space-y-3">
        {thread.messages.map((message) => (
          <li key={message.id} className={`flex ${message.mine ? "justify-end" : "justify-start"}`}>
            <article
              aria-label={`Message ${deName(message.senderName)}`}
              className={`max-w-[85%] rounded-2xl px-3 py-2 shadow-sm sm:max-w-[75%] ${message.mine ? "rounded-br-sm bg-brand-600 text-white" : "rounded-bl-sm bg-white text-slate-900 ring-1 ring-slate-200"}`}
            >
              <p className={`text-xs ${message.mine ? "text-brand-100" : "text-slate-500"}`}>
                <span className="font-semibold">{message.senderName}</span> ·{" "}
                <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
              </p>
              <p className="whitespace-pre-wrap break-words [overflow-wrap:anywhere]">
                <MessageText text={message.body} />
              </p>
            </article>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Older messages on the next pages (page 1: the newest). */
function ThreadPages({ thread }: { thread: ConversationThread }) {
  if (thread.pageCount <= 1) return null;
  return (
    <div className="space-y-2">
      <p className="text-center text-sm text-slate-600">
        {thread.page === 1
          ? "Les messages les plus récents sont affichés : les plus anciens sont sur les pages suivantes."
          : `Messages plus anciens (page ${thread.page} sur ${thread.pageCount}).`}
      </p>
      <PageLinks
        label="Pages de la conversation"
        page={thread.page}
        pageCount={thread.pageCount}
        href={(p) => (p > 1 ? `/messages/${thread.id}?page=${p}` : `/messages/${thread.id}`)}
      />
    </div>
  );
}

/** One conversation, for its two participants (route: routes/messages.thread.tsx). */
export function ConversationPage({
  loaderData,
  actionData,
}: {
  loaderData: { signedIn: false } | { signedIn: true; thread: ConversationThread };
  actionData: ConversationActionResult | undefined;
}) {
  const navigation = useNavigation();
  const user = useOptionalUser();
  if (!loaderData.signedIn) {
    return (
      <section className="mx-auto max-w-3xl space-y-4">
        <h1 className="text-2xl font-bold">Conversation</h1>
        <SignInRequired message="Connectez-vous pour lire cette conversation." options={{ reason: "Connectez-vous pour lire vos messages." }} />
      </section>
    );
  }
  const { thread } = loaderData;
  const notice = listingStateNotice(thread.listing.state);
  const result = actionData && navigation.state === "idle" ? actionData : null;
  return (
    <section className="mx-auto max-w-3xl space-y-4">
      <Link
        to="/messages"
        className="inline-flex items-center gap-1 rounded-lg px-2 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100"
      >
        <span aria-hidden="true">‹</span> Toutes les conversations
      </Link>
      <ThreadHeader thread={thread} />
      {notice ? (
        <p role="status" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {notice} La conversation reste consultable.
        </p>
      ) : null}
      {result && result.intent !== "send" ? (
        <p
          role={"ok" in result ? "status" : "alert"}
          className={`rounded-lg px-4 py-2 text-sm ${"ok" in result ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900"}`}
        >
          {"ok" in result ? result.ok : result.error}
        </p>
      ) : null}
      <MessageList thread={thread} />
      <ThreadPages thread={thread} />
      {thread.readOnlyReason ? (
        <p className="rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700">{thread.readOnlyReason}</p>
      ) : user && !user.displayName ? (
        <DisplayNamePrompt purpose="message" />
      ) : (
        <MessageComposer
          key={thread.id}
          conversationId={thread.id}
          error={result && result.intent === "send" && "error" in result ? result.error : null}
        />
      )}
    </section>
  );
}

/** The route's error boundary: someone else's conversation reads as not found. */
export function ConversationError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto max-w-3xl rounded-xl bg-white p-8 shadow-sm">
      <h1 className="text-2xl font-bold">{notFound ? "Conversation introuvable" : "Une erreur est survenue"}</h1>
      <p className="mt-2 text-slate-600">
        {notFound
          ? "Cette conversation n'existe pas ou ne vous concerne pas."
          : "Nous n'avons pas pu afficher cette conversation. Réessayez dans un instant."}
      </p>
      <Link to="/messages" className={buttonClasses("secondary", "mt-4")}>
        Retour aux messages
      </Link>
    </section>
  );
}

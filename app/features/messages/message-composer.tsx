import { useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/ui/button";
import { hasVisibleText, MESSAGE_MAX_LENGTH, MESSAGE_TEXTS } from "./message-data";
import { formatNumber } from "~/ui/format";


/**
 * The thread's composer. With JavaScript it sends through `POST /api/conversations/:id/messages`
 * and reloads the thread; without, the form posts to the page's own action. Enter sends,
 * Shift+Enter starts a new line.
 */
export function MessageComposer({
  conversationId,
  error: serverError,
}: {
  conversationId: string;
  error?: string | null;
}) {
  const id = useId();
  const revalidator = useRevalidator();
  const [text, setText] = useState("");
  const [pending, setPending] = useState(0);
  const [error, setError] = useState<string | null>(null);
  // Messages go out one after the other, in the order they were written.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const shownError = error ?? serverError ?? null;
  const over = text.length > MESSAGE_MAX_LENGTH;

  async function post(body: string): Promise<string | null> {
    const response = await fetch(`/api/conversations/${conversationId}/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ body }),
    }).catch(() => null);
    if (response?.ok) return null;
    const answer = (await response?.json().catch(() => null)) as { error?: string } | null;
    return answer?.error ?? "Le message n'a pas pu être envoyé. Vérifiez votre connexion et réessayez.";
  }

  function send(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = text.trim();
    if (!body) return setError(MESSAGE_TEXTS.empty);
    if (!hasVisibleText(body)) return setError(MESSAGE_TEXTS.invisible);
    if (body.length > MESSAGE_MAX_LENGTH) return setError(MESSAGE_TEXTS.tooLong);
    setError(null);
    // The box is free for the next message at once; a failed one comes back into it.
    setText("");
    setPending((n) => n + 1);
    queue.current = queue.current.then(async () => {
      const failure = await post(body);
      if (failure) {
        setError(failure);
        setText((current) => (current ? `${body}\n${current}` : body));
      } else {
        await revalidator.revalidate();
      }
      setPending((n) => n - 1);
    });
  }

  return (
    <form noValidate method="post" onSubmit={send} className="space-y-2" aria-label="Écrire un message">
      <input type="hidden" name="intent" value="send" />
      <label htmlFor={id} className="sr-only">
        Votre message
      </label>
      <textarea
        id={id}
        name="body"
        rows={3}
        required
        maxLength={MESSAGE_MAX_LENGTH}
        value={text}
        placeholder="Votre message…"
        aria-invalid={shownError || over ? true : undefined}
        aria-describedby={`${id}-aide ${id}-compteur${shownError ? ` ${id}-erreur` : ""}`}
        onChange={(event) => {
          setText(event.currentTarget.value);
          if (error) setError(null);
        }}
        onKeyDown={(event) => {
          // Enter sends; Shift+Enter is a new line; an IME composition is left alone.
          if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            event.currentTarget.form?.requestSubmit();
          }
        }}
        className="block w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-600"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`${id}-aide`} className="text-xs text-slate-500">
          {/* A keyboard hint: nothing to say on a touch screen (issue 36). */}
          <span className="pointer-coarse:hidden">Entrée pour envoyer, Maj+Entrée pour aller à la ligne. </span>
          <span id={`${id}-compteur`} className={over ? "font-semibold text-red-700" : undefined}>
            {formatNumber(text.length)} / {formatNumber(MESSAGE_MAX_LENGTH)} caractères
          </span>
        </p>
        <Button type="submit" aria-describedby={pending > 0 ? `${id}-envoi` : undefined}>
          Envoyer
        </Button>
      </div>
      {pending > 0 ? (
        <p id={`${id}-envoi`} role="status" className="text-xs text-slate-500">
          Envoi en cours…
        </p>
      ) : null}
      {shownError ? (
        <p id={`${id}-erreur`} role="alert" className="text-sm text-red-700">
          {shownError}
        </p>
      ) : null}
    </form>
  );
}

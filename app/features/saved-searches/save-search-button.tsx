import { useId, useState } from "react";
import { Link } from "react-router";
import { useAuthDialog } from "~/features/auth/auth-dialog";
import { EMAIL_VERIFICATION_TEXTS } from "~/features/auth/email-verification";
import { useOptionalUser } from "~/features/auth/session-user";
import { Button } from "~/ui/button";
import { TextField } from "~/ui/text-field";
import { MAX_SAVED_SEARCH_NAME, SAVED_SEARCH_MESSAGES } from "./saved-search-texts";

type Saved = { id: string; name: string; created: boolean };

async function postSavedSearch(query: string, name: string | undefined): Promise<Saved> {
  const response = await fetch("/api/saved-searches", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query, name }),
  });
  const body = (await response.json().catch(() => null)) as (Saved & { error?: string }) | null;
  if (!response.ok || !body) throw new Error(body?.error ?? "La recherche n'a pas pu être sauvegardée. Réessayez.");
  return body;
}

/**
 * 'Sauvegarder la recherche' on /recherche: signed in, a small form with the proposed name
 * (editable); signed out, the login popup first, then the search is saved under the proposed
 * name (renamed later in 'Mes recherches').
 */
export function SaveSearchButton({
  query,
  proposedName,
  compact = false,
  className = "",
}: {
  query: string;
  proposedName: string;
  /** Phones' results bar (issue 36): the bell alone, the words for screen readers; the form opens leftwards. */
  compact?: boolean;
  className?: string;
}) {
  const user = useOptionalUser();
  const { openAuthDialog } = useAuthDialog();
  // Proposed by the loader (proposeSearchName, with the equipment's labels): the parser and the
  // vocabulary stay out of the page's first-load JavaScript (decision 0043).
  const proposed = proposedName;
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(proposed);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<Saved | null>(null);
  const [pending, setPending] = useState(false);
  const panelId = useId();

  async function save(chosen: string | undefined) {
    setPending(true);
    setError(null);
    try {
      setSaved(await postSavedSearch(query, chosen));
      setOpen(false);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setPending(false);
    }
  }

  function onClick() {
    setSaved(null);
    setError(null);
    if (!user) {
      openAuthDialog({ mode: "login", onSuccess: () => void save(undefined) });
      return;
    }
    setName(proposed);
    setOpen((o) => !o);
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = name.trim();
    if (!chosen) return setError(SAVED_SEARCH_MESSAGES.nameRequired);
    if (chosen.length > MAX_SAVED_SEARCH_NAME) return setError(SAVED_SEARCH_MESSAGES.nameTooLong);
    void save(chosen);
  }

  return (
    <div className={`relative ${className}`}>
      <Button
        variant={compact ? "ghost" : "secondary"}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={onClick}
        disabled={pending}
        className={compact ? "h-11 w-full px-2" : ""}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-current">
          <path d="M12 22a2.5 2.5 0 0 0 2.5-2.5h-5A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.8V3a1.5 1.5 0 0 0-3 0v1.2A7 7 0 0 0 5 11v5l-2 2v1h18v-1z" />
        </svg>
        <span className={compact ? "sr-only" : undefined}>Sauvegarder la recherche</span>
      </Button>
      {open ? (
        <form
          id={panelId}
          noValidate
          onSubmit={onSubmit}
          className={`absolute right-0 top-full z-30 mt-2 w-[min(22rem,calc(100vw-2rem))] space-y-3 rounded-xl bg-white p-4 shadow-lg ring-1 ring-slate-200 ${compact ? "" : "max-wide:left-0 max-wide:right-auto"}`}
        >
          <TextField
            label="Nom de la recherche"
            name="name"
            value={name}
            maxLength={MAX_SAVED_SEARCH_NAME + 20}
            onChange={(e) => setName(e.target.value)}
            error={error}
            autoFocus
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={pending}>
              Enregistrer
            </Button>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Annuler
            </Button>
          </div>
        </form>
      ) : null}
      {saved ? (
        <p role="status" className={compact ? "absolute right-0 top-full z-30 mt-2 w-[min(22rem,calc(100vw-2rem))] rounded-xl bg-white p-3 text-sm text-emerald-800 shadow-lg ring-1 ring-slate-200" : "mt-2 text-sm text-emerald-800"}>
          {saved.created ? "Recherche sauvegardée" : "Cette recherche était déjà sauvegardée"} : « {saved.name} ».{" "}
          <Link to="/recherches" className="font-semibold underline">
            Mes recherches
          </Link>
          {user && !user.emailVerified ? <span className="mt-1 block text-amber-900">{EMAIL_VERIFICATION_TEXTS.alerts}</span> : null}
        </p>
      ) : null}
      {error && !open ? (
        <p role="alert" className={compact ? "absolute right-0 top-full z-30 mt-2 w-[min(22rem,calc(100vw-2rem))] rounded-xl bg-white p-3 text-sm text-red-700 shadow-lg ring-1 ring-slate-200" : "mt-2 text-sm text-red-700"}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

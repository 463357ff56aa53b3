import { useState } from "react";
import { Link } from "react-router";
import { EMAIL_VERIFICATION_TEXTS } from "~/features/auth/email-verification";
import { Button } from "~/ui/button";
import { TextField } from "~/ui/text-field";
import { MAX_SAVED_SEARCH_NAME, SAVED_SEARCH_MESSAGES } from "./saved-search-texts";

/**
 * What 'Sauvegarder la recherche' shows once clicked: the name form (signed in) and the result.
 * A module of its own, loaded on the first click (or when the pointer or focus reaches the
 * button): /recherche's first-load JavaScript keeps the button only (decision 0021's budget).
 */

export type Saved = { id: string; name: string; created: boolean };

export async function postSavedSearch(query: string, name: string | undefined): Promise<Saved> {
  const response = await fetch("/api/saved-searches", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query, name }),
  });
  const body = (await response.json().catch(() => null)) as (Saved & { error?: string }) | null;
  if (!response.ok || !body) throw new Error(body?.error ?? "La recherche n'a pas pu être sauvegardée. Réessayez.");
  return body;
}

const floating = "absolute right-0 top-full z-30 mt-2 w-[min(22rem,calc(100vw-2rem))]";

export default function SaveSearchPanel({
  id,
  open,
  proposed,
  pending,
  error,
  saved,
  compact,
  emailUnverified,
  onSave,
  onError,
  onClose,
}: {
  id: string;
  open: boolean;
  proposed: string;
  pending: boolean;
  error: string | null;
  saved: Saved | null;
  compact: boolean;
  emailUnverified: boolean;
  onSave: (name: string) => void;
  onError: (message: string) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(proposed);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = name.trim();
    if (!chosen) return onError(SAVED_SEARCH_MESSAGES.nameRequired);
    if (chosen.length > MAX_SAVED_SEARCH_NAME) return onError(SAVED_SEARCH_MESSAGES.nameTooLong);
    onSave(chosen);
  }

  return (
    <>
      {open ? (
        <form
          id={id}
          noValidate
          onSubmit={onSubmit}
          className={`${floating} space-y-3 rounded-xl bg-white p-4 shadow-lg ring-1 ring-slate-200 ${compact ? "" : "max-wide:left-0 max-wide:right-auto"}`}
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
            <Button variant="ghost" onClick={onClose}>
              Annuler
            </Button>
          </div>
        </form>
      ) : null}
      {saved ? (
        <p role="status" className={compact ? `${floating} rounded-xl bg-white p-3 text-sm text-emerald-800 shadow-lg ring-1 ring-slate-200` : "mt-2 text-sm text-emerald-800"}>
          {saved.created ? "Recherche sauvegardée" : "Cette recherche était déjà sauvegardée"} : « {saved.name} ».{" "}
          <Link to="/recherches" className="font-semibold underline">
            Mes recherches
          </Link>
          {emailUnverified ? <span className="mt-1 block text-amber-900">{EMAIL_VERIFICATION_TEXTS.alerts}</span> : null}
        </p>
      ) : null}
      {error && !open ? (
        <p role="alert" className={compact ? `${floating} rounded-xl bg-white p-3 text-sm text-red-700 shadow-lg ring-1 ring-slate-200` : "mt-2 text-sm text-red-700"}>
          {error}
        </p>
      ) : null}
    </>
  );
}

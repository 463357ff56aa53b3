import { lazy, Suspense, useId, useState } from "react";
import { useAuthDialog } from "~/features/auth/auth-dialog";
import { useOptionalUser } from "~/features/auth/session-user";
import { Button } from "~/ui/button";
import type { Saved } from "./save-search-panel";

const loadPanel = () => import("./save-search-panel");
const SaveSearchPanel = lazy(loadPanel);
const preload = () => void loadPanel();

/**
 * 'Sauvegarder la recherche' on /recherche: signed in, a small form with the proposed name
 * (editable); signed out, the login popup first, then the search is saved under the proposed
 * name (renamed later in 'Mes recherches'). The form, the request and the result's texts load
 * on first use (save-search-panel.tsx).
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
  // From the first click on: the panel's module is loaded and rendered (form, result, error).
  const [used, setUsed] = useState(false);
  // Changes at each opening, so the form starts again from the proposed name.
  const [opening, setOpening] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<Saved | null>(null);
  const [pending, setPending] = useState(false);
  const panelId = useId();

  async function save(chosen: string | undefined) {
    setPending(true);
    setError(null);
    try {
      const { postSavedSearch } = await loadPanel();
      setSaved(await postSavedSearch(query, chosen));
      setOpen(false);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setPending(false);
    }
  }

  function onClick() {
    setUsed(true);
    setSaved(null);
    setError(null);
    if (!user) {
      openAuthDialog({ mode: "login", onSuccess: () => void save(undefined) });
      return;
    }
    if (!open) setOpening((n) => n + 1);
    setOpen((o) => !o);
  }

  return (
    <div className={`relative ${className}`}>
      <Button
        variant={compact ? "ghost" : "secondary"}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={onClick}
        onPointerEnter={preload}
        onFocus={preload}
        disabled={pending}
        className={compact ? "h-11 w-full px-2" : ""}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-current">
          <path d="M12 22a2.5 2.5 0 0 0 2.5-2.5h-5A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.8V3a1.5 1.5 0 0 0-3 0v1.2A7 7 0 0 0 5 11v5l-2 2v1h18v-1z" />
        </svg>
        <span className={compact ? "sr-only" : undefined}>Sauvegarder la recherche</span>
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <SaveSearchPanel
            key={opening}
            id={panelId}
            open={open}
            proposed={proposed}
            pending={pending}
            error={error}
            saved={saved}
            compact={compact}
            emailUnverified={Boolean(user && !user.emailVerified)}
            onSave={(name) => void save(name)}
            onError={setError}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

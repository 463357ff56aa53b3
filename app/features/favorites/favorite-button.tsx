import { useState } from "react";
import { useAuthDialog } from "~/features/auth/auth-dialog";
import { useOptionalUser } from "~/features/auth/session-user";
import { useInteractive } from "~/ui/use-interactive";

/** The spec's signed-out alerts, one per screen (§5). */
export const SIGNED_OUT_FAVORITE_MESSAGES = {
  search: "Veuillez vous connecter pour ajouter des favoris.",
  detail: "Veuillez vous connecter pour ajouter aux favoris.",
  favorites: "Veuillez vous connecter pour gérer vos favoris.",
} as const;

async function saveFavorite(listingId: string, favorite: boolean) {
  const response = await fetch("/api/favorites", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ listingId, favorite }),
  });
  const body = (await response.json().catch(() => null)) as { favorite?: boolean; heartCount?: number; error?: string } | null;
  if (!response.ok) throw new Error(body?.error ?? "Le favori n'a pas pu être enregistré. Réessayez.");
  return body as { favorite: boolean; heartCount: number };
}

const HEART = "M12 20.5 4.2 12.9A4.9 4.9 0 0 1 11.2 6l.8.8.8-.8a4.9 4.9 0 0 1 7 6.9z";

/**
 * The heart of a listing (cards, detail, map): saves or removes the favourite on the server.
 * Optimistic, with the server's answer as the truth; signed out, it shows the screen's alert
 * with a way to sign in. Until the page is hydrated the heart is visibly disabled (greyed, wait
 * cursor) rather than ignoring a tap on a slow phone (issue 15).
 */
export function FavoriteButton({
  listingId,
  initialFavorite,
  screen,
  variant = "icon",
  onChange,
}: {
  listingId: string;
  initialFavorite: boolean;
  screen: keyof typeof SIGNED_OUT_FAVORITE_MESSAGES;
  /** icon: a heart over a photo; detail: 'Sauvegarder' with text hidden on phones; map: 'Ajouter aux favoris' / 'Favori'. */
  variant?: "icon" | "detail" | "map";
  onChange?: (state: { favorite: boolean; heartCount: number }) => void;
}) {
  const user = useOptionalUser();
  const { openAuthDialog } = useAuthDialog();
  const [favorite, setFavorite] = useState(initialFavorite);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const hydrated = useInteractive();
  const waiting = "disabled:cursor-wait disabled:opacity-50";

  async function onClick(event: React.MouseEvent) {
    // Hearts sit inside clickable cards.
    event.preventDefault();
    event.stopPropagation();
    setMessage(null);
    if (!user) return setMessage(SIGNED_OUT_FAVORITE_MESSAGES[screen]);
    if (pending) return;
    const wanted = !favorite;
    setFavorite(wanted);
    setPending(true);
    try {
      const result = await saveFavorite(listingId, wanted);
      setFavorite(result.favorite);
      onChange?.(result);
    } catch (error) {
      setFavorite(!wanted);
      setMessage((error as Error).message);
    } finally {
      setPending(false);
    }
  }

  const label = favorite ? "Ne plus sauvegarder" : "Sauvegarder";
  const heart = (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={`h-5 w-5 ${favorite ? "fill-red-600 stroke-red-600" : "fill-white/70 stroke-slate-800"}`} strokeWidth="1.8">
      <path d={HEART} />
    </svg>
  );
  return (
    <span className="relative inline-flex flex-col items-end">
      {variant === "icon" ? (
        <button type="button" aria-pressed={favorite} aria-label={favorite ? "Retirer des favoris" : "Ajouter aux favoris"} onClick={onClick} disabled={!hydrated} className="heart-button">
          {heart}
        </button>
      ) : variant === "detail" ? (
        <button type="button" aria-pressed={favorite} aria-label={label} onClick={onClick} disabled={!hydrated} className={`inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 ${waiting}`}>
          {heart}
          <span className="hidden wide:inline" aria-hidden="true">
            {label}
          </span>
        </button>
      ) : (
        <button type="button" aria-pressed={favorite} onClick={onClick} disabled={!hydrated} className={`inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-50 ${waiting}`}>
          {heart}
          {favorite ? "Favori" : "Ajouter aux favoris"}
        </button>
      )}
      {message ? (
        <span role="alert" className="absolute right-0 top-full z-20 mt-2 w-64 rounded-lg bg-slate-900 p-3 text-left text-sm text-white shadow-lg">
          {message}
          {!user ? (
            <button
              type="button"
              className="mt-2 block font-semibold text-brand-200 underline"
              onClick={(e) => {
                e.preventDefault();
                e.stopPropagation();
                setMessage(null);
                openAuthDialog({ mode: "login" });
              }}
            >
              Se connecter
            </button>
          ) : null}
        </span>
      ) : null}
    </span>
  );
}

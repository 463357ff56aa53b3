import { useSyncExternalStore } from "react";
import { useNonce } from "~/ui/nonce";

/**
 * 'Affichage : compact / grand' on phones (issue 36, decision 0045). Compact cards (photo on the
 * left, five lines) are the default at ≤ 640 px, by CSS alone (app.css, `.result-cards`): the
 * server's page is already right for most visitors. The choice 'grand' is kept in this browser
 * (localStorage) and written on <html data-cards="grand"> by an inline script before the first
 * paint, so a returning visitor's page does not jump when it hydrates either.
 */
export const CARD_DISPLAY_KEY = "occazio:affichage";
export type CardDisplay = "compact" | "grand";

const listeners = new Set<() => void>();

function read(): CardDisplay {
  try {
    return window.localStorage.getItem(CARD_DISPLAY_KEY) === "grand" ? "grand" : "compact";
  } catch {
    return "compact";
  }
}

export function setCardDisplay(display: CardDisplay) {
  try {
    if (display === "grand") window.localStorage.setItem(CARD_DISPLAY_KEY, "grand");
    else window.localStorage.removeItem(CARD_DISPLAY_KEY);
  } catch {
    // Storage disabled: the choice lasts until the page is left.
  }
  if (display === "grand") document.documentElement.dataset.cards = "grand";
  else delete document.documentElement.dataset.cards;
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** The chosen display ('compact' on the server: the default the CSS shows). */
export function useCardDisplay(): CardDisplay {
  return useSyncExternalStore(subscribe, read, () => "compact");
}

const APPLY_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(CARD_DISPLAY_KEY)})==="grand")document.documentElement.dataset.cards="grand"}catch(e){}`;

/** Before the cards are painted: the browser's choice on <html> (no jump at hydration). */
export function CardDisplayScript() {
  const nonce = useNonce();
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: APPLY_SCRIPT }} />;
}

/** The two-button switch shown on phones beside the count. */
export function CardDisplayToggle({ className = "" }: { className?: string }) {
  const display = useCardDisplay();
  const choices: { value: CardDisplay; label: string }[] = [
    { value: "compact", label: "Compact" },
    { value: "grand", label: "Grand" },
  ];
  return (
    <div role="group" aria-label="Affichage des annonces" className={`inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap text-sm ${className}`}>
      <span className="text-slate-600">Affichage&nbsp;:</span>
      <span className="inline-flex rounded-lg bg-slate-100 p-0.5">
        {choices.map((choice) => (
          <button
            key={choice.value}
            type="button"
            aria-pressed={display === choice.value}
            onClick={() => setCardDisplay(choice.value)}
            className="rounded-md px-2 py-0.5 font-medium text-slate-700 aria-pressed:bg-white aria-pressed:text-slate-900 aria-pressed:shadow-sm"
          >
            {choice.label}
          </button>
        ))}
      </span>
    </div>
  );
}

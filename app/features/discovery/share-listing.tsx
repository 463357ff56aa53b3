import { useEffect, useRef, useState } from "react";

/**
 * 'Partager' on a listing (issue 36): the phone's own share sheet (Web Share API) where it
 * exists; otherwise a small menu with 'Copier le lien', e-mail and WhatsApp links. No
 * third-party script: the links are plain URLs. A `<details>` menu, so the e-mail and WhatsApp
 * links work before the page is hydrated too. 'Copier le lien' closes the menu and says so in a
 * message under the header (a live region, always in the page so that it is announced): the menu
 * can open low on a phone's screen, where the contact and tab bars would cover it.
 */
export function ShareListing({ url, title, price }: { url: string; title: string; price: string | null }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const [copied, setCopied] = useState<"ok" | "failed" | null>(null);
  const text = price ? `${title} à ${price} sur Occazio` : `${title} sur Occazio`;

  async function share(event: React.MouseEvent) {
    // The phone's share sheet replaces the menu where the browser has one.
    if (typeof navigator.share !== "function") return;
    event.preventDefault();
    try {
      await navigator.share({ title: text, url });
    } catch {
      // Closed by the visitor, or refused: nothing to say.
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied("ok");
      const details = menu.current;
      if (details) {
        details.open = false;
        details.querySelector("summary")?.focus();
      }
    } catch {
      setCopied("failed");
    }
  }

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), 6000);
    return () => clearTimeout(timer);
  }, [copied]);

  const mail = `mailto:?subject=${encodeURIComponent(text)}&body=${encodeURIComponent(`${text}\n${url}`)}`;
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
  const item =
    "block w-full rounded px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600";
  return (
    <>
      <details ref={menu} className="relative">
        <summary onClick={share} className="share-trigger">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-4 w-4 fill-none stroke-current"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M4 12v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7M16 6l-4-4-4 4M12 2v13" />
          </svg>
          <span className="sr-only wide:not-sr-only">Partager</span>
        </summary>
        <div className="absolute right-0 top-full z-30 mt-2 w-56 rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-200">
          <button type="button" className={item} onClick={copy}>
            Copier le lien
          </button>
          <a className={item} href={mail}>
            Envoyer par e-mail
          </a>
          <a className={item} href={whatsapp} target="_blank" rel="noopener noreferrer">
            Envoyer par WhatsApp
          </a>
        </div>
      </details>
      <p role="status" className="share-toast">
        {copied ? <span>{copied === "ok" ? "Lien copié." : "Copie impossible : sélectionnez l'adresse de la page."}</span> : null}
      </p>
    </>
  );
}

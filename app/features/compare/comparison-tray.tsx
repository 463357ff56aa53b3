import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { useRootData } from "~/features/auth/session-user";
import { useInteractive } from "~/ui/use-interactive";
import { COMPARE_FULL_MESSAGE, COMPARE_LIMIT, comparePath, parseCompareIds } from "./compare-ids";

/** Where a visitor's tray lives (signed-in users keep theirs on the server). */
export const VISITOR_TRAY_KEY = "occazio:comparaison";

interface TrayContext {
  ids: string[];
  add(listingId: string): Promise<void>;
  remove(listingId: string): Promise<void>;
  clear(): Promise<void>;
  message: string | null;
  dismiss(): void;
}

const Context = createContext<TrayContext | null>(null);

export function useComparisonTray(): TrayContext | null {
  return useContext(Context);
}

const visitorListeners = new Set<() => void>();

function readVisitorTray(): string[] {
  try {
    return parseCompareIds(JSON.parse(window.localStorage.getItem(VISITOR_TRAY_KEY) ?? "[]") as unknown[], COMPARE_LIMIT).ids;
  } catch {
    return [];
  }
}

function writeVisitorTray(ids: string[]) {
  try {
    if (ids.length) window.localStorage.setItem(VISITOR_TRAY_KEY, JSON.stringify(ids));
    else window.localStorage.removeItem(VISITOR_TRAY_KEY);
  } catch {
    // Private browsing with storage disabled: nothing is kept.
  }
  for (const listener of visitorListeners) listener();
}

/** The browser's tray as an external store: this tab's writes and the other tabs' (storage events). */
function subscribeVisitorTray(onChange: () => void) {
  visitorListeners.add(onChange);
  const onStorage = (event: StorageEvent) => {
    if (event.key === VISITOR_TRAY_KEY || event.key === null) onChange();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    visitorListeners.delete(onChange);
    window.removeEventListener("storage", onStorage);
  };
}

const visitorSnapshot = () => readVisitorTray().join(",");
// The server renders visitors with an empty tray; the browser's shows once hydrated.
const visitorServerSnapshot = () => "";

async function postTray(body: unknown): Promise<{ listingIds: string[]; leftOut?: number }> {
  const response = await fetch("/api/comparison", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => null)) as { listingIds?: string[]; leftOut?: number; error?: string } | null;
  if (!response.ok || !answer?.listingIds) throw new Error(answer?.error ?? "La comparaison n'a pas pu être enregistrée. Réessayez.");
  return { listingIds: answer.listingIds, leftOut: answer.leftOut };
}

function leftOutMessage(leftOut: number): string {
  return leftOut > 1
    ? `${leftOut} annonces de votre comparaison n'ont pas pu être ajoutées à votre compte (maximum ${COMPARE_LIMIT}, ou annonce plus en ligne).`
    : `Une annonce de votre comparaison n'a pas pu être ajoutée à votre compte (maximum ${COMPARE_LIMIT}, ou annonce plus en ligne).`;
}

/**
 * The comparison tray (issue 14) for every page of the site: signed in, the server's (from the
 * root loader, which every navigation reloads, and from each answer of /api/comparison in
 * between); signed out, the browser's (localStorage, shared by the site's tabs). At sign-in the
 * browser's tray joins the account's and leaves the browser.
 */
export function ComparisonTrayProvider({ children }: { children: ReactNode }) {
  const { user, comparisonIds } = useRootData();
  const signedIn = Boolean(user);
  const serverKey = comparisonIds.join(",");
  // The server's latest answer, valid until the root loader brings a newer truth.
  const [answer, setAnswer] = useState<{ basedOn: string; ids: string[] } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const visitorKey = useSyncExternalStore(subscribeVisitorTray, visitorSnapshot, visitorServerSnapshot);
  const ids = useMemo(() => {
    if (!signedIn) return visitorKey ? visitorKey.split(",") : [];
    return answer && answer.basedOn === serverKey ? answer.ids : comparisonIds;
  }, [signedIn, visitorKey, answer, serverKey, comparisonIds]);

  useEffect(() => {
    if (!signedIn) return;
    const local = readVisitorTray();
    if (!local.length) return;
    let cancelled = false;
    postTray({ action: "merge", listingIds: local })
      .then((tray) => {
        writeVisitorTray([]);
        if (cancelled) return;
        setAnswer({ basedOn: serverKey, ids: tray.listingIds });
        if (tray.leftOut) setMessage(leftOutMessage(tray.leftOut));
      })
      .catch((error: Error) => setMessage(error.message));
    return () => {
      cancelled = true;
    };
    // Once per sign-in, whatever the server's tray was then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn]);

  const change = useCallback(
    async (next: string[], request: unknown) => {
      setMessage(null);
      if (!signedIn) return writeVisitorTray(next);
      const before = answer;
      setAnswer({ basedOn: serverKey, ids: next });
      try {
        setAnswer({ basedOn: serverKey, ids: (await postTray(request)).listingIds });
      } catch (error) {
        setAnswer(before);
        setMessage((error as Error).message);
      }
    },
    [signedIn, serverKey, answer],
  );

  const value = useMemo<TrayContext>(
    () => ({
      ids,
      message,
      dismiss: () => setMessage(null),
      add: async (listingId) => {
        if (ids.includes(listingId)) return;
        if (ids.length >= COMPARE_LIMIT) return setMessage(COMPARE_FULL_MESSAGE);
        await change([...ids, listingId], { action: "add", listingId });
      },
      remove: (listingId) => change(ids.filter((id) => id !== listingId), { action: "remove", listingId }),
      clear: () => change([], { action: "clear" }),
    }),
    [ids, message, change],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

const CHECK = "M5 12.5 10 17l9-10";

/**
 * 'Comparer' on a card, the detail page and /wishlists: adds the listing to the tray, or takes
 * it out on a second press (aria-pressed). Beyond the limit the tray bar says why.
 */
export function CompareButton({ listingId, variant = "card" }: { listingId: string; variant?: "card" | "detail" }) {
  const tray = useComparisonTray();
  // Needs the page's JavaScript: visibly disabled until it runs (decision 0024).
  const interactive = useInteractive();
  if (!tray) return null;
  const selected = tray.ids.includes(listingId);
  return (
    <button
      type="button"
      aria-pressed={selected}
      disabled={!interactive}
      onClick={(event) => {
        // It sits inside clickable cards.
        event.preventDefault();
        event.stopPropagation();
        void (selected ? tray.remove(listingId) : tray.add(listingId));
      }}
      className={`relative z-20 inline-flex shrink-0 items-center gap-1.5 rounded-lg font-semibold ring-1 disabled:cursor-wait disabled:opacity-50 ${
        variant === "detail" ? "px-3 py-2 text-sm" : "px-2 py-1 text-xs"
      } ${selected ? "bg-brand-50 text-brand-800 ring-brand-600" : "bg-white text-slate-800 ring-slate-300 hover:bg-slate-50"}`}
    >
      <span aria-hidden="true" className={`grid h-4 w-4 place-items-center rounded border ${selected ? "border-brand-600 bg-brand-600" : "border-slate-400"}`}>
        {selected ? (
          <svg viewBox="0 0 24 24" className="h-3 w-3 fill-none stroke-white" strokeWidth="3">
            <path d={CHECK} />
          </svg>
        ) : null}
      </span>
      Comparer
    </button>
  );
}

/**
 * The tray at the bottom of every page but /comparer: 'Comparer (3)' opens the comparison.
 * A docked strip, not a floating pill (issue 36, decision 0045): on phones right above the tab
 * bar (and on a listing's page above its contact bar too), at the bottom of wide screens; the
 * page reserves its height after its last line, and `scroll-padding-bottom` (app.css) keeps any
 * control the browser scrolls to — focus, `scrollIntoView` — clear of it, so it covers nothing
 * a visitor can reach.
 */
export function ComparisonTrayBar() {
  const tray = useComparisonTray();
  const { pathname } = useLocation();
  const interactive = useInteractive();
  if (!tray || pathname === "/comparer" || (tray.ids.length === 0 && !tray.message)) return null;
  const aboveContactBar = pathname.startsWith("/annonce/");
  return (
    <>
      {/* Room for the strip after the page's last line. */}
      <div aria-hidden="true" className="h-16" />
      <div
        role="region"
        aria-label="Comparaison"
        data-compare-dock
        className={`fixed inset-x-0 z-30 flex flex-col items-center gap-2 border-t border-slate-200 bg-white px-4 py-2 shadow-[0_-2px_8px_rgb(15_23_42/0.06)] wide:bottom-0 ${
          aboveContactBar ? "bottom-[calc(var(--spacing-tab-bar)+4rem)]" : "bottom-(--spacing-tab-bar)"
        }`}
      >
        {tray.message ? (
          <p role="alert" className="flex max-w-md items-start gap-3 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg">
            <span>{tray.message}</span>
            <button type="button" onClick={tray.dismiss} className="font-semibold text-brand-200 underline">
              OK
            </button>
          </p>
        ) : null}
        {tray.ids.length ? (
          <div className="flex items-center gap-1 rounded-full bg-brand-700 p-1 text-white shadow-sm">
            <Link to={comparePath(tray.ids)} className="rounded-full px-4 py-2 text-sm font-semibold hover:bg-brand-800">
              Comparer ({tray.ids.length})
            </Link>
            <button
              type="button"
              aria-label="Vider la comparaison"
              onClick={() => void tray.clear()}
              disabled={!interactive}
              className="grid h-8 w-8 place-items-center rounded-full text-lg leading-none hover:bg-brand-800 disabled:cursor-wait disabled:opacity-50"
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        ) : null}
      </div>
    </>
  );
}

import { UNSAFE_useScrollRestoration as useScrollRestoration } from "react-router";

/** React Router's key for the saved positions (its `<ScrollRestoration>` default). */
const STORAGE_KEY = "react-router-scroll-positions";

/**
 * React Router's `<ScrollRestoration>` with an inline script that leaves `sessionStorage` alone on a
 * fresh visit. The library's script reads the saved positions on every page before the first
 * paint, but a document opened by a link or typed URL has no history key yet, so nothing saved can
 * match it; that first `sessionStorage` read is a synchronous call to the browser process, and
 * during a page load it was the longest task before the first paint (12–32 ms observed on
 * /recherche and a listing, four times that on a slow phone). On a reload or a back/forward
 * into a new document the key exists and the position is restored before the paint, as before.
 * After hydration the library's own hook saves and restores positions for client navigations.
 */
const RESTORE_SCRIPT = `(function () {
  var state = window.history.state;
  if (!state || !state.key) {
    window.history.replaceState({ key: Math.random().toString(32).slice(2) }, "");
    return;
  }
  try {
    var y = JSON.parse(sessionStorage.getItem(${JSON.stringify(STORAGE_KEY)}) || "{}")[state.key];
    if (typeof y === "number") window.scrollTo(0, y);
  } catch (error) {
    sessionStorage.removeItem(${JSON.stringify(STORAGE_KEY)});
  }
})();`;

export function ScrollRestoration({ nonce }: { nonce: string | undefined }) {
  useScrollRestoration({ storageKey: STORAGE_KEY });
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: RESTORE_SCRIPT }} />;
}

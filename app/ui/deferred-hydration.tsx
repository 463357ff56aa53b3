/**
 * Starts the page's JavaScript after the first paint (decision 0024). The server drops React
 * Router's `modulepreload` links and gives its module script a type the browser does not
 * run (`~/server/deferred-hydration.server`); this inline script, rendered right after
 * `<Scripts />`, runs that module once the stylesheet has let the page paint and the
 * high-priority photo (the LCP image of /home, /recherche, /wishlists and a listing) has loaded
 * or failed. The modules then load as their importers ask for them (the preloads are not
 * restored: a script-inserted preload costs a main-thread task per module, which a slow phone
 * pays four times over); by the time React hydrates every one of them is loaded. Until then
 * links and GET forms work as plain HTML and the buttons that need JavaScript are visibly
 * disabled (`useInteractive`). A hidden tab, which paints nothing, starts at once.
 */
export const DEFERRED_MODULE_ID = "rr-deferred-module";
export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";

/**
 * A route's `handle` opts its documents in: the pages people land on (home, results, a listing,
 * favourites, the publish wizard). Pages without it hydrate at once — account, messaging and
 * moderation pages behind sign-in, legal and error pages.
 */
export type HydrationHandle = { hydrateAfterPaint: true };

const LOADER = `(function () {
  var deferred = document.getElementById(${JSON.stringify(DEFERRED_MODULE_ID)});
  if (!deferred) return;
  var nonce = document.currentScript && document.currentScript.nonce;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement("script");
    script.type = "module";
    if (nonce) script.nonce = nonce;
    script.textContent = deferred.textContent;
    document.body.appendChild(script);
  }
  function afterPaint() {
    if (document.visibilityState === "hidden") return start();
    // The frame after the next one: the first paint has been presented by then.
    requestAnimationFrame(function () { requestAnimationFrame(function () { setTimeout(start, 0); }); });
  }
  var photo = document.querySelector('img[fetchpriority="high"]');
  if (photo && !photo.complete) {
    photo.addEventListener("load", afterPaint);
    photo.addEventListener("error", afterPaint);
    // A photo that never settles (a stalled connection) does not keep the page inert.
    setTimeout(afterPaint, 4000);
  } else {
    afterPaint();
  }
})();`;

export function DeferredHydration({ nonce }: { nonce: string | undefined }) {
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: LOADER }} />;
}

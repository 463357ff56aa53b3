import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import type { EntryContext } from "react-router";
import { DEFERRED_MODULE_ID, DEFERRED_MODULE_TYPE, type HydrationHandle } from "~/ui/deferred-hydration";

/** What a `modulepreload` link becomes: an attribute no browser acts on. */
const DEFERRED_PRELOAD_ATTRIBUTE = "data-deferred-modulepreload";

/**
 * The page's JavaScript starts loading once the first paint (and the LCP photo) is on screen,
 * not alongside the stylesheet and the photo (decision 0024).
 *
 * React Router's `<Scripts />` writes a `modulepreload` link for every module of the page
 * (36 on /recherche, hoisted into the head by React) and an async module script that imports
 * them: on a slow phone 140 KiB of JavaScript then compete with the 11 KiB stylesheet and the
 * first photo, and nothing is painted before they are all in. It has no option to hold them
 * back, so the document's two literal forms are renamed here — the links lose their `rel`
 * (inert), the module script gets a type the browser does not run — and the root layout's
 * loader (`~/ui/deferred-hydration`) runs the module after the first paint (the preloads stay
 * inert: React adds its own when it hydrates). The markup is otherwise byte for byte what React
 * wrote; a page without them (an error page rendered outside React) is left alone.
 */
const REWRITES: readonly (readonly [string, string])[] = [
  ['<link rel="modulepreload"', `<link ${DEFERRED_PRELOAD_ATTRIBUTE}=""`],
  [' type="module" async="">', ` type="${DEFERRED_MODULE_TYPE}" id="${DEFERRED_MODULE_ID}">`],
];

/** Whether this document's deepest route opted in (its `handle`, `HydrationHandle`). */
export function hydratesAfterPaint(context: EntryContext): boolean {
  const { matches } = context.staticHandlerContext;
  const deepest = matches[matches.length - 1];
  if (!deepest) return false;
  const handle = context.routeModules[deepest.route.id]?.handle as Partial<HydrationHandle> | undefined;
  return handle?.hydrateAfterPaint === true;
}

function rewrite(text: string): string {
  let out = text;
  for (const [from, to] of REWRITES) out = out.replaceAll(from, to);
  return out;
}

const BYTE_REWRITES = REWRITES.map(([from, to]) => [Buffer.from(from), Buffer.from(to)] as const);

/**
 * The rewrite on a whole document's bytes (a page rendered whole, `renderWhole`): the forms are
 * ASCII, which UTF-8 never uses inside a multibyte character, so they are found by byte search and
 * the rest is copied as it is, never decoded. Decoding the 127 KiB of a search page into a string,
 * rewriting it and encoding it again for the `Response` cost ~1 ms of the ~14 of its render.
 */
export function deferHydrationScripts(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  let out = html;
  for (const [from, to] of BYTE_REWRITES) {
    let at = out.indexOf(from);
    if (at === -1) continue;
    const pieces: Buffer[] = [];
    let start = 0;
    for (; at !== -1; at = out.indexOf(from, start)) {
      pieces.push(out.subarray(start, at), to);
      start = at + from.length;
    }
    pieces.push(out.subarray(start));
    out = Buffer.concat(pieces);
  }
  return out;
}

/** How many trailing characters could be the start of a form split across two chunks. */
function heldBack(text: string): number {
  for (let k = Math.min(text.length, Math.max(...REWRITES.map(([from]) => from.length)) - 1); k > 0; k--) {
    const tail = text.slice(-k);
    if (REWRITES.some(([from]) => from.startsWith(tail))) return k;
  }
  return 0;
}

/**
 * The same rewrite on a streamed document: chunks pass through as they come, except the few
 * characters at a chunk's end that could begin one of the forms (usually none), which wait
 * for the next chunk. Replacements never contain the forms they replace, so text seen twice
 * is rewritten once.
 */
export function deferHydrationScriptsStream(): Transform {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = rewrite(pending + decoder.write(chunk));
      const keep = heldBack(text);
      pending = text.slice(text.length - keep);
      const ready = text.slice(0, text.length - keep);
      callback(null, ready.length > 0 ? Buffer.from(ready) : undefined);
    },
    flush(callback) {
      const rest = rewrite(pending + decoder.end());
      callback(null, rest.length > 0 ? Buffer.from(rest) : undefined);
    },
  });
}

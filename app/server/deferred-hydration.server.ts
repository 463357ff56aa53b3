import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import type { EntryContext } from "react-router";
import { DEFERRED_MODULE_ID, DEFERRED_MODULE_TYPE, type HydrationHandle } from "~/ui/deferred-hydration";

/**
 * The page's JavaScript starts loading once the first paint (and the LCP photo) is on screen,
 * not alongside the stylesheet and the photo (decision 0024).
 *
 * React Router's `<Scripts />` writes a `modulepreload` link for every module of the page
 * (40 on /recherche, hoisted into the head by React) and an async module script that imports
 * them: on a slow phone 140 KiB of JavaScript then compete with the 11 KiB stylesheet and the
 * first photo, and nothing is painted before they are all in. It has no option to hold them
 * back, so the document's two literal forms are rewritten here — the links are dropped (nothing
 * restores them, neither the loader nor React when it hydrates: checked in Chromium; they used to
 * be kept inert, 3.8 KiB and 40 CSP nonces of dead markup per page), the module script gets a
 * type the browser does not run — and the root layout's loader (`~/ui/deferred-hydration`) runs the module after the
 * first paint. The markup is otherwise byte for byte what React wrote; a page without them (an
 * error page rendered outside React) is left alone.
 */
const PRELOAD = '<link rel="modulepreload"';
const PRELOAD_TAG = /<link rel="modulepreload"[^>]*>/g;
const MODULE_SCRIPT = ' type="module" async="">';
const DEFERRED_MODULE_SCRIPT = ` type="${DEFERRED_MODULE_TYPE}" id="${DEFERRED_MODULE_ID}">`;

/** Whether this document's deepest route opted in (its `handle`, `HydrationHandle`). */
export function hydratesAfterPaint(context: EntryContext): boolean {
  const { matches } = context.staticHandlerContext;
  const deepest = matches[matches.length - 1];
  if (!deepest) return false;
  const handle = context.routeModules[deepest.route.id]?.handle as Partial<HydrationHandle> | undefined;
  return handle?.hydrateAfterPaint === true;
}

function rewrite(text: string): string {
  return text.replace(PRELOAD_TAG, "").replaceAll(MODULE_SCRIPT, DEFERRED_MODULE_SCRIPT);
}

const PRELOAD_BYTES = Buffer.from(PRELOAD);
const MODULE_SCRIPT_BYTES = Buffer.from(MODULE_SCRIPT);
const DEFERRED_MODULE_SCRIPT_BYTES = Buffer.from(DEFERRED_MODULE_SCRIPT);
const TAG_END = 0x3e; // ">"

/**
 * The rewrite on a whole document's bytes (a page rendered whole, `renderWhole`): the forms are
 * ASCII, which UTF-8 never uses inside a multibyte character, so they are found by byte search and
 * the rest is copied as it is, never decoded. Decoding the 127 KiB of a search page into a string,
 * rewriting it and encoding it again for the `Response` cost ~1 ms of the ~14 of its render.
 */
export function deferHydrationScripts(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  // Each preload link, from its start to its ">", goes.
  const withoutPreloads = replaceBytes(html, PRELOAD_BYTES, (at) => {
    const end = html.indexOf(TAG_END, at);
    return end === -1 ? null : { end: end + 1, by: EMPTY };
  });
  return replaceBytes(withoutPreloads, MODULE_SCRIPT_BYTES, (at) => ({ end: at + MODULE_SCRIPT_BYTES.length, by: DEFERRED_MODULE_SCRIPT_BYTES }));
}

const EMPTY = Buffer.alloc(0);

/** Each occurrence of `from` and what follows up to `end` replaced by `by` (null: left as it is, and the search stops). */
function replaceBytes(
  bytes: Buffer<ArrayBuffer>,
  from: Buffer,
  replacement: (at: number) => { end: number; by: Buffer } | null,
): Buffer<ArrayBuffer> {
  const pieces: Buffer[] = [];
  let start = 0;
  for (let at = bytes.indexOf(from); at !== -1; at = bytes.indexOf(from, start)) {
    const cut = replacement(at);
    if (!cut) break;
    pieces.push(bytes.subarray(start, at), cut.by);
    start = cut.end;
  }
  if (start === 0) return bytes;
  pieces.push(bytes.subarray(start));
  return Buffer.concat(pieces);
}

/** How many trailing characters must wait for the next chunk: an unfinished preload link, or what could start one of the forms. */
function heldBack(text: string): number {
  const open = text.lastIndexOf(PRELOAD);
  if (open !== -1 && !text.includes(">", open)) return text.length - open;
  const longest = Math.max(PRELOAD.length, MODULE_SCRIPT.length) - 1;
  for (let k = Math.min(text.length, longest); k > 0; k--) {
    const tail = text.slice(-k);
    if (PRELOAD.startsWith(tail) || MODULE_SCRIPT.startsWith(tail)) return k;
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

/** A message split into plain text and links, for rendering without any HTML. */
export type TextSegment = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

const URL_CANDIDATE = /\bhttps?:\/\/[^\s<>"'«»]+/gi;
/** Punctuation that ends a sentence rather than a URL ("voir https://exemple.fr."). */
const TRAILING = new Set([".", ",", ";", ":", "!", "?", "…", "'", '"', ")", "]"]);

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

function trimTrailing(candidate: string): string {
  let url = candidate;
  while (url.length > 0 && TRAILING.has(url.at(-1)!)) {
    // Keep a closing parenthesis that closes one inside the URL (Wikipedia-style links).
    if (url.endsWith(")") && count(url, "(") >= count(url, ")")) break;
    url = url.slice(0, -1);
  }
  return url;
}

/**
 * Finds http(s) URLs in plain text. Only absolute http and https addresses become links
 * (never `javascript:`, `data:` or relative ones); everything else stays text for React to
 * escape.
 */
export function linkify(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_CANDIDATE)) {
    const start = match.index;
    const raw = trimTrailing(match[0]);
    let href: string | null = null;
    try {
      const url = new URL(raw);
      if ((url.protocol === "http:" || url.protocol === "https:") && url.hostname) href = url.href;
    } catch {
      href = null;
    }
    if (!href) continue;
    if (start > last) segments.push({ kind: "text", text: text.slice(last, start) });
    segments.push({ kind: "link", text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) segments.push({ kind: "text", text: text.slice(last) });
  return segments;
}

import { linkify } from "./linkify";

/**
 * A message as typed: React escapes the text; only http(s) URLs become links, opened in a
 * new tab without referrer or opener and marked nofollow.
 */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((segment, index) =>
        segment.kind === "link" ? (
          <a
            key={index}
            href={segment.href}
            target="_blank"
            rel="nofollow noopener noreferrer"
            className="underline decoration-1 underline-offset-2"
          >
            {segment.text}
          </a>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}

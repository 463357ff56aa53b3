import { isbot } from "isbot";
import type { AppServices } from "~/server/context";
import { recordListingCounter, visitorKey } from "./listing-detail.server";

/**
 * Counts a view of a listing page (spec §3 view counter): once per visitor and listing within
 * the dedupe window, never for a bot, a HEAD or the seller (a signed-in seller is never served a
 * cached copy; the SQL checks the owner against the signed-in viewer). Called by the page's
 * loader when the page is rendered, and by the page cache when an anonymous visitor gets a copy
 * rendered for someone else (server/page-cache.ts, decision 0020): the counter follows the answers, not the
 * renders.
 */
export function countListingView(
  services: Pick<AppServices, "db" | "counterDedupe">,
  options: {
    /** A HEAD (link checkers, monitors) is nobody's view. */
    method: string;
    listingId: string;
    /** The client address (`CLIENT_IP_HEADER`, from the socket or a trusted proxy). */
    ip: string | null | undefined;
    userAgent: string | null | undefined;
    viewer?: { id: string } | null;
    /** Known when rendered; a cached copy is only served to anonymous visitors. */
    ownerId?: string | null;
  },
): Promise<boolean> {
  if (options.method === "HEAD") return Promise.resolve(false);
  return recordListingCounter({
    db: services.db,
    dedupe: services.counterDedupe,
    counter: "view",
    listingId: options.listingId,
    visitor: visitorKey({ userId: options.viewer?.id, ip: options.ip, userAgent: options.userAgent }),
    viewerId: options.viewer?.id,
    ownerId: options.ownerId,
    isBot: isbot(options.userAgent),
  });
}

/** `/annonce/{id}/{slug}` (or its `.data`): the listing id, else null. */
export function listingIdOfPath(pathname: string): string | null {
  return /^\/annonce\/([^/.]+)/.exec(pathname)?.[1] ?? null;
}

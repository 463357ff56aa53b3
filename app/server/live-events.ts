/**
 * Events the server pushes to open pages over `GET /api/events` (server-sent events). Shared
 * by the event bus (events.server.ts) and the browser hook (ui/use-live-revalidation.ts).
 * An event never carries private data: it only tells the page to reload its own.
 */
/** listings-changed: one of the user's listings changed; messages-changed: a message arrived for them. */
export const LIVE_EVENT_TYPES = ["listings-changed", "messages-changed"] as const;

export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

export interface LiveEvent {
  type: LiveEventType;
}

import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import type { LiveEventType } from "~/server/live-events";

/**
 * One EventSource per page, shared by every hook that listens: browsers allow about six
 * HTTP/1.1 connections per site, and each open stream holds one, so two streams per tab
 * would stall a seller with three tabs open. Closed when the last listener goes.
 */
let shared: { source: EventSource; users: number } | null = null;

/**
 * Events published between the moment the page's data was loaded and the moment the stream
 * is open are never delivered. When that gap is longer than this (a slow phone, a busy
 * server), the first "open" reloads the data once too.
 */
const MISSED_EVENTS_GAP_MS = 1_000;
/** The first page of the document got its data from the server, before the document loaded. */
let documentDataUsed = false;

function acquire(): EventSource {
  shared ??= { source: new EventSource("/api/events"), users: 0 };
  shared.users++;
  return shared.source;
}

function release(source: EventSource): void {
  if (!shared || shared.source !== source) return;
  shared.users--;
  if (shared.users === 0) {
    shared.source.close();
    shared = null;
  }
}

/**
 * Reloads the page's data (loaders) whenever the server pushes one of `types` over
 * `GET /api/events`, so a change made elsewhere (another tab, a moderator) shows without a
 * reload. After a dropped connection comes back, it reloads once too, for what it missed, and
 * so does a first connection that took long enough for events to slip by.
 */
export function useLiveRevalidation(types: readonly LiveEventType[]) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });
  const key = types.join(",");
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = acquire();
    const dataLoadedAt = documentDataUsed ? Date.now() : performance.timeOrigin;
    documentDataUsed = true;
    // The shared stream may already be open: only a later "open" is a reconnection.
    let connectedBefore = source.readyState === EventSource.OPEN;
    const reload = () => void revalidate.current();
    const onOpen = () => {
      if (connectedBefore || Date.now() - dataLoadedAt > MISSED_EVENTS_GAP_MS) reload();
      connectedBefore = true;
    };
    const names = key.split(",");
    source.addEventListener("open", onOpen);
    for (const name of names) source.addEventListener(name, reload);
    return () => {
      source.removeEventListener("open", onOpen);
      for (const name of names) source.removeEventListener(name, reload);
      release(source);
    };
  }, [key]);
}

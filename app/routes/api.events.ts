import { getSessionUser } from "~/features/auth/session.server";
import type { AppEvent } from "~/server/events.server";
import type { Route } from "./+types/api.events";

/**
 * Open streams one account may hold (tabs and devices together). Each costs a socket and a
 * subscription for as long as it stays open, so one user cannot open them without bound.
 */
export const MAX_STREAMS_PER_USER = 10;

/** Below the 30–60 s idle timeouts of common proxies, so an open stream is never cut for silence. */
const HEARTBEAT_MS = 25_000;

/**
 * GET /api/events — server-sent events for the signed-in user: one `listings-changed` event
 * each time one of their listings changes, wherever the change came from (another tab, a
 * moderator). Pages react by reloading their data. Comments (`: ping`) every 25 s keep the
 * connection alive; everything is released when the browser disconnects.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { events } = context.services;
  const user = await getSessionUser(request, context.services);
  if (!user) {
    return Response.json({ error: "Vous devez être connecté." }, { status: 401, headers: { "Cache-Control": "no-store" } });
  }
  if (events.listenerCount(user.id) >= MAX_STREAMS_PER_USER) {
    return Response.json(
      { error: "Trop de pages ouvertes reçoivent les mises à jour en direct : fermez-en quelques-unes puis rechargez." },
      { status: 429, headers: { "Cache-Control": "no-store", "Retry-After": "60" } },
    );
  }
  const encoder = new TextEncoder();
  let stop = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const unsubscribe = events.subscribe(user.id, (event: AppEvent) => {
        send(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      });
      const heartbeat = setInterval(() => send(": ping\n\n"), HEARTBEAT_MS);
      const onAbort = () => stop();
      stop = () => {
        stop = () => {};
        clearInterval(heartbeat);
        unsubscribe();
        request.signal.removeEventListener("abort", onAbort);
        try {
          controller.close();
        } catch {
          // Already closed or cancelled by the reader.
        }
      };
      request.signal.addEventListener("abort", onAbort);
      // Reconnect after 5 s if the connection drops; the first bytes also flush the headers.
      send("retry: 5000\n: connecté\n\n");
      if (request.signal.aborted) stop();
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: the compression middleware must not buffer the stream.
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}

import { PassThrough, Writable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  databaseUnavailablePage,
  isDatabaseUnavailable,
} from "~/server/database-unavailable";
import { deferHydrationScripts, deferHydrationScriptsStream, hydratesAfterPaint } from "~/server/deferred-hydration.server";
import { NonceContext } from "~/ui/nonce";

export const streamTimeout = 5_000;

/**
 * A loader or action failed because the database is unreachable: remembered on this
 * request's load context so the response becomes a 503 with `Retry-After` (a temporary
 * outage, not a bug), and logged once as a warning rather than as a server error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const loadContext = context as AppLoadContext;
  if (isDatabaseUnavailable(error)) {
    if (!loadContext.databaseUnavailable) {
      loadContext.services.logger.warn({ err: error, url: request.url }, "base de données injoignable : réponse 503");
    }
    loadContext.databaseUnavailable = true;
    return;
  }
  loadContext.services.logger.error({ err: error, url: request.url }, "erreur serveur");
};

function unavailableHeaders(headers: Headers) {
  headers.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  headers.set("Cache-Control", "no-store");
}

/** Client-side navigations (`.data` requests) during an outage answer 503 too. */
export const handleDataRequest: HandleDataRequestFunction = (response, { context }) => {
  if (!(context as AppLoadContext).databaseUnavailable) return response;
  const headers = new Headers(response.headers);
  unavailableHeaders(headers);
  return new Response(response.body, { status: 503, headers });
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (loadContext.databaseUnavailable) {
    // Rendered without React: the layout itself needs data the database cannot give now.
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    unavailableHeaders(responseHeaders);
    return new Response(databaseUnavailablePage(), { status: 503, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;
  const afterPaint = hydratesAfterPaint(routerContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Crawlers, SPA-mode builds and pages the server validates or caches (read whole anyway)
    // get the complete document at once.
    const readyEvent =
      loadContext.renderWhole || isbot(request.headers.get("user-agent")) || routerContext.isSpaMode
        ? "onAllReady"
        : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (loadContext.renderWhole) {
            // Read whole by the server anyway (server/page-cache.ts): collect React's chunks into
            // one buffer instead of passing them through a Node stream, then a web stream.
            const chunks: Buffer[] = [];
            const sink = new Writable({
              write(chunk: Buffer, _encoding, callback) {
                chunks.push(chunk);
                callback();
              },
              final(callback) {
                const html = Buffer.concat(chunks);
                const body = afterPaint ? deferHydrationScripts(html) : html;
                resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
                callback();
              },
            });
            sink.on("error", reject);
            pipe(sink);
            return;
          }
          const body = afterPaint ? deferHydrationScriptsStream() : new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}

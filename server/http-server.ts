import http, { type RequestListener, type Server } from "node:http";

/**
 * The HTTP server every process listens with. The whole request (headers and body) must
 * arrive within `requestTimeoutSeconds` (REQUEST_TIMEOUT_SECONDS, default 120), else Node
 * answers 408 and closes the socket: a client trickling its body a byte at a time cannot
 * hold a socket for minutes (issue 37). The headers alone within 60 s at most. Node checks
 * the bounds every `connectionsCheckingInterval` (its default, 30 s, would let a slow body
 * run 30 s over): every second here.
 */
export function createBoundedServer(app: RequestListener, options: { requestTimeoutSeconds: number }): Server {
  const requestTimeout = options.requestTimeoutSeconds * 1000;
  return http.createServer(
    {
      requestTimeout,
      headersTimeout: Math.min(60_000, requestTimeout),
      connectionsCheckingInterval: Math.min(1_000, requestTimeout),
    },
    app,
  );
}

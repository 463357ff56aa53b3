import type { NextFunction, Request, Response } from "express";
import { isLoopbackHost } from "~/server/loopback";
import { plainPage } from "~/server/plain-page";

/**
 * DNS rebinding (issue 37, finding 5; decision 0028). A page on `attaquant.example` whose name
 * is made to resolve to 127.0.0.1 talks to a local install as if it were the same site: its
 * requests carry `Host: attaquant.example`, and the CSRF check trusts an Origin equal to that
 * host. So the server answers only the names it is published under:
 *
 * - PUBLIC_URL's host, on its port (no port = the scheme's default);
 * - loopback names (`localhost`, `*.localhost`, `127.x.y.z`, `[::1]`) on any port: a browser
 *   never asks DNS for them, so no page can rebind one, and the port the server listens on may
 *   differ from PUBLIC_URL's (a proxy in front, PORT=0 in tests, the operator's curl);
 * - ALLOWED_HOSTS entries: `name` (any port) or `name:port`.
 *
 * Any other Host (or none) gets 421 Misdirected Request and a short French page before any
 * route, the CSRF check or Better Auth run. The liveness and readiness probes (GET /healthz,
 * /readyz) answer whatever the Host, since load balancers and orchestrators call them by
 * address; they read nothing private. /metrics is mounted before this guard and needs its token.
 */
export const UNKNOWN_HOST_TITLE = "Nom d'hôte non reconnu";
export const UNKNOWN_HOST_MESSAGE =
  "Ce serveur ne répond pas sous ce nom. Ouvrez le site à son adresse habituelle ; si vous l'administrez, ajoutez ce nom à ALLOWED_HOSTS.";

const PROBES = /^\/(healthz|readyz)\/?$/i;

/** `host[:port]` split and lower-cased; null when it is not a host name at all. */
export function parseHostHeader(value: string | undefined): { hostname: string; port: string } | null {
  if (!value) return null;
  const host = value.trim().toLowerCase();
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]/\s@]+)(?::(\d{1,5}))?$/.exec(host);
  if (!match) return null;
  return { hostname: match[1]!, port: match[2] ?? "" };
}

const DEFAULT_PORTS: Record<string, string> = { "http:": "80", "https:": "443" };

/** Whether a Host header names this site (see above). */
export function hostMatcher(options: { publicUrl: string; allowedHosts: string[] }): (hostHeader: string | undefined) => boolean {
  const publicUrl = new URL(options.publicUrl);
  const publicName = publicUrl.hostname.toLowerCase();
  const publicPort = publicUrl.port || DEFAULT_PORTS[publicUrl.protocol] || "";
  const extra = options.allowedHosts.map((entry) => parseHostHeader(entry)).filter((entry) => entry !== null);
  return (hostHeader) => {
    const host = parseHostHeader(hostHeader);
    if (!host) return false;
    if (isLoopbackHost(host.hostname)) return true;
    if (host.hostname === publicName && (host.port || DEFAULT_PORTS[publicUrl.protocol]) === publicPort) return true;
    return extra.some((entry) => entry.hostname === host.hostname && (entry.port === "" || entry.port === host.port));
  };
}

export function hostGuard(options: { publicUrl: string; allowedHosts: string[]; onRefused?: (host: string) => void }) {
  const allowed = hostMatcher(options);
  return (req: Request, res: Response, next: NextFunction) => {
    const host = req.get("host");
    if (allowed(host)) return next();
    if ((req.method === "GET" || req.method === "HEAD") && PROBES.test(req.path)) return next();
    options.onRefused?.(host ?? "");
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Connection", "close");
    res.status(421);
    if (req.path.toLowerCase().startsWith("/api/") || (req.get("accept") ?? "").includes("application/json")) {
      res.json({ error: `${UNKNOWN_HOST_TITLE}. ${UNKNOWN_HOST_MESSAGE}` });
    } else {
      res.type("html").send(plainPage({ title: UNKNOWN_HOST_TITLE, message: UNKNOWN_HOST_MESSAGE }));
    }
  };
}

import net from "node:net";

/** Whether a socket address (as Node reports it, IPv4, IPv6 or IPv4-mapped IPv6) is this machine. */
export function isLoopbackAddress(address: string | undefined | null): boolean {
  if (!address) return false;
  const plain = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  if (net.isIPv4(plain)) return plain.startsWith("127.");
  return plain === "::1";
}

/** Whether a host name or listen address only reaches this machine. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  return bare === "localhost" || bare.endsWith(".localhost") || isLoopbackAddress(bare);
}

/** Whether a public URL names this machine (http://localhost:3000, http://127.0.0.1:3000…). */
export function isLocalUrl(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}

/**
 * The origins a browser on this machine may use for a local PUBLIC_URL: the same port under
 * `localhost`, `127.0.0.1` and `[::1]`. A public URL that is not local has only itself.
 */
export function localOriginAliases(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!isLoopbackHost(url.hostname)) return [url.origin];
  const port = url.port ? `:${url.port}` : "";
  return [...new Set([url.origin, ...["localhost", "127.0.0.1", "[::1]"].map((h) => `${url.protocol}//${h}${port}`)])];
}

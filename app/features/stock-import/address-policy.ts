import ipaddr from "ipaddr.js";

/**
 * Which IP addresses the server may connect to when it fetches a photo by URL (issue 35,
 * decision 0047 — SSRF): public unicast only. ipaddr.js classifies an address against the IANA
 * special-purpose registries (RFC 6890 and later) — a table kept by a maintained library
 * rather than hand-written CIDRs. An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as
 * the IPv4 address it carries; the other IPv6 forms that carry an IPv4 address (NAT64, 6to4,
 * Teredo) are refused outright: where they lead is not known here.
 */

const LABELS: Record<string, string> = {
  unspecified: "adresse non spécifiée",
  broadcast: "adresse de diffusion",
  multicast: "adresse multicast",
  linkLocal: "adresse lien-local (dont 169.254.169.254, métadonnées du cloud)",
  loopback: "adresse de bouclage (la machine elle-même)",
  carrierGradeNat: "adresse partagée d'opérateur (CGNAT)",
  private: "adresse privée",
  reserved: "adresse réservée",
  uniqueLocal: "adresse privée IPv6 (ULA)",
  rfc6052: "adresse IPv6 de traduction NAT64",
  rfc6145: "adresse IPv6 de traduction",
  "6to4": "adresse IPv6 6to4",
  teredo: "adresse IPv6 Teredo",
  deprecatedSiteLocal: "adresse IPv6 site-local",
};

export interface AddressVerdict {
  allowed: boolean;
  /** ipaddr.js's range name ("unicast", "private", "loopback"…). */
  range: string;
  /** French reason when refused. */
  reason?: string;
}

/** The verdict on one address as text ("10.0.0.1", "::ffff:7f00:1"); `allowPrivate` is the test-only setting. */
export function judgeAddress(address: string, allowPrivate = false): AddressVerdict {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address.replace(/^\[|\]$/g, "").replace(/%.*$/, ""));
  } catch {
    return { allowed: false, range: "invalid", reason: `adresse « ${address} » illisible` };
  }
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  if (range === "unicast" || allowPrivate) return { allowed: true, range };
  return { allowed: false, range, reason: `${LABELS[range] ?? `adresse non publique (${range})`} refusée` };
}

import type { SellerTrust as SellerTrustData } from "./seller-trust-data";

export type { SellerTrustData };

/**
 * The seller's trust figures (issue 33) as a plain list of the lines made on the server
 * (sellerTrustOf in seller-trust.server.ts): no state, no formatting code, so the listing page's
 * first-load budget barely moves. Used by the listing page's seller block and the dealer page.
 */
export function SellerTrust({ trust, className = "" }: { trust: Pick<SellerTrustData, "lines">; className?: string }) {
  return (
    <ul aria-label="Confiance" className={`space-y-1 text-sm text-slate-600 ${className}`}>
      {trust.lines.map((line) => (
        <li key={line}>✓ {line}</li>
      ))}
    </ul>
  );
}

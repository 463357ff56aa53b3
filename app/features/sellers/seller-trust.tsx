import { trustLines, type SellerTrust as SellerTrustData } from "./seller-trust-data";

export type { SellerTrustData };

/**
 * The seller's trust figures (issue 33) as a plain list: server-rendered text, no state, no
 * heavy imports (the listing page's first-load budget). Used by the listing page's seller
 * block and the dealer page.
 */
export function SellerTrust({ trust, className }: { trust: SellerTrustData; className?: string }) {
  return (
    <ul aria-label="Confiance" className={`space-y-1 text-sm text-slate-600 ${className ?? ""}`} data-testid="seller-trust">
      {trustLines(trust).map((line) => (
        <li key={line} className="flex items-start gap-2">
          <span aria-hidden="true" className="mt-0.5 text-brand-600">
            ✓
          </span>
          <span>{line}</span>
        </li>
      ))}
    </ul>
  );
}

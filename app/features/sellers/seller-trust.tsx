/**
 * The seller's trust figures (issue 33) as a plain list of the lines made on the server
 * (`sellerTrustOf(...).lines`, seller-trust.server.ts): no state, no formatting code, so the
 * listing page's first-load budget barely moves. Used by the listing page's seller block and the
 * dealer page: `<SellerTrust lines={trust.lines} />`.
 */
export function SellerTrust({ lines }: { lines: string[] }) {
  return (
    <ul className="space-y-1 text-sm text-slate-500">
      {lines.map((line) => (
        <li key={line}>✓ {line}</li>
      ))}
    </ul>
  );
}

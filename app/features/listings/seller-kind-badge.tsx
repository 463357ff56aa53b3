import type { SellerKind } from "~/db/pro-schema";

/**
 * Who sells: 'Pro' or 'Particulier' on every card (Code de la consommation L111-7 II 3° and
 * L121-3, decision 0033). The listing page says more ('Professionnel vérifié', seller block).
 */
export function SellerKindBadge({ kind }: { kind: SellerKind }) {
  return kind === "pro" ? (
    <span className="shrink-0 rounded bg-slate-900 px-1.5 py-0.5 text-xs font-semibold text-white">Pro</span>
  ) : (
    <span className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200">Particulier</span>
  );
}

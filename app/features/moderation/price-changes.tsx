import { Link } from "react-router";
import { formatDateTime, formatPrice } from "~/ui/format";
import type { PriceChangeItem } from "./moderation-data";

/** Large price changes of published listings (30 days), flagged to moderators. */
export function PriceChanges({ items }: { items: PriceChangeItem[] }) {
  return (
    <section aria-labelledby="price-changes-title" className="space-y-2 rounded-xl bg-white p-5 shadow-sm">
      <h2 id="price-changes-title" className="text-lg font-semibold">
        Changements de prix importants (30 derniers jours)
      </h2>
      <ul className="divide-y divide-slate-100 text-sm">
        {items.map((p) => (
          <li key={`${p.listingId}-${p.changedAt}`} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
            <Link to={p.path} className="font-medium hover:underline">
              {p.brand} {p.model} {p.year ?? ""}
            </Link>
            <span>
              {p.oldPrice != null ? formatPrice(p.oldPrice) : "—"} → <strong>{p.newPrice != null ? formatPrice(p.newPrice) : "—"}</strong>{" "}
              <span className={p.change < 0 ? "font-semibold text-red-700" : "font-semibold text-amber-800"}>
                ({p.change > 0 ? "+" : "−"}
                {Math.round(Math.abs(p.change) * 100)} %)
              </span>{" "}
              <span className="text-slate-500">le {formatDateTime(p.changedAt)}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

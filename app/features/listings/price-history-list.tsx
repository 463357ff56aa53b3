import { formatDate, formatPrice } from "~/ui/format";

export interface PriceHistoryItem {
  changedAt: string;
  oldPrice: number | null;
  newPrice: number | null;
}

const price = (value: number | null) => (value != null ? formatPrice(value) : "Prix non précisé");

/**
 * 'Historique du prix' of the detail page: each change since publication, newest first, as
 * one line a phone shows whole — date, old price struck through → new price, and whether it
 * went down or up.
 */
export function PriceHistoryList({ items }: { items: PriceHistoryItem[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="historique-prix" className="rounded-xl bg-white p-5 shadow-sm">
      <h2 id="historique-prix" className="mb-3 text-lg font-semibold">
        Historique du prix
      </h2>
      <ol className="divide-y divide-slate-100">
        {items.map((item) => {
          const down = item.oldPrice != null && item.newPrice != null && item.newPrice < item.oldPrice;
          return (
            <li key={`${item.changedAt}-${item.newPrice}`} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm">
              <time dateTime={item.changedAt} className="text-slate-600">
                {formatDate(item.changedAt)}
              </time>
              <span className="flex flex-wrap items-baseline gap-x-2">
                <s className="text-slate-500">
                  <span className="sr-only">de </span>
                  {price(item.oldPrice)}
                </s>
                <span aria-hidden="true">→</span>
                <span className="sr-only">à</span>
                <span className="font-semibold text-slate-900">{price(item.newPrice)}</span>
                <span className={down ? "font-medium text-emerald-700" : "font-medium text-slate-600"}>{down ? "Baisse" : "Hausse"}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

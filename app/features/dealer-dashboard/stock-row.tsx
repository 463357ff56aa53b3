import { Link } from "react-router";
import { PriceRatingBadge } from "~/features/pricing/price-rating-badge";
import { isEditableStatus } from "~/features/publish/editable-statuses";
import { deName } from "~/ui/elision";
import { formatMileage, formatPrice } from "~/ui/format";
import { listingStatsPath } from "./stock-paths";
import { STOCK_STATUS_LABELS, type StockRow } from "./stock-table-data";

/** One vehicle of 'Mon stock': selection box, photo, title and reference, price, status, 30-day figures. */
export function StockRowItem({
  row,
  checked,
  onToggle,
}: {
  row: StockRow;
  checked: boolean;
  onToggle: (id: string) => void;
}) {
  const facts = [row.year ? String(row.year) : null, row.mileage !== null ? formatMileage(row.mileage) : null]
    .filter(Boolean)
    .join(" · ");
  return (
    <li
      className="grid grid-cols-[auto_4.5rem_1fr] gap-3 p-3 text-sm wide:grid-cols-[auto_5rem_1fr_auto]"
      data-testid="stock-row"
    >
      <input
        type="checkbox"
        className="mt-1 size-5 accent-brand-600"
        checked={checked}
        onChange={() => onToggle(row.id)}
        aria-label={`Sélectionner ${row.title}${row.reference ? ` (${row.reference})` : ""}`}
      />
      <div className="h-14 w-[4.5rem] overflow-hidden rounded-md bg-slate-100 wide:h-16 wide:w-20">
        {row.photo ? (
          <img
            src={row.photo.src}
            srcSet={row.photo.srcSet}
            sizes="80px"
            alt=""
            loading="lazy"
            className="size-full object-cover"
          />
        ) : null}
      </div>
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-baseline gap-x-2">
          {/* A sold or withdrawn car opens as its owner sees it (banner, 'Gérer dans Mes annonces'): its edit form would refuse. */}
          <Link
            to={isEditableStatus(row.status) ? `/edit-annonce/${row.id}` : `/annonce/${row.id}`}
            className="font-semibold text-slate-900 underline"
          >
            {row.title}
          </Link>
          {row.reference ? <span className="font-mono text-xs text-slate-600">{row.reference}</span> : null}
        </p>
        {facts ? <p className="text-slate-600">{facts}</p> : null}
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-slate-900" data-testid="stock-row-price">
            {row.price !== null ? formatPrice(row.price) : "—"}
          </span>
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-medium ${row.status === "withdrawn" ? "bg-amber-100 text-amber-900" : "bg-slate-100 text-slate-800"}`}
            data-testid="stock-row-status"
          >
            {STOCK_STATUS_LABELS[row.status]}
          </span>
          <PriceRatingBadge level={row.priceLevel} />
        </p>
      </div>
      <div className="col-span-3 flex flex-wrap items-center justify-between gap-2 text-slate-700 wide:col-span-1 wide:flex-col wide:items-end">
        <span>
          30 j : {row.views30} vue{row.views30 > 1 ? "s" : ""} · {row.phoneReveals30} numéro
          {row.phoneReveals30 > 1 ? "s" : ""} · {row.messages30} message{row.messages30 > 1 ? "s" : ""}
        </span>
        <Link to={listingStatsPath(row.id)} className="font-semibold text-brand-700 underline">
          Statistiques<span className="sr-only"> {deName(row.title)}</span>
        </Link>
      </div>
    </li>
  );
}

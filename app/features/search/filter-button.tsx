import { LazyDialogSlot, lazyDialog, useLazyDialog } from "~/ui/lazy-dialog";
import type { SearchFilters } from "./search-params";
import type { LiveCount } from "./search-count";

/** The dialog, its form and the Radix dialog library: fetched on the first tap (or hover/focus). */
const { Panel: FilterDialogPanel, preload: preloadPanel } = lazyDialog(() => import("./filter-dialog-panel"));

/**
 * The 'Filtres' button of /recherche (spec §2 Search) and, once tapped, its dialog
 * (filter-dialog.tsx). The page ships only the button (decision 0021); until the page is
 * hydrated the button is visibly disabled instead of ignoring a tap on a slow phone.
 */
export function FilterDialog({
  filters,
  activeCount,
  onApply,
  count,
  className = "",
}: {
  filters: SearchFilters;
  activeCount: number;
  onApply: (filters: SearchFilters) => void;
  /** The page's count, for 'Voir N annonces' until a filter changes. */
  count?: LiveCount;
  className?: string;
}) {
  const dialog = useLazyDialog(preloadPanel);
  return (
    <>
      <button
        {...dialog.triggerProps}
        className={`inline-flex items-center gap-2 rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-slate-900 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50 disabled:cursor-wait disabled:opacity-60 ${className}`}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5">
          <path d="M4 6h16M7 12h10M10 18h4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        Filtres
        {activeCount > 0 ? (
          <span className="inline-flex min-w-6 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-bold text-white">
            <span className="sr-only">(</span>
            {activeCount}
            <span className="sr-only"> {activeCount > 1 ? "filtres actifs" : "filtre actif"})</span>
          </span>
        ) : null}
      </button>
      <LazyDialogSlot mounted={dialog.mounted}>
        <FilterDialogPanel filters={filters} onApply={onApply} count={count} {...dialog.panelProps} />
      </LazyDialogSlot>
    </>
  );
}

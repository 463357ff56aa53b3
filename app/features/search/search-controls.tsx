import { useId } from "react";
import { Form, useNavigate } from "react-router";
import { PageLinks } from "~/ui/pagination";
import { availableSorts, defaultSort, MAX_PAGE, PAGE_SIZE, SORT_LABELS, toSearchParams, type SearchFilters } from "./search-params";
import { searchViewHref, VIEW_PARAM, type SearchView } from "./search-meta";
import { formatNumber } from "~/ui/format";
import { useInteractive } from "~/ui/use-interactive";

/**
 * The sort `<select>`: changing it loads the new order at once (the URL keeps it, page back to
 * 1). Without JavaScript it is a GET form with a 'Trier' button.
 */
export function SortSelect({ filters, view, className = "" }: { filters: SearchFilters; view: SearchView; className?: string }) {
  const id = useId();
  const navigate = useNavigate();
  // Changing the order needs the page's JavaScript (the 'Trier' button is for browsers without
  // it): visibly disabled until it runs (decision 0024).
  const interactive = useInteractive();
  const keep = [...toSearchParams({ ...filters, sort: undefined, page: undefined })];
  return (
    // Phones' results bar (issue 36): the word 'Trier' as the button, the native list over it
    // (transparent) so a tap opens the phone's own picker; wider screens: the labelled select.
    <Form noValidate method="get" action="/recherche" className={`relative flex items-center gap-2 ${className}`}>
      {keep.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {view === "carte" ? <input type="hidden" name={VIEW_PARAM} value="carte" /> : null}
      <label htmlFor={id} className="text-sm font-medium text-slate-700 max-sm:sr-only">
        Trier par
      </label>
      <span aria-hidden="true" className="inline-flex items-center gap-1.5 text-sm font-semibold text-slate-900 sm:hidden">
        <svg viewBox="0 0 24 24" className="h-5 w-5">
          <path d="M7 4v16m0 0-3-3m3 3 3-3M17 20V4m0 0-3 3m3-3 3 3" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        Trier
      </span>
      <select
        id={id}
        name="sort"
        value={filters.sort ?? defaultSort(filters)}
        disabled={!interactive}
        onChange={(event) => {
          const sort = availableSorts(filters).find((s) => s === event.target.value) ?? defaultSort(filters);
          void navigate(searchViewHref({ ...filters, sort, page: undefined }, view));
        }}
        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 disabled:cursor-wait disabled:opacity-60 max-sm:absolute max-sm:inset-0 max-sm:h-full max-sm:w-full max-sm:opacity-0 max-sm:disabled:opacity-0"
      >
        {availableSorts(filters).map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="rounded-lg px-3 py-2 text-sm font-semibold ring-1 ring-slate-300">
          Trier
        </button>
      </noscript>
    </Form>
  );
}

/** Crawlable pagination of the result list (see ~/ui/pagination). */
/**
 * Numbered pages, at most MAX_PAGE of them. On the last page of a search that has more
 * matches than those pages hold, a line says why there is no "Suivant" and how to see more.
 */
export function Pagination({
  filters,
  page,
  pageCount,
  total,
  totalCapped = false,
}: {
  filters: SearchFilters;
  page: number;
  pageCount: number;
  total: number;
  /** The count stopped at its cap (a search with words stops at exactly MAX_PAGE × PAGE_SIZE). */
  totalCapped?: boolean;
}) {
  const beyond = page === pageCount && pageCount === MAX_PAGE && (totalCapped || total > MAX_PAGE * PAGE_SIZE);
  return (
    <>
      <PageLinks page={page} pageCount={pageCount} href={(p) => searchViewHref({ ...filters, page: p }, "liste")} />
      {beyond ? (
        <p className="mt-3 text-center text-sm text-slate-600">
          {`Seules les ${formatNumber(MAX_PAGE * PAGE_SIZE)} premières annonces sont affichées : affinez votre recherche (marque, prix, distance…) pour voir les autres.`}
        </p>
      ) : null}
    </>
  );
}

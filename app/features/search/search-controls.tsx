import { useId } from "react";
import { Form, Link, useNavigate } from "react-router";
import { DEFAULT_SORT, SEARCH_SORTS, SORT_LABELS, toSearchParams, type SearchFilters } from "./search-params";
import { searchViewHref, VIEW_PARAM, type SearchView } from "./search-meta";

/**
 * The sort `<select>`: changing it loads the new order at once (the URL keeps it, page back to
 * 1). Without JavaScript it is a GET form with a 'Trier' button.
 */
export function SortSelect({ filters, view }: { filters: SearchFilters; view: SearchView }) {
  const id = useId();
  const navigate = useNavigate();
  const keep = [...toSearchParams({ ...filters, sort: undefined, page: undefined })];
  return (
    <Form noValidate method="get" action="/recherche" className="flex items-center gap-2">
      {keep.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {view === "carte" ? <input type="hidden" name={VIEW_PARAM} value="carte" /> : null}
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Trier par
      </label>
      <select
        id={id}
        name="sort"
        value={filters.sort ?? DEFAULT_SORT}
        onChange={(event) => {
          const sort = SEARCH_SORTS.find((s) => s === event.target.value) ?? DEFAULT_SORT;
          void navigate(searchViewHref({ ...filters, sort, page: undefined }, view));
        }}
        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
      >
        {SEARCH_SORTS.map((sort) => (
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

/** 1 … 4 5 [6] 7 8 … 20: the first, the last and two on each side of the current page. */
export function pageWindow(page: number, pageCount: number): (number | "gap")[] {
  const pages = new Set([1, pageCount]);
  for (let p = page - 2; p <= page + 2; p++) if (p >= 1 && p <= pageCount) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  for (const [i, p] of sorted.entries()) {
    const previous = sorted[i - 1];
    if (previous !== undefined && p - previous === 2) out.push(previous + 1);
    else if (previous !== undefined && p - previous > 2) out.push("gap");
    out.push(p);
  }
  return out;
}

const pageLinkClass =
  "inline-flex h-10 min-w-10 items-center justify-center rounded-lg px-3 text-sm font-semibold ring-1 ring-slate-300 bg-white text-slate-800 hover:bg-slate-50";

/** Crawlable pagination: real links (Précédent, page numbers, Suivant), `aria-current` on the page shown. */
export function Pagination({ filters, page, pageCount }: { filters: SearchFilters; page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  const href = (p: number) => searchViewHref({ ...filters, page: p }, "liste");
  const previous = page > 1 ? Math.min(page - 1, pageCount) : null;
  const next = page < pageCount ? page + 1 : null;
  return (
    <nav aria-label="Pagination" className="flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {previous ? (
            <Link to={href(previous)} rel="prev" className={pageLinkClass}>
              ‹ Précédent
            </Link>
          ) : (
            <span aria-disabled="true" className={`${pageLinkClass} cursor-not-allowed opacity-50`}>
              ‹ Précédent
            </span>
          )}
        </li>
        {pageWindow(Math.min(page, pageCount), pageCount).map((p, i) =>
          p === "gap" ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={href(p)}
                aria-current={p === page ? "page" : undefined}
                aria-label={`Page ${p}`}
                className={
                  p === page
                    ? "inline-flex h-10 min-w-10 items-center justify-center rounded-lg bg-brand-600 px-3 text-sm font-bold text-white"
                    : pageLinkClass
                }
              >
                {p}
              </Link>
            </li>
          ),
        )}
        <li>
          {next ? (
            <Link to={href(next)} rel="next" className={pageLinkClass}>
              Suivant ›
            </Link>
          ) : (
            <span aria-disabled="true" className={`${pageLinkClass} cursor-not-allowed opacity-50`}>
              Suivant ›
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}

import { lazy, Suspense } from "react";
import { LoadErrorBoundary } from "~/ui/load-error-boundary";
import type { SearchFilters } from "./search-params";

/**
 * The form's module is not in the page's first-load JavaScript (the /recherche budget, phones
 * never show it): the server renders it (React waits for the lazy module), and the browser
 * hydrates that part once the module arrives — the HTML stays in place meanwhile.
 */
const FilterForm = lazy(() => import("./filter-dialog").then((module) => ({ default: module.FilterForm })));

export const FILTERS_LOAD_ERROR = "Les filtres n'ont pas pu se charger.";

/** A form module that cannot load says so, in its place. */
const loadError = (
  <div role="alert" className="space-y-2 text-sm">
    <p className="font-semibold text-red-800">{FILTERS_LOAD_ERROR}</p>
    <p className="text-slate-700">
      Vérifiez votre connexion puis{" "}
      <a href="" className="font-semibold text-brand-700 underline">
        rechargez la page
      </a>
      .
    </p>
  </div>
);

/** While the form's code arrives after a navigation in the browser (the server's HTML has none). */
const loading = (
  <p role="status" className="min-h-40 text-sm text-slate-600">
    Chargement des filtres…
  </p>
);

/**
 * Wide screens (≥ 1024 px, issue 36): the filters stay open beside the results and apply as they
 * change (FilterForm `live`: debounced, one search per change, the URL updated); the count above
 * the results is the live count. Narrower screens keep the 'Filtres' dialog. Rendered by the
 * server (no jump when the page hydrates) and hidden below 1024 px by CSS.
 */
export function FilterSidebar({
  filters,
  onApply,
}: {
  filters: SearchFilters;
  onApply: (filters: SearchFilters) => void;
}) {
  return (
    <aside
      aria-labelledby="filtres-lateraux"
      className="hidden self-start lg:sticky lg:top-20 lg:block lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto lg:rounded-xl lg:bg-white lg:p-4 lg:shadow-sm lg:ring-1 lg:ring-slate-200"
    >
      <h2 id="filtres-lateraux" className="mb-3 text-lg font-bold">
        Filtres
      </h2>
      <LoadErrorBoundary fallback={loadError} label={FILTERS_LOAD_ERROR}>
        <Suspense fallback={loading}>
          <FilterForm initial={filters} onApply={onApply} live />
        </Suspense>
      </LoadErrorBoundary>
    </aside>
  );
}

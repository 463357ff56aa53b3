import { lazy, Suspense } from "react";
import type { SearchFilters } from "./search-params";

/**
 * The form's module is not in the page's first-load JavaScript (the /recherche budget, phones
 * never show it): the server renders it (React waits for the lazy module), and the browser
 * hydrates that part once the module arrives — the HTML stays in place meanwhile.
 */
const FilterForm = lazy(() => import("./filter-dialog").then((module) => ({ default: module.FilterForm })));

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
      <Suspense fallback={null}>
        <FilterForm initial={filters} onApply={onApply} live />
      </Suspense>
    </aside>
  );
}

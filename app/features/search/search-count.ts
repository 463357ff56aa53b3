import { useEffect, useState } from "react";
import { formatNumber } from "~/ui/format";
import { toSearchParams, type SearchFilters } from "./search-params";

export interface LiveCount {
  total: number;
  capped: boolean;
}

/** How long the filters must rest before they are counted (one request per change, not per key). */
export const COUNT_DEBOUNCE_MS = 300;

/**
 * The filter dialog's button (issue 36): 'Voir 318 annonces', 'Voir 1 annonce',
 * 'Voir 10 000+ annonces', 'Aucune annonce'; 'Voir les annonces' while the count is unknown.
 */
export function seeListingsLabel(count: LiveCount | null): string {
  if (!count) return "Voir les annonces";
  if (count.total === 0 && !count.capped) return "Aucune annonce";
  const n = `${formatNumber(count.total)}${count.capped ? "+" : ""}`;
  return `Voir ${n} ${count.total > 1 || count.capped ? "annonces" : "annonce"}`;
}

/**
 * The number of listings `filters` would show, asked of GET /api/search/count once the filters
 * have rested COUNT_DEBOUNCE_MS, the previous request aborted. `initial` is the page's own count
 * for the page's own filters: no request until something changes. Null while counting, or when
 * the filters cannot be counted (`filters` null: a field to correct) or the request failed.
 */
export function useSearchCount(filters: SearchFilters | null, initial: LiveCount | null): LiveCount | null {
  const query = filters ? toSearchParams({ ...filters, sort: undefined, page: undefined }).toString() : null;
  const [first] = useState(query);
  const [state, setState] = useState<{ query: string | null; count: LiveCount | null }>({ query, count: initial });
  useEffect(() => {
    if (query === null || query === first) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetch(`/api/search/count?${query}`, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<LiveCount>) : null))
        .then((count) => setState({ query, count }))
        .catch(() => {
          if (!controller.signal.aborted) setState({ query, count: null });
        });
    }, COUNT_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query, first]);
  if (query === first) return initial;
  return state.query === query ? state.count : null;
}

import { lazy, Suspense } from "react";
import { LoadErrorBoundary } from "~/ui/load-error-boundary";
import { useRootData } from "~/features/auth/session-user";
import { ClientOnly } from "~/ui/client-only";
import type { SearchArea } from "./results-map";
import { MAP_BOX } from "./search-map-box";

/** Leaflet and the map code arrive only when the map view is shown (not in the list's bundle). */
const ResultsMap = lazy(() => import("./results-map"));

export const MAP_LOAD_ERROR = "Erreur de chargement de la carte";

/** A map module that cannot load (network, CDN, browser) says so (spec §8). */
const loadError = (
  <div
    role="alert"
    className={`flex ${MAP_BOX} flex-col items-center justify-center gap-3 rounded-xl bg-slate-100 p-6 text-center ring-1 ring-slate-200`}
  >
    <p className="font-semibold text-red-800">{MAP_LOAD_ERROR}</p>
    <p className="text-sm text-slate-700">Vérifiez votre connexion puis rechargez la page, ou affichez la liste.</p>
  </div>
);

const placeholder = (
  <div className={`flex ${MAP_BOX} items-center justify-center rounded-xl bg-slate-100 ring-1 ring-slate-200`}>
    <p role="status" className="text-sm font-medium text-slate-700">
      Chargement de la carte...
    </p>
  </div>
);

/** The map view of /recherche: rendered in the browser only, its code fetched on demand. */
export function SearchMapPanel({ query, area }: { query: string; area?: SearchArea }) {
  const { map } = useRootData();
  return (
    <LoadErrorBoundary fallback={loadError} label={MAP_LOAD_ERROR}>
      <ClientOnly fallback={placeholder}>
        {() => (
          <Suspense fallback={placeholder}>
            <ResultsMap query={query} tileUrl={map.tileUrl} attribution={map.attribution} area={area} />
          </Suspense>
        )}
      </ClientOnly>
    </LoadErrorBoundary>
  );
}

import { useEffect } from "react";

/**
 * The place of the visitor's last search ('Annonces similaires' nearest to it, issue 36): the
 * same key as app/features/discovery/similar-listings.tsx reads, not imported so that neither
 * page's first-load JavaScript gains a shared chunk for one string.
 */
export const SEARCH_PLACE_KEY = "occazio:lieu";

/** On /recherche: a search around a postal code is remembered by the browser (sent only with the request for those similar listings). */
export function useRememberSearchPlace(postalCode: string | undefined, city: string | undefined) {
  useEffect(() => {
    if (!postalCode) return;
    try {
      localStorage.setItem(SEARCH_PLACE_KEY, JSON.stringify(city ? { postalCode, city } : { postalCode }));
    } catch {
      // Storage disabled: the similar listings stay nearest to the car.
    }
  }, [postalCode, city]);
}

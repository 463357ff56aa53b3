import type { SearchFilters } from "~/features/search/search-params";
import type { OpeningHours } from "./opening-hours";

/** What the dealer page shows (app/features/pro/dealer-page.tsx). */
export interface DealerPageData {
  slug: string;
  companyName: string;
  siret: string;
  /** '732 829 320 00074', as INSEE prints it. */
  siretFormatted: string;
  addressLine: string;
  postalCode: string;
  city: string;
  latitude: number | null;
  longitude: number | null;
  /** 'lundi' … 'dimanche' with '9 h – 12 h, 14 h – 19 h' or 'Fermé'; `today` marks the current Paris day. */
  hours: { day: string; text: string; today: boolean }[];
  openingHours: OpeningHours;
  /** Computed in Europe/Paris when the page is rendered. */
  openNow: boolean;
  logo: { src: string; srcSet: string } | null;
  presentation: string | null;
  /** 'mars 2023'. */
  memberSince: string;
  hasPhone: boolean;
}

/**
 * The links of the dealer page's list, computed here so that the page's JavaScript needs none
 * of the search modules (the listing and search pages' first-load budget): each sort, each
 * filter badge's removal, the pages.
 */
export interface DealerListLinks {
  countLabel: string;
  sort: string;
  sorts: { value: string; label: string; href: string }[];
  badges: { key: string; label: string; href: string }[];
  /** The list's URL without its page: page p is `${pageBase}${sep}page=p`. */
  pageBase: string;
  /** The list's current filters, without the owner. */
  filters: SearchFilters;
  /** The filter form's choices: the brands and energies of this dealer's listings, with counts. */
  brands: { value: string; count: number }[];
  fuels: { value: string; count: number }[];
}

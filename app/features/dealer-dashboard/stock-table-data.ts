import type { ListingStatus } from "~/db/schema";
import { findBrand } from "~/features/catalogue/catalogue-data";
import { canonicalOption, FUELS, type Fuel } from "~/features/catalogue/vocabularies";
import type { PriceLevel } from "~/features/pricing/price-rating";
import { boundedInteger } from "~/features/search/parse-search-params";
import { MAX_PRICE_EUR, MIN_YEAR, maxYear } from "~/features/search/search-params";

/** 'Mon stock' table (issue 35): filters and rows as the page shows them. */
export const STOCK_STATUS_FILTERS = ["all", "published", "withdrawn", "pending", "draft", "rejected", "sold", "deleted"] as const;
export type StockStatusFilter = (typeof STOCK_STATUS_FILTERS)[number];

export const STOCK_SORTS = ["recent", "price_asc", "price_desc", "views"] as const;
export type StockSort = (typeof STOCK_SORTS)[number];

export const STOCK_PAGE_SIZE = 25;

export const STOCK_STATUS_LABELS: Record<ListingStatus, string> = {
  draft: "Photos en cours",
  pending: "En modération",
  published: "En ligne",
  rejected: "Refusée",
  sold: "Vendue",
  deleted: "Supprimée",
  // Decision 0058: taken offline by the dealer, put back by 'Remettre en vente'.
  withdrawn: "Hors ligne",
};

export const STOCK_FILTER_LABELS: Record<StockStatusFilter, string> = {
  all: "Tous les statuts",
  published: "En ligne",
  withdrawn: "Hors ligne",
  pending: "En modération",
  draft: "Photos en cours",
  rejected: "Refusées",
  sold: "Vendues",
  deleted: "Supprimées",
};

export const STOCK_SORT_LABELS: Record<StockSort, string> = {
  recent: "Plus récentes",
  price_asc: "Prix croissant",
  price_desc: "Prix décroissant",
  views: "Les plus vues",
};

export interface StockQuery {
  status: StockStatusFilter;
  q: string;
  /** The search's main filters: a catalogue brand, an energy of the site's vocabulary, a maximum price, a minimum year. */
  brand: string | null;
  energy: Fuel | null;
  maxPrice: number | null;
  minYear: number | null;
  sort: StockSort;
  page: number;
}

export interface StockRow {
  id: string;
  reference: string | null;
  title: string;
  year: number | null;
  mileage: number | null;
  price: number | null;
  status: ListingStatus;
  priceLevel: PriceLevel | null;
  photo: { src: string; srcSet: string } | null;
  /** The last 30 days, from the per-day figures. */
  views30: number;
  phoneReveals30: number;
  messages30: number;
}

export interface StockTableData {
  query: StockQuery;
  rows: StockRow[];
  total: number;
  page: number;
  pageCount: number;
}

const Q_MAX = 60;

/** A number filter of the URL as the search reads its own ('12 500', a euro sign tolerated); else null (the filter is dropped). */
function numberFilter(raw: string | null, min: number, max: number): number | null {
  return boundedInteger((raw ?? "").replace(/€/g, ""), min, max) ?? null;
}

/**
 * The table's filters from the page URL (`statut`, `q`, `marque`, `energie`, `prix_max`,
 * `annee_min`, `tri`, `page`); anything unknown or out of range is the default. Brands and
 * energies are read as the search reads them: the catalogue's spelling ('vw' → Volkswagen),
 * the vocabulary's value ('électrique' → Electrique).
 */
export function parseStockQuery(params: URLSearchParams): StockQuery {
  const status = params.get("statut");
  const sort = params.get("tri");
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const brand = (params.get("marque") ?? "").slice(0, 100);
  return {
    status: (STOCK_STATUS_FILTERS as readonly string[]).includes(status ?? "") ? (status as StockStatusFilter) : "all",
    q: (params.get("q") ?? "").trim().slice(0, Q_MAX),
    brand: brand ? (findBrand(brand)?.name ?? null) : null,
    energy: canonicalOption(FUELS, (params.get("energie") ?? "").slice(0, 100)) ?? null,
    maxPrice: numberFilter(params.get("prix_max"), 1, MAX_PRICE_EUR),
    minYear: numberFilter(params.get("annee_min"), MIN_YEAR, maxYear()),
    sort: (STOCK_SORTS as readonly string[]).includes(sort ?? "") ? (sort as StockSort) : "recent",
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 10_000) : 1,
  };
}

/** Whether the table is narrowed by anything (the empty table says 'no match' rather than 'import your stock'). */
export function hasStockFilters(query: StockQuery): boolean {
  return Boolean(query.q || query.status !== "all" || query.brand || query.energy || query.maxPrice || query.minYear);
}

/** The table URL of a query (defaults left out): pagination links keep every filter. */
export function stockQueryString(query: StockQuery): string {
  const params = new URLSearchParams();
  if (query.status !== "all") params.set("statut", query.status);
  if (query.q) params.set("q", query.q);
  if (query.brand) params.set("marque", query.brand);
  if (query.energy) params.set("energie", query.energy);
  if (query.maxPrice) params.set("prix_max", String(query.maxPrice));
  if (query.minYear) params.set("annee_min", String(query.minYear));
  if (query.sort !== "recent") params.set("tri", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

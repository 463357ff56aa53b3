import type { ListingStatus } from "~/db/schema";
import type { PriceLevel } from "~/features/pricing/price-rating";

/** 'Mon stock' table (issue 35): filters and rows as the page shows them. */
export const STOCK_STATUS_FILTERS = ["all", "published", "pending", "draft", "rejected", "sold", "deleted"] as const;
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
  deleted: "Retirée",
};

export const STOCK_FILTER_LABELS: Record<StockStatusFilter, string> = {
  all: "Tous les statuts",
  published: "En ligne",
  pending: "En modération",
  draft: "Photos en cours",
  rejected: "Refusées",
  sold: "Vendues",
  deleted: "Retirées",
};

export const STOCK_SORT_LABELS: Record<StockSort, string> = {
  recent: "Modifiées récemment",
  price_asc: "Prix croissant",
  price_desc: "Prix décroissant",
  views: "Les plus vues",
};

export interface StockQuery {
  status: StockStatusFilter;
  q: string;
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

/** The table's filters from the page URL (`statut`, `q`, `tri`, `page`); anything unknown is the default. */
export function parseStockQuery(params: URLSearchParams): StockQuery {
  const status = params.get("statut");
  const sort = params.get("tri");
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    status: (STOCK_STATUS_FILTERS as readonly string[]).includes(status ?? "") ? (status as StockStatusFilter) : "all",
    q: (params.get("q") ?? "").trim().slice(0, Q_MAX),
    sort: (STOCK_SORTS as readonly string[]).includes(sort ?? "") ? (sort as StockSort) : "recent",
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 10_000) : 1,
  };
}

/** The table URL of a query (defaults left out). */
export function stockQueryString(query: StockQuery): string {
  const params = new URLSearchParams();
  if (query.status !== "all") params.set("statut", query.status);
  if (query.q) params.set("q", query.q);
  if (query.sort !== "recent") params.set("tri", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

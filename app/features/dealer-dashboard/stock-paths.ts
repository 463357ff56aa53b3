/** URLs of the dealer dashboard (issue 35). */
export const STOCK_PATH = "/account/stock";
export const STOCK_ACTIONS_PATH = "/account/stock/actions";
export const STOCK_STATS_PATH = "/account/stock/statistiques";

export function listingStatsPath(listingId: string, days?: number): string {
  return `${STOCK_STATS_PATH}?annonce=${encodeURIComponent(listingId)}${days === 90 ? "&jours=90" : ""}`;
}

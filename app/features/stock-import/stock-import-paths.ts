/** URLs of the stock import (issue 35): the pro's 'Mon stock' page, its help page, a run's report. */
export const STOCK_PAGE_PATH = "/account/stock";
export const STOCK_HELP_PATH = "/account/stock/aide";
export const STOCK_TEMPLATE_PATH = "/account/stock/modele.csv";

export function runReportPath(runId: string): string {
  return `/account/stock/imports/${runId}/rapport.csv`;
}

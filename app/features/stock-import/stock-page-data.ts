import type { StockImportRejectedRow, StockImportRunStatus } from "~/db/schema";

/** One import run as 'Mon stock' shows it (no server types: the page is rendered in the browser too). */
export interface StockRunView {
  id: string;
  fileName: string | null;
  status: StockImportRunStatus;
  failureReason: string | null;
  createdAt: string;
  finishedAt: string | null;
  totalRows: number | null;
  processedRows: number;
  created: number;
  updated: number;
  unchanged: number;
  withdrawn: number;
  rejected: number;
  photosFetched: number;
  photosFailed: number;
  /** The first rejected rows (the whole list is in the downloadable report). */
  rejectedRows: StockImportRejectedRow[];
  /** A held run: how many listings it would withdraw once confirmed. */
  heldWithdrawals: number;
  ignoredColumns: string[];
}

export type StockPageData =
  | { access: "signed-out" }
  | { access: "not-verified"; proStatus: string | null }
  | {
      access: "ok";
      runs: StockRunView[];
      maxMegabytes: number;
      /** 'De confiance' (decision 0054): its imports are published without waiting for a moderator. */
      trusted: boolean;
    };

export const REJECTED_ROWS_SHOWN = 50;

import { Worker } from "node:worker_threads";
import { columnBuffers, type FittedModel, type MarketColumns } from "./market-fit";

const ENTRY = new URL("./market-fit.worker-entry.mjs", import.meta.url);

/**
 * `fitMarket` of the whole market in a worker thread, so the process that runs it (the web
 * process on the embedded default or with JOBS_IN_WEB) keeps answering requests meanwhile:
 * the columns are transferred (not copied), the fitted models (one small object per model)
 * come back. One short-lived worker per full batch (once a day): nothing stays idle in between.
 */
export function fitMarketInWorker(columns: MarketColumns, referenceYear = new Date().getFullYear()): Promise<FittedModel[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(ENTRY, { workerData: { columns, referenceYear }, transferList: columnBuffers(columns) });
    let settled = false;
    worker.once("message", (models: FittedModel[]) => {
      settled = true;
      resolve(models);
      void worker.terminate();
    });
    worker.once("error", (error) => {
      settled = true;
      reject(error);
    });
    worker.once("exit", (code) => {
      if (!settled) reject(new Error(`l'ajustement du marché s'est arrêté sans résultat (code ${code})`));
    });
  });
}

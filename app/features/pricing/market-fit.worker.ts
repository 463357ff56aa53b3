/**
 * The full market fit, in a worker thread (started by fit-market-in-worker.server.ts through
 * market-fit.worker-entry.mjs): a million observations take seconds of pure computation, which
 * on the main thread would stop every request of the web process for as long.
 */
import { parentPort, workerData } from "node:worker_threads";
import { fitMarket, groupsFromColumns, type MarketColumns } from "./market-fit";

const { columns, referenceYear } = workerData as { columns: MarketColumns; referenceYear: number };
parentPort!.postMessage(fitMarket(groupsFromColumns(columns), referenceYear));

import type { Database } from "~/db/client.server";
import { priceDropDigestHandler } from "~/features/price-drops/send-price-drop-digest.server";
import { searchAlertHandlers } from "~/features/saved-searches/send-search-alerts.server";
import { sellerStatsHandler } from "~/features/sellers/refresh-seller-stats.server";
import { stockImportHandler } from "~/features/stock-import/apply-stock-import.server";
import { stockPhotosHandler } from "~/features/stock-import/fetch-listing-photos.server";
import { stockFeedHandler } from "~/features/stock-import/sync-stock-feed.server";
import type { AppConfig } from "~/server/config.server";
import type { JobHandlers, JobQueue } from "~/server/jobs.server";
import type { Logger } from "~/server/logger.server";
import { deliverWith, type Mailer } from "~/server/mailer.server";
import type { Storage } from "~/server/storage.server";

/**
 * Every background job and what runs it: one table for the web process that runs its own jobs
 * (boot.ts, JOBS_IN_WEB or the embedded database) and for `npm run worker` (worker.ts).
 * `transport` delivers the queued e-mails; `mailer` queues them.
 */
export function jobHandlers(options: {
  db: Database;
  storage: Storage;
  jobs: JobQueue;
  transport: Mailer;
  mailer: Mailer;
  logger: Logger;
  config: AppConfig;
}): JobHandlers {
  const { db, storage, jobs, mailer, logger, config } = options;
  const publicUrl = config.PUBLIC_URL;
  const priceDrops = { jobs, delaySeconds: config.PRICE_DROP_EMAIL_DELAY_SECONDS };
  // The share of a trusted dealer's publications reviewed afterwards (decision 0054): rows and photos alike.
  const reviewSamplePercent = config.TRUSTED_REVIEW_SAMPLE_PERCENT;
  // What an upload and a feed both need to apply a stock file.
  const stockImport = {
    db,
    storage,
    jobs,
    mailer,
    logger,
    publicUrl,
    maxRows: config.STOCK_IMPORT_MAX_ROWS,
    priceDrops,
    reviewSamplePercent,
  };
  return {
    email: deliverWith(options.transport),
    "price-drop-digest": priceDropDigestHandler({ db, mailer, jobs, storage, publicUrl, logger }),
    "seller-stats": sellerStatsHandler({ db }),
    "stock-import": stockImportHandler(stockImport),
    "stock-feed": stockFeedHandler({
      ...stockImport,
      maxBytes: config.STOCK_IMPORT_MAX_BYTES,
      retrySeconds: config.STOCK_FEED_RETRY_SECONDS,
      allowPrivate: config.PHOTO_FETCH_ALLOW_PRIVATE,
    }),
    "stock-photos": stockPhotosHandler({
      db,
      storage,
      jobs,
      logger,
      autoPublish: config.AUTO_PUBLISH,
      reviewSamplePercent,
      allowPrivate: config.PHOTO_FETCH_ALLOW_PRIVATE,
    }),
    ...searchAlertHandlers({ db, mailer, publicUrl, storage, logger, jobs }),
  };
}

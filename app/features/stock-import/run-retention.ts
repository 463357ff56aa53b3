/** Import reports are kept this long (issue 35), then removed by the next run's purge. */
export const RUN_RETENTION_DAYS = 90;

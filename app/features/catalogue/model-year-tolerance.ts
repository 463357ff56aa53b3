/**
 * A car registered the year after its model ended (stock) or dated the year before its
 * launch (early imports) is ordinary: only a year further out is flagged. Its own module so
 * the browser can use it without the model table (model-specs.ts).
 */
export const MODEL_YEAR_TOLERANCE = 1;

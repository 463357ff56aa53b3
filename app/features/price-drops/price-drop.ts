/**
 * What "Prix en baisse" means (decision 0016), as one pure function shared by the cards, the
 * detail page and the e-mail.
 *
 * The struck-through price is the one French law asks of any announced price reduction
 * (Code de la consommation, art. L112-1-1, EU "Omnibus" directive): the LOWEST price of the
 * listing during the 30 days before the drop. A seller who raises the price and lowers it
 * again shows no drop; successive reductions keep the price before the first one; a drop is
 * shown for 30 days after the latest one, and not once the price goes up again.
 */
export const PRICE_DROP_WINDOW_DAYS = 30;
export const DAY_MS = 24 * 3600_000;

export interface PriceChange {
  oldPrice: number | null;
  newPrice: number | null;
  changedAt: Date;
}

export interface PriceDrop {
  previousPrice: number;
  droppedAt: Date;
}

/**
 * The listing's current drop, or null. `changes` are its price history (any order);
 * changes before `publishedAt` (edits of a draft or a refused listing) were never offered.
 */
export function currentPriceDrop(options: {
  price: number | null;
  publishedAt: Date | null;
  changes: PriceChange[];
  now?: Date;
}): PriceDrop | null {
  const { price, publishedAt } = options;
  if (price == null || !publishedAt) return null;
  const now = options.now ?? new Date();
  const offered = options.changes
    .filter((c) => c.changedAt.getTime() >= publishedAt.getTime())
    .sort((a, b) => a.changedAt.getTime() - b.changedAt.getTime());
  const last = offered.at(-1);
  if (!last || last.newPrice !== price || last.oldPrice == null || last.newPrice >= last.oldPrice) return null;
  const windowMs = PRICE_DROP_WINDOW_DAYS * DAY_MS;
  if (now.getTime() - last.changedAt.getTime() > windowMs) return null;
  // Successive reductions (each within 30 days of the previous one) are one reduction: the
  // reference is taken before the first of them (art. L112-1-1 II).
  let first = offered.length - 1;
  while (first > 0) {
    const previous = offered[first - 1]!;
    const isDrop = previous.oldPrice != null && previous.newPrice != null && previous.newPrice < previous.oldPrice;
    if (!isDrop || offered[first]!.changedAt.getTime() - previous.changedAt.getTime() > windowMs) break;
    first -= 1;
  }
  const start = offered[first]!.changedAt.getTime();
  // Every price in effect during the 30 days before the reduction was the old price of a change in that window.
  const prior = offered
    .filter((c) => c.changedAt.getTime() >= start - windowMs && c.changedAt.getTime() <= start && c.oldPrice != null)
    .map((c) => c.oldPrice as number);
  const previousPrice = Math.min(...prior);
  if (!(previousPrice > price)) return null;
  return { previousPrice, droppedAt: last.changedAt };
}

/** "−8 %": the drop as a rounded share of the previous price. */
export function dropPercent(previousPrice: number, price: number): number {
  return Math.round(((previousPrice - price) / previousPrice) * 100);
}

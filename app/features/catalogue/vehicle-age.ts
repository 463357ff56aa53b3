/**
 * A vehicle's age as the rules about it read it (Crit'Air, contrôle technique; decision 0039):
 * first registration "MM/AAAA" and calendar days "AAAA-MM-JJ". Client-safe, no Intl
 * (decision 0025).
 */

/** First registration "MM/AAAA" → months since year 0, or undefined. */
export function registrationMonth(firstRegistration: string | null | undefined): number | undefined {
  const match = /^(0[1-9]|1[0-2])\/(\d{4})$/.exec(firstRegistration?.trim() ?? "");
  return match ? Number(match[2]) * 12 + Number(match[1]) - 1 : undefined;
}

/** "AAAA-MM-JJ" → its parts, or undefined when it is not a real calendar date. */
export function parseIsoDate(value: string | null | undefined): { year: number; month: number; day: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? "");
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return { year, month, day };
}

/** Today's date in France as "AAAA-MM-JJ" (the seller's calendar day, not the server's UTC one). */
export function todayInFrance(now: Date = new Date()): string {
  // Europe/Paris is UTC+1 in winter, UTC+2 in summer; a fixed +1 h is at worst one hour late
  // around midnight in summer, and keeps Intl off the page's start (decision 0025).
  return new Date(now.getTime() + 3_600_000).toISOString().slice(0, 10);
}

/**
 * Whether the vehicle is four years old or more at `today`: the first registration's month is
 * all the wizard knows, so the month of the fourth anniversary already counts (the stricter
 * reading, which never tells a seller that no inspection is needed when one is).
 */
export function isOverFourYears(firstRegistration: string | null | undefined, today: string): boolean | undefined {
  const registered = registrationMonth(firstRegistration);
  const now = parseIsoDate(today);
  if (registered === undefined || !now) return undefined;
  return now.year * 12 + now.month - 1 - registered >= 48;
}

/**
 * The site's French formats, shared by pages and e-mails.
 *
 * Numbers are written here rather than by `Intl.NumberFormat`: a browser pays 20–40 ms for the
 * first `Intl` object of a page (it loads the locale's ICU data), four times that on a slow
 * phone, in the task that hydrates the page (decision 0025). The output is exactly
 * `Intl.NumberFormat("fr-FR")`'s — digits grouped by a narrow no-break space (U+202F), a
 * no-break space (U+00A0) before "€", a decimal comma — which `format.test.ts` checks against
 * Intl itself. Dates are shown in Paris time (the EU summer-time rule, in force since 1996), also
 * checked against `Intl.DateTimeFormat` with the Europe/Paris zone, hour by hour.
 */
const GROUP = "\u202f";
const NO_BREAK = "\u00a0";

/** A whole number (rounded half away from zero, as Intl does) with French grouping. */
function wholeNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const rounded = Math.round(Math.abs(value));
  const digits = String(rounded);
  let grouped = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += GROUP + digits.slice(i, i + 3);
  return value < 0 && rounded !== 0 ? `-${grouped}` : grouped;
}

/** Thousands with at most one decimal and a comma: 7 500 → "7,5", 15 000 → "15" (half up). */
function thousandsOneDecimal(value: number): string {
  const tenths = Math.round(Math.abs(value) / 100);
  const decimal = tenths % 10;
  const whole = wholeNumber((tenths - decimal) / 10);
  const sign = value < 0 && tenths !== 0 ? "-" : "";
  return decimal ? `${sign}${whole},${decimal}` : `${sign}${whole}`;
}

const HOUR = 3_600_000;

/** Midnight UTC of the last Sunday of a month (0-based). */
function lastSunday(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return last.getTime() - last.getUTCDay() * 24 * HOUR;
}

/** The wall clock in Paris as a UTC date: CET, CEST from the last Sunday of March 01:00 UTC to the last Sunday of October 01:00 UTC. */
function parisClock(value: Date | string): Date {
  const instant = (typeof value === "string" ? new Date(value) : value).getTime();
  if (Number.isNaN(instant)) throw new RangeError("Invalid time value");
  const year = new Date(instant).getUTCFullYear();
  const summer = instant >= lastSunday(year, 2) + HOUR && instant < lastSunday(year, 9) + HOUR;
  return new Date(instant + (summer ? 2 : 1) * HOUR);
}

const twoDigits = (n: number) => String(n).padStart(2, "0");

/** "12 500 €" (French grouping with a narrow no-break space). */
export function formatPrice(value: number): string {
  return `${wholeNumber(value)}${NO_BREAK}€`;
}

/** "12 500" (whole number, French grouping). */
export function formatNumber(value: number): string {
  return wholeNumber(value);
}

/** "45 000 km" */
export function formatMileage(value: number): string {
  return `${wholeNumber(value)} km`;
}

/** "12 km" (a distance, rounded to the km). */
export function formatDistance(km: number): string {
  return `${wholeNumber(km)} km`;
}

/** "7,5 k€", "15 k€" (chart axes); under 1 000 € the full price. */
export function formatThousandsOfEuros(value: number): string {
  return value >= 1_000 ? `${thousandsOneDecimal(value)} k€` : formatPrice(value);
}

/** "21/11/2026" (Paris time) */
export function formatDate(value: Date | string): string {
  const clock = parisClock(value);
  return `${twoDigits(clock.getUTCDate())}/${twoDigits(clock.getUTCMonth() + 1)}/${clock.getUTCFullYear()}`;
}

/**
 * How old a listing is on a card (issue 36): 'Publiée aujourd'hui', 'Publiée hier', 'Publiée il y
 * a 3 jours' up to 6 days, then 'Publiée le 12/11/2026' — calendar days in Paris.
 */
export function formatListingAge(publishedAt: Date | string, now: Date = new Date()): string {
  const day = (value: Date | string) => {
    const clock = parisClock(value);
    return Date.UTC(clock.getUTCFullYear(), clock.getUTCMonth(), clock.getUTCDate()) / 86_400_000;
  };
  const days = day(now) - day(publishedAt);
  if (days <= 0) return "Publiée aujourd'hui";
  if (days === 1) return "Publiée hier";
  if (days < 7) return `Publiée il y a ${days} jours`;
  return `Publiée le ${formatDate(publishedAt)}`;
}

/** "21/11/2026 14:05" (Paris time) */
export function formatDateTime(value: Date | string): string {
  const clock = parisClock(value);
  return `${formatDate(value)} ${twoDigits(clock.getUTCHours())}:${twoDigits(clock.getUTCMinutes())}`;
}

/** "1 234 annonces", "1 annonce", "0 annonce" (French: singular below 2). */
export function formatCount(count: number, singular: string, plural: string): string {
  return `${wholeNumber(count)} ${Math.abs(count) < 2 ? singular : plural}`;
}

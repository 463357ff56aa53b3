const euros = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR", maximumFractionDigits: 0 });
const integer = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 });
const date = new Intl.DateTimeFormat("fr-FR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: "Europe/Paris",
});
const dateTime = new Intl.DateTimeFormat("fr-FR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Paris",
});

/** "12 500 €" (French grouping with a narrow no-break space). */
export function formatPrice(value: number): string {
  return euros.format(value);
}

/**
 * The site's number formats, created once here: pages and e-mails import these instead of
 * building an Intl.NumberFormat per file (or per render).
 */

/** "12 500" (whole number, French grouping). */
export function formatNumber(value: number): string {
  return integer.format(value);
}

/** "45 000 km" */
export function formatMileage(value: number): string {
  return `${integer.format(value)} km`;
}

/** "12 km" (a distance, rounded to the km). */
export function formatDistance(km: number): string {
  return `${integer.format(km)} km`;
}

/** "7,5 k€", "15 k€" (chart axes); under 1 000 € the full price. */
export function formatThousandsOfEuros(value: number): string {
  return value >= 1_000 ? `${oneDecimal.format(value / 1000)} k€` : euros.format(value);
}

/** "21/11/2026" */
export function formatDate(value: Date | string): string {
  return date.format(typeof value === "string" ? new Date(value) : value);
}

/** "21/11/2026 14:05" */
export function formatDateTime(value: Date | string): string {
  return dateTime.format(typeof value === "string" ? new Date(value) : value).replace(",", "");
}

/** "1 234 annonces", "1 annonce", "0 annonce" (French: singular below 2). */
export function formatCount(count: number, singular: string, plural: string): string {
  return `${integer.format(count)} ${Math.abs(count) < 2 ? singular : plural}`;
}

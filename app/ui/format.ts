const euros = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR", maximumFractionDigits: 0 });
const integer = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 0 });
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

/** "45 000 km" */
export function formatMileage(value: number): string {
  return `${integer.format(value)} km`;
}

/** "21/11/2026" */
export function formatDate(value: Date | string): string {
  return date.format(typeof value === "string" ? new Date(value) : value);
}

/** "21/11/2026 14:05" */
export function formatDateTime(value: Date | string): string {
  return dateTime.format(typeof value === "string" ? new Date(value) : value).replace(",", "");
}

/** "12 345" (French grouping). */
export function formatInteger(value: number): string {
  return integer.format(value);
}

/** "1 234 annonces", "1 annonce", "0 annonce" (French: singular below 2). */
export function formatCount(count: number, singular: string, plural: string): string {
  return `${integer.format(count)} ${Math.abs(count) < 2 ? singular : plural}`;
}

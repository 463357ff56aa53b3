import { formatCount, formatNumber } from "~/ui/format";
import type { DealerPageData } from "./dealer-page-data";

const SCHEMA_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** `/pro/<slug>`: the dealer page's canonical path (its first page, no filter). */
export function dealerPath(slug: string): string {
  return `/pro/${encodeURIComponent(slug)}`;
}

/**
 * schema.org `AutoDealer` of a dealer page: name, address, geo, opening hours, URL and logo.
 * No `telephone`: the number is behind the reveal (signed-in visitors, rate-limited), so it
 * is not published in the page for crawlers either.
 */
export function dealerJsonLd(dealer: DealerPageData, options: { url: string; origin: string }) {
  return {
    "@context": "https://schema.org",
    "@type": "AutoDealer",
    name: dealer.companyName,
    url: options.url,
    ...(dealer.logo ? { logo: new URL(dealer.logo.src, options.origin).toString() } : {}),
    ...(dealer.presentation ? { description: dealer.presentation } : {}),
    address: {
      "@type": "PostalAddress",
      streetAddress: dealer.addressLine,
      postalCode: dealer.postalCode,
      addressLocality: dealer.city,
      addressCountry: "FR",
    },
    ...(dealer.latitude != null && dealer.longitude != null
      ? { geo: { "@type": "GeoCoordinates", latitude: dealer.latitude, longitude: dealer.longitude } }
      : {}),
    openingHoursSpecification: dealer.openingHours.flatMap((ranges, day) =>
      ranges.map((range) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: `https://schema.org/${SCHEMA_DAYS[day]}`,
        opens: range.opens,
        closes: range.closes,
      })),
    ),
  };
}

/** The meta description: who, where, how many vehicles. */
export function dealerDescription(dealer: Pick<DealerPageData, "companyName" | "city" | "postalCode">, total: number, capped: boolean): string {
  // "2 450 véhicules", as the page itself writes it (a search engine shows this text as is).
  const count = capped ? `${formatNumber(total)}+ véhicules` : formatCount(total, "véhicule", "véhicules");
  return `${dealer.companyName}, professionnel de l'automobile à ${dealer.city} (${dealer.postalCode}) : ${count} d'occasion en vente sur Occazio, horaires, adresse et informations légales.`;
}

import { formatMileage, formatPrice } from "~/ui/format";

/** "peugeot-208-2019-lyon-3e": readable, ASCII, for /annonce/{id}/{slug}. */
export function listingSlug(l: { brand: string; model: string; year?: number | null; city?: string | null }): string {
  return [l.brand, l.model, l.year, l.city]
    .filter((part) => part !== null && part !== undefined && part !== "")
    .join(" ")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
}

export function listingPath(l: { id: string; brand: string; model: string; year?: number | null; city?: string | null }): string {
  const slug = listingSlug(l);
  return slug ? `/annonce/${l.id}/${slug}` : `/annonce/${l.id}`;
}

interface SeoListing {
  id: string;
  brand: string;
  model: string;
  year: number | null;
  mileage: number | null;
  fuel: string | null;
  gearbox: string | null;
  color: string | null;
  price: number | null;
  city: string | null;
  postalCode: string | null;
  description: string | null;
  vehicleType: string | null;
  status: string;
}

export function listingTitle(l: SeoListing): string {
  const parts = [`${l.brand} ${l.model}`, l.year ? String(l.year) : null].filter(Boolean).join(" ");
  return `${parts} d'occasion${l.city ? ` à ${l.city}` : ""}${l.price ? ` – ${formatPrice(l.price)}` : ""}`;
}

export function listingDescription(l: SeoListing): string {
  const facts = [
    l.year ? String(l.year) : null,
    l.mileage != null ? formatMileage(l.mileage) : null,
    l.fuel,
    l.gearbox,
    l.price ? formatPrice(l.price) : null,
    l.city && l.postalCode ? `${l.city} (${l.postalCode})` : null,
  ].filter(Boolean);
  const text = `${l.brand} ${l.model} : ${facts.join(", ")}. ${l.description ?? ""}`.replace(/\s+/g, " ").trim();
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
}

/** schema.org Car with an Offer in EUR, for rich results. */
export function listingJsonLd(l: SeoListing, options: { url: string; images: string[] }) {
  return {
    "@context": "https://schema.org",
    "@type": "Car",
    name: `${l.brand} ${l.model}`,
    brand: { "@type": "Brand", name: l.brand },
    model: l.model,
    ...(l.year ? { vehicleModelDate: String(l.year) } : {}),
    ...(l.mileage != null ? { mileageFromOdometer: { "@type": "QuantitativeValue", value: l.mileage, unitCode: "KMT" } } : {}),
    ...(l.fuel ? { fuelType: l.fuel } : {}),
    ...(l.gearbox ? { vehicleTransmission: l.gearbox } : {}),
    ...(l.color ? { color: l.color } : {}),
    ...(l.vehicleType ? { bodyType: l.vehicleType } : {}),
    ...(l.description ? { description: l.description.slice(0, 5000) } : {}),
    image: options.images,
    url: options.url,
    offers: {
      "@type": "Offer",
      price: l.price ?? undefined,
      priceCurrency: "EUR",
      availability: l.status === "published" ? "https://schema.org/InStock" : "https://schema.org/SoldOut",
      itemCondition: "https://schema.org/UsedCondition",
      url: options.url,
      ...(l.city ? { availableAtOrFrom: { "@type": "Place", address: { "@type": "PostalAddress", addressLocality: l.city, postalCode: l.postalCode, addressCountry: "FR" } } } : {}),
    },
  };
}

/** JSON for a <script type="application/ld+json">: "<" escaped so the text cannot close the tag. */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

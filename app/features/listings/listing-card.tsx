import { Link } from "react-router";
import { formatMileage, formatPrice } from "~/ui/format";
import type { ListingCardData } from "./listing-card-data";
import { listingPath } from "./listing-seo";

/** Counts the click on a card (spec §3 click counter) without delaying the navigation. */
export function recordCardClick(listingId: string) {
  if (typeof navigator !== "undefined" && "sendBeacon" in navigator) navigator.sendBeacon(`/api/listings/${listingId}/click`);
}

export const PLACEHOLDER_PHOTO = "/images/placeholder-vehicule.svg";

/** A listing in a grid: photo, brand and model, key facts with the spec's placeholders, price, place. */
export function ListingCard({ listing, linkable = true }: { listing: ListingCardData; linkable?: boolean }) {
  const photo = listing.photos[0];
  const body = (
    <>
        <div className="aspect-[4/3] bg-slate-100">
          <img
            src={photo?.src ?? PLACEHOLDER_PHOTO}
            srcSet={photo?.srcSet}
            sizes="(max-width: 640px) 100vw, (max-width: 1024px) 50vw, 25vw"
            alt={`${listing.brand} ${listing.model}`}
            loading="lazy"
            decoding="async"
            className="h-full w-full object-cover"
          />
        </div>
        <div className="space-y-1 p-3">
          <h3 className="truncate font-semibold">
            {listing.brand} {listing.model}
          </h3>
          <p className="text-sm text-slate-600">
            {listing.year ?? "Année non spécifiée"} · {listing.gearbox ?? "Boîte non spécifiée"}
          </p>
          <p className="text-sm text-slate-600">
            {listing.mileage != null ? formatMileage(listing.mileage) : "Kilométrage non spécifié"} ·{" "}
            {listing.fuel ?? "Énergie non spécifiée"}
          </p>
          <p className="pt-1 text-lg font-bold text-brand-700">
            {listing.price != null ? formatPrice(listing.price) : "Prix non précisé"}
          </p>
          <p className="truncate text-sm text-slate-500">
            {listing.postalCode} {listing.city}
          </p>
        </div>
    </>
  );
  return (
    <article className="group overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md">
      {linkable ? (
        <Link to={listingPath(listing)} onClick={() => recordCardClick(listing.id)} className="block focus-visible:outline-offset-[-2px]">
          {body}
        </Link>
      ) : (
        <div>{body}</div>
      )}
    </article>
  );
}

import { useEffect, useState } from "react";
import { fuelLabel } from "~/features/catalogue/vocabularies";
import { Link } from "react-router";
import type { ListingCardData } from "~/features/listings/listing-card-data";
import { listingPath } from "~/features/listings/listing-seo";
import { formatMileage, formatPrice } from "~/ui/format";
import { PLACEHOLDER_PHOTO_SRC } from "~/ui/photo-carousel";

/**
 * 'Annonces similaires' (issue 36): up to six cars to move on to, under a listing. A light card
 * (first photo, title, price, year · km · energy, place) rather than the results' carousel card:
 * the listing page stays within its script budget (decision 0021), and one photo is what a
 * buyer scanning alternatives needs. A row that scrolls sideways on phones, a grid on wide screens.
 */
export function SimilarListings({ listings, listingId }: { listings: ListingCardData[]; listingId?: string }) {
  const near = useNearestToVisitor(listingId);
  const shown = near?.listings.length ? near.listings : listings;
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="annonces-similaires" className="space-y-3">
      <h2 id="annonces-similaires" className="text-xl font-bold">
        Annonces similaires
      </h2>
      {near?.listings.length ? <p className="text-sm text-slate-600">Les plus proches de {near.place} d'abord</p> : null}
      <ul className="similar-row">
        {shown.map((listing) => (
          <li key={listing.id} className="w-[70%] shrink-0 snap-start sm:w-auto">
            <SimilarCard listing={listing} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The place of the visitor's last search, as app/features/search/remember-search-place.ts keeps
 * it (the same key, not imported: no shared chunk). When there is one, the similar listings are
 * asked again nearest to it (the server rendered them nearest to the car).
 */
const SEARCH_PLACE_KEY = "occazio:lieu";

function useNearestToVisitor(listingId: string | undefined) {
  const [near, setNear] = useState<{ place: string; listings: ListingCardData[] } | null>(null);
  useEffect(() => {
    if (!listingId) return;
    let place: { postalCode?: unknown; city?: unknown } | null = null;
    try {
      place = JSON.parse(localStorage.getItem(SEARCH_PLACE_KEY) ?? "null");
    } catch {
      return;
    }
    if (typeof place?.postalCode !== "string") return;
    const query = new URLSearchParams({ postalCode: place.postalCode });
    if (typeof place.city === "string") query.set("city", place.city);
    const label = `${place.postalCode}${typeof place.city === "string" ? ` ${place.city}` : ""}`;
    const controller = new AbortController();
    fetch(`/api/listings/${listingId}/similar?${query}`, { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ listings: ListingCardData[] }>) : null))
      .then((body) => body && setNear({ place: label, listings: body.listings }))
      // Offline or gone: the listings nearest to the car stay.
      .catch(() => undefined);
    return () => controller.abort();
  }, [listingId]);
  return near;
}

function SimilarCard({ listing }: { listing: ListingCardData }) {
  const title = `${listing.brand} ${listing.model}`;
  const photo = listing.photos[0];
  const facts = [listing.year, listing.mileage != null ? formatMileage(listing.mileage) : null, fuelLabel(listing.fuel)].filter(Boolean).join(" · ");
  return (
    <article className="relative h-full overflow-hidden rounded-xl bg-white shadow-sm focus-within:ring-2 focus-within:ring-brand-600">
      <img
        src={photo?.src ?? PLACEHOLDER_PHOTO_SRC}
        srcSet={photo?.srcSet}
        sizes="(max-width: 639px) 70vw, 300px"
        alt=""
        loading="lazy"
        decoding="async"
        className="aspect-[4/3] w-full object-cover"
      />
      <div className="space-y-0.5 p-3">
        <h3 className="truncate font-semibold">
          <Link to={listingPath(listing)} className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none">
            {title}
          </Link>
        </h3>
        <p className="text-lg font-bold text-brand-700">{listing.price != null ? formatPrice(listing.price) : "Prix non précisé"}</p>
        {facts ? <p className="truncate text-sm text-slate-600">{facts}</p> : null}
        <p className="truncate text-sm text-slate-600">
          {listing.postalCode} {listing.city}
          {listing.sellerKind ? ` · ${listing.sellerKind === "pro" ? "Pro" : "Particulier"}` : ""}
        </p>
      </div>
    </article>
  );
}

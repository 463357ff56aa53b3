import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useRootData } from "~/features/auth/session-user";
import type { ListingCardData } from "~/features/listings/listing-card-data";
import { listingPath } from "~/features/listings/listing-seo";
import { formatMileage, formatPrice } from "~/ui/format";
import { PLACEHOLDER_PHOTO_SRC } from "~/ui/photo-carousel";
import { mergeVisitorViewsIntoAccount, readVisitorViews } from "./recent-views-storage";

/**
 * The listings of 'Vus récemment', newest first; sold or withdrawn ones have dropped out.
 * `undefined` while loading. Read after hydration: the page around it may come from a shared
 * cache (the home page), and the list is this browser's own.
 */
function useRecentViews(): ListingCardData[] | undefined {
  const signedIn = Boolean(useRootData().user);
  const [listings, setListings] = useState<ListingCardData[] | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    const ids = signedIn ? [] : readVisitorViews().map((v) => v.id);
    // A visitor who opened nothing yet: no request.
    const answer: Promise<{ listings: ListingCardData[] }> =
      !signedIn && ids.length === 0
        ? Promise.resolve({ listings: [] })
        : // Signed in: what this browser kept while signed out joins the account first.
          (signedIn ? mergeVisitorViewsIntoAccount() : Promise.resolve())
            .then(() =>
              fetch(`/api/recently-viewed${ids.length ? `?ids=${ids.join(",")}` : ""}`, { signal: controller.signal }),
            )
            .then((response) =>
              response.ok ? (response.json() as Promise<{ listings: ListingCardData[] }>) : { listings: [] },
            );
    answer
      .then((loaded) => setListings(loaded.listings))
      .catch(() => {
        if (!controller.signal.aborted) setListings([]);
      });
    return () => controller.abort();
  }, [signedIn]);
  return listings;
}

function RecentViewCard({ listing }: { listing: ListingCardData }) {
  const title = `${listing.brand} ${listing.model}`;
  const photo = listing.photos[0];
  return (
    <Link
      to={listingPath(listing)}
      className="flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-brand-500"
    >
      <img
        src={photo?.src ?? PLACEHOLDER_PHOTO_SRC}
        srcSet={photo?.srcSet}
        sizes="176px"
        alt=""
        loading="lazy"
        decoding="async"
        className="aspect-[4/3] w-full bg-slate-100 object-cover"
      />
      <span className="space-y-0.5 p-2.5">
        <span className="block truncate text-sm font-semibold text-slate-900">{title}</span>
        <span className="block truncate text-xs text-slate-600">
          {[listing.year, listing.mileage != null ? formatMileage(listing.mileage) : null].filter(Boolean).join(" · ")}
        </span>
        <span className="block text-sm font-bold text-brand-800">
          {listing.price != null ? formatPrice(listing.price) : "Prix non spécifié"}
        </span>
      </span>
    </Link>
  );
}

/** The home page's 'Vus récemment': a row that scrolls sideways; nothing when the list is empty. */
export function RecentlyViewedRow() {
  const listings = useRecentViews();
  if (!listings?.length) return null;
  return (
    <section aria-labelledby="vus-recemment">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="vus-recemment" className="text-xl font-bold">
          Vus récemment
        </h2>
        <Link to="/vus-recemment" className="text-sm font-semibold text-brand-700 hover:underline">
          Tout voir
        </Link>
      </div>
      {/* The row runs to the screen's edges (-mx-4) with the page's margin inside (px-4). The snap
          points keep that margin (scroll-px-4): without it the first card's snap point is 16 px in,
          and the browser opens the row scrolled by 16 px, the first card against the edge. */}
      <ul className="-mx-4 mt-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-2">
        {listings.map((listing) => (
          <li key={listing.id} className="w-44 shrink-0 snap-start">
            <RecentViewCard listing={listing} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /vus-recemment: the whole list in a grid, or what to do when it is empty. */
export function RecentlyViewedPage() {
  const listings = useRecentViews();
  return (
    <section className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Vus récemment</h1>
        <p className="mt-1 text-slate-600">
          Les dernières annonces que vous avez ouvertes. Les véhicules vendus ou retirés disparaissent de la liste.
        </p>
      </div>
      {listings === undefined ? (
        <p role="status" className="text-slate-600">
          Chargement…
        </p>
      ) : listings.length === 0 ? (
        <div className="rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          <p className="font-semibold">Aucune annonce vue récemment.</p>
          <p className="mt-1 text-slate-600">Les annonces que vous ouvrez apparaîtront ici.</p>
          <Link to="/recherche" className="mt-4 inline-block font-semibold text-brand-700 hover:underline">
            Rechercher un véhicule
          </Link>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {listings.map((listing) => (
            <li key={listing.id}>
              <RecentViewCard listing={listing} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

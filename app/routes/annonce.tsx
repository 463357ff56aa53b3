import { data, isRouteErrorResponse, redirect, useRouteError } from "react-router";
import { readDb } from "~/db/replicas.server";
import { CLIENT_IP_HEADER } from "~/features/auth/auth.server";
import { getSessionUser } from "~/features/auth/session.server";
import { favoriteIdsAmong } from "~/features/favorites/favorites.server";
import type { ListingDetail } from "~/features/listings/listing-detail-data";
import { countListingView } from "~/features/listings/count-listing-view.server";
import { getListingDetail } from "~/features/listings/listing-detail.server";
import { ListingDetailPage } from "~/features/listings/listing-detail-page";
import { listingDescription, listingPath, listingSlug, listingTitle } from "~/features/listings/listing-seo";
import { listPriceHistory, priceDropsAmong } from "~/features/price-drops/price-history.server";
import { getListingPriceRating } from "~/features/pricing/listing-price-rating.server";
import { getListingHistory } from "~/features/moderation/get-listing-history.server";
import { findSimilarListings, similarTo } from "~/features/discovery/similar-listings.server";
import { findGoneListing, type GoneListing } from "~/features/discovery/gone-listing.server";
import { GoneListingContent } from "~/features/discovery/gone-listing-page";
import { isAppError } from "~/server/app-error";
import { NotFoundContent } from "~/ui/not-found-content";
import { SITE_NAME } from "~/ui/seo";
import type { Route } from "./+types/annonce";
import { useRememberView } from "~/features/recently-viewed/remember-view";
import { recordRecentViews } from "~/features/recently-viewed/record-recent-views.server";
import type { HydrationHandle } from "~/ui/deferred-hydration";

/** Hydration after the first paint (decision 0024): a listing: its first photo is the LCP. */
export const handle = { hydrateAfterPaint: true } satisfies HydrationHandle;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context;
  const me = await getSessionUser(request, services);
  // Public reads: a replica in rotation, unless this browser has just written (decision 0038);
  // the view count and a moderator's history stay on the primary.
  const db = readDb(services);
  let listing: ListingDetail;
  try {
    listing = await getListingDetail({ db, storage: services.storage, listingId: params.id, viewer: me });
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") {
      // Sold or removed after publication: 410 with what may still be said, and similar cars.
      const gone = await findGoneListing({ db: services.db, storage: services.storage, listingId: params.id });
      // Not kept by browsers: a sale can be undone for 7 days, and the link then works again.
      if (gone) throw data(gone, { status: 410, headers: { "X-Robots-Tag": "noindex", "Cache-Control": "no-store" } });
      throw data({ message: error.message }, { status: 404 });
    }
    throw error;
  }
  // One canonical URL per listing: /annonce/{id}/{slug}; a wrong or missing slug redirects.
  const slug = listingSlug(listing);
  if (slug && params.slug !== slug) {
    const url = new URL(request.url);
    throw redirect(`${listingPath(listing)}${url.search}`, 301);
  }
  // The view is counted and the rest of the page read at once (on PostgreSQL the pool runs them
  // on several connections): one round trip of waiting instead of six.
  const [, , favorite, history, priceRating, priceHistory, similar] = await Promise.all([
    // 'Vus récemment' of a signed-in visitor (issue 36), on the primary; a visitor's is kept by
    // the browser (useRememberView).
    me && listing.status === "published" && request.method === "GET"
      ? recordRecentViews({ db: services.db, userId: me.id, views: [{ id: listing.id, at: Date.now() }] })
      : null,
    countListingView(services, {
      method: request.method,
      listingId: listing.id,
      ip: request.headers.get(CLIENT_IP_HEADER),
      userAgent: request.headers.get("user-agent"),
      viewer: me,
      ownerId: listing.seller.id,
    }),
    favoriteIdsAmong({ db, userId: me?.id, listingIds: [listing.id] }).then((ids) => ids.has(listing.id)),
    me?.role === "moderator" ? getListingHistory({ db: services.db, viewer: me, listingId: listing.id }) : null,
    getListingPriceRating({ db, listing }),
    // The price history for everyone; 'Prix en baisse' (below) for a buyer who has it in favourites.
    listPriceHistory({ db, listingId: listing.id, publishedAt: listing.publishedAt }),
    listing.status === "published"
      ? findSimilarListings({
          db,
          storage: services.storage,
          to: similarTo({ ...listing, ownerId: listing.seller.id }),
        })
      : [],
  ]);
  const priceDrop = favorite
    ? ((await priceDropsAmong({ db, userId: me?.id, listingIds: [listing.id] }))[listing.id] ?? null)
    : null;
  return {
    listing,
    favorite,
    history,
    priceRating,
    priceDrop,
    priceHistory,
    similar,
    canonical: `${services.config.PUBLIC_URL}${listingPath(listing)}`,
    origin: services.config.PUBLIC_URL,
  };
}

/** A sold or removed listing's 410 carries `X-Robots-Tag: noindex` (the loader's thrown answer). */
export function headers({ errorHeaders, loaderHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

export function meta({ data: loaderData, error }: Route.MetaArgs) {
  if (!loaderData) {
    const gone = isRouteErrorResponse(error) && error.status === 410 ? (error.data as GoneListing) : null;
    const title =
      gone?.kind === "sold"
        ? `Ce véhicule a été vendu : ${gone.brand} ${gone.model}`
        : gone
          ? "Cette annonce n'est plus en ligne"
          : "Annonce introuvable";
    return [{ title: `${title} | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];
  }
  const { listing, canonical, origin } = loaderData;
  const title = listingTitle(listing);
  const description = listingDescription(listing);
  const image = listing.photos[0] ? new URL(listing.photos[0].large, origin).toString() : undefined;
  return [
    { title: `${title} | ${SITE_NAME}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: "product" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
    ...(listing.status === "published" ? [] : [{ name: "robots", content: "noindex" }]),
  ];
}
export default function ListingPage({ loaderData }: Route.ComponentProps) {
  // 'Vus récemment' (issue 36): listings anyone may open; not the seller's preview of a pending one.
  useRememberView(loaderData.listing.status === "published" ? loaderData.listing.id : null);
  return <ListingDetailPage data={loaderData} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 410)
    return <GoneListingContent gone={error.data as GoneListing} />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  return (
    <section className="rounded-xl bg-white p-8 shadow-sm">
      <h1 className="text-2xl font-bold">Une erreur est survenue</h1>
      <p className="mt-2 text-slate-600">Nous n'avons pas pu afficher cette annonce. Réessayez dans un instant.</p>
    </section>
  );
}

import { Link } from "react-router";
import { SignInRequired } from "~/features/auth/sign-in-required";
import { getSessionUser } from "~/features/auth/session.server";
import { FavoriteButton, SIGNED_OUT_FAVORITE_MESSAGES } from "~/features/favorites/favorite-button";
import { listFavorites } from "~/features/favorites/favorites.server";
import { ListingCard } from "~/features/listings/listing-card";
import { priceDropsAmong } from "~/features/price-drops/price-history.server";
import { CompareButton } from "~/features/compare/comparison-tray";
import { PageLinks } from "~/ui/pagination";
import { memberPageRobots, pageMeta } from "~/ui/seo";
import type { Route } from "./+types/wishlists";
import { formatNumber } from "~/ui/format";
import type { HydrationHandle } from "~/ui/deferred-hydration";

/** Hydration after the first paint (decision 0024): favourites: cards like /recherche. */
export const handle = { hydrateAfterPaint: true } satisfies HydrationHandle;

export function meta({ data }: Route.MetaArgs) {
  return [...pageMeta("Mes Favoris", "Les annonces que vous avez sauvegardées."), ...memberPageRobots(data?.signedIn)];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await getSessionUser(request, context.services);
  if (!me) return { signedIn: false as const, favorites: null, priceDrops: {} };
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const favorites = await listFavorites({
    db: context.services.db,
    storage: context.services.storage,
    userId: me.id,
    page: Number.isFinite(page) ? page : 1,
  });
  const priceDrops = await priceDropsAmong({ db: context.services.db, userId: me.id, listingIds: favorites.items.map((l) => l.id) });
  return { signedIn: true as const, favorites, priceDrops };
}

export default function Wishlists({ loaderData }: Route.ComponentProps) {
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold">Mes Favoris</h1>
      {!loaderData.signedIn ? (
        <SignInRequired message={SIGNED_OUT_FAVORITE_MESSAGES.favorites} />
      ) : !loaderData.favorites || loaderData.favorites.total === 0 ? (
        <div className="rounded-xl bg-white p-6 text-slate-700 shadow-sm">
          <p>Aucune annonce favorite enregistrée.</p>
          <Link to="/recherche" className="mt-3 inline-block font-semibold text-brand-700 underline">
            Parcourir les annonces
          </Link>
        </div>
      ) : (
        <>
          {loaderData.favorites.pageCount > 1 ? (
            <p className="text-sm text-slate-600">
              {`${formatNumber(loaderData.favorites.total)} annonces sauvegardées · page ${loaderData.favorites.page} sur ${loaderData.favorites.pageCount}`}
            </p>
          ) : null}
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {loaderData.favorites.items.map((listing, index) => (
              <li key={listing.id} className="relative">
                {listing.available ? (
                  <ListingCard listing={listing} priceDrop={loaderData.priceDrops[listing.id]} compareAction={<CompareButton listingId={listing.id} />} priority={index === 0} />
                ) : (
                  <div className="opacity-60" aria-describedby={`indisponible-${listing.id}`}>
                    <ListingCard listing={listing} linkable={false} priority={index === 0} />
                  </div>
                )}
                {!listing.available ? (
                  <p
                    id={`indisponible-${listing.id}`}
                    className="absolute left-3 top-3 rounded bg-slate-900/85 px-2 py-1 text-xs font-semibold text-white"
                  >
                    {listing.status === "sold" ? "Vendue : plus disponible" : "Annonce plus disponible"}
                  </p>
                ) : null}
                <div className="absolute right-3 top-3">
                  <FavoriteButton listingId={listing.id} initialFavorite screen="favorites" />
                </div>
              </li>
            ))}
          </ul>
          <PageLinks
            label="Pages des favoris"
            page={loaderData.favorites.page}
            pageCount={loaderData.favorites.pageCount}
            href={(p) => (p === 1 ? "/wishlists" : `/wishlists?page=${p}`)}
          />
        </>
      )}
    </section>
  );
}

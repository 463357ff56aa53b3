import { Link } from "react-router";
import { readDb } from "~/db/replicas.server";
import { getSessionUser } from "~/features/auth/session.server";
import { ListingCard } from "~/features/listings/listing-card";
import { priceDropsAmong } from "~/features/price-drops/price-history.server";
import { CompareButton } from "~/features/compare/comparison-tray";
import { listLatestListings } from "~/features/listings/listing-cards.server";
import { cachedBrandCounts } from "~/features/search/brand-counts.server";
import { HeroSearch } from "~/features/search/hero-search";
import { RecentlyViewedRow } from "~/features/recently-viewed/recently-viewed";
import { brandHref, POPULAR_BRANDS, POPULAR_MODEL_COLUMNS, popularModelHref } from "~/features/search/popular";
import { resultCountLabel } from "~/features/search/search-meta";
import { buttonClasses } from "~/ui/button";
import { pageMeta } from "~/ui/seo";
import type { Route } from "./+types/home";
import type { HydrationHandle } from "~/ui/deferred-hydration";

/** Hydration after the first paint (decision 0024): the home page: hero and latest listings. */
export const handle = { hydrateAfterPaint: true } satisfies HydrationHandle;

export function meta() {
  return pageMeta(
    "Voitures d'occasion entre particuliers et professionnels",
    "Trouvez votre voiture d'occasion partout en France : recherchez par marque, modèle et localisation, ou déposez votre annonce gratuitement.",
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { storage } = context.services;
  const db = readDb(context.services);
  const [latest, brandCounts, me] = await Promise.all([
    listLatestListings({ db, storage, limit: 8 }),
    cachedBrandCounts({ db, brands: POPULAR_BRANDS }),
    getSessionUser(request, context.services),
  ]);
  // A signed-in buyer's favourites among the newest listings show their price drops.
  const priceDrops = await priceDropsAmong({ db, userId: me?.id, listingIds: latest.map((l) => l.id) });
  return { latest, brandCounts, priceDrops };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-12">
      <section
        aria-labelledby="trouver"
        className="rounded-2xl bg-gradient-to-br from-brand-800 to-brand-600 px-5 py-8 text-white sm:px-10 sm:py-10"
      >
        <h1 id="trouver" className="text-3xl font-extrabold sm:text-4xl">
          Trouver votre occasion
        </h1>
        <p className="mt-2 max-w-xl text-brand-100">
          Des milliers de véhicules d'occasion vérifiés par notre équipe avant publication, partout en France.
        </p>
        <div className="mt-6 rounded-xl bg-white p-4 text-slate-900 shadow-lg sm:p-5">
          <HeroSearch />
          <div className="my-4 flex items-center gap-3 text-sm font-medium text-slate-600">
            <span className="h-px flex-1 bg-slate-200" />
            ou
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <Link to="/publish" className={buttonClasses("accent", "w-full py-3 text-base sm:w-auto")}>
            Déposer une annonce
          </Link>
        </div>
      </section>

      <RecentlyViewedRow />

      <section aria-labelledby="marques-populaires">
        <h2 id="marques-populaires" className="text-xl font-bold">
          Les marques populaires
        </h2>
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {loaderData.brandCounts.map(({ brand, count, capped }) => (
            <li key={brand}>
              <Link
                to={brandHref(brand)}
                className="flex h-24 flex-col items-center justify-center rounded-xl bg-white px-2 text-center shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-brand-500"
              >
                <span className="text-lg font-bold text-slate-900">{brand}</span>
                <span className="mt-1 text-sm text-slate-600">{resultCountLabel(count, capped)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="modeles-populaires">
        <h2 id="modeles-populaires" className="text-xl font-bold">
          Les modèles populaires
        </h2>
        <div className="mt-4 grid gap-6 wide:grid-cols-3">
          {POPULAR_MODEL_COLUMNS.map((column) => (
            <div key={column.id}>
              <h3 id={`modeles-${column.id}`} className="font-semibold text-slate-800">
                {column.title}
              </h3>
              <ul aria-labelledby={`modeles-${column.id}`} className="mt-3 space-y-2">
                {column.models.map((entry) => (
                  <li key={`${entry.brand} ${entry.model}`}>
                    <Link
                      to={popularModelHref(entry)}
                      className="flex items-center justify-between rounded-lg bg-white px-4 py-3 font-medium text-slate-900 shadow-sm ring-1 ring-slate-200 transition hover:text-brand-700 hover:ring-brand-500"
                    >
                      <span>
                        {entry.brand} {entry.model}
                      </span>
                      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 text-slate-500">
                        <path
                          d="M9 5l7 7-7 7"
                          fill="none"
                          stroke="currentColor"
                          strokeWidth="2"
                          strokeLinecap="round"
                          strokeLinejoin="round"
                        />
                      </svg>
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="dernieres-annonces">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="dernieres-annonces" className="text-xl font-bold">
            Dernières annonces
          </h2>
          <Link to="/recherche" className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
            Voir toutes les annonces
          </Link>
        </div>
        {loaderData.latest.length === 0 ? (
          <p className="mt-4 text-slate-600">Aucune annonce publiée pour le moment.</p>
        ) : (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {loaderData.latest.map((listing) => (
              <li key={listing.id}>
                <ListingCard listing={listing} priceDrop={loaderData.priceDrops[listing.id]} compareAction={<CompareButton listingId={listing.id} />} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

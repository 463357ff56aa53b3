import { Link } from "react-router";
import { ListingCard } from "~/features/listings/listing-card";
import { listLatestListings } from "~/features/listings/listing-cards.server";
import { pageMeta } from "~/ui/seo";
import type { Route } from "./+types/home";

const POPULAR_BRANDS = ["Renault", "Audi", "BMW", "Nissan", "Volkswagen", "Peugeot"];

export function meta() {
  return pageMeta(
    "Voitures d'occasion entre particuliers et professionnels",
    "Trouvez votre voiture d'occasion partout en France : recherchez par marque, modèle et localisation, ou déposez votre annonce gratuitement.",
  );
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db, storage } = context.services;
  return { latest: await listLatestListings({ db, storage, limit: 8 }) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-10">
      <section className="rounded-2xl bg-gradient-to-br from-brand-800 to-brand-600 px-6 py-10 text-white sm:px-10">
        <h1 className="text-3xl font-extrabold sm:text-4xl">Trouver votre occasion</h1>
        <p className="mt-2 max-w-xl text-brand-100">
          Des milliers de véhicules d'occasion vérifiés par notre équipe avant publication, partout en France.
        </p>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <Link
            to="/recherche"
            className="rounded-lg bg-white px-4 py-2.5 font-semibold text-brand-700 hover:bg-brand-50"
          >
            Voir toutes les annonces
          </Link>
          <span className="text-brand-100">ou</span>
          <Link
            to="/publish"
            className="rounded-lg bg-accent-500 px-4 py-2.5 font-semibold text-white hover:bg-accent-600"
          >
            Déposer une annonce
          </Link>
        </div>
      </section>

      <section aria-labelledby="marques-populaires">
        <h2 id="marques-populaires" className="text-xl font-bold">
          Les marques populaires
        </h2>
        <ul className="mt-4 grid grid-cols-3 gap-3 sm:grid-cols-6">
          {POPULAR_BRANDS.map((brand) => (
            <li key={brand}>
              <Link
                to={`/recherche?brand=${encodeURIComponent(brand)}`}
                className="flex h-20 items-center justify-center rounded-xl bg-white font-semibold shadow-sm ring-1 ring-slate-200 hover:ring-brand-500"
              >
                {brand}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="dernieres-annonces">
        <h2 id="dernieres-annonces" className="text-xl font-bold">
          Dernières annonces
        </h2>
        {loaderData.latest.length === 0 ? (
          <p className="mt-4 text-slate-600">Aucune annonce publiée pour le moment.</p>
        ) : (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {loaderData.latest.map((listing) => (
              <li key={listing.id}>
                <ListingCard listing={listing} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

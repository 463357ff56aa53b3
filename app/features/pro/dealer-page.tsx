import { lazy, Suspense } from "react";
import { Link, useNavigate, useNavigation } from "react-router";
import { useRootData } from "~/features/auth/session-user";
import { CompareButton } from "~/features/compare/comparison-tray";
import { FavoriteButton } from "~/features/favorites/favorite-button";
import type { PriceDropBadge } from "~/features/listings/listing-card-data";
import { ListingCard } from "~/features/listings/listing-card";
import { jsonLdText } from "~/features/listings/listing-seo";
import { SellerPhoneButton } from "~/features/listings/seller-phone-button";
import { activeFilterBadges } from "~/features/search/active-filter-badges";
import { FilterDialog } from "~/features/search/filter-button";
import { atPath, Pagination, SortSelect } from "~/features/search/search-controls";
import { resultCountLabel, searchViewHref } from "~/features/search/search-meta";
import type { SearchFilters } from "~/features/search/search-params";
import type { SearchResult } from "~/features/search/search-types";
import { WhenVisible } from "~/ui/when-visible";
import { dealerJsonLd, dealerPath } from "./dealer-seo";
import type { DealerPageData } from "./get-dealer-page.server";

const AreaMap = lazy(() => import("~/features/maps/area-map"));

export interface DealerPageProps {
  dealer: DealerPageData;
  result: SearchResult;
  filters: SearchFilters;
  favoriteIds: string[];
  priceDrops: Record<string, PriceDropBadge>;
  canonical: string;
  origin: string;
}

/**
 * A verified professional's page (issue 33): logo, name, 'Ouvert maintenant' (Paris time, from
 * the server), presentation, its published listings with the search's filters, sort and pages;
 * beside them the address and map, the phone behind the reveal, the hours of each day and the
 * legal mentions a professional seller owes buyers.
 */
export function DealerPage({ dealer, result, filters, favoriteIds, priceDrops, canonical, origin }: DealerPageProps) {
  const { map } = useRootData();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const path = dealerPath(dealer.slug);
  const loading = navigation.state === "loading" && navigation.location.pathname === path;
  const badges = activeFilterBadges(filters);
  const favorites = new Set(favoriteIds);
  const href = (next: SearchFilters) => atPath(searchViewHref(next, "liste"), path);
  const address = `${dealer.addressLine}, ${dealer.postalCode} ${dealer.city}`;
  return (
    <div className="space-y-6">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(dealerJsonLd(dealer, { url: canonical, origin })) }} />
      <header className="flex flex-wrap items-center gap-4 rounded-xl bg-white p-5 shadow-sm">
        {dealer.logo ? (
          <img
            src={dealer.logo.src}
            srcSet={dealer.logo.srcSet}
            sizes="80px"
            alt={`Logo de ${dealer.companyName}`}
            width={80}
            height={80}
            className="h-20 w-20 rounded-lg bg-white object-contain ring-1 ring-slate-200"
          />
        ) : (
          <span aria-hidden="true" className="flex h-20 w-20 items-center justify-center rounded-lg bg-slate-800 text-3xl font-bold uppercase text-white">
            {dealer.companyName.slice(0, 1)}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold sm:text-3xl">{dealer.companyName}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200">Professionnel vérifié</span>
            <span>
              {dealer.postalCode} {dealer.city}
            </span>
            <span>· Membre depuis {dealer.memberSince}</span>
          </p>
          <p className={`mt-2 text-sm font-semibold ${dealer.openNow ? "text-emerald-700" : "text-slate-700"}`}>
            {dealer.openNow ? "Ouvert maintenant" : "Fermé actuellement"}
          </p>
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-5 lg:col-span-2">
          {dealer.presentation ? (
            <section aria-labelledby="presentation" className="rounded-xl bg-white p-5 shadow-sm">
              <h2 id="presentation" className="mb-2 text-lg font-semibold">
                Présentation
              </h2>
              <p className="whitespace-pre-line text-slate-700">{dealer.presentation}</p>
            </section>
          ) : null}

          <section aria-labelledby="vehicules" aria-busy={loading} className={`space-y-4 ${loading ? "opacity-60 transition-opacity" : ""}`}>
            <div>
              <h2 id="vehicules" className="text-xl font-semibold">
                Véhicules en vente
              </h2>
              <p className="text-sm text-slate-600" aria-live="polite">
                {resultCountLabel(result.total, result.totalCapped)}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <FilterDialog filters={filters} activeCount={badges.length} onApply={(next) => void navigate(href(next))} />
              <SortSelect filters={filters} view="liste" path={path} />
              <Link to="/classement-des-annonces" className="text-sm text-brand-700 underline underline-offset-2">
                Comment les annonces sont classées
              </Link>
            </div>
            {badges.length ? (
              <ul className="flex flex-wrap gap-2" aria-label="Filtres appliqués">
                {badges.map((badge) => (
                  <li key={badge.key}>
                    <Link
                      to={href(badge.remove)}
                      aria-label={`Retirer le filtre ${badge.label}`}
                      className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100"
                    >
                      {badge.label} ×
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
            {result.errors.length ? (
              <ul className="rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200">
                {result.errors.map((error) => (
                  <li key={error}>{error}</li>
                ))}
              </ul>
            ) : null}
            {result.items.length === 0 ? (
              <div className="rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
                <p className="text-lg font-semibold">{result.total === 0 && badges.length === 0 ? "Aucun véhicule en vente pour le moment." : "Aucun véhicule ne correspond à ces critères."}</p>
                {badges.length ? (
                  <Link to={path} className="mt-4 inline-block font-semibold text-brand-700 underline">
                    Voir tous ses véhicules
                  </Link>
                ) : null}
              </div>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2">
                {result.items.map((listing, index) => (
                  <li key={listing.id}>
                    <ListingCard
                      listing={listing}
                      priority={index === 0 && !dealer.presentation}
                      priceDrop={priceDrops[listing.id]}
                      compareAction={<CompareButton listingId={listing.id} />}
                      action={<FavoriteButton listingId={listing.id} initialFavorite={favorites.has(listing.id)} screen="search" />}
                    />
                  </li>
                ))}
              </ul>
            )}
            <Pagination filters={filters} page={result.page} pageCount={result.pageCount} total={result.total} totalCapped={result.totalCapped} path={path} />
          </section>
        </div>

        <aside className="space-y-4">
          <section aria-labelledby="coordonnees" className="space-y-3 rounded-xl bg-white p-5 shadow-sm">
            <h2 id="coordonnees" className="text-lg font-semibold">
              Coordonnées
            </h2>
            <address className="not-italic text-slate-700">
              {dealer.addressLine}
              <br />
              {dealer.postalCode} {dealer.city}
            </address>
            <SellerPhoneButton listingId={dealer.slug} hasPhone={dealer.hasPhone} endpoint={`/api/pro/${encodeURIComponent(dealer.slug)}/phone`} />
            {dealer.latitude != null && dealer.longitude != null ? (
              <WhenVisible placeholder={<div className="h-[300px] rounded-xl bg-slate-100" />}>
                {() => (
                  <Suspense fallback={<div className="h-[300px] rounded-xl bg-slate-100" />}>
                    <AreaMap latitude={dealer.latitude!} longitude={dealer.longitude!} tileUrl={map.tileUrl} attribution={map.attribution} />
                  </Suspense>
                )}
              </WhenVisible>
            ) : null}
          </section>

          <section aria-labelledby="horaires" className="rounded-xl bg-white p-5 shadow-sm">
            <h2 id="horaires" className="mb-1 text-lg font-semibold">
              Horaires d'ouverture
            </h2>
            <p className={`mb-3 text-sm font-semibold ${dealer.openNow ? "text-emerald-700" : "text-slate-700"}`}>
              {dealer.openNow ? "Ouvert maintenant" : "Fermé actuellement"}
            </p>
            <dl className="space-y-1 text-sm">
              {dealer.hours.map((h) => (
                <div key={h.day} className={`flex justify-between gap-3 ${h.today ? "font-semibold" : ""}`}>
                  <dt className="capitalize">
                    {h.day}
                    {h.today ? <span className="sr-only"> (aujourd'hui)</span> : null}
                  </dt>
                  <dd className={h.text === "Fermé" ? "text-slate-500" : "text-slate-800"}>{h.text}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-2 text-xs text-slate-500">Heure de Paris.</p>
          </section>

          <section aria-labelledby="mentions" className="rounded-xl bg-white p-5 text-sm shadow-sm">
            <h2 id="mentions" className="mb-2 text-lg font-semibold">
              Informations légales
            </h2>
            <dl className="space-y-2">
              <div>
                <dt className="text-slate-500">Raison sociale</dt>
                <dd className="font-medium">{dealer.companyName}</dd>
              </div>
              <div>
                <dt className="text-slate-500">SIRET</dt>
                <dd className="font-medium tabular-nums">{dealer.siretFormatted}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Adresse de l'établissement</dt>
                <dd className="font-medium">{address}</dd>
              </div>
            </dl>
            <p className="mt-3 text-slate-600">
              Vendeur professionnel : la garantie légale de conformité (articles L217-3 et suivants du Code de la consommation) et la garantie des vices
              cachés s'appliquent à ses ventes à des consommateurs.{" "}
              <Link to="/help#particulier-ou-professionnel" className="text-brand-700 underline">
                En savoir plus
              </Link>
            </p>
          </section>
        </aside>
      </div>
    </div>
  );
}

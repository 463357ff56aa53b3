import { data, Link, redirect, useNavigate, useNavigation } from "react-router";
import { readDb } from "~/db/replicas.server";
import { getSessionUser } from "~/features/auth/session.server";
import { FavoriteButton } from "~/features/favorites/favorite-button";
import { favoritesAndDropsAmong } from "~/features/price-drops/price-history.server";
import { ListingCard, RESULT_CARD_IMAGE_SIZES, RESULT_CARD_IMAGE_SIZES_LARGE } from "~/features/listings/listing-card";
import { CardDisplayScript, CardDisplayToggle, useCardDisplay } from "~/features/search/card-display";
import { FilterSidebar } from "~/features/search/filter-sidebar";
import { CompareButton } from "~/features/compare/comparison-tray";
import { FilterDialog } from "~/features/search/filter-button";
import { Pagination, SortSelect } from "~/features/search/search-controls";
import { SearchMapPanel } from "~/features/search/search-map-panel";
import {
  canonicalSearchPath,
  parseView,
  resultCountLabel,
  searchDescription,
  searchHeading,
  searchTitle,
  searchViewHref,
  shouldIndexSearch,
} from "~/features/search/search-meta";
import { EQUIPMENT_LABELS, isEquipmentSlug } from "~/features/catalogue/equipment";
import { parseSavedSearchQuery, proposeSearchName } from "~/features/saved-searches/saved-search-filters";
import { SaveSearchButton } from "~/features/saved-searches/save-search-button";
import { DEFAULT_RADIUS_KM, toSearchParams, type SearchFilters } from "~/features/search/search-params";
import { activeFilterBadges } from "~/features/search/active-filter-badges";
import { parseSearchParams } from "~/features/search/parse-search-params";
import { useRememberSearchPlace } from "~/features/search/remember-search-place";
import { searchListings } from "~/features/search/search-listings.server";
import { interpretQuery } from "~/features/search/interpret-query.server";
import { SearchTextBox } from "~/features/search/search-text-box";
import { pageMeta, SITE_NAME } from "~/ui/seo";
import type { Route } from "./+types/recherche";
import type { HydrationHandle } from "~/ui/deferred-hydration";

/**
 * /recherche (spec §2 Search): the published listings matching every parameter of the URL,
 * 24 per page, as a list or a map. A value that cannot be used is ignored with a French
 * message above the results — a shared or hand-edited URL never gives an error page.
 */
/** Hydration after the first paint (decision 0024): results: the first card's photo is the LCP. */
export const handle = { hydrateAfterPaint: true } satisfies HydrationHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  // Public reads: a replica in rotation, unless this browser has just written (decision 0038).
  const db = readDb(services);
  const url = new URL(request.url);
  const parsed = parseSearchParams(url.searchParams);
  const { errors } = parsed;
  // The vocabulary of the equipment is checked here, not in the browser's parse (decision 0043).
  for (const slug of parsed.filters.equipment ?? []) if (!isEquipmentSlug(slug)) errors.push(`Équipement inconnu ignoré : « ${slug} ».`);
  if (parsed.filters.equipment) {
    const known = parsed.filters.equipment.filter(isEquipmentSlug);
    if (known.length) parsed.filters.equipment = known;
    else delete parsed.filters.equipment;
  }
  // Words naming a brand, model, energy or city become those filters (issue 14): the URL says
  // so, the badges show them, and removing a badge removes its parameter.
  const interpreted = await interpretQuery({ db, filters: parsed.filters });
  if (interpreted.changed && errors.length === 0) {
    throw redirect(searchViewHref(interpreted.filters, parseView(url.searchParams)));
  }
  const filters = interpreted.filters;
  const [me, result] = await Promise.all([
    getSessionUser(request, services),
    searchListings({ db, storage: services.storage, filters }),
  ]);
  // The pagination links pages 1…pageCount only (at most MAX_PAGE): a deeper page does not exist.
  if (result.page > 1 && result.page > result.pageCount) {
    throw data({ message: "Cette page de résultats n'existe pas." }, { status: 404 });
  }
  const listingIds = result.items.map((l) => l.id);
  // Search results are published listings: the favourites among them and their price drops in one query.
  const { favoriteIds, priceDrops } = await favoritesAndDropsAmong({ db, userId: me?.id, listingIds });
  return {
    filters,
    errors: [...errors, ...result.errors],
    result,
    favoriteIds,
    priceDrops,
    view: parseView(url.searchParams),
    origin: services.config.PUBLIC_URL,
    // The labels of the equipment asked, for the badges.
    equipmentLabels: Object.fromEntries((filters.equipment ?? []).map((slug) => [slug, EQUIPMENT_LABELS[slug] ?? slug])),
    // 'Sauvegarder la recherche' proposes this name (the parser stays on the server).
    proposedName: savedSearchName(filters),
  };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: `Recherche | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];
  const { filters, result, errors, origin } = data;
  return [
    ...pageMeta(searchTitle(filters), searchDescription(filters, result.total, result.totalCapped)),
    { tagName: "link", rel: "canonical", href: `${origin}${canonicalSearchPath(filters)}` },
    ...(shouldIndexSearch(filters, result.total, errors.length)
      ? []
      : [{ name: "robots", content: "noindex, follow" }]),
  ];
}

export default function Recherche({ loaderData }: Route.ComponentProps) {
  const { filters, errors, result, view } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/recherche";
  const badges = activeFilterBadges(filters, loaderData.equipmentLabels);
  const favorites = new Set(loaderData.favoriteIds);
  // The map shows every match, whatever the order or page.
  const mapQuery = toSearchParams({ ...filters, sort: undefined, page: undefined }).toString();
  const listFilters = { ...filters, page: undefined };
  const count = { total: result.total, capped: result.totalCapped };
  const cardDisplay = useCardDisplay();
  useRememberSearchPlace(filters.postalCode, filters.city);
  const apply = (next: SearchFilters) => void navigate(searchViewHref(next, view));
  // The sidebar applies as the fields change: the page stays where it is, one history entry.
  const applyLive = (next: SearchFilters) =>
    void navigate(searchViewHref(next, view), { preventScrollReset: true, replace: true });
  const rankingLink = (
    // Consumer code D111-8: the ranking parameters, reachable from the results.
    <Link to="/classement-des-annonces" className="text-sm text-brand-700 underline underline-offset-2">
      Comment les annonces sont classées
    </Link>
  );

  return (
    // Phones, map view: the page fills the window between the header and the tab bar, and the
    // map takes what the heading and controls leave (header 4rem + 1.5rem of padding above, a
    // little room below).
    <div
      className={`space-y-3 sm:space-y-5 ${view === "carte" ? "max-wide:flex max-wide:h-[calc(100dvh-6.5rem-var(--spacing-tab-bar))] max-wide:flex-col" : ""}`}
    >
      <CardDisplayScript />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 max-sm:w-full">
          <h1 className="text-xl font-bold sm:text-3xl">{searchHeading(filters)}</h1>
          <div className="mt-0.5 flex flex-wrap items-center justify-between gap-x-2 gap-y-1 sm:mt-1">
            <p className="shrink-0 text-slate-700" aria-live="polite">
              {resultCountLabel(result.total, result.totalCapped)}
            </p>
            {view === "liste" ? <CardDisplayToggle className="sm:hidden" /> : null}
          </div>
        </div>
        <div className="max-sm:hidden">
          <SaveSearchButton query={mapQuery} proposedName={loaderData.proposedName} />
        </div>
      </div>

      {errors.length ? (
        <section
          aria-labelledby="criteres-ignores"
          className="rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200"
        >
          <h2 id="criteres-ignores" className="font-semibold">
            Certains critères de l'adresse n'ont pas pu être utilisés :
          </h2>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className={view === "carte" ? "max-wide:hidden" : ""}>
        <SearchTextBox
          key={filters.q ?? ""}
          filters={filters}
          onSubmit={(next) => void navigate(searchViewHref(next, view))}
        />
      </div>

      {/* Phones: one sticky bar 'Filtres (3) · Trier · Carte · 🔔' (issue 36); wider: the controls in a row. */}
      <div
        data-results-bar
        className="flex items-center max-sm:sticky max-sm:top-16 max-sm:z-20 max-sm:-mx-4 max-sm:divide-x max-sm:divide-slate-200 max-sm:border-y max-sm:border-slate-200 max-sm:bg-white max-sm:shadow-sm sm:flex-wrap sm:gap-3"
      >
        <FilterDialog
          filters={filters}
          activeCount={badges.length}
          count={count}
          onApply={apply}
          className="lg:hidden max-sm:h-11 max-sm:flex-1 max-sm:justify-center max-sm:rounded-none max-sm:bg-transparent max-sm:px-2 max-sm:shadow-none max-sm:ring-0"
        />
        <div className="flex items-center gap-x-3 gap-y-1 max-sm:h-11 max-sm:flex-1 sm:flex-wrap">
          <SortSelect
            filters={filters}
            view={view}
            className="max-sm:h-full max-sm:flex-1 max-sm:justify-center max-sm:has-[select:focus-visible]:outline-2 max-sm:has-[select:focus-visible]:outline-brand-600"
          />
          <span className="max-sm:hidden">{rankingLink}</span>
        </div>
        <Link
          to={searchViewHref(listFilters, view === "carte" ? "liste" : "carte")}
          className="inline-flex items-center justify-center gap-2 text-sm font-semibold max-sm:h-11 max-sm:flex-1 max-sm:px-2 max-sm:text-slate-900 sm:ml-auto sm:rounded-lg sm:bg-slate-900 sm:px-4 sm:py-2.5 sm:text-white sm:hover:bg-slate-800"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-current">
            {view === "carte" ? (
              <path d="M4 5h16v2H4zm0 6h16v2H4zm0 6h16v2H4z" />
            ) : (
              <path d="M12 2a7 7 0 0 1 7 7c0 5.2-7 13-7 13S5 14.2 5 9a7 7 0 0 1 7-7zm0 4.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z" />
            )}
          </svg>
          <span className="sm:hidden">{view === "carte" ? "Liste" : "Carte"}</span>
          <span className="max-sm:hidden">{view === "carte" ? "Afficher la liste" : "Afficher la carte"}</span>
        </Link>
        <SaveSearchButton query={mapQuery} proposedName={loaderData.proposedName} compact className="w-14 shrink-0 sm:hidden" />
      </div>

      {badges.length ? (
        <section aria-labelledby="filtres-appliques" className="flex flex-wrap items-center gap-2">
          <h2 id="filtres-appliques" className="sr-only">
            Filtres appliqués
          </h2>
          <ul className="flex flex-wrap gap-2">
            {badges.map((badge) => (
              <li key={badge.key}>
                <Link
                  to={searchViewHref(badge.remove, view)}
                  aria-label={`Retirer le filtre ${badge.label}`}
                  className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 py-1 pl-3 pr-2 text-sm font-medium text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100"
                >
                  {badge.label}
                  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4">
                    <path d="M7 7l10 10M17 7 7 17" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                  </svg>
                </Link>
              </li>
            ))}
          </ul>
          <Link
            to={searchViewHref({ sort: filters.sort }, view)}
            className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            Tout effacer
          </Link>
        </section>
      ) : null}

      {/* Wide screens: the filters open beside the results (issue 36). */}
      {/* Phones' map view: both wrappers pass the page's remaining height on to the map. */}
      <div
        className={`lg:grid lg:grid-cols-[16.5rem_minmax(0,1fr)] lg:items-start lg:gap-5 ${view === "carte" ? "max-wide:flex max-wide:min-h-0 max-wide:flex-1 max-wide:flex-col" : ""}`}
      >
        <FilterSidebar filters={filters} onApply={applyLive} />
        <div className={`min-w-0 space-y-5 ${view === "carte" ? "max-wide:flex max-wide:min-h-0 max-wide:flex-1 max-wide:flex-col" : ""}`}>
          {view === "carte" ? (
            <div className="max-wide:min-h-80 max-wide:flex-1">
              <SearchMapPanel
                query={mapQuery}
                area={result.center ? { center: result.center, radiusKm: filters.radius ?? DEFAULT_RADIUS_KM } : undefined}
              />
            </div>
          ) : (
            <section
              aria-labelledby="resultats"
              aria-busy={loading}
              className={loading ? "opacity-60 transition-opacity" : undefined}
            >
              <h2 id="resultats" className="sr-only">
                Résultats
              </h2>
              {result.total === 0 ? (
                <div className="rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
                  <p className="text-lg font-semibold">Aucun résultat trouvé</p>
                  <p className="mt-1 text-slate-600">
                    Essayez d'élargir votre recherche : moins de filtres, un rayon plus grand.
                  </p>
                  {badges.length ? (
                    <Link
                      to={searchViewHref({}, "liste")}
                      className="mt-4 inline-block font-semibold text-brand-700 underline"
                    >
                      Voir toutes les annonces
                    </Link>
                  ) : null}
                </div>
              ) : result.items.length === 0 ? (
                <div className="rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
                  <p className="text-lg font-semibold">Cette page ne contient aucune annonce.</p>
                  <Link
                    to={searchViewHref(listFilters, "liste")}
                    className="mt-4 inline-block font-semibold text-brand-700 underline"
                  >
                    Revenir à la première page
                  </Link>
                </div>
              ) : (
                <ul className="result-cards grid gap-4 sm:grid-cols-2 lg:grid-cols-2 xl:grid-cols-3">
                  {result.items.map((listing, index) => (
                    <li key={listing.id}>
                      <ListingCard
                        listing={listing}
                        priceDrop={loaderData.priceDrops[listing.id]}
                        compareAction={<CompareButton listingId={listing.id} />}
                        priority={index === 0}
                        imageSizes={cardDisplay === "grand" ? RESULT_CARD_IMAGE_SIZES_LARGE : RESULT_CARD_IMAGE_SIZES}
                        action={
                          <FavoriteButton
                            listingId={listing.id}
                            initialFavorite={favorites.has(listing.id)}
                            screen="search"
                          />
                        }
                      />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}

          {view === "liste" ? (
            <Pagination
              filters={filters}
              page={result.page}
              pageCount={result.pageCount}
              total={result.total}
              totalCapped={result.totalCapped}
            />
          ) : null}
          {view === "liste" ? <p className="text-center sm:hidden">{rankingLink}</p> : null}
        </div>
      </div>
    </div>
  );
}

/** The name 'Sauvegarder la recherche' proposes for these filters ("" when they cannot be saved). */
function savedSearchName(filters: SearchFilters): string {
  const parsed = parseSavedSearchQuery(toSearchParams({ ...filters, sort: undefined, page: undefined }).toString());
  return parsed.ok ? proposeSearchName(parsed.filters, EQUIPMENT_LABELS) : "";
}

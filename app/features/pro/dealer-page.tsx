import { fuelLabel } from "~/features/catalogue/vocabularies";
import { lazy, Suspense, useId, useState } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { useRootData } from "~/features/auth/session-user";
import { CompareButton } from "~/features/compare/comparison-tray";
import { FavoriteButton } from "~/features/favorites/favorite-button";
import type { PriceDropBadge } from "~/features/listings/listing-card-data";
import { ListingCard } from "~/features/listings/listing-card";
import { jsonLdText } from "~/features/listings/listing-seo";
import type { SearchResult } from "~/features/search/search-types";
import { PageLinks } from "~/ui/pagination";
import { useInteractive } from "~/ui/use-interactive";
import { Button } from "~/ui/button";
import { useOptionalUser } from "~/features/auth/session-user";
import { useAuthDialog } from "~/features/auth/auth-dialog";
import { dealerJsonLd, dealerPath } from "./dealer-seo";
import type { DealerListLinks, DealerPageData } from "./dealer-page-data";
import { deName } from "~/ui/elision";

const AreaMap = lazy(() => import("~/features/maps/area-map"));
/**
 * The dealer's number on request (POST /api/pro/<slug>/phone, the listings' limits): signed
 * out, the sign-in popup first. Its own small component: sharing the listing page's button
 * would move it out of that page's chunk (first-load budget, scripts/bundle-budget.ts).
 */
function DealerPhone({ slug, hasPhone }: { slug: string; hasPhone: boolean }) {
  const interactive = useInteractive();
  const user = useOptionalUser();
  const { openAuthDialog } = useAuthDialog();
  const [shown, setShown] = useState<{ phone?: string; note?: string; error?: boolean }>({});
  if (shown.phone) {
    return (
      <a
        href={`tel:${shown.phone.replace(/\s/g, "")}`}
        className="block rounded-lg bg-emerald-50 px-4 py-2.5 text-center font-semibold text-emerald-900 ring-1 ring-emerald-200"
      >
        {shown.phone}
      </a>
    );
  }
  const onClick = async () => {
    if (!hasPhone) return setShown({ note: "Numéro non communiqué" });
    if (!user) return openAuthDialog({ mode: "login", reason: "Connectez-vous pour voir le numéro du professionnel." });
    const response = await fetch(`/api/pro/${encodeURIComponent(slug)}/phone`, { method: "POST" }).catch(() => null);
    const body = (await response?.json().catch(() => null)) as { phone?: string | null; error?: string } | null;
    if (response?.ok) setShown(body?.phone ? { phone: body.phone } : { note: "Numéro non communiqué" });
    else setShown({ note: body?.error ?? "Le numéro n'a pas pu être affiché.", error: true });
  };
  return (
    <div>
      <Button variant="secondary" className="w-full" disabled={!interactive} onClick={() => void onClick()}>
        Afficher le téléphone
      </Button>
      {shown.note ? (
        <p
          role={shown.error ? "alert" : "status"}
          className={`mt-2 text-sm ${shown.error ? "text-red-700" : "text-slate-700"}`}
        >
          {shown.note}
        </p>
      ) : null}
    </div>
  );
}

/** The filters offered on a dealer's page: its brands and energies, a maximum price and mileage (a GET form). */
function DealerFilters({ links, path }: { links: DealerListLinks; path: string }) {
  const f = links.filters;
  const field = "rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm";
  return (
    <Form
      noValidate
      method="get"
      action={path}
      className="flex flex-wrap items-end gap-2 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200"
    >
      {links.sort !== "recent" ? <input type="hidden" name="sort" value={links.sort} /> : null}
      <ChoiceSelect label="Marque" name="brand" value={f.brand} choices={links.brands} className={field} />
      <ChoiceSelect label="Énergie" name="fuel" value={f.fuel} choices={links.fuels} className={field} />
      <label className="text-sm font-medium text-slate-700">
        Prix max (€)
        <input
          name="price"
          type="number"
          min={0}
          step={500}
          inputMode="numeric"
          defaultValue={f.priceMax ?? ""}
          className={`mt-1 block w-28 ${field}`}
        />
      </label>
      <label className="text-sm font-medium text-slate-700">
        Km max
        <input
          name="mileageMax"
          type="number"
          min={0}
          step={5000}
          inputMode="numeric"
          defaultValue={f.mileageMax ?? ""}
          className={`mt-1 block w-28 ${field}`}
        />
      </label>
      <Button type="submit">Filtrer</Button>
    </Form>
  );
}

/** 'Trier par': a GET form without JavaScript, each choice's link (computed by the server) with it. */
function DealerSort({ links, path }: { links: DealerListLinks; path: string }) {
  const id = useId();
  const navigate = useNavigate();
  const interactive = useInteractive();
  const keep = [...new URLSearchParams(links.pageBase.split("?")[1] ?? "")].filter(([name]) => name !== "sort");
  return (
    <Form noValidate method="get" action={path} className="flex items-center gap-2">
      {keep.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Trier par
      </label>
      <select
        id={id}
        name="sort"
        value={links.sort}
        disabled={!interactive}
        onChange={(event) => {
          const picked = links.sorts.find((s) => s.value === event.target.value);
          if (picked) void navigate(picked.href);
        }}
        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 disabled:cursor-wait disabled:opacity-60"
      >
        {links.sorts.map((sort) => (
          <option key={sort.value} value={sort.value}>
            {sort.label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="rounded-lg px-3 py-2 text-sm font-semibold ring-1 ring-slate-300">
          Trier
        </button>
      </noscript>
    </Form>
  );
}

export interface DealerPageProps {
  dealer: DealerPageData;
  result: SearchResult;
  links: DealerListLinks;
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
export function DealerPage({ dealer, result, links, favoriteIds, priceDrops, canonical, origin }: DealerPageProps) {
  const { map } = useRootData();
  const interactive = useInteractive();
  const navigation = useNavigation();
  const path = dealerPath(dealer.slug);
  const loading = navigation.state === "loading" && navigation.location.pathname === path;
  const badges = links.badges;
  const favorites = new Set(favoriteIds);
  const address = `${dealer.addressLine}, ${dealer.postalCode} ${dealer.city}`;
  return (
    <div className="space-y-6">
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: jsonLdText(dealerJsonLd(dealer, { url: canonical, origin })) }}
      />
      <header className="flex flex-wrap items-center gap-4 rounded-xl bg-white p-5 shadow-sm">
        {dealer.logo ? (
          <img
            src={dealer.logo.src}
            srcSet={dealer.logo.srcSet}
            sizes="80px"
            alt={`Logo ${deName(dealer.companyName)}`}
            width={80}
            height={80}
            className="h-20 w-20 rounded-lg bg-white object-contain ring-1 ring-slate-200"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-20 w-20 items-center justify-center rounded-lg bg-slate-800 text-3xl font-bold uppercase text-white"
          >
            {dealer.companyName.slice(0, 1)}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold sm:text-3xl">{dealer.companyName}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200">
              Professionnel vérifié
            </span>
            <span>
              {dealer.postalCode} {dealer.city}
            </span>
            <span>Membre depuis {dealer.memberSince}</span>
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

          <section
            aria-labelledby="vehicules"
            aria-busy={loading}
            className={`space-y-4 ${loading ? "opacity-60 transition-opacity" : ""}`}
          >
            <div>
              <h2 id="vehicules" className="text-xl font-semibold">
                Véhicules en vente
              </h2>
              <p className="text-sm text-slate-600" aria-live="polite">
                {links.countLabel}
              </p>
            </div>
            <DealerFilters key={links.pageBase} links={links} path={path} />
            <div className="flex flex-wrap items-center gap-3">
              <DealerSort links={links} path={path} />
              <Link to="/classement-des-annonces" className="text-sm text-brand-700 underline underline-offset-2">
                Comment les annonces sont classées
              </Link>
            </div>
            {badges.length ? (
              <ul className="flex flex-wrap gap-2" aria-label="Filtres appliqués">
                {badges.map((badge) => (
                  <li key={badge.key}>
                    <Link
                      to={badge.href}
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
                <p className="text-lg font-semibold">
                  {result.total === 0 && badges.length === 0
                    ? "Aucun véhicule en vente pour le moment."
                    : "Aucun véhicule ne correspond à ces critères."}
                </p>
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
            <PageLinks
              page={result.page}
              pageCount={result.pageCount}
              href={(p) =>
                p === 1 ? links.pageBase : `${links.pageBase}${links.pageBase.includes("?") ? "&" : "?"}page=${p}`
              }
            />
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
            <DealerPhone slug={dealer.slug} hasPhone={dealer.hasPhone} />
            {dealer.latitude != null && dealer.longitude != null ? (
              // Leaflet needs the browser: the map loads once the page is interactive.
              interactive ? (
                <Suspense fallback={<div className="h-[300px] rounded-xl bg-slate-100" />}>
                  <AreaMap
                    latitude={dealer.latitude}
                    longitude={dealer.longitude}
                    tileUrl={map.tileUrl}
                    attribution={map.attribution}
                  />
                </Suspense>
              ) : (
                <div className="h-[300px] rounded-xl bg-slate-100" />
              )
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
              Vendeur professionnel : la garantie légale de conformité (articles L217-3 et suivants du Code de la
              consommation) et la garantie des vices cachés s'appliquent à ses ventes à des consommateurs.{" "}
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

/** One of the dealer's own values with its count ('Peugeot (12)'), or 'Toutes'. */
function ChoiceSelect(props: {
  label: string;
  name: string;
  value?: string;
  choices: { value: string; count: number }[];
  className: string;
}) {
  return (
    <label className="text-sm font-medium text-slate-700">
      {props.label}
      <select name={props.name} defaultValue={props.value ?? ""} className={`mt-1 block ${props.className}`}>
        <option value="">Toutes</option>
        {props.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {fuelLabel(choice.value)} ({choice.count})
          </option>
        ))}
      </select>
    </label>
  );
}

import { useEffect, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { COMPARE_LIMIT, comparePath } from "~/features/compare/compare-ids";
import type { ComparedListing, Comparison } from "~/features/compare/comparison-data";
import { useComparisonTray } from "~/features/compare/comparison-tray";
import { CritAirSticker } from "~/features/listings/critair-sticker";
import { CRITAIR_FACT, listingFacts, NOT_SPECIFIED } from "~/features/listings/listing-facts";
import { PLACEHOLDER_PHOTO } from "~/features/listings/listing-card";
import { listingPath } from "~/features/listings/listing-seo";
import { PriceRatingBadge } from "~/features/pricing/price-rating-badge";
import { PostalCodePicker } from "~/features/places/postal-code-picker";
import { placeLabel } from "~/features/places/postal-code";
import { PHONE_MEDIA } from "~/ui/breakpoints";
import { Button } from "~/ui/button";
import { formatDate, formatDistance, formatPrice } from "~/ui/format";

interface Row {
  label: string;
  values: (string | null)[];
}

function rowsOf(listings: ComparedListing[], hasPlace: boolean): Row[] {
  const facts = listings.map(listingFacts);
  const rows: Row[] = [];
  if (hasPlace) rows.push({ label: "Distance", values: listings.map((l) => (l.distanceKm != null ? formatDistance(l.distanceKm) : null)) });
  rows.push({ label: "Localisation", values: listings.map((l) => [l.postalCode, l.city].filter(Boolean).join(" ") || null) });
  for (const [index, [label]] of (facts[0] ?? []).entries()) {
    rows.push({ label, values: facts.map((f) => (f[index]?.[1] == null || f[index]?.[1] === "" ? null : String(f[index]![1]))) });
  }
  // Issue 34 (decision 0043): the equipment rows come with the facts; the HistoVec report here.
  rows.push({ label: "Rapport HistoVec", values: listings.map((l) => (l.histovecUrl ? "Disponible" : null)) });
  rows.push({ label: "Publiée le", values: listings.map((l) => (l.publishedAt ? formatDate(l.publishedAt) : null)) });
  return rows;
}

const differs = (values: (string | null)[]) => values.length > 1 && new Set(values).size > 1;

/** Why the page shows fewer listings than the link names (French, one sentence per cause). */
function droppedMessage({ unavailable, malformed, beyondLimit }: Pick<Comparison, "unavailable" | "malformed" | "beyondLimit">): string | null {
  const parts: string[] = [];
  if (unavailable === 1) parts.push("Une annonce de cette comparaison n'existe pas ou n'est plus en ligne : elle a été retirée.");
  else if (unavailable > 1) parts.push(`${unavailable} annonces de cette comparaison n'existent pas ou ne sont plus en ligne : elles ont été retirées.`);
  if (malformed === 1) parts.push("Un identifiant d'annonce du lien n'est pas valide : il a été ignoré.");
  else if (malformed > 1) parts.push(`${malformed} identifiants d'annonce du lien ne sont pas valides : ils ont été ignorés.`);
  if (beyondLimit) parts.push(`Seules les ${COMPARE_LIMIT} premières annonces sont comparées.`);
  return parts.length ? parts.join(" ") : null;
}

/** The price cell: the price, its market rating and the estimated range. */
function PriceCell({ price, listing }: { price: string | null; listing: ComparedListing | undefined }) {
  const rating = listing?.priceRating;
  return (
    <div className="space-y-1">
      <span className="text-base font-bold text-brand-700">{price ?? "Prix non précisé"}</span>
      {rating?.level ? (
        <div className="space-y-1">
          <PriceRatingBadge level={rating.level} />
          {rating.estimate ? (
            <p className="text-xs font-normal text-slate-600">
              Estimation du marché : {formatPrice(rating.estimate.low)} – {formatPrice(rating.estimate.high)}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** The listings side by side (route: routes/comparer.tsx); `hasIds` false: /comparer without a selection. */
export function ComparePage({ comparison, hasIds }: { comparison: Comparison; hasIds: boolean }) {
  const { listings, place, placeError } = comparison;
  const tray = useComparisonTray();
  const navigate = useNavigate();
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const ids = listings.map((l) => l.id);

  // A visitor opening /comparer from a menu: their selection is in this browser.
  const visitorIds = tray?.ids.join(",") ?? "";
  useEffect(() => {
    if (!hasIds && visitorIds) void navigate(comparePath(visitorIds.split(",")), { replace: true });
  }, [hasIds, visitorIds, navigate]);

  const placeQuery = place ? `&postalCode=${place.postalCode}&city=${encodeURIComponent(place.city)}` : "";
  const without = (id: string) => {
    const rest = ids.filter((other) => other !== id);
    return rest.length ? `${comparePath(rest)}${placeQuery}` : "/comparer?ids=";
  };
  const message = droppedMessage(comparison);
  const rows = rowsOf(listings, Boolean(place));
  const prices = listings.map((l) => (l.price != null ? formatPrice(l.price) : null));

  return (
    <section className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold">Comparer des annonces</h1>
        <p className="text-slate-600">
          Jusqu'à {COMPARE_LIMIT} annonces côte à côte. Les lignes qui diffèrent sont surlignées.
        </p>
      </header>

      {message ? (
        <p role="status" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {message}
        </p>
      ) : null}

      {listings.length === 0 ? (
        <div className="rounded-xl bg-white p-6 text-slate-700 shadow-sm">
          <p>Aucune annonce à comparer.</p>
          <p className="mt-1 text-sm text-slate-600">
            Ajoutez des annonces avec le bouton « Comparer » des résultats de recherche, d'une annonce ou de vos favoris.
          </p>
          <Link to="/recherche" className="mt-3 inline-block font-semibold text-brand-700 underline">
            Parcourir les annonces
          </Link>
        </div>
      ) : (
        <>
          <Form method="get" noValidate className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm wide:flex-row wide:items-start">
            <input type="hidden" name="ids" value={ids.join(",")} />
            <div className="wide:w-80">
              <PostalCodePicker
                key={place?.postalCode ?? "aucun"}
                label="Votre code postal, pour la distance"
                defaultValue={place ?? undefined}
                errors={placeError ? { postalCode: placeError } : {}}
              />
            </div>
            <Button type="submit" className="wide:mt-6">
              Calculer les distances
            </Button>
            {place ? <p className="text-sm text-slate-600 wide:mt-8">Distances à vol d'oiseau depuis {placeLabel(place)}.</p> : null}
          </Form>

          {listings.length > 1 ? (
            <label className="inline-flex items-center gap-2 text-sm font-medium">
              <input type="checkbox" checked={onlyDifferences} onChange={(e) => setOnlyDifferences(e.target.checked)} className="h-4 w-4" />
              Afficher uniquement les différences
            </label>
          ) : null}

          {/* Phones: the columns scroll sideways under the labels, which stay put (sticky). */}
          <div className="-mx-4 overflow-x-auto px-4 wide:mx-0 wide:px-0" role="region" aria-label="Tableau de comparaison" tabIndex={0}>
            <table className="w-full border-separate border-spacing-0 rounded-xl bg-white text-sm shadow-sm">
              <caption className="sr-only">Comparaison de {listings.length} annonces</caption>
              <thead>
                <tr>
                  <td className="sticky left-0 z-10 w-28 min-w-28 max-w-28 border-b border-slate-200 bg-white p-3 align-bottom text-xs text-slate-500 wide:w-48 wide:max-w-48">
                    {listings.length} annonce{listings.length > 1 ? "s" : ""}
                    {listings.length > 1 ? <span className="block wide:hidden">Faites défiler →</span> : null}
                  </td>
                  {listings.map((listing) => {
                    const title = `${listing.brand} ${listing.model}`;
                    const photo = listing.photos[0];
                    return (
                      <th key={listing.id} scope="col" className="min-w-44 border-b border-slate-200 p-3 text-left align-top font-normal wide:min-w-52">
                        <img
                          src={photo?.src ?? PLACEHOLDER_PHOTO}
                          srcSet={photo?.srcSet}
                          sizes={`${PHONE_MEDIA} 176px, 260px`}
                          alt={title}
                          loading="lazy"
                          className="aspect-[4/3] w-full rounded-lg bg-slate-100 object-cover"
                        />
                        <Link to={listingPath(listing)} className="mt-2 block font-semibold text-brand-700 underline">
                          {title}
                        </Link>
                        <Link
                          to={without(listing.id)}
                          onClick={() => {
                            if (tray?.ids.includes(listing.id)) void tray.remove(listing.id);
                          }}
                          aria-label={`Retirer ${title} de la comparaison`}
                          className="mt-2 inline-flex items-center gap-1 rounded-lg px-2 py-1 text-xs font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
                        >
                          <span aria-hidden="true">×</span> Retirer
                        </Link>
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                <ComparedRow label="Prix" values={prices} hidden={false}>
                  {(value, index) => <PriceCell price={value} listing={listings[index]} />}
                </ComparedRow>
                {rows.map((row) => (
                  <ComparedRow key={row.label} label={row.label} values={row.values} hidden={onlyDifferences && !differs(row.values)}>
                    {row.label === CRITAIR_FACT
                      ? (value, index) => (value === null ? NOT_SPECIFIED : <CritAirSticker critair={listings[index]?.critair} withText />)
                      : undefined}
                  </ComparedRow>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function ComparedRow({
  label,
  values,
  hidden,
  children,
}: {
  label: string;
  values: (string | null)[];
  hidden: boolean;
  children?: (value: string | null, index: number) => React.ReactNode;
}) {
  if (hidden) return null;
  const different = differs(values);
  const cell = different ? "bg-amber-50" : "bg-white";
  return (
    <tr data-differs={different || undefined}>
      <th scope="row" className={`sticky left-0 z-10 w-28 border-b border-slate-100 p-3 text-left break-normal hyphens-manual [overflow-wrap:normal] wide:w-48 align-top text-xs font-semibold uppercase tracking-wide text-slate-500 ${cell}`}>
        {label}
        {different ? <span className="ml-1 font-normal normal-case text-amber-800">(diffère)</span> : null}
      </th>
      {values.map((value, index) => (
        <td key={index} className={`border-b border-slate-100 p-3 align-top font-medium ${cell}`}>
          {children ? children(value, index) : (value ?? NOT_SPECIFIED)}
        </td>
      ))}
    </tr>
  );
}

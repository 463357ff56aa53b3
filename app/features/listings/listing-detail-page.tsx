import { fuelLabel } from "~/features/catalogue/vocabularies";
import { lazy, Suspense, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useRootData } from "~/features/auth/session-user";
import { CompareButton } from "~/features/compare/comparison-tray";
import { ShareListing } from "~/features/discovery/share-listing";
import { SimilarListings } from "~/features/discovery/similar-listings";
import { FavoriteButton } from "~/features/favorites/favorite-button";
import { MessageSellerButton } from "~/features/messages/message-seller-button";
import type { QueueItem } from "~/features/moderation/moderation-data";
import { MODERATION_ACTION_LABELS } from "~/features/moderation/moderation-reasons";
import { ReportListing } from "~/features/moderation/report-listing";
import type { ListingPriceRating } from "~/features/pricing/price-rating";
import { PriceRatingBadge } from "~/features/pricing/price-rating-badge";
import { PriceRatingSection } from "~/features/pricing/price-rating-section";
import { isEditableStatus } from "~/features/publish/editable-statuses";
import { formatDate, formatDateTime, formatMileage, formatPrice } from "~/ui/format";
import { useInteractive } from "~/ui/use-interactive";
import { WhenVisible } from "~/ui/when-visible";
import type { ListingCardData, PriceDropBadge } from "./listing-card-data";
import type { ListingDetail } from "./listing-detail-data";
import { CritAirSticker } from "./critair-sticker";
import { CRITAIR_FACT, listingFacts, NOT_SPECIFIED } from "./listing-facts";
import { listingReference } from "./listing-reference";
import { jsonLdText, listingJsonLd } from "./listing-seo";
import { PhotoGallery } from "./photo-gallery";
import { PriceDropPrice } from "./price-drop-price";
import { PriceHistoryList, type PriceHistoryItem } from "./price-history-list";
import { BUBBLE, SellerPhoneButton } from "./seller-phone-button";

const AreaMap = lazy(() => import("~/features/maps/area-map"));

/** Characters of the description shown before 'Voir plus'. */
export const DESCRIPTION_PREVIEW = 600;

function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  // Needs the page's JavaScript: visibly disabled until it runs (decision 0024).
  const interactive = useInteractive();
  return (
    <button
      type="button"
      className="listing-tool-button"
      disabled={!interactive}
      onClick={() => {
        // Back one page when the visitor came from within the site (React Router gives the
        // first entry the key "default"), else to the results.
        if (location.key !== "default") void navigate(-1);
        else void navigate("/recherche");
      }}
    >
      <span aria-hidden="true">‹</span> Afficher toutes les annonces
    </button>
  );
}

/**
 * The owner's action on the page: 'Modifier mon annonce' while the listing can be edited; a sold
 * or withdrawn one is managed from 'Mes annonces' (sale undone, back on sale), where the edit
 * form would only refuse.
 */
function OwnerLink({ listing, className }: { listing: ListingDetail; className: string }) {
  return isEditableStatus(listing.status) ? (
    <Link to={`/edit-annonce/${listing.id}`} className={className}>
      Modifier mon annonce
    </Link>
  ) : (
    <Link to="/hosting" className={className}>
      Gérer dans Mes annonces
    </Link>
  );
}

function StatusBanner({ listing }: { listing: ListingDetail }) {
  const text =
    listing.status === "pending"
      ? "Cette annonce est en cours de validation : elle n'est pas encore visible du public."
      : listing.status === "rejected"
        ? `Cette annonce a été refusée${listing.rejectionReason ? ` : ${listing.rejectionReason}` : "."} Modifiez-la pour la soumettre à nouveau.`
        : listing.status === "sold"
          ? "Cette annonce est marquée comme vendue : elle n'apparaît plus dans les résultats."
          : listing.status === "withdrawn"
            ? "Cette annonce est hors ligne : vous l'avez retirée de la vente. Remettez-la en vente depuis « Mes annonces » ou « Mon stock »."
            : listing.status === "deleted"
              ? listing.removal
                ? `Cette annonce a été retirée par ${listing.removal.by} le ${formatDateTime(listing.removal.at)}${listing.removal.reason ? `. Motif : ${listing.removal.reason}` : "."} Elle n'est plus visible du public.`
                : `Cette annonce a été supprimée${listing.deletedAt ? ` le ${formatDateTime(listing.deletedAt)}` : ""} : elle n'est plus visible du public.`
              : null;
  if (!text) return null;
  return (
    <p
      role="status"
      data-testid="listing-status-banner"
      className={`rounded-lg px-4 py-3 text-sm ring-1 ${listing.status === "deleted" ? "bg-red-50 text-red-900 ring-red-200" : "bg-amber-50 text-amber-900 ring-amber-200"}`}
    >
      {text}
    </p>
  );
}

function Facts({ listing }: { listing: ListingDetail }) {
  const facts = listingFacts(listing);
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
          <dd className="font-medium">
            {value === null || value === "" ? (
              NOT_SPECIFIED
            ) : label === CRITAIR_FACT ? (
              <CritAirSticker critair={listing.critair} withText />
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Description({ text }: { text: string | null }) {
  const [expanded, setExpanded] = useState(false);
  const interactive = useInteractive();
  if (!text) return <p className="text-slate-600">{NOT_SPECIFIED}</p>;
  const long = text.length > DESCRIPTION_PREVIEW;
  return (
    <div>
      <p className="whitespace-pre-line text-slate-800">
        {long && !expanded ? `${text.slice(0, DESCRIPTION_PREVIEW).trimEnd()}…` : text}
      </p>
      {long ? (
        <button
          type="button"
          className="mt-2 text-sm font-semibold text-brand-700 underline disabled:cursor-wait disabled:opacity-50"
          aria-expanded={expanded}
          disabled={!interactive}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? "Voir moins" : "Voir plus"}
        </button>
      ) : null}
    </div>
  );
}

/**
 * Phones (768 px or less): the price and the seller's 'Message' and 'Téléphone' stay at hand at
 * the bottom of the screen, docked above the tab bar from the first screen to the page's end. It
 * covers nothing for good: the footer reserves its height (app.css), so the page's last lines
 * scroll clear of it. The owner gets 'Modifier mon annonce' instead.
 */
function ContactBar({ listing, priceDrop }: { listing: ListingDetail; priceDrop: PriceDropBadge | null }) {
  return (
    <div role="region" aria-label="Contacter le vendeur" data-contact-bar className="listing-contact-bar">
      <div className="flex items-center gap-2">
        {priceDrop && listing.price != null ? (
          <div className="min-w-0 flex-1">
            <p className="truncate text-xl font-extrabold text-brand-700">{formatPrice(listing.price)}</p>
            <p className="truncate text-xs">
              <s className="text-slate-500">
                <span className="sr-only">au lieu de </span>
                {formatPrice(priceDrop.previousPrice)}
              </s>
            </p>
          </div>
        ) : (
          <p className="min-w-0 flex-1 truncate text-xl font-extrabold text-brand-700">
            {listing.price != null ? formatPrice(listing.price) : "Prix non précisé"}
          </p>
        )}
        {listing.isOwner ? (
          <OwnerLink
            listing={listing}
            className="whitespace-nowrap rounded-lg bg-brand-600 px-3 py-2.5 text-sm font-semibold text-white hover:bg-brand-700"
          />
        ) : listing.status === "published" ? (
          <>
            <MessageSellerButton listingId={listing.id} compact bubbleClassName={BUBBLE} />
            <SellerPhoneButton listingId={listing.id} hasPhone={listing.seller.hasPhone} compact />
          </>
        ) : null}
      </div>
    </div>
  );
}

/** What the listing page shows: the route's loader data (routes/annonce.tsx). */
export interface ListingPageData {
  listing: ListingDetail;
  favorite: boolean;
  /** The moderation history, for moderators only. */
  history: QueueItem["history"] | null;
  priceRating: ListingPriceRating | null;
  priceDrop: PriceDropBadge | null;
  priceHistory: PriceHistoryItem[];
  /** 'Annonces similaires' (issue 36). */
  similar: ListingCardData[];
  canonical: string;
  origin: string;
}

/**
 * The listing detail page (spec §3): gallery, facts, market price rating, description, price
 * history, map, seller with message and phone, moderation history for moderators; on phones a
 * contact bar at the bottom.
 */
export function ListingDetailPage({ data }: { data: ListingPageData }) {
  const { listing, favorite, history, priceRating, priceDrop, priceHistory, similar, canonical, origin } = data;
  const { map } = useRootData();
  const title = `${listing.brand} - ${listing.model}`;
  const share = (
    <ShareListing
      url={canonical}
      title={`${listing.brand} ${listing.model}`}
      price={listing.price != null ? formatPrice(listing.price) : null}
    />
  );
  const jsonLd = listingJsonLd(listing, {
    url: canonical,
    images: listing.photos.map((p) => new URL(p.large, origin).toString()),
  });
  return (
    <article className="space-y-6">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(jsonLd) }} />
      <div className="flex items-center justify-between">
        <BackButton />
        {listing.status === "published" ? (
          <div className="flex items-center gap-2">
            {/* On phones 'Partager' sits beside the reference, leaving this row to the back button. */}
            <div className="max-wide:hidden">{share}</div>
            <CompareButton listingId={listing.id} variant="detail" />
            <FavoriteButton listingId={listing.id} initialFavorite={favorite} screen="detail" variant="detail" />
          </div>
        ) : null}
      </div>
      <StatusBanner listing={listing} />
      <PhotoGallery photos={listing.photos} alt={`${listing.brand} ${listing.model}`} />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <header>
            <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
            <p className="mt-1 text-slate-600">
              {[
                listing.year,
                listing.mileage != null ? formatMileage(listing.mileage) : null,
                fuelLabel(listing.fuel),
                listing.gearbox,
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
            <div className="mt-1 flex items-center justify-between gap-2">
              <p className="text-sm text-slate-500">
                {[
                  `Réf. ${listingReference(listing.id)}`,
                  listing.publishedAt ? `publiée le ${formatDate(listing.publishedAt)}` : null,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
              {listing.status === "published" ? <div className="wide:hidden">{share}</div> : null}
            </div>
            {priceRating?.level ? (
              <a
                href="#prix-marche"
                className="mt-2 inline-block rounded-full focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <PriceRatingBadge level={priceRating.level} size="md" />
              </a>
            ) : null}
            {/* The price shows once: in the contact bar on phones, here on tablets, in the side column on large screens. */}
            {priceDrop && listing.price != null ? (
              // Phones: the new price is in the contact bar; here the badge and the old price.
              <p className="mt-2 flex flex-wrap items-center gap-2 text-sm wide:hidden">
                <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                  Prix en baisse
                </span>
                <s className="text-slate-500">
                  <span className="sr-only">au lieu de </span>
                  {formatPrice(priceDrop.previousPrice)}
                </s>
                <span className="font-medium text-emerald-700">
                  −{Math.round(((priceDrop.previousPrice - listing.price) / priceDrop.previousPrice) * 100)} %
                </span>
              </p>
            ) : null}
            {priceDrop && listing.price != null ? (
              <PriceDropPrice
                price={listing.price}
                drop={priceDrop}
                size="detail"
                className="mt-2 hidden wide:flex lg:hidden"
              />
            ) : (
              <p className="mt-2 hidden text-2xl font-extrabold text-brand-700 wide:block lg:hidden">
                {listing.price != null ? formatPrice(listing.price) : "Prix non précisé"}
              </p>
            )}
          </header>
          <section aria-labelledby="caracteristiques" className="rounded-xl bg-white p-5 shadow-sm">
            <h2 id="caracteristiques" className="mb-4 text-lg font-semibold">
              Caractéristiques
            </h2>
            <Facts listing={listing} />
            {listing.histovecUrl ? (
              <a
                href={listing.histovecUrl}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="mt-4 inline-block font-semibold text-brand-700 underline"
              >
                Rapport HistoVec disponible
              </a>
            ) : null}
          </section>
          {priceRating ? <PriceRatingSection rating={priceRating} brand={listing.brand} model={listing.model} /> : null}
          <section aria-labelledby="description" className="rounded-xl bg-white p-5 shadow-sm">
            <h2 id="description" className="mb-3 text-lg font-semibold">
              Description
            </h2>
            <Description text={listing.description} />
          </section>
          <PriceHistoryList items={priceHistory} />
          <section aria-labelledby="localisation" className="rounded-xl bg-white p-5 shadow-sm">
            <h2 id="localisation" className="mb-3 text-lg font-semibold">
              Localisation : {listing.city ?? NOT_SPECIFIED} {listing.postalCode ? `(${listing.postalCode})` : ""}
            </h2>
            {listing.latitude != null && listing.longitude != null ? (
              <WhenVisible placeholder={<div className="h-[300px] rounded-xl bg-slate-100" />}>
                {() => (
                  <Suspense fallback={<div className="h-[300px] rounded-xl bg-slate-100" />}>
                    <AreaMap
                      latitude={listing.latitude!}
                      longitude={listing.longitude!}
                      tileUrl={map.tileUrl}
                      attribution={map.attribution}
                    />
                  </Suspense>
                )}
              </WhenVisible>
            ) : null}
          </section>
        </div>

        <aside className="space-y-4 lg:sticky lg:top-20 lg:self-start">
          <div className={`rounded-xl bg-white p-5 shadow-sm ${listing.status === "published" ? "" : "max-lg:hidden"}`}>
            {priceDrop && listing.price != null ? (
              <PriceDropPrice price={listing.price} drop={priceDrop} size="detail" className="hidden lg:flex" />
            ) : (
              <p className="hidden text-3xl font-extrabold text-brand-700 lg:block">
                {listing.price != null ? formatPrice(listing.price) : "Prix non précisé"}
              </p>
            )}
            {listing.status === "published" ? (
              <p className="text-sm text-slate-500 lg:mt-1">
                {listing.heartCount} personne{listing.heartCount > 1 ? "s ont" : " a"} sauvegardé cette annonce
              </p>
            ) : null}
          </div>
          <section aria-labelledby="vendeur" className="space-y-3 rounded-xl bg-white p-5 shadow-sm">
            <h2 id="vendeur" className="text-lg font-semibold">
              Vendeur
            </h2>
            <p>
              <Link
                to={
                  listing.seller.pro?.verified
                    ? `/pro/${encodeURIComponent(listing.seller.pro.slug)}`
                    : `/profile/${encodeURIComponent(listing.seller.username)}`
                }
                className="font-semibold text-brand-700 underline"
              >
                {listing.seller.name}
              </Link>
              {/* Who sells (L111-7 II 3°, decision 0033); private sellers: the private-sale notice below. */}
              <span className="mt-1 block text-sm font-semibold">
                {listing.seller.pro
                  ? listing.seller.pro.verified
                    ? "Professionnel vérifié"
                    : "Professionnel"
                  : "Particulier"}
              </span>
            </p>
            {/* Trust figures (issue 33): the lines SellerTrust (features/sellers) renders, inline here to fit the page's first-load budget. */}
            <ul className="space-y-1 text-sm text-slate-500">
              {listing.seller.trust.lines.map((line) => (
                <li key={line}>✓ {line}</li>
              ))}
            </ul>
            {listing.seller.pro ? null : (
              <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
                Vente entre particuliers : la garantie légale de conformité ne s'applique pas.{" "}
                <Link to="/help#particulier-ou-professionnel" className="underline">
                  En savoir plus
                </Link>
              </p>
            )}
            {/* Phones have these in the contact bar. */}
            {listing.isOwner && listing.status !== "deleted" ? (
              <OwnerLink
                listing={listing}
                className="block rounded-lg max-wide:hidden bg-brand-600 px-4 py-2.5 text-center text-sm font-semibold text-white hover:bg-brand-700"
              />
            ) : listing.status === "published" ? (
              <div className="space-y-3 max-wide:hidden">
                <MessageSellerButton listingId={listing.id} />
                <SellerPhoneButton listingId={listing.id} hasPhone={listing.seller.hasPhone} />
              </div>
            ) : null}
          </section>
          {listing.status === "published" && !listing.isOwner ? <ReportListing listingId={listing.id} /> : null}
          {history ? (
            <section aria-labelledby="historique" className="rounded-xl bg-white p-5 text-sm shadow-sm">
              <h2 id="historique" className="mb-2 font-semibold">
                Historique de modération
              </h2>
              {history.length === 0 ? (
                <p className="text-slate-600">Aucune action de modération.</p>
              ) : (
                <ul className="space-y-1">
                  {history.map((h) => (
                    <li key={h.at + h.action}>
                      {formatDate(h.at)} — {MODERATION_ACTION_LABELS[h.action] ?? h.action}
                      {h.moderator ? ` par ${h.moderator}` : ""}
                      {h.reason ? ` : ${h.reason}` : ""}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ) : null}
        </aside>
      </div>
      <SimilarListings listings={similar} listingId={listing.id} />
      <ContactBar listing={listing} priceDrop={priceDrop} />
    </article>
  );
}

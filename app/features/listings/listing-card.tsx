import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { formatListingAge, formatMileage, formatPrice } from "~/ui/format";
import { PhotoCarousel } from "~/ui/photo-carousel";
import { PriceRatingBadge } from "~/features/pricing/price-rating-badge";
import { isPriceLevel } from "~/features/pricing/price-rating";
import type { ListingCardData, PriceDropBadge } from "./listing-card-data";
import { CritAirSticker } from "./critair-sticker";
import { PriceDropPrice } from "./price-drop-price";
import { listingPath } from "./listing-seo";
import { fuelLabel } from "~/features/catalogue/vocabularies";

/** Counts the click on a card (spec §3 click counter) without delaying the navigation. */
export function recordCardClick(listingId: string) {
  if (typeof navigator !== "undefined" && "sendBeacon" in navigator)
    navigator.sendBeacon(`/api/listings/${listingId}/click`);
}

export { PLACEHOLDER_PHOTO_SRC as PLACEHOLDER_PHOTO } from "~/ui/photo-carousel";

/** Cards fill one column on phones, two on tablets, three or four on wide screens. */
export const CARD_IMAGE_SIZES = "(max-width: 639px) 100vw, (max-width: 1023px) 50vw, 360px";

/** Results (/recherche): a 120 px photo on phones' compact cards, the grid's widths elsewhere. */
export const RESULT_CARD_IMAGE_SIZES = "(max-width: 640px) 120px, (max-width: 1023px) 50vw, 360px";
export const RESULT_CARD_IMAGE_SIZES_LARGE = CARD_IMAGE_SIZES;

/** Year · km · energy of a compact card, the unknown ones left out. */
function compactFacts(listing: ListingCardData): string[] {
  return [listing.year?.toString(), listing.mileage != null ? formatMileage(listing.mileage) : null, fuelLabel(listing.fuel)].filter(
    (fact): fact is string => Boolean(fact),
  );
}

/**
 * A listing in a grid (spec §2 Search: card contents): photo carousel (previous/next wrap
 * around), brand and model, key facts with the spec's placeholders, price, place.
 *
 * The whole card opens the detail through one link (the title's, stretched over the card), so
 * the carousel buttons and the heart (`action`) stay separate buttons, not nested in a link.
 */
export function ListingCard({
  listing,
  linkable = true,
  action,
  priceDrop,
  compareAction,
  priority = false,
  imageSizes = CARD_IMAGE_SIZES,
}: {
  listing: ListingCardData;
  /** The photo's `sizes`: RESULT_CARD_IMAGE_SIZES where phones show compact cards. */
  imageSizes?: string;
  /** The first card of a list above the fold: its photo is the page's LCP image (PhotoCarousel). */
  priority?: boolean;
  linkable?: boolean;
  /** A favourite whose price dropped (decision 0016): old price struck through, 'Prix en baisse'. */
  priceDrop?: PriceDropBadge;
  /** Shown over the photo's top-right corner, e.g. the favourite heart. */
  action?: ReactNode;
  /** Beside the price, above the stretched link: 'Comparer' (issue 14). */
  compareAction?: ReactNode;
}) {
  const title = `${listing.brand} ${listing.model}`;
  return (
    <article className="listing-card">
      {/* Above the stretched link so its buttons work; clicks elsewhere on the photo reach the link. */}
      <div className="card-media pointer-events-none relative z-10 [&_button]:pointer-events-auto">
        <PhotoCarousel photos={listing.photos} alt={title} sizes={imageSizes} className="card-photo aspect-[4/3]" priority={priority} />
        {/* Compact cards (phones): the market price label over the photo's corner, no extra line (app.css). */}
        {isPriceLevel(listing.priceLevel) ? (
          <div className="card-rating-overlay absolute bottom-1.5 left-1.5 right-1.5 hidden">
            <PriceRatingBadge level={listing.priceLevel} />
          </div>
        ) : null}
      </div>
      {action ? <div className="card-action absolute right-2 top-2 z-20">{action}</div> : null}
      <div className="card-body space-y-1 p-3">
        <h3 className="card-title truncate font-semibold">
          {linkable ? (
            <Link
              to={listingPath(listing)}
              onClick={() => recordCardClick(listing.id)}
              className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
            >
              {title}
            </Link>
          ) : (
            title
          )}
        </h3>
        <p className="card-large text-sm text-slate-600">
          {listing.year ?? "Année non spécifiée"} · {listing.gearbox ?? "Boîte non spécifiée"}
        </p>
        <p className="card-large text-sm text-slate-600">
          {listing.mileage != null ? formatMileage(listing.mileage) : "Kilométrage non spécifié"} ·{" "}
          {fuelLabel(listing.fuel) ?? "Énergie non spécifiée"}
        </p>
        {/*
          Compact cards (results on phones, issue 36): the key facts, shown by app.css. Each fact
          stays whole ('Électrique', '132 300 km'): when they do not fit on one line (320 px, a
          long energy), the line breaks between two facts, never inside one and never with '…'.
        */}
        <div className="card-compact hidden text-sm text-slate-600">
          {compactFacts(listing).map((fact, i, facts) => (
            <Fragment key={fact}>
              <span className="whitespace-nowrap">
                {fact}
                {i < facts.length - 1 ? " ·" : ""}
              </span>
              {i < facts.length - 1 ? " " : ""}
            </Fragment>
          ))}
        </div>
        <div className="card-price flex items-center justify-between gap-2 pt-1">
          {priceDrop && listing.price != null ? (
            <PriceDropPrice price={listing.price} drop={priceDrop} />
          ) : (
            <p className="text-lg font-bold text-brand-700">
              {listing.price != null ? formatPrice(listing.price) : "Prix non précisé"}
            </p>
          )}
          {compareAction}
        </div>
        {isPriceLevel(listing.priceLevel) ? (
          <div className="card-large">
            <PriceRatingBadge level={listing.priceLevel} />
          </div>
        ) : null}
        <div className="card-place flex items-center gap-1.5">
          <p className="mr-auto truncate text-sm text-slate-600">
            {listing.postalCode} {listing.city}
          </p>
          <CritAirSticker critair={listing.critair} />
          {listing.sellerKind ? (
            <span className="card-seller shrink-0 rounded bg-slate-100 px-1.5 text-xs font-semibold text-slate-700">{listing.sellerKind === "pro" ? "Pro" : "Particulier"}</span>
          ) : null}
        </div>
        {listing.publishedAt ? (
          // Paris calendar days at render time: a page rendered before midnight and hydrated after may differ by a day.
          <p className="card-age text-xs text-slate-500" suppressHydrationWarning>
            {formatListingAge(listing.publishedAt)}
          </p>
        ) : null}
      </div>
    </article>
  );
}

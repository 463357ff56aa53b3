import { Link } from "react-router";
import { SignInRequired } from "~/features/auth/sign-in-required";
import { PriceRatingBadge } from "~/features/pricing/price-rating-badge";
import type { PriceLevel } from "~/features/pricing/price-rating";
import { PRO_PAGE_PATH } from "~/features/pro/pro-status";
import { Breadcrumb } from "~/ui/breadcrumb";
import { formatPrice } from "~/ui/format";
import { StatsChart } from "./stats-chart";
import { STOCK_PATH, STOCK_STATS_PATH } from "./stock-paths";
import { STATS_PERIODS, type StatsPeriod, type StatsSeries } from "./stats-data";
import { STOCK_STATUS_LABELS } from "./stock-table-data";
import type { ListingStatus } from "~/db/schema";

export interface ListingStatsView {
  id: string;
  title: string;
  price: number | null;
  status: ListingStatus;
  priceLevel: PriceLevel | null;
  priceEstimateLow: number | null;
  priceEstimateHigh: number | null;
  stats: StatsSeries;
}

export type DealerStatsPageData =
  | { access: "signed-out" }
  | { access: "not-verified" }
  | { access: "ok"; days: StatsPeriod; shop: StatsSeries; listing: ListingStatsView | null; listingError: string | null };

function periodHref(days: StatsPeriod, listingId: string | undefined): string {
  const params = new URLSearchParams();
  if (listingId) params.set("annonce", listingId);
  if (days === 90) params.set("jours", "90");
  const text = params.toString();
  return `${STOCK_STATS_PATH}${text ? `?${text}` : ""}`;
}

/** 'Statistiques' of 'Mon stock' (issue 35, decision 0052): the shop's chart, and one listing's. */
export function DealerStatsPage({ data }: { data: DealerStatsPageData }) {
  if (data.access === "signed-out") return <SignInRequired message="Connectez-vous pour voir vos statistiques." />;
  const header = (
    <>
      <Breadcrumb
        items={[{ label: "Accueil", to: "/" }, { label: "Mon stock", to: STOCK_PATH }, { label: "Statistiques" }]}
      />
      <h1 className="text-2xl font-bold text-slate-900">Statistiques</h1>
    </>
  );
  if (data.access === "not-verified") {
    return (
      <div className="mx-auto max-w-5xl space-y-4">
        {header}
        <p className="rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200">
          Les statistiques sont réservées aux professionnels vérifiés.{" "}
          <Link to={PRO_PAGE_PATH} className="font-semibold underline">
            Voir mon profil professionnel
          </Link>
        </p>
      </div>
    );
  }
  const listing = data.listing;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      {header}
      <nav aria-label="Période" className="flex flex-wrap gap-2">
        {STATS_PERIODS.map((days) => (
          <Link
            key={days}
            to={periodHref(days, listing?.id)}
            aria-current={days === data.days ? "page" : undefined}
            className={`rounded-full px-4 py-2 text-sm font-semibold ring-1 ${
              days === data.days ? "bg-brand-600 text-white ring-brand-600" : "bg-white text-slate-800 ring-slate-300"
            }`}
          >
            {days} derniers jours
          </Link>
        ))}
      </nav>
      {data.listingError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          {data.listingError}
        </p>
      ) : null}
      {listing ? (
        <section className="space-y-3" aria-labelledby="listing-stats-title">
          <h2 id="listing-stats-title" className="text-lg font-semibold text-slate-900">
            {listing.title}
          </h2>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <span className="font-semibold text-slate-900">{listing.price !== null ? formatPrice(listing.price) : "—"}</span>
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium">{STOCK_STATUS_LABELS[listing.status]}</span>
            <PriceRatingBadge level={listing.priceLevel} />
            {listing.priceEstimateLow !== null && listing.priceEstimateHigh !== null ? (
              <span>
                Prix du marché : {formatPrice(listing.priceEstimateLow)} – {formatPrice(listing.priceEstimateHigh)}
              </span>
            ) : (
              <span>Pas assez d'annonces comparables pour situer le prix.</span>
            )}
          </p>
          <StatsChart title={`Cette annonce sur ${data.days} jours`} series={listing.stats} />
          <Link to={periodHref(data.days, undefined)} className="text-sm font-semibold text-brand-700 underline">
            Voir toute la boutique
          </Link>
        </section>
      ) : null}
      <StatsChart title={`La boutique sur ${data.days} jours`} series={data.shop} />
      <p className="text-sm text-slate-600">
        Vues et clics sont comptés une fois par visiteur et par demi-heure, sans les robots ni vos propres visites ; un numéro
        affiché compte une fois par acheteur ; un message compte le premier message de chaque acheteur.
      </p>
    </div>
  );
}

import { formatCount, formatPrice } from "~/ui/format";
import { MIN_COMPARABLES, NOT_ENOUGH_COMPARABLES, type ListingPriceRating, type PriceLevel } from "./price-rating";
import { PriceRatingBadge } from "./price-rating-badge";
import { lazy, Suspense } from "react";

/**
 * The chart is rendered on the server with the page (React waits for it), but its code is a
 * chunk of its own that hydration fetches: it is below the fold and not in the listing page's
 * first-load script (decision 0021 budget).
 */
const PriceRatingChart = lazy(() => import("./price-rating-chart").then((m) => ({ default: m.PriceRatingChart })));

const EXPLANATION: Record<PriceLevel, string> = {
  1: "Le prix est nettement inférieur à la fourchette estimée.",
  2: "Le prix est inférieur à la fourchette estimée.",
  3: "Le prix est dans la fourchette estimée.",
  4: "Le prix est supérieur à la fourchette estimée.",
  5: "Le prix est nettement supérieur à la fourchette estimée.",
};

/**
 * The detail page's "Prix par rapport au marché": the label and why — the estimated range for
 * this vehicle, how many comparable listings it rests on, and the chart of their prices against
 * mileage with this listing highlighted.
 */
export function PriceRatingSection({
  rating,
  brand,
  model,
}: {
  rating: ListingPriceRating;
  brand: string;
  model: string;
}) {
  const { level, estimateLow, estimateHigh, comparables } = rating;
  return (
    <section
      id="prix-marche"
      aria-labelledby="prix-marche-titre"
      className="space-y-3 rounded-xl bg-white p-5 shadow-sm"
    >
      <h2 id="prix-marche-titre" className="text-lg font-semibold">
        Prix par rapport au marché
      </h2>
      {level && estimateLow != null && estimateHigh != null ? (
        <>
          <p className="flex flex-wrap items-center gap-2">
            <PriceRatingBadge level={level} size="md" />
            <span className="text-slate-800">{EXPLANATION[level]}</span>
          </p>
          <p className="text-slate-800">
            Estimation du marché pour ce véhicule :{" "}
            <strong>
              {formatPrice(estimateLow)} – {formatPrice(estimateHigh)}
            </strong>
            , d'après {formatCount(comparables, "annonce comparable", "annonces comparables")} ({brand} {model} en ligne).
          </p>
          <p className="text-sm text-slate-600">
            L'estimation tient compte de l'année, du kilométrage, de l'énergie et de la boîte de vitesses ; la
            fourchette contient la moitié des prix demandés pour un véhicule équivalent.
          </p>
        </>
      ) : (
        <>
          <p className="font-semibold text-slate-800">{NOT_ENOUGH_COMPARABLES}</p>
          <p className="text-sm text-slate-600">
            {comparables > 0
              ? `${formatCount(comparables, "autre annonce", "autres annonces")} ${brand} ${model} en ligne ; il en faut au moins ${MIN_COMPARABLES} pour estimer le prix du marché.`
              : `Aucune autre annonce ${brand} ${model} en ligne ; il en faut au moins ${MIN_COMPARABLES} pour estimer le prix du marché.`}
          </p>
        </>
      )}
      {rating.points.length > 0 ? (
        <Suspense fallback={<div className="h-[224px]" />}>
          <PriceRatingChart
            points={rating.points}
            self={rating.self}
            estimateLow={level ? estimateLow : null}
            estimateHigh={level ? estimateHigh : null}
            title={`Prix selon le kilométrage des annonces ${brand} ${model} comparables, cette annonce mise en évidence`}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

import { formatMileage, formatPrice } from "~/ui/format";
import { guidanceLevel, guidanceLevelLabel, type PriceGuidance } from "./price-guidance";

/**
 * Under the price field of the wizard's last step and of the edit form (issue 34, decision
 * 0043): 'Prix du marché estimé : 8 900 € – 10 400 €' for the car described, with its
 * comparables, and the label buyers would see for the price typed ('Bonne affaire'…), updated
 * as the seller types. Too few comparables: said so, no range.
 */
export function PriceGuidanceNote({ guidance, price }: { guidance: PriceGuidance; price: string }) {
  const car = `${guidance.brand} ${guidance.model}${guidance.fuel ? ` ${guidance.fuel}` : ""} de ${guidance.year} autour de ${formatMileage(guidance.mileage)}`;
  const { estimate } = guidance;
  if (!estimate) {
    return (
      <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="price-guidance">
        Pas assez d'annonces comparables pour estimer le prix du marché des {car} ({guidance.comparables} en ligne).
      </p>
    );
  }
  const typed = Number(price.replace(/\D/g, ""));
  const level = typed > 0 ? guidanceLevel(typed, estimate) : null;
  return (
    <div className="space-y-1 rounded-lg bg-slate-50 px-3 py-2 text-sm" data-testid="price-guidance">
      <p>
        <strong>
          Prix du marché estimé : {formatPrice(estimate.low)} – {formatPrice(estimate.high)}
        </strong>
      </p>
      <p className="text-slate-700">
        Les {car} se vendent entre {formatPrice(estimate.low)} et {formatPrice(estimate.high)} ({guidance.comparables} annonces comparables).
      </p>
      <p aria-live="polite" className="text-slate-800">
        {level ? (
          <>
            À {formatPrice(typed)}, votre annonce serait signalée aux acheteurs : <strong>{guidanceLevelLabel(level)}</strong>.
          </>
        ) : (
          "Saisissez un prix pour voir comment les acheteurs le verront."
        )}
      </p>
    </div>
  );
}

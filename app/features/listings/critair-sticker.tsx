import { critAirLabel, NON_CLASSE } from "~/features/catalogue/critair-label";

/**
 * The Crit'Air sticker (decision 0039): a disc in the official colour with the class number
 * (0 green, 1 purple, 2 yellow, 3 orange, 4 burgundy, 5 grey); 'Non classé' vehicles get no
 * sticker, only the words. Nothing when the class is unknown. `withText` adds "Crit'Air 2"
 * beside the disc (listing page, comparison); cards show the disc alone, named for screen readers.
 */
export function CritAirSticker({
  critair,
  withText = false,
}: {
  critair: number | null | undefined;
  withText?: boolean;
}) {
  if (critair == null) return null;
  const label = critAirLabel(critair);
  const classed = critair < NON_CLASSE;
  return (
    <span className="inline-flex items-center gap-1.5 text-sm font-semibold">
      {classed ? (
        <span role="img" aria-label={`Vignette ${label}`} data-critair={critair} className="critair-disc size-7 text-xs">
          {critair}
        </span>
      ) : null}
      {withText || !classed ? label : null}
    </span>
  );
}

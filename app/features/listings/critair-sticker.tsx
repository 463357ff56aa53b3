import { critAirLabel, isCritAir, NON_CLASSE } from "~/features/catalogue/critair-label";

/**
 * The official colours (certificat-air.gouv.fr; decision 0039) as literal classes, so Tailwind
 * generates them: 0 vert, 1 violet, 2 jaune, 3 orange, 4 bordeaux, 5 gris. The number is dark
 * where white would not reach a 4.5:1 contrast.
 */
const DISC_CLASSES: Record<0 | 1 | 2 | 3 | 4 | 5, string> = {
  0: "bg-[#00a651] text-slate-900",
  1: "bg-[#7b3f98] text-white",
  2: "bg-[#ffd200] text-slate-900",
  3: "bg-[#f7941d] text-slate-900",
  4: "bg-[#7f1d2d] text-white",
  5: "bg-[#6b7280] text-white",
};

/**
 * The Crit'Air sticker (decision 0039): a disc in the official colour with the class number
 * (0 green, 1 purple, 2 yellow, 3 orange, 4 burgundy, 5 grey); 'Non classé' vehicles get no
 * sticker, only the words. Nothing when the class is unknown. `withText` adds "Crit'Air 2"
 * beside the disc (listing page, comparison); cards show the disc alone, named for screen readers.
 */
export function CritAirSticker({
  critair,
  withText = false,
  size = "md",
}: {
  critair: number | null | undefined;
  withText?: boolean;
  size?: "sm" | "md";
}) {
  if (!isCritAir(critair)) return null;
  const label = critAirLabel(critair);
  if (critair === NON_CLASSE) {
    return (
      <span className="rounded border px-1.5 text-xs font-semibold" data-critair="nc">
        {label}
      </span>
    );
  }
  const disc = (
    <span
      role="img"
      aria-label={`Vignette ${label}`}
      data-critair={critair}
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-bold ${DISC_CLASSES[critair]} ${size === "sm" ? "size-6 text-xs" : "size-8 text-sm"}`}
    >
      {critair}
    </span>
  );
  if (!withText) return disc;
  return (
    <span className="inline-flex items-center gap-1.5">
      {disc}
      <span className="text-sm font-semibold">{label}</span>
    </span>
  );
}

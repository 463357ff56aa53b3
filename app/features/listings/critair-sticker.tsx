import { CRITAIR_COLORS, critAirLabel, isCritAir, NON_CLASSE } from "~/features/catalogue/critair";

/** The official colours (CRITAIR_COLORS) as literal classes, so Tailwind generates them. */
const DISC_CLASSES: Record<keyof typeof CRITAIR_COLORS, string> = {
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
      <span className="inline-flex items-center rounded border border-slate-300 px-1.5 text-xs font-semibold text-slate-700" data-critair="non-classe">
        {label}
      </span>
    );
  }
  const colour = CRITAIR_COLORS[critair];
  const disc = size === "sm" ? "h-6 w-6 text-xs" : "h-8 w-8 text-sm";
  return (
    <span className="inline-flex items-center gap-1.5" data-critair={critair}>
      <span
        role="img"
        aria-label={`Vignette ${label}`}
        title={`Vignette ${label} (${colour.name})`}
        className={`inline-flex shrink-0 items-center justify-center rounded-full font-bold ring-1 ring-slate-300 ${DISC_CLASSES[critair]} ${disc}`}
      >
        {critair}
      </span>
      {withText ? <span className="text-sm font-semibold">{label}</span> : null}
    </span>
  );
}

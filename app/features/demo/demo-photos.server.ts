import sharp from "sharp";
import { encodePhotoVariants, type EncodedPhoto } from "~/features/listings/photo-processing.server";

/** Paint colours for the demo illustrations, by canonical colour name. */
const PAINT: Record<string, string> = {
  Blanc: "#f4f4f2",
  Noir: "#1d1f23",
  Gris: "#8a9099",
  Bleu: "#1f4fa3",
  Rouge: "#c0262d",
  Vert: "#2f7d4a",
  Jaune: "#e9c12b",
  Marron: "#6b4a2f",
  Orange: "#e2731f",
  Autre: "#7a5ca8",
};

type Silhouette = "hatch" | "sedan" | "suv" | "van";

function silhouetteFor(vehicleType: string | null | undefined): Silhouette {
  switch (vehicleType) {
    case "SUV":
    case "4x4":
      return "suv";
    case "Utilitaire":
    case "Monospace":
      return "van";
    case "Citadine":
      return "hatch";
    default:
      return "sedan";
  }
}

const BODY: Record<Silhouette, string> = {
  hatch:
    "M150 380 L170 300 Q190 270 230 262 L330 200 Q360 185 420 185 L560 185 Q620 188 660 240 L700 300 L760 315 Q800 325 805 360 L805 395 Q805 410 790 410 L165 410 Q150 410 150 395 Z",
  sedan:
    "M110 380 L130 320 Q150 290 200 282 L320 215 Q350 198 410 196 L560 196 Q620 198 670 250 L700 285 L820 305 Q870 315 880 355 L880 395 Q880 410 865 410 L125 410 Q110 410 110 395 Z",
  suv: "M120 380 L130 290 Q140 250 190 245 L300 170 Q320 155 380 155 L620 155 Q680 158 720 215 L755 265 L830 282 Q870 292 872 340 L872 395 Q872 410 857 410 L135 410 Q120 410 120 395 Z",
  van: "M110 390 L110 200 Q110 150 160 148 L640 148 Q700 150 730 200 L800 285 Q860 300 865 345 L865 400 Q865 412 850 412 L125 412 Q110 412 110 400 Z",
};

const WINDOWS: Record<Silhouette, string> = {
  hatch:
    "M250 270 L340 212 Q365 200 420 200 L470 200 L470 270 Z M490 200 L555 200 Q605 203 640 250 L650 270 L490 270 Z",
  sedan:
    "M225 285 L330 225 Q355 212 410 212 L480 212 L480 285 Z M500 212 L555 212 Q605 214 645 255 L660 285 L500 285 Z",
  suv: "M205 255 L310 182 Q330 170 380 170 L480 170 L480 255 Z M500 170 L610 170 Q660 172 690 215 L715 255 L500 255 Z",
  van: "M140 170 L300 170 L300 260 L140 260 Z M320 170 L560 170 L560 260 L320 260 Z M580 170 L640 170 Q690 172 715 215 L745 260 L580 260 Z",
};

function svg(options: { paint: string; silhouette: Silhouette; view: number; label: string }): string {
  const { paint, silhouette, view } = options;
  const backgrounds = [
    ["#dfe9f3", "#f7f9fb"],
    ["#f1e7da", "#fbf8f3"],
    ["#e4efe4", "#f7faf6"],
  ] as const;
  const [top, bottom] = backgrounds[view % backgrounds.length]!;
  const flip = view === 1 ? `transform="translate(960 0) scale(-1 1)"` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640" viewBox="0 0 960 640">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
  <linearGradient id="shine" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset=".5" stop-color="#fff" stop-opacity="0"/></linearGradient></defs>
  <rect width="960" height="640" fill="url(#bg)"/>
  <rect y="470" width="960" height="170" fill="#cfd4da"/>
  <ellipse cx="490" cy="455" rx="400" ry="26" fill="#000" opacity=".18"/>
  <g ${flip}>
    <path d="${BODY[silhouette]}" fill="${paint}" stroke="#111" stroke-opacity=".35" stroke-width="3"/>
    <path d="${BODY[silhouette]}" fill="url(#shine)"/>
    <path d="${WINDOWS[silhouette]}" fill="#2b3642" opacity=".85"/>
    <rect x="${silhouette === "van" ? 820 : 790}" y="330" width="40" height="16" rx="6" fill="#ffe7a3"/>
    <g fill="#1a1a1a"><circle cx="280" cy="410" r="58"/><circle cx="${silhouette === "van" ? 700 : 720}" cy="410" r="58"/></g>
    <g fill="#b9bec6"><circle cx="280" cy="410" r="28"/><circle cx="${silhouette === "van" ? 700 : 720}" cy="410" r="28"/></g>
  </g>
  <text x="480" y="600" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" fill="#4a5360">${options.label}</text>
</svg>`;
}

/**
 * Renders a vehicle illustration in the listing's colour as a seller's JPEG would arrive,
 * then through the real upload encoder. Cached by (colour, body, view): many listings
 * share them, and encoding each once keeps the first start fast.
 */
export function createDemoPhotoRenderer(widths: readonly number[]) {
  const cache = new Map<string, Promise<EncodedPhoto>>();
  return (options: { color: string | null | undefined; vehicleType: string | null | undefined; view: number }) => {
    const paint = PAINT[options.color ?? "Autre"] ?? PAINT.Autre!;
    const silhouette = silhouetteFor(options.vehicleType);
    const key = `${paint}:${silhouette}:${options.view}`;
    let rendered = cache.get(key);
    if (!rendered) {
      rendered = sharp(Buffer.from(svg({ paint, silhouette, view: options.view, label: "Photo de démonstration" })))
        .jpeg({ quality: 85 })
        .toBuffer()
        // Flat illustrations compress well even at the fastest WebP effort.
        .then((jpeg) => encodePhotoVariants(jpeg, widths, { effort: 0 }));
      cache.set(key, rendered);
    }
    return rendered;
  };
}

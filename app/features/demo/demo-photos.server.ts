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

/** One drawing per body type of the vocabulary (VEHICLE_TYPES); "Autre" is drawn as a saloon. */
type Silhouette = "hatch" | "sedan" | "estate" | "coupe" | "cabriolet" | "suv" | "offroad" | "mpv" | "van";

export function silhouetteFor(vehicleType: string | null | undefined): Silhouette {
  switch (vehicleType) {
    case "Citadine":
      return "hatch";
    case "Break":
      return "estate";
    case "Coupé":
      return "coupe";
    case "Cabriolet":
      return "cabriolet";
    case "SUV":
      return "suv";
    case "4x4":
      return "offroad";
    case "Monospace":
      return "mpv";
    case "Utilitaire":
      return "van";
    default:
      return "sedan";
  }
}

interface Shape {
  /** The painted body, facing right (front at the right), standing on y = 468. */
  body: string;
  /** Glass. */
  windows: string;
  /** Wheel centres (x) and radius: the wheels stand on the ground line. */
  wheels: [number, number];
  wheelRadius: number;
  /** Headlamp and tail lamp positions. */
  lamps: { front: [number, number]; rear: [number, number] };
  /** What makes the type recognisable beyond its outline (rails, spare wheel, seats…). */
  extras?: string;
}

const GROUND = 468;
const DARK = `fill="#2a2f36"`;

const SHAPES: Record<Silhouette, Shape> = {
  // A short, tall city car with a near-vertical tailgate.
  hatch: {
    body: "M190 405 L192 300 Q196 238 230 212 L262 192 Q278 184 305 184 L520 184 Q556 186 586 212 L650 280 L722 296 Q762 306 766 345 L766 400 Q766 412 753 412 L203 412 Q190 412 190 405 Z",
    windows: "M222 285 L236 236 Q246 210 272 202 L370 200 L370 285 Z M390 200 L512 200 Q546 202 570 226 L618 285 L390 285 Z",
    wheels: [292, 662],
    wheelRadius: 54,
    lamps: { front: [728, 318], rear: [196, 300] },
  },
  // Three boxes: bonnet, cabin, boot.
  sedan: {
    body: "M100 405 L100 332 Q102 306 135 300 L255 290 L345 214 Q362 198 395 198 L560 198 Q600 200 630 230 L690 290 L820 305 Q865 312 870 350 L870 400 Q870 412 857 412 L112 412 Q100 412 100 405 Z",
    windows: "M280 288 L356 222 Q372 212 400 212 L470 212 L470 288 Z M490 212 L555 212 Q590 214 615 240 L660 288 L490 288 Z",
    wheels: [240, 720],
    wheelRadius: 56,
    lamps: { front: [830, 322], rear: [108, 318] },
  },
  // The roof runs to a vertical tailgate, three side windows and roof rails.
  estate: {
    body: "M100 405 L104 292 Q110 214 160 208 L560 202 Q600 203 630 232 L690 290 L820 305 Q865 312 870 350 L870 400 Q870 412 857 412 L112 412 Q100 412 100 405 Z",
    windows: "M132 285 L140 234 Q147 222 168 222 L300 220 L300 285 Z M318 220 L470 218 L470 285 L318 285 Z M490 218 L555 216 Q590 218 615 244 L655 285 L490 285 Z",
    wheels: [240, 720],
    wheelRadius: 56,
    lamps: { front: [830, 322], rear: [106, 300] },
    extras: `<rect x="170" y="192" width="380" height="8" rx="4" ${DARK}/>`,
  },
  // Low, long bonnet, fastback roof, one door.
  coupe: {
    body: "M110 405 L112 348 Q115 318 150 308 L300 290 Q362 228 425 218 L540 218 Q600 222 650 266 L690 296 L830 314 Q870 322 872 356 L872 400 Q872 412 860 412 L122 412 Q110 412 110 405 Z",
    windows: "M322 288 Q372 242 428 234 L500 232 L500 290 Z M516 232 L540 232 Q588 236 626 268 L646 290 L516 290 Z",
    wheels: [252, 730],
    wheelRadius: 54,
    lamps: { front: [834, 332], rear: [116, 340] },
  },
  // The coupé's body with the roof folded away: windscreen, headrests and the hood's stack.
  cabriolet: {
    body: "M110 405 L112 348 Q115 318 150 308 L560 300 L622 262 L634 266 L600 300 L830 314 Q870 322 872 356 L872 400 Q872 412 860 412 L122 412 Q110 412 110 405 Z",
    windows: "M560 300 L622 262 L630 265 L584 300 Z",
    wheels: [252, 730],
    wheelRadius: 54,
    lamps: { front: [834, 332], rear: [116, 340] },
    extras: `<path d="M180 306 Q214 276 292 282 L300 302 Z" ${DARK}/><rect x="390" y="262" width="22" height="40" rx="8" ${DARK}/><rect x="486" y="262" width="22" height="40" rx="8" ${DARK}/>`,
  },
  // Tall body, high ground clearance, big wheels, roof rails and black wheel-arch guards.
  suv: {
    body: "M120 392 L122 286 Q124 226 166 210 L286 168 Q306 155 350 155 L600 155 Q650 157 686 200 L740 262 L830 280 Q872 290 874 335 L874 390 Q874 402 860 402 L134 402 Q120 402 120 392 Z",
    windows: "M160 268 L170 228 Q180 212 212 204 L300 178 Q320 170 350 170 L440 170 L440 268 Z M460 170 L598 170 Q640 172 666 206 L708 268 L460 268 Z",
    wheels: [262, 722],
    wheelRadius: 64,
    lamps: { front: [834, 300], rear: [128, 290] },
    extras: `<rect x="230" y="142" width="340" height="9" rx="4" ${DARK}/><path d="M180 402 Q190 318 262 316 Q334 318 344 402 Z M640 402 Q650 318 722 316 Q794 318 804 402 Z" ${DARK} opacity=".55"/>`,
  },
  // A box on big wheels: upright screen, spare wheel on the tailgate, roof rack.
  offroad: {
    body: "M130 392 L130 178 Q130 160 150 160 L560 160 Q580 160 590 176 L632 256 L838 270 Q862 272 864 296 L864 390 Q864 402 850 402 L143 402 Q130 402 130 392 Z",
    windows: "M160 250 L160 180 L330 180 L330 250 Z M348 180 L470 180 L470 250 L348 250 Z M488 180 L560 180 L596 250 L488 250 Z",
    wheels: [262, 722],
    wheelRadius: 68,
    lamps: { front: [828, 300], rear: [138, 280] },
    extras: `<circle cx="116" cy="300" r="48" fill="#1a1a1a"/><circle cx="116" cy="300" r="22" fill="#b9bec6"/><rect x="170" y="134" width="380" height="10" rx="3" ${DARK}/><path d="M200 144 V160 M320 144 V160 M440 144 V160 M530 144 V160" stroke="#2a2f36" stroke-width="8"/>`,
  },
  // One box: a long sloping windscreen from a short bonnet, three rows of windows.
  mpv: {
    body: "M110 400 L112 248 Q115 172 170 166 L520 160 Q566 160 600 190 L740 280 L835 298 Q870 306 872 345 L872 398 Q872 410 858 410 L124 410 Q110 410 110 400 Z",
    windows: "M140 272 L145 192 Q150 180 172 180 L300 179 L300 272 Z M318 179 L450 177 L450 272 L318 272 Z M468 177 L520 176 Q556 178 582 200 L684 272 L468 272 Z",
    wheels: [245, 725],
    wheelRadius: 54,
    lamps: { front: [834, 318], rear: [118, 300] },
    extras: `<path d="M310 300 H452" stroke="#111" stroke-opacity=".35" stroke-width="4"/>`,
  },
  // A tall van: blind cargo panels, a cab with one window, sliding-door and panel lines.
  van: {
    body: "M100 405 L100 132 Q100 110 122 110 L600 110 Q640 110 660 140 L722 252 L840 276 Q868 282 870 320 L870 400 Q870 412 856 412 L114 412 Q100 412 100 405 Z",
    windows: "M585 128 L612 128 Q640 130 656 156 L700 250 L585 250 Z",
    wheels: [232, 730],
    wheelRadius: 54,
    lamps: { front: [830, 306], rear: [106, 300] },
    extras: `<path d="M330 124 V400 M570 124 V400 M100 300 H570" stroke="#111" stroke-opacity=".3" stroke-width="4"/><rect x="540" y="262" width="22" height="8" rx="3" ${DARK}/><rect x="700" y="214" width="18" height="34" rx="4" ${DARK}/>`,
  },
};

function svg(options: { paint: string; silhouette: Silhouette; view: number; label: string }): string {
  const { paint, view } = options;
  const shape = SHAPES[options.silhouette];
  const backgrounds = [
    ["#dfe9f3", "#f7f9fb"],
    ["#f1e7da", "#fbf8f3"],
    ["#e4efe4", "#f7faf6"],
  ] as const;
  const [top, bottom] = backgrounds[view % backgrounds.length]!;
  const flip = view === 1 ? `transform="translate(960 0) scale(-1 1)"` : "";
  const r = shape.wheelRadius;
  const y = GROUND - r;
  const wheels = shape.wheels
    .map(
      (x) =>
        `<circle cx="${x}" cy="${y}" r="${r}" fill="#1a1a1a"/><circle cx="${x}" cy="${y}" r="${Math.round(r * 0.5)}" fill="#b9bec6"/>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640" viewBox="0 0 960 640">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
  <linearGradient id="shine" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset=".5" stop-color="#fff" stop-opacity="0"/></linearGradient></defs>
  <rect width="960" height="640" fill="url(#bg)"/>
  <rect y="${GROUND}" width="960" height="${640 - GROUND}" fill="#cfd4da"/>
  <ellipse cx="490" cy="${GROUND - 6}" rx="400" ry="22" fill="#000" opacity=".18"/>
  <g ${flip}>
    <path d="${shape.body}" fill="${paint}" stroke="#111" stroke-opacity=".35" stroke-width="3"/>
    <path d="${shape.body}" fill="url(#shine)"/>
    <path d="${shape.windows}" fill="#2b3642" opacity=".85"/>
    ${shape.extras ?? ""}
    <rect x="${shape.lamps.front[0]}" y="${shape.lamps.front[1]}" width="34" height="16" rx="6" fill="#ffe7a3"/>
    <rect x="${shape.lamps.rear[0]}" y="${shape.lamps.rear[1]}" width="12" height="22" rx="4" fill="#c0262d"/>
    ${wheels}
  </g>
  <text x="480" y="600" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" fill="#4a5360">${options.label}</text>
</svg>`;
}

/** The illustration as an SVG document, for tests and previews. */
export function demoPhotoSvg(options: { color: string; vehicleType: string; view: number }): string {
  return svg({
    paint: PAINT[options.color] ?? PAINT.Autre!,
    silhouette: silhouetteFor(options.vehicleType),
    view: options.view,
    label: "Photo de démonstration",
  });
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

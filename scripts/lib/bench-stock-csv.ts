// A generated dealer stock file for the import benches (bench:import, bench:import-photos):
// real catalogue models, their years, energies and bodies, French numbers, multi-line quoted
// descriptions, equipment, photo addresses. Seeded: the same file every run.
import { allModelSpecs } from "../../app/features/catalogue/model-specs";

const COLORS = ["Blanc", "Noir", "Gris", "Bleu", "Rouge", "Gris anthracite", "Vert", "Marron", "Blanche"];
const GEARBOX = ["BVM", "BVA", "Manuelle", "Automatique", "manuelle", "auto"];
const ENERGY: Record<string, string> = {
  Essence: "Essence",
  Diesel: "Diesel",
  Hybride: "Hybride",
  Electrique: "Electrique",
  GPL: "GPL",
};
const EQUIPMENT = ["Climatisation automatique", "GPS", "Caméra de recul", "Régulateur de vitesse", "Bluetooth", "Jantes alliage", "Toit ouvrant", "Sièges chauffants"];

/** A seeded generator: the same file every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

export const STOCK_CSV_HEADER =
  "reference;marque;modele;mise_en_circulation;carrosserie;energie;boite;kilometrage;prix;couleur;portes;places;puissance_ch;puissance_fiscale;norme_euro;equipements;description;photos";

function quote(cell: string): string {
  return /[";\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** The default photo addresses: two per row on a host that is never fetched (photos excluded). */
export function benchPhotoUrls(row: number): string[] {
  return [`https://photos.garage-bench.fr/${row + 1}/1.jpg`, `https://photos.garage-bench.fr/${row + 1}/2.jpg`];
}

/**
 * Rows of real catalogue models, their years, energies and bodies; a price per row (the price
 * cell is `{PRICE}` in `lines`, filled by `stockCsv`, so a run can change some prices).
 */
export function generateStock(rows: number, photoUrls: (row: number) => string[] = benchPhotoUrls): { lines: string[]; prices: number[] } {
  const next = random(35);
  const specs = allModelSpecs().filter((s) => s.energies.some((e) => e in ENERGY) && s.from <= 2024 && !["Smart", "Ferrari"].includes(s.brand));
  const lines: string[] = [];
  const prices: number[] = [];
  for (let i = 0; i < rows; i++) {
    const spec = specs[Math.floor(next() * specs.length)]!;
    const last = Math.min(spec.to ?? 2025, 2025);
    const year = Math.max(spec.from, last - Math.floor(next() * 12));
    const fuel = spec.energies.find((e) => e in ENERGY) ?? "Essence";
    const km = Math.round(((2026 - year) * 12_000 + next() * 15_000) / 100) * 100;
    const price = Math.max(1_500, Math.round((38_000 * 0.87 ** (2026 - year) + next() * 6_000) / 10) * 10);
    prices.push(price);
    const doors = spec.bodies[0] === "Coupé" || spec.bodies[0] === "Cabriolet" ? 3 : 5;
    const din = 75 + Math.floor(next() * 180);
    const equipment = EQUIPMENT.filter(() => next() < 0.4).join(", ");
    const description = `${spec.brand} ${spec.model} ${year}, ${km.toLocaleString("fr-FR")} km. Entretien suivi, carnet à jour ; garantie 12 mois.\nVisible sur rendez-vous.`;
    lines.push(
      [
        `VO-${String(i + 1).padStart(6, "0")}`,
        spec.brand.toUpperCase(),
        spec.model,
        `${String(1 + Math.floor(next() * 12)).padStart(2, "0")}/${year}`,
        spec.bodies[0] ?? "",
        ENERGY[fuel] ?? fuel,
        GEARBOX[Math.floor(next() * GEARBOX.length)]!,
        `${km.toLocaleString("fr-FR")} km`,
        "{PRICE}",
        COLORS[Math.floor(next() * COLORS.length)]!,
        String(doors),
        doors === 3 ? "4" : "5",
        String(din),
        String(Math.max(3, Math.round(din / 20))),
        year >= 2015 ? "Euro 6" : "Euro 5",
        equipment,
        description,
        photoUrls(i).join("|"),
      ]
        .map(quote)
        .join(";"),
    );
  }
  return { lines, prices };
}

/** The file's bytes (UTF-8, CRLF) with these prices. */
export function stockCsv(lines: string[], prices: number[]): Buffer {
  const body = lines.map((line, i) => line.replace("{PRICE}", `${prices[i]!.toLocaleString("fr-FR")} €`));
  return Buffer.from(`${STOCK_CSV_HEADER}\r\n${body.join("\r\n")}\r\n`, "utf8");
}

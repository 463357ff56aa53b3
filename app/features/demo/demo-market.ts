import { faker } from "@faker-js/faker/locale/fr";
import { allModelSpecs, findModelSpec, lastModelYear, type ModelSpec } from "~/features/catalogue/model-specs";
import type { Fuel } from "~/features/catalogue/vocabularies";
import { POPULAR_MODEL_COLUMNS } from "~/features/search/popular";

/**
 * The French used-car market in miniature, for the demo data: how often each model shows up
 * among used-car listings (relative weights, after AAA Data / La Centrale 2023–2024 used-car
 * registrations and listing counts: the 208, Clio, 308 and C3 lead, French brands dominate,
 * vans are a tenth of the market). Models outside this table still appear through a small
 * tail drawn from the whole catalogue, so every brand tile has something to show.
 */
export const FRENCH_USED_MARKET: readonly { brand: string; model: string; weight: number }[] = [
  { brand: "Peugeot", model: "208", weight: 10 },
  { brand: "Renault", model: "Clio", weight: 10 },
  { brand: "Peugeot", model: "308", weight: 7 },
  { brand: "Citroën", model: "C3", weight: 7 },
  { brand: "Renault", model: "Mégane", weight: 6 },
  { brand: "Peugeot", model: "3008", weight: 6 },
  { brand: "Peugeot", model: "2008", weight: 6 },
  { brand: "Renault", model: "Captur", weight: 6 },
  { brand: "Volkswagen", model: "Golf", weight: 6 },
  { brand: "Dacia", model: "Sandero", weight: 5 },
  { brand: "Volkswagen", model: "Polo", weight: 4 },
  { brand: "Peugeot", model: "207", weight: 4 },
  { brand: "Renault", model: "Twingo", weight: 4 },
  { brand: "Dacia", model: "Duster", weight: 4 },
  { brand: "Toyota", model: "Yaris", weight: 4 },
  { brand: "Peugeot", model: "206", weight: 3 },
  { brand: "Renault", model: "Scénic", weight: 3 },
  { brand: "Citroën", model: "C4", weight: 3 },
  { brand: "Renault", model: "Kangoo", weight: 3 },
  { brand: "Citroën", model: "Berlingo", weight: 3 },
  { brand: "Peugeot", model: "5008", weight: 3 },
  { brand: "Volkswagen", model: "Tiguan", weight: 3 },
  { brand: "Renault", model: "Zoé", weight: 3 },
  { brand: "Ford", model: "Fiesta", weight: 3 },
  { brand: "Opel", model: "Corsa", weight: 3 },
  { brand: "Nissan", model: "Qashqai", weight: 3 },
  { brand: "Mercedes-Benz", model: "Classe A", weight: 3 },
  { brand: "BMW", model: "Série 1", weight: 3 },
  { brand: "Audi", model: "A3", weight: 3 },
  { brand: "Fiat", model: "500", weight: 3 },
  { brand: "Tesla", model: "Model 3", weight: 2 },
  { brand: "Tesla", model: "Model Y", weight: 2 },
  { brand: "Peugeot", model: "e-208", weight: 2 },
  { brand: "Toyota", model: "C-HR", weight: 2 },
  { brand: "Citroën", model: "C5 Aircross", weight: 2 },
  { brand: "Citroën", model: "C4 Picasso", weight: 2 },
  { brand: "Citroën", model: "C1", weight: 2 },
  { brand: "Renault", model: "Kadjar", weight: 2 },
  { brand: "Peugeot", model: "Partner", weight: 2 },
  { brand: "Peugeot", model: "108", weight: 2 },
  { brand: "Renault", model: "Trafic", weight: 2 },
  { brand: "Mercedes-Benz", model: "Classe C", weight: 2 },
  { brand: "BMW", model: "Série 3", weight: 2 },
  { brand: "BMW", model: "X1", weight: 2 },
  { brand: "Audi", model: "A1", weight: 2 },
  { brand: "Audi", model: "Q3", weight: 2 },
  { brand: "Mini", model: "Cooper", weight: 2 },
  { brand: "Kia", model: "Sportage", weight: 2 },
  { brand: "Hyundai", model: "Tucson", weight: 2 },
  { brand: "Skoda", model: "Octavia", weight: 2 },
  { brand: "Seat", model: "Ibiza", weight: 2 },
  { brand: "Seat", model: "Leon", weight: 2 },
  { brand: "Volkswagen", model: "T-Roc", weight: 2 },
  { brand: "Nissan", model: "Juke", weight: 2 },
  { brand: "Nissan", model: "Micra", weight: 2 },
  { brand: "Volkswagen", model: "ID.3", weight: 1 },
  { brand: "Dacia", model: "Spring", weight: 1 },
  { brand: "Renault", model: "Austral", weight: 1 },
  { brand: "Renault", model: "Arkana", weight: 1 },
  { brand: "Renault", model: "Master", weight: 1 },
  { brand: "Ford", model: "Kuga", weight: 1 },
  { brand: "Ford", model: "Transit Custom", weight: 1 },
  { brand: "Toyota", model: "RAV4", weight: 1 },
  { brand: "Toyota", model: "Aygo", weight: 1 },
  { brand: "Peugeot", model: "Expert", weight: 1 },
  { brand: "Peugeot", model: "Boxer", weight: 1 },
  { brand: "Citroën", model: "Jumpy", weight: 1 },
  { brand: "Volkswagen", model: "Transporter", weight: 1 },
  { brand: "Volkswagen", model: "Crafter", weight: 1 },
  { brand: "Fiat", model: "Ducato", weight: 1 },
  { brand: "Volvo", model: "XC60", weight: 1 },
  { brand: "Volvo", model: "XC40", weight: 1 },
  { brand: "Suzuki", model: "Swift", weight: 1 },
  { brand: "Kia", model: "Picanto", weight: 1 },
  { brand: "Hyundai", model: "i10", weight: 1 },
  { brand: "Jeep", model: "Renegade", weight: 1 },
  { brand: "DS", model: "DS 7 Crossback", weight: 1 },
  { brand: "Land Rover", model: "Range Rover Evoque", weight: 1 },
  { brand: "Mazda", model: "MX-5", weight: 1 },
  { brand: "Porsche", model: "911", weight: 1 },
  { brand: "Aixam", model: "City", weight: 1 },
  { brand: "Ligier", model: "JS50", weight: 1 },
];

/** Share of demo listings drawn from the whole catalogue instead of the market table. */
const TAIL_SHARE = 0.12;

/** What a demo listing is: a catalogue model, and the energy when the home page asks for one. */
export interface DemoVehicle {
  spec: ModelSpec;
  fuel?: Fuel;
}

function specOf(brand: string, model: string): ModelSpec {
  const spec = findModelSpec(brand, model);
  if (!spec) throw new Error(`Modèle absent du catalogue : ${brand} ${model}`);
  return spec;
}

/**
 * The vehicles of `count` demo listings, in listing order. The listings from `firstPublished`
 * on are published; the first of them are the home page's popular models (one each, with
 * the energy the link filters on), so every popular link finds a listing even on the small
 * e2e data set; the others follow the market weights. Deterministic for a seeded faker.
 */
export function planDemoVehicles(count: number, options: { firstPublished: number }): DemoVehicle[] {
  return withSearchTestVehicles(planMarketVehicles(count, options));
}

/**
 * The free-text search e2e test (tests/e2e/text-search.spec.ts, issue 14) types "peugot 3008
 * hybride": two listings past the popular models and the pinned places are Peugeot 3008
 * hybrids, whatever the random draw (set after it, so every other listing stays as it was).
 */
const SEARCH_TEST_VEHICLES: Record<number, { brand: string; model: string; fuel: Fuel }> = {
  20: { brand: "Peugeot", model: "3008", fuel: "Hybride" },
  21: { brand: "Peugeot", model: "3008", fuel: "Hybride" },
};

function withSearchTestVehicles(vehicles: DemoVehicle[]): DemoVehicle[] {
  for (const [index, wanted] of Object.entries(SEARCH_TEST_VEHICLES)) {
    if (Number(index) < vehicles.length) vehicles[Number(index)] = { spec: specOf(wanted.brand, wanted.model), fuel: wanted.fuel };
  }
  return vehicles;
}

function planMarketVehicles(count: number, options: { firstPublished: number }): DemoVehicle[] {
  const currentYear = new Date().getFullYear();
  const market = FRENCH_USED_MARKET.map((entry) => ({ weight: entry.weight, value: specOf(entry.brand, entry.model) }));
  const tail = allModelSpecs().filter((spec) => lastModelYear(spec) >= currentYear - 20);
  const popular: DemoVehicle[] = POPULAR_MODEL_COLUMNS.flatMap((column) =>
    column.models.map((entry) => ({ spec: specOf(entry.brand, entry.model), fuel: entry.energies?.[0] })),
  );
  const plan = Array.from({ length: count }, (_, i): DemoVehicle => {
    const pinned = i >= options.firstPublished ? popular[i - options.firstPublished] : undefined;
    if (pinned) return pinned;
    const fromTail = faker.number.float() < TAIL_SHARE;
    return { spec: fromTail ? faker.helpers.arrayElement(tail) : faker.helpers.weightedArrayElement(market) };
  });
  // The market leader has enough listings for a market price rating (MIN_COMPARABLES others)
  // even in a small data set: the last unpinned slots become Peugeot 208s.
  const leader = specOf(FRENCH_USED_MARKET[0]!.brand, FRENCH_USED_MARKET[0]!.model);
  let leaders = plan.filter((v) => v.spec === leader).length;
  for (let i = count - 1; i >= options.firstPublished + popular.length && leaders < DEMO_LEADER_MIN; i--) {
    if (plan[i]!.spec !== leader) {
      plan[i] = { spec: leader };
      leaders++;
    }
  }
  return plan;
}

/** Listings of the market leader in any demo data set (≥ MIN_COMPARABLES + 1, with a margin). */
export const DEMO_LEADER_MIN = 8;

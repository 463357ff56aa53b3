import { faker } from "@faker-js/faker/locale/fr";
import { allModelSpecs, findModelSpec, lastModelYear, type ModelSpec } from "~/features/catalogue/model-specs";
import {
  COLORS,
  FUELS,
  GEARBOXES,
  VEHICLE_CONDITIONS,
  VEHICLE_TYPES,
  type Fuel,
  type VehicleType,
} from "~/features/catalogue/vocabularies";
import type { NewListing } from "~/db/schema";
import { registrationMonth } from "~/features/catalogue/vehicle-age";
import { fiscalPower, KW_PER_DIN_HP } from "~/features/catalogue/fiscal-power";
import { buildDescription } from "./descriptions";

/**
 * Test-data builders shared by unit, integration and e2e tests and by the demo seed.
 * They return plain values (no database); `inserters.server.ts` writes them.
 */

export interface BuiltUser {
  email: string;
  name: string;
  /** 'Prénom ou pseudo' (issue 33): the first name unless given; null for an account made before it. */
  displayName: string | null;
  firstname: string;
  lastname: string;
  phoneNumber: string | null;
  password: string;
}

export function buildUser(overrides: Partial<BuiltUser> = {}): BuiltUser {
  const firstname = overrides.firstname ?? faker.person.firstName();
  const lastname = overrides.lastname ?? faker.person.lastName();
  return {
    email:
      overrides.email ??
      faker.internet
        .email({ firstName: firstname, lastName: lastname, provider: "exemple.fr" })
        .toLowerCase()
        .replace(/@/, `.${faker.string.alphanumeric(6).toLowerCase()}@`),
    name: `${firstname} ${lastname}`,
    displayName: overrides.displayName === undefined ? firstname : overrides.displayName,
    firstname,
    lastname,
    phoneNumber: overrides.phoneNumber === undefined ? null : overrides.phoneNumber,
    password: overrides.password ?? "motdepasse-test-1",
  };
}

export interface BuiltPlace {
  city: string;
  postalCode: string;
  latitude: number;
  longitude: number;
}

export const PARIS_11: BuiltPlace = {
  city: "Paris 11e",
  postalCode: "75011",
  latitude: 48.859,
  longitude: 2.38,
};

/** Models a random listing can be: the catalogue's models still met on the used market. */
function recentModels(currentYear: number): ModelSpec[] {
  return allModelSpecs().filter((spec) => lastModelYear(spec) >= currentYear - USED_MARKET_YEARS);
}

/** How far back the used market goes for a random listing, in years. */
const USED_MARKET_YEARS = 20;

function pickModelSpec(currentYear: number): ModelSpec {
  // The French used market is dominated by French brands and a few German ones.
  const popular = new Set([
    "Peugeot",
    "Renault",
    "Citroën",
    "Volkswagen",
    "Dacia",
    "Toyota",
    "BMW",
    "Audi",
    "Mercedes-Benz",
    "Ford",
    "Opel",
    "Fiat",
    "Nissan",
    "Tesla",
    "Kia",
    "Hyundai",
    "Skoda",
    "Seat",
  ]);
  const models = recentModels(currentYear);
  const useCommon = faker.number.float() < 0.8;
  const brands = [...new Set(models.map((m) => m.brand))].filter((b) => !useCommon || popular.has(b));
  const brand = faker.helpers.arrayElement(brands);
  return faker.helpers.arrayElement(models.filter((m) => m.brand === brand));
}

/**
 * A model year inside the model's production, and inside the last 20 years of the used market
 * when the production reaches them; middle ages are likelier than brand-new or very old cars.
 */
export function drawModelYear(spec: Pick<ModelSpec, "from" | "to">, currentYear: number): number {
  const last = Math.min(lastModelYear(spec), currentYear);
  const first = Math.min(last, Math.max(spec.from, currentYear - USED_MARKET_YEARS));
  const middle = (faker.number.float() + faker.number.float()) / 2;
  return first + Math.round((last - first) * middle);
}

/**
 * An energy the model was offered with, likely for its year: hybrids and electric versions of
 * combustion models are recent (Toyota and Lexus hybrids excepted), diesel fades after 2020,
 * GPL and CNG stay rare.
 */
function drawEnergy(spec: Pick<ModelSpec, "energies">, brand: string, year: number): Fuel {
  const only = spec.energies.length === 1;
  const weights = spec.energies.map((value, i) => {
    let weight = i === 0 ? 6 : 4;
    if (value === "GPL" || value === "Gaz naturel (CNG)") weight = 1;
    if (value === "Diesel" && year >= 2021) weight = 2;
    if (!only && value === "Hybride" && year < (brand === "Toyota" || brand === "Lexus" ? 2005 : 2019)) weight = 0;
    if (!only && value === "Electrique" && year < 2020) weight = 0;
    return { value, weight };
  });
  return weights.some((w) => w.weight > 0)
    ? faker.helpers.weightedArrayElement(weights.filter((w) => w.weight > 0))
    : spec.energies[0]!;
}

/** Licence-free cars ("voitures sans permis"): tiny engines, low mileage, their own prices. */
const LICENCE_FREE_BRANDS = new Set(["Aixam", "Chatenet", "Ligier", "Microcar"]);
const LUXURY_BRANDS = new Set(["Aston Martin", "Bentley", "Ferrari", "Lamborghini", "Maserati", "Lotus", "Porsche"]);
const PREMIUM_BRANDS = new Set([
  "Alpine",
  "Audi",
  "BMW",
  "DS",
  "Infiniti",
  "Jaguar",
  "Land Rover",
  "Lexus",
  "Mercedes-Benz",
  "Polestar",
  "Tesla",
  "Volvo",
]);
const LOW_COST_BRANDS = new Set(["Dacia", "MG", "Leapmotor", "Chevrolet", "Daihatsu", "Suzuki", "SsangYong"]);

type Segment = "licence-free" | "low-cost" | "mainstream" | "premium" | "luxury";

function segmentOf(brand: string, model: string): Segment {
  if (LICENCE_FREE_BRANDS.has(brand) || (brand === "Citroën" && model === "Ami")) return "licence-free";
  if (LUXURY_BRANDS.has(brand)) return "luxury";
  if (PREMIUM_BRANDS.has(brand)) return "premium";
  if (LOW_COST_BRANDS.has(brand)) return "low-cost";
  return "mainstream";
}

/** New price range (€) by segment; a body type shifts it (a city car costs less than an SUV). */
const NEW_PRICE: Record<Segment, [number, number]> = {
  "licence-free": [9_000, 17_000],
  "low-cost": [12_000, 24_000],
  mainstream: [17_000, 36_000],
  premium: [28_000, 60_000],
  luxury: [90_000, 260_000],
};
const BODY_PRICE_FACTOR: Partial<Record<string, number>> = {
  Citadine: 0.75,
  SUV: 1.15,
  "4x4": 1.2,
  Utilitaire: 1.1,
  Monospace: 1.05,
  Cabriolet: 1.1,
  Coupé: 1.1,
};
/** Kilometres a year by segment and use (vans and taxis-like saloons run more). */
const YEARLY_KM: Record<Segment, [number, number]> = {
  "licence-free": [1_500, 5_000],
  "low-cost": [8_000, 16_000],
  mainstream: [8_000, 17_000],
  premium: [9_000, 20_000],
  luxury: [2_500, 8_000],
};

export type BuiltListing = Omit<NewListing, "ownerId">;

/**
 * A complete, coherent published listing: the year, energy and body type fit the catalogue
 * model (model-specs.ts), mileage grows with age and use, price falls with age and mileage
 * from a new price that fits the brand and body. Override any field; `place` sets city,
 * postal code and coordinates at once.
 */
export function buildListing(overrides: Partial<BuiltListing> & { place?: BuiltPlace } = {}): BuiltListing {
  const { place = PARIS_11, ...rest } = overrides;
  const currentYear = new Date().getFullYear();
  const spec = rest.brand && rest.model ? findModelSpec(rest.brand, rest.model) : pickModelSpec(currentYear);
  const brand = spec?.brand ?? rest.brand ?? "Peugeot";
  const model = spec?.model ?? rest.model ?? "208";
  const segment = segmentOf(brand, model);
  const year =
    rest.year ??
    (spec ? drawModelYear(spec, currentYear) : faker.number.int({ min: currentYear - 18, max: currentYear }));
  const age = Math.max(0, currentYear - year);
  const vehicleType =
    rest.vehicleType ??
    (spec
      ? faker.helpers.weightedArrayElement(spec.bodies.map((value, i) => ({ value, weight: i === 0 ? 4 : 1 })))
      : "Berline");
  const fuel = rest.fuel ?? (spec ? drawEnergy(spec, brand, year) : "Essence");
  // Electric cars run less a year than the combustion cars of their kind (range, use).
  const perYear =
    vehicleType === "Utilitaire" && segment !== "licence-free" ? ([15_000, 30_000] as const) : YEARLY_KM[segment];
  const kmFactor = fuel === "Electrique" ? 0.7 : 1;
  const mileage =
    rest.mileage ??
    Math.round(
      (age * kmFactor * faker.number.int({ min: perYear[0], max: perYear[1] }) +
        faker.number.int({ min: 5, max: 3_000 })) /
        100,
    ) * 100;
  const [low, high] = NEW_PRICE[segment];
  const newPrice =
    faker.number.int({ min: low, max: high }) *
    (BODY_PRICE_FACTOR[vehicleType] ?? 1) *
    (fuel === "Electrique" || fuel === "Hybride" ? 1.25 : 1);
  // About 15 % lost the first year and 8 % a year after, less again for a high mileage
  // (French used-car rule of thumb); an old car keeps a floor value.
  const retained = age === 0 ? 0.92 : 0.85 * Math.pow(0.92, Math.min(age, 25) - 1);
  const price =
    rest.price ??
    Math.max(
      segment === "luxury" ? 25_000 : 1_500,
      Math.round((newPrice * retained * (1 - Math.min(0.35, mileage / 800_000))) / 50) * 50,
    );
  const month = faker.number.int({ min: 1, max: 12 });
  const createdAt = rest.createdAt ?? faker.date.recent({ days: 60 });
  const licenceFree = segment === "licence-free";
  // The facts follow the registration the listing will have (an override included).
  const firstRegistration = rest.firstRegistration ?? `${String(month).padStart(2, "0")}/${year}`;
  const facts = buildVehicleFacts({ brand, model, fuel, firstRegistration, mileage, price });
  const listing: BuiltListing = {
    status: "published",
    draftStep: 8,
    brand,
    model,
    year,
    firstRegistration,
    fuel,
    ...facts,
    gearbox:
      fuel === "Electrique" || licenceFree
        ? "Automatique"
        : faker.helpers.weightedArrayElement([
            { weight: fuel === "Hybride" ? 1 : 6, value: GEARBOXES[0] },
            { weight: fuel === "Hybride" || segment === "luxury" ? 9 : 3, value: GEARBOXES[1] },
            { weight: 1, value: GEARBOXES[2] },
          ]),
    vehicleType,
    doors:
      vehicleType === "Coupé" || vehicleType === "Cabriolet" || licenceFree
        ? 3
        : vehicleType === "Utilitaire"
          ? 4
          : faker.helpers.arrayElement([3, 5, 5, 5]),
    seats: licenceFree
      ? 2
      : vehicleType === "Utilitaire"
        ? 3
        : vehicleType === "Monospace"
          ? faker.helpers.arrayElement([5, 7])
          : 5,
    ...buildPower({ brand, model, segment, vehicleType, fuel, firstRegistration, year, rest }),
    licenseStatus: licenceFree ? "Sans permis" : "Permis",
    mileage,
    color: faker.helpers.arrayElement(COLORS.filter((c) => c !== "Autre")),
    vehicleCondition: faker.helpers.weightedArrayElement([
      { weight: 19, value: VEHICLE_CONDITIONS[0] },
      { weight: 1, value: VEHICLE_CONDITIONS[1] },
    ]),
    price,
    city: place.city,
    postalCode: place.postalCode,
    latitude: place.latitude,
    longitude: place.longitude,
    createdAt,
    updatedAt: createdAt,
    submittedAt: createdAt,
    publishedAt: createdAt,
    ...rest,
  };
  // From the listing's final fields (overrides included): the description states only what
  // they say (descriptions.ts). Drawn last, as before, so the draws of later listings keep their values.
  const description = buildDescription(listing);
  return { ...listing, description: rest.description !== undefined ? rest.description : description };
}

/** Usual DIN power (ch) of the versions sold, by body, for a mainstream brand's combustion car. */
const BODY_POWER: Record<VehicleType, [number, number]> = {
  Citadine: [65, 130],
  Berline: [90, 180],
  Break: [100, 190],
  SUV: [100, 220],
  "4x4": [110, 250],
  Monospace: [90, 160],
  Coupé: [120, 280],
  Cabriolet: [90, 220],
  Utilitaire: [75, 170],
  Autre: [70, 150],
};
/** Electric versions: city cars 80–136 ch (Zoé, e-208), others 136–300 (Mégane E-Tech, Model 3). */
const ELECTRIC_POWER = { Citadine: [80, 136], other: [136, 300] } as const;
const SEGMENT_POWER_FACTOR: Record<Segment, number> = { "licence-free": 1, "low-cost": 0.85, mainstream: 1, premium: 1.3, luxury: 1 };
/** No city car above this (the hottest, GR Yaris aside, stay under it). */
export const CITY_CAR_MAX_DIN = 200;

/** Sports versions sold as their own model (Audi RS/S, BMW M, AMG, Type R, GTI, Abarth…). */
export function isSportModel(brand: string, model: string): boolean {
  return brand === "Abarth" || brand === "Alpine" || /^(RS ?Q?\d|S\d|M\d)$|\b(AMG|GTI|Type R|GR|GT|GT-R|RS|STI|WRX|NSX|Nismo|SVR)\b/.test(model);
}

/** The DIN power range (ch) a listing of this model, body and energy is drawn in. */
export function demoPowerRange(v: { brand: string; model: string; vehicleType: string; fuel: string }): [number, number] {
  const segment = segmentOf(v.brand, v.model);
  if (segment === "luxury") return v.fuel === "Electrique" ? [400, 760] : [300, 720];
  const body = (VEHICLE_TYPES as readonly string[]).includes(v.vehicleType) ? (v.vehicleType as VehicleType) : "Autre";
  const base: readonly [number, number] =
    v.fuel === "Electrique" ? (body === "Citadine" ? ELECTRIC_POWER.Citadine : ELECTRIC_POWER.other) : BODY_POWER[body];
  let [low, high] = [base[0] * SEGMENT_POWER_FACTOR[segment], base[1] * SEGMENT_POWER_FACTOR[segment]];
  if (isSportModel(v.brand, v.model)) [low, high] = [Math.max(low * 1.6, 150), high * 2];
  if (body === "Citadine") high = Math.min(high, CITY_CAR_MAX_DIN);
  return [Math.round(Math.min(low, high)), Math.round(high)];
}

/**
 * The CO2 (g/km) a demo listing's fiscal power is computed from, seeded by its own values:
 * about 70 g + 0.45 g per ch, more for tall bodies and older cars, less for diesel and gas;
 * plug-in hybrids 25–50 g, other hybrids 85–125 g; none for an electric car.
 */
export function demoCo2(v: { brand: string; model: string; fuel: string; vehicleType: string; firstRegistration: string; dinPower: number }): number {
  const random = seededRandom(`co2|${v.brand}|${v.model}|${v.fuel}|${v.firstRegistration}|${v.dinPower}`);
  const year = registrationYear(v.firstRegistration) ?? 2015;
  const r = random();
  if (v.fuel === "Electrique") return 0;
  if (v.fuel === "Hybride rechargeable") return Math.round(25 + 25 * r);
  if (v.fuel === "Hybride") return Math.round(85 + 40 * r);
  let g = 70 + 0.45 * v.dinPower;
  if (["SUV", "4x4", "Monospace", "Utilitaire"].includes(v.vehicleType)) g *= 1.1;
  if (v.fuel === "Diesel") g *= 0.88;
  if (v.fuel === "GPL") g *= 0.9;
  if (v.fuel === "Gaz naturel (CNG)") g *= 0.8;
  if (year < 2010) g *= 1.15;
  return Math.round(g * (0.92 + 0.16 * r));
}

/**
 * The kW the fiscal power formula takes: the maximum net power; for an electric car the
 * power it holds for 30 minutes (about 42 % of its peak: e-208, 100 kW peak, 57 kW), for a
 * hybrid its combustion engine's (about 80 % of the system power).
 */
export function demoFiscalKw(v: { fuel: string; dinPower: number }): number {
  const kW = v.dinPower * KW_PER_DIN_HP;
  if (v.fuel === "Electrique") return kW * 0.42;
  if (v.fuel === "Hybride" || v.fuel === "Hybride rechargeable") return kW * 0.8;
  return kW;
}

function registrationYear(firstRegistration: string): number | undefined {
  const month = registrationMonth(firstRegistration);
  return month === undefined ? undefined : Math.floor(month / 12);
}

/**
 * DIN power from the model's segment, body, energy and sportiness; fiscal power (CV) from it and
 * the CO2 by the French formula of its registration year (catalogue/fiscal-power.ts). Overrides
 * win, and a given power gives the fiscal power that goes with it. Two faker draws (one for a
 * licence-free car), as the two fields drawn here before: every later faker draw keeps its
 * value, so the demo market's other fields (and the tests written against them) stay as they were.
 */
function buildPower(v: {
  brand: string;
  model: string;
  segment: Segment;
  vehicleType: string;
  fuel: string;
  firstRegistration: string;
  year: number;
  rest: Partial<BuiltListing>;
}): { dinPower: number; fiscalPower: number } {
  const position = faker.number.int({ min: 0, max: 999_999 }) / 1_000_000;
  if (v.segment === "licence-free") {
    return { dinPower: v.rest.dinPower ?? 6 + Math.floor(position * 3), fiscalPower: v.rest.fiscalPower ?? 1 };
  }
  const topTrim = faker.number.int({ min: 0, max: 999_999 }) / 1_000_000 < 0.1;
  const [low, high] = demoPowerRange(v);
  // Base versions sell most: drawn towards the low end, one in ten from the top half.
  const share = topTrim ? 0.5 + 0.5 * position : Math.pow(position, 1.5);
  const dinPower = v.rest.dinPower ?? Math.min(high, Math.max(low, Math.round((low + (high - low) * share) / 5) * 5));
  const co2 = demoCo2({ ...v, dinPower });
  const year = registrationYear(v.firstRegistration) ?? v.year;
  return {
    dinPower,
    fiscalPower: v.rest.fiscalPower ?? fiscalPower({ kW: demoFiscalKw({ fuel: v.fuel, dinPower }), co2, year }),
  };
}

/**
 * A small generator seeded by the listing's own values (FNV-1a, then mulberry32), so the facts
 * of issue 34 vary between listings without drawing from faker: the demo market's other draws
 * (and every test written against them) stay as they were.
 */
function seededRandom(seed: string): () => number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193) >>> 0;
  return () => {
    h = (h + 0x6d2b79f5) >>> 0;
    let t = h;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** When each Euro standard became mandatory for new cars (first registrations), newest first. */
const EURO_NORM_FROM: [fromMonth: number, norm: string][] = [
  [2021 * 12, "Euro 6d"],
  [2019 * 12 + 8, "Euro 6d-TEMP"],
  [2018 * 12 + 8, "Euro 6c"],
  [2015 * 12 + 8, "Euro 6b"],
  [2011 * 12, "Euro 5"],
  [2006 * 12, "Euro 4"],
  [2001 * 12, "Euro 3"],
  [1997 * 12, "Euro 2"],
  [1993 * 12, "Euro 1"],
];

/**
 * Plausible facts of issue 34 for a built listing: the Euro standard of its registration date
 * (given by seven sellers in ten; none for an electric car), a contrôle technique for a
 * vehicle over four years old (most within the six months a sale needs, one in ten
 * 'défavorable'), 'Non requis' for most younger ones, and owners growing with age.
 */
function buildVehicleFacts(v: { brand: string; model: string; fuel: string; firstRegistration: string; mileage: number; price: number }) {
  const random = seededRandom(`${v.brand}|${v.model}|${v.fuel}|${v.firstRegistration}|${v.mileage}|${v.price}`);
  const registered = registrationMonth(v.firstRegistration);
  if (registered === undefined) return { euroNorm: null, inspectionDate: null, inspectionResult: null, ownerCount: null, equipment: [] };
  const now = new Date();
  const ageMonths = now.getUTCFullYear() * 12 + now.getUTCMonth() - registered;
  const norm = EURO_NORM_FROM.find(([from]) => registered >= from)?.[1] ?? null;
  const euroNorm = v.fuel === "Electrique" || random() < 0.3 ? null : norm;
  let inspectionDate: string | null = null;
  let inspectionResult: string | null = null;
  if (ageMonths >= 48) {
    const drawn = random() < 0.8 ? 7 + Math.floor(random() * 170) : 190 + Math.floor(random() * 300);
    // Never before the first one: due at four years, done in the six months before.
    const daysAgo = Math.min(drawn, Math.floor((ageMonths - 42) * 30.4));
    inspectionDate = new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    inspectionResult = random() < 0.9 ? "favorable" : "defavorable";
  } else if (random() < 0.7) {
    inspectionResult = "not_required";
  }
  const ownerCount =
    random() < 0.2 ? null : ageMonths < 48 ? 1 : Math.min(5, 1 + Math.floor(random() * Math.min(5, 1 + ageMonths / 48)));
  // Issue 34, second slice (decision 0043): equipment that came with cars of its year and price,
  // a service history and the non-smoker fact said by most sellers.
  const year = Math.floor(registered / 12);
  const equipment = buildEquipment(random, year, v.price);
  const serviceHistory = random() < 0.75 ? random() < 0.85 : null;
  const nonSmoker = random() < 0.6 ? random() < 0.8 : null;
  return { euroNorm, inspectionDate, inspectionResult, ownerCount, equipment, serviceHistory, nonSmoker };
}

/** [slug, first year it was common, share of cars of later years that have it]; dearer cars have more. */
export const EQUIPMENT_ODDS: [slug: string, from: number, share: number][] = [
  ["vitres-electriques", 1995, 0.9],
  ["climatisation-manuelle", 1995, 0.45],
  ["climatisation-automatique", 2005, 0.5],
  ["regulateur-de-vitesse", 2005, 0.6],
  ["limiteur-de-vitesse", 2008, 0.5],
  ["bluetooth", 2010, 0.8],
  ["gps", 2012, 0.55],
  ["radar-de-stationnement-arriere", 2008, 0.6],
  ["radar-de-stationnement-avant", 2014, 0.25],
  ["camera-de-recul", 2015, 0.45],
  ["apple-carplay", 2017, 0.55],
  ["android-auto", 2017, 0.55],
  ["ecran-tactile", 2014, 0.7],
  ["jantes-alliage", 2000, 0.55],
  ["phares-led", 2016, 0.4],
  ["allumage-automatique-des-feux", 2010, 0.5],
  ["detecteur-de-pluie", 2010, 0.45],
  ["alerte-franchissement-de-ligne", 2016, 0.4],
  ["freinage-urgence-automatique", 2018, 0.5],
  ["lecture-panneaux", 2018, 0.4],
  ["regulateur-adaptatif", 2018, 0.25],
  ["surveillance-angles-morts", 2018, 0.2],
  ["sieges-chauffants", 2010, 0.2],
  ["sellerie-cuir", 2000, 0.12],
  ["toit-panoramique", 2012, 0.12],
  ["toit-ouvrant", 1995, 0.06],
  ["attelage", 1995, 0.1],
  ["barres-de-toit", 2000, 0.12],
  ["vitres-arriere-surteintees", 2008, 0.25],
  ["peinture-metallisee", 1995, 0.4],
  ["acces-demarrage-sans-cle", 2012, 0.25],
  ["recharge-sans-fil", 2019, 0.3],
  ["compteur-numerique", 2019, 0.3],
];

function buildEquipment(random: () => number, year: number, price: number): string[] {
  const rich = price >= 25_000 ? 1.4 : price < 6_000 ? 0.7 : 1;
  const slugs = EQUIPMENT_ODDS.filter(([, from, share]) => year >= from && random() < share * rich).map(([slug]) => slug);
  // Manual and automatic air conditioning are one or the other.
  return slugs.includes("climatisation-automatique") ? slugs.filter((s) => s !== "climatisation-manuelle") : slugs;
}

// Kept here so tests can assert vocabularies without importing the catalogue twice.
export const OPTION_LISTS = { VEHICLE_TYPES, FUELS, GEARBOXES, COLORS } as const;

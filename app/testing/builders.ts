import { fakerFR as faker } from "@faker-js/faker";
import { CATALOGUE, type CatalogueBrand } from "~/features/catalogue/catalogue-data";
import { COLORS, FUELS, GEARBOXES, VEHICLE_CONDITIONS, VEHICLE_TYPES } from "~/features/catalogue/vocabularies";
import type { NewListing } from "~/db/schema";

/**
 * Test-data builders shared by unit, integration and e2e tests and by the demo seed.
 * They return plain values (no database); `inserters.server.ts` writes them.
 */

export interface BuiltUser {
  email: string;
  name: string;
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

/** Body styles that fit a model name well enough for demo data. */
function guessVehicleType(model: string): (typeof VEHICLE_TYPES)[number] {
  if (
    /^(x|q|gl|t-?roc|tiguan|touareg|kadjar|captur|austral|arkana|duster|\d008|c5 aircross|kuga|qashqai|juke|sportage|tucson|niro|model y|e-\d008|id\.4|enyaq|karoq|kodiaq|rav4|c-hr|yaris cross)/i.test(
      model,
    )
  ) {
    return "SUV";
  }
  if (
    /(kangoo|trafic|master|partner|berlingo|expert|jumpy|boxer|jumper|transit|vito|sprinter|ducato|caddy|transporter)/i.test(
      model,
    )
  ) {
    return "Utilitaire";
  }
  if (
    /(clio|208|twingo|c3|polo|yaris|corsa|sandero|fiesta|i10|i20|up|picanto|aygo|108|107|zo[eé]|500|mini|spring)/i.test(
      model,
    )
  ) {
    return "Citadine";
  }
  if (/(break|sw|touring|estate|avant|variant)/i.test(model)) return "Break";
  return faker.helpers.weightedArrayElement([
    { weight: 6, value: "Berline" },
    { weight: 1, value: "Break" },
    { weight: 1, value: "Coupé" },
    { weight: 1, value: "Monospace" },
  ]);
}

function pickBrandAndModel(): { brand: CatalogueBrand; model: string } {
  // The French used market is dominated by French brands and a few German ones.
  const popular = [
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
  ];
  const useCommon = faker.number.float() < 0.8;
  const pool = useCommon ? CATALOGUE.filter((b) => popular.includes(b.name)) : CATALOGUE;
  const brand = faker.helpers.arrayElement(pool);
  return { brand, model: faker.helpers.arrayElement(brand.models) };
}

export type BuiltListing = Omit<NewListing, "ownerId">;

const ELECTRIC_BRANDS = new Set(["Tesla", "Polestar", "BYD", "Leapmotor"]);
/** Model names sold only as electric cars (e-208, ID.3, Zoé, Mégane E-Tech, EV6, Ioniq 5…). */
const ELECTRIC_MODEL =
  /(^e-|^ë-|^id\.|zo[eé]|e-tech|^ev\d|ioniq|^spring|enyaq|^mg4|e-tron|^i[x3-7]$|^eq|leaf|ariya|^r5|twizy|e-up|e-golf|kona electric)/i;

/**
 * A complete, coherent published listing: mileage grows with age, price falls with age and
 * mileage. Override any field; `place` sets city, postal code and coordinates at once.
 */
export function buildListing(overrides: Partial<BuiltListing> & { place?: BuiltPlace } = {}): BuiltListing {
  const { place = PARIS_11, ...rest } = overrides;
  const { brand, model } =
    rest.brand && rest.model
      ? { brand: { name: rest.brand } as CatalogueBrand, model: rest.model }
      : pickBrandAndModel();
  const currentYear = new Date().getFullYear();
  const year = rest.year ?? faker.number.int({ min: currentYear - 18, max: currentYear });
  const age = Math.max(0, currentYear - year);
  const mileage =
    rest.mileage ??
    Math.round((age * faker.number.int({ min: 7_000, max: 17_000 }) + faker.number.int({ min: 5, max: 3_000 })) / 100) *
      100;
  const electricOnly = ELECTRIC_BRANDS.has(brand.name) || ELECTRIC_MODEL.test(model);
  const fuel =
    rest.fuel ??
    (electricOnly
      ? "Electrique"
      : faker.helpers.weightedArrayElement([
          { weight: 10, value: "Essence" },
          { weight: 8, value: "Diesel" },
          { weight: 3, value: "Hybride" },
          { weight: 1, value: "GPL" },
        ]));
  const newPrice = faker.number.int({ min: 15_000, max: 50_000 });
  // Roughly 15 % a year, and less again for a high mileage (French used-car rule of thumb).
  const price =
    rest.price ??
    Math.max(1_500, Math.round((newPrice * Math.pow(0.85, age) * (1 - Math.min(0.5, mileage / 600_000))) / 50) * 50);
  const month = faker.number.int({ min: 1, max: 12 });
  const createdAt = rest.createdAt ?? faker.date.recent({ days: 60 });
  const vehicleType = rest.vehicleType ?? guessVehicleType(model);
  return {
    status: "published",
    draftStep: 8,
    brand: brand.name,
    model,
    year,
    firstRegistration: `${String(month).padStart(2, "0")}/${year}`,
    fuel,
    gearbox:
      fuel === "Electrique"
        ? "Automatique"
        : faker.helpers.weightedArrayElement([
            { weight: 6, value: GEARBOXES[0] },
            { weight: 3, value: GEARBOXES[1] },
            { weight: 1, value: GEARBOXES[2] },
          ]),
    vehicleType,
    doors: vehicleType === "Coupé" || vehicleType === "Cabriolet" ? 3 : faker.helpers.arrayElement([3, 5, 5, 5]),
    seats: vehicleType === "Utilitaire" ? 3 : 5,
    fiscalPower: faker.number.int({ min: 4, max: 11 }),
    dinPower: faker.number.int({ min: 70, max: 250 }),
    licenseStatus: "Permis",
    mileage,
    color: faker.helpers.arrayElement(COLORS.filter((c) => c !== "Autre")),
    vehicleCondition: faker.helpers.weightedArrayElement([
      { weight: 19, value: VEHICLE_CONDITIONS[0] },
      { weight: 1, value: VEHICLE_CONDITIONS[1] },
    ]),
    description: buildDescription({ brand: brand.name, model, year, mileage }),
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
}

function buildDescription(v: { brand: string; model: string; year: number; mileage: number }): string {
  const km = new Intl.NumberFormat("fr-FR").format(v.mileage);
  const parts = [
    `Je vends ma ${v.brand} ${v.model} de ${v.year}, ${km} km.`,
    faker.helpers.arrayElement([
      "Entretien suivi, carnet à jour, factures disponibles.",
      "Véhicule non fumeur, toujours dormi au garage.",
      "Première main, entretien réalisé en concession.",
      "Contrôle technique OK, aucun frais à prévoir.",
    ]),
    faker.helpers.arrayElement([
      "Climatisation, GPS, régulateur de vitesse, radar de recul.",
      "Sièges chauffants, Bluetooth, Apple CarPlay et Android Auto.",
      "Jantes alliage, feux LED, caméra de recul.",
      "Pneus récents, distribution faite, vidange récente.",
    ]),
    faker.helpers.arrayElement([
      "Visible sur rendez-vous, essai possible.",
      "Prix légèrement négociable après essai.",
      "Pas sérieux s'abstenir, pas d'échange.",
    ]),
  ];
  return parts.join(" ");
}

// Kept here so tests can assert vocabularies without importing the catalogue twice.
export const OPTION_LISTS = { VEHICLE_TYPES, FUELS, GEARBOXES, COLORS } as const;

import { luhnValid } from "~/features/pro/siret";
import type { OpeningHours } from "~/features/pro/opening-hours";

/**
 * The verified professional sellers of the demo (issue 33): garages and used-car dealers in
 * real towns, with address lines of the kind such businesses have there, the town's postal code
 * (its coordinates come from the places reference) and opening hours like theirs. The company
 * names are invented; the SIRET numbers are made up to pass the Luhn key (checkSiret), with a
 * SIREN starting with 9, not one of a real business we know of.
 */
export interface DemoDealer {
  companyName: string;
  slug: string;
  addressLine: string;
  postalCode: string;
  /** The places reference's city for that postal code. */
  city: string;
  phone: string;
  /** The contact person (the account's first name; the public name is the company's). */
  firstname: string;
  /** 13 digits: the SIRET without its key (see demoSiret). */
  siretStem: string;
  hours: OpeningHours;
  presentation: string;
  /** The logo: initials on the company's colour. */
  logo: { initials: string; background: string; foreground: string };
  /** Share of the dealers' cars this one has (relative weight). */
  weight: number;
}

const WEEKDAY = [
  { opens: "09:00", closes: "12:00" },
  { opens: "14:00", closes: "19:00" },
];
const SATURDAY = [{ opens: "09:00", closes: "12:30" }, { opens: "14:00", closes: "18:00" }];

/** Monday to Friday 9–12 / 14–19, Saturday 9–12:30 / 14–18, closed on Sunday. */
const GARAGE_HOURS: OpeningHours = [WEEKDAY, WEEKDAY, WEEKDAY, WEEKDAY, WEEKDAY, SATURDAY, []];
/** Closed on Monday, continuous hours otherwise (showrooms). */
const SHOWROOM_HOURS: OpeningHours = [
  [],
  [{ opens: "09:30", closes: "19:00" }],
  [{ opens: "09:30", closes: "19:00" }],
  [{ opens: "09:30", closes: "19:00" }],
  [{ opens: "09:30", closes: "19:00" }],
  [{ opens: "09:30", closes: "18:00" }],
  [],
];

export const DEMO_DEALERS: readonly DemoDealer[] = [
  {
    companyName: "Garage des Tilleuls",
    slug: "garage-des-tilleuls",
    addressLine: "14 avenue Jean Jaurès",
    postalCode: "69007",
    city: "Lyon 7e",
    phone: "0478583412",
    firstname: "Karim",
    siretStem: "9123456780001",
    hours: GARAGE_HOURS,
    presentation: "Garage indépendant depuis 1987 : mécanique toutes marques et une trentaine de véhicules d'occasion révisés, garantis 12 mois.",
    logo: { initials: "GT", background: "#1f6f43", foreground: "#ffffff" },
    weight: 5,
  },
  {
    companyName: "Atlantique Auto Sélection",
    slug: "atlantique-auto-selection",
    addressLine: "27 boulevard des Martyrs Nantais",
    postalCode: "44200",
    city: "Nantes",
    phone: "0240473390",
    firstname: "Gwenaël",
    siretStem: "9234567810001",
    hours: SHOWROOM_HOURS,
    presentation: "Véhicules récents de moins de 5 ans, contrôlés sur 110 points. Reprise de votre véhicule et financement sur place.",
    logo: { initials: "AS", background: "#1f4fa3", foreground: "#ffffff" },
    weight: 8,
  },
  {
    companyName: "Bordeaux Lac Automobiles",
    slug: "bordeaux-lac-automobiles",
    addressLine: "118 avenue de Laroque",
    postalCode: "33300",
    city: "Bordeaux",
    phone: "0556398127",
    firstname: "Sophie",
    siretStem: "9345678920001",
    hours: GARAGE_HOURS,
    presentation: "Spécialiste des citadines et des SUV d'occasion, à deux pas du lac. Essais sur rendez-vous, livraison possible dans toute la Gironde.",
    logo: { initials: "BL", background: "#7a1f3d", foreground: "#ffffff" },
    weight: 6,
  },
  {
    companyName: "Méditerranée Occasions",
    slug: "mediterranee-occasions",
    addressLine: "45 boulevard Mireille Lauze",
    postalCode: "13010",
    city: "Marseille 10e",
    phone: "0491783356",
    firstname: "Nicolas",
    siretStem: "9456789030001",
    hours: GARAGE_HOURS,
    presentation: "Plus de 40 véhicules d'occasion en stock, utilitaires compris. Garantie 6 à 24 mois, carte grise faite sur place.",
    logo: { initials: "MO", background: "#e2731f", foreground: "#1d1f23" },
    weight: 9,
  },
  {
    companyName: "Capitole Véhicules Services",
    slug: "capitole-vehicules-services",
    addressLine: "8 chemin de la Flambère",
    postalCode: "31200",
    city: "Toulouse",
    phone: "0561223084",
    firstname: "Julie",
    siretStem: "9567890140001",
    hours: SHOWROOM_HOURS,
    presentation: "Véhicules électriques et hybrides d'occasion, batterie certifiée. Conseils sur la recharge et les aides à l'achat.",
    logo: { initials: "CV", background: "#c0262d", foreground: "#ffffff" },
    weight: 5,
  },
  {
    companyName: "Flandres Auto Import",
    slug: "flandres-auto-import",
    addressLine: "210 rue du Faubourg d'Arras",
    postalCode: "59000",
    city: "Lille",
    phone: "0320536671",
    firstname: "Thomas",
    siretStem: "9678901250001",
    hours: GARAGE_HOURS,
    presentation: "Berlines et breaks allemands importés d'Europe, historique vérifié et kilométrage certifié.",
    logo: { initials: "FA", background: "#2a2f36", foreground: "#e9c12b" },
    weight: 7,
  },
  {
    companyName: "Garage Saint-Exupéry",
    slug: "garage-saint-exupery",
    addressLine: "52 route de la Reine",
    postalCode: "92100",
    city: "Boulogne-Billancourt",
    phone: "0146051829",
    firstname: "Hélène",
    siretStem: "9789012360001",
    hours: GARAGE_HOURS,
    presentation: "Agent de quartier depuis trois générations : entretien, carrosserie et une sélection de véhicules d'occasion de particuliers du quartier.",
    logo: { initials: "SE", background: "#2f7d4a", foreground: "#ffffff" },
    weight: 4,
  },
];

/** The SIRET of a stem: its 13 digits and the Luhn key that makes checkSiret accept it. */
export function demoSiret(stem: string): string {
  for (let key = 0; key < 10; key++) {
    const siret = `${stem}${key}`;
    if (luhnValid(siret)) return siret;
  }
  throw new Error(`pas de clé de Luhn pour ${stem}`);
}

/** Dealers' cars per dealer: each between 20 and 60 (above it the rest goes to private sellers). */
export const DEALER_CARS = { min: 20, max: 60 } as const;

/**
 * How many dealers and how many cars each, for `dealerCars` cars wanted (about two thirds of
 * the listings, as on the French market): as many dealers as the cars allow at 35 each on
 * average (at least one, at most DEMO_DEALERS.length), cars shared by weight and kept within
 * DEALER_CARS. A small data set (the e2e one) has one dealer.
 */
export function planDealerStock(dealerCars: number): number[] {
  if (dealerCars < DEALER_CARS.min) return [];
  const count = Math.max(1, Math.min(DEMO_DEALERS.length, Math.round(dealerCars / 35)));
  const dealers = DEMO_DEALERS.slice(0, count);
  const total = dealers.reduce((sum, d) => sum + d.weight, 0);
  const stock = dealers.map((d) => Math.min(DEALER_CARS.max, Math.max(DEALER_CARS.min, Math.round((dealerCars * d.weight) / total))));
  // Rounding: the last dealers give or take the difference, within the bounds.
  let diff = Math.min(dealerCars, count * DEALER_CARS.max) - stock.reduce((a, b) => a + b, 0);
  for (let i = count - 1; diff !== 0 && i >= 0; i = i === 0 ? count - 1 : i - 1) {
    const step = diff > 0 ? 1 : -1;
    const next = stock[i]! + step;
    if (next >= DEALER_CARS.min && next <= DEALER_CARS.max) {
      stock[i] = next;
      diff -= step;
    } else if (stock.every((s) => s + step < DEALER_CARS.min || s + step > DEALER_CARS.max)) break;
  }
  return stock;
}

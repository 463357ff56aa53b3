import type { Fuel } from "~/features/catalogue/vocabularies";
import { searchHref } from "./search-params";

/** The six brand tiles of the home page (spec §2 Home page). */
export const POPULAR_BRANDS = ["Renault", "Audi", "BMW", "Nissan", "Volkswagen", "Peugeot"] as const;

export interface PopularModel {
  brand: string;
  model: string;
  /** Only for the electric column: `energies=Electrique` (spec §2). */
  energies?: Fuel[];
}

export interface PopularModelColumn {
  id: string;
  title: string;
  models: PopularModel[];
}

const electric = (brand: string, model: string): PopularModel => ({ brand, model, energies: ["Electrique"] });

/**
 * Three columns of five (spec §2 Home page), from what sells best on the French used market
 * (AAA Data / La Centrale 2023–2024 used-car registrations): city cars and compacts, SUVs,
 * and electric cars. Spellings are the catalogue's ("Zoé", "e-208", "ID.3").
 */
export const POPULAR_MODEL_COLUMNS: readonly PopularModelColumn[] = [
  {
    id: "voitures",
    title: "Voitures les plus recherchées",
    models: [
      { brand: "Peugeot", model: "208" },
      { brand: "Renault", model: "Clio" },
      { brand: "Citroën", model: "C3" },
      { brand: "Peugeot", model: "308" },
      { brand: "Renault", model: "Mégane" },
    ],
  },
  {
    id: "suv",
    title: "SUV les plus recherchés",
    models: [
      { brand: "Peugeot", model: "3008" },
      { brand: "Peugeot", model: "2008" },
      { brand: "Renault", model: "Captur" },
      { brand: "Dacia", model: "Duster" },
      { brand: "Volkswagen", model: "Tiguan" },
    ],
  },
  {
    id: "electriques",
    title: "Voitures électriques les plus recherchées",
    models: [
      electric("Renault", "Zoé"),
      electric("Tesla", "Model 3"),
      electric("Peugeot", "e-208"),
      electric("Tesla", "Model Y"),
      electric("Volkswagen", "ID.3"),
    ],
  },
];

/** `/recherche?brands=…&models=…[&energies=Electrique]`, the spec's parameters for these buttons. */
export function popularModelHref(entry: PopularModel): string {
  return searchHref({ brands: [entry.brand], models: [entry.model], energies: entry.energies });
}

export function brandHref(brand: string): string {
  return searchHref({ brand });
}

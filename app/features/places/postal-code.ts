import { z } from "zod";

/** A French postal code: exactly five digits, kept as text so "01000" keeps its zero. */
export const postalCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{5}$/, "Le code postal doit comporter exactement 5 chiffres.");

export interface PlaceSuggestion {
  city: string;
  postalCode: string;
  latitude: number;
  longitude: number;
}

/** Text shown in a suggestion list; suggestions are de-duplicated on it. */
export function placeLabel(place: Pick<PlaceSuggestion, "city" | "postalCode">): string {
  return `${place.city} (${place.postalCode})`;
}

/**
 * Postal-code rules shared by the browser and the server. Plain functions on purpose: this
 * module is in the first-load bundle of /recherche (search parameters, the postal-code
 * picker), which must not ship a schema library (decision 0021). The zod schema built on the
 * same rule is `postal-code-schema.ts`, for server-side parsing.
 */

/** A French postal code: exactly five digits, kept as text so "01000" keeps its zero. */
export const POSTAL_CODE_PATTERN = /^\d{5}$/;
export const POSTAL_CODE_MESSAGE = "Le code postal doit comporter exactement 5 chiffres.";

/** The trimmed postal code, or null when it is not five digits. */
export function parsePostalCode(raw: string): string | null {
  const trimmed = raw.trim();
  return POSTAL_CODE_PATTERN.test(trimmed) ? trimmed : null;
}

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

/** "Lyon 3e" → "Lyon", "Paris 1er" → "Paris", "Marseille 16e": the town of an arrondissement. */
export function townName(city: string): string {
  return city.replace(/\s+\d{1,2}(er|e)$/u, "");
}

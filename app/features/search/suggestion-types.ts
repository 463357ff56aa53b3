/** One suggestion of a search box (client-safe type of suggest.server.ts). */
export interface SearchSuggestion {
  kind: "brand" | "model" | "city";
  /** "Peugeot", "Peugeot 3008", "Lyon". */
  label: string;
  /** Published listings (brands, models); a lower bound when `countCapped`. */
  count?: number;
  countCapped?: boolean;
  /** Cities: the postal code shown beside the name. */
  detail?: string;
  /** The words a choice puts in the search ("Peugeot 3008"): recognised into filters. */
  q: string;
  /**
   * Cities: the commune itself. Picking it searches around that town, not around the first
   * commune of its postal code ("01000" is Bourg-en-Bresse and Saint-Denis-lès-Bourg).
   */
  place?: { city: string; postalCode: string };
}

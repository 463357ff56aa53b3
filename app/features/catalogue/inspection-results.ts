/**
 * Result of the last contrôle technique, as stored (decision 0039), and as the seller chooses
 * it. Out of vocabularies.ts, which every page loads: only the wizard, the edit form and the
 * moderators' diff need these labels.
 */
export const INSPECTION_RESULTS = ["favorable", "defavorable", "not_required"] as const;
export type InspectionResult = (typeof INSPECTION_RESULTS)[number];
export const INSPECTION_RESULT_LABELS: Record<InspectionResult, string> = {
  favorable: "Favorable",
  defavorable: "Défavorable — contre-visite",
  not_required: "Non requis : véhicule de moins de 4 ans",
};

/**
 * The facts of issue 34 as buyers read them (listing page, comparison, cards): the last
 * contrôle technique ('12/09/2026, favorable') and the owners ('1re main', '3 propriétaires').
 * Client-safe, no Intl (decision 0025).
 */
export const INSPECTION_RESULT_TEXT: Record<string, string> = {
  favorable: "favorable",
  defavorable: "défavorable, contre-visite",
  not_required: "non requis (véhicule de moins de 4 ans)",
};

/** "AAAA-MM-JJ" → "JJ/MM/AAAA" (a calendar day: no time zone involved). */
export function formatIsoDay(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/**
 * "12/09/2026, favorable", "Non requis (véhicule de moins de 4 ans)", or null when not given —
 * or when 'Non requis' is no longer true (`overFourYears`: the vehicle has had its fourth
 * anniversary since the seller said so).
 */
export function inspectionText(
  date: string | null | undefined,
  result: string | null | undefined,
  overFourYears = false,
): string | null {
  if (result === "not_required") return overFourYears ? null : "Non requis (véhicule de moins de 4 ans)";
  if (!date && !result) return null;
  const parts = [date ? formatIsoDay(date) : null, result ? (INSPECTION_RESULT_TEXT[result] ?? result) : null].filter(Boolean);
  return parts.join(", ");
}

/** "1re main", "2 propriétaires", or null when not given. */
export function ownersText(count: number | null | undefined): string | null {
  if (count == null) return null;
  return count === 1 ? "1re main" : `${count} propriétaires`;
}

/**
 * The contrôle technique rule a seller must follow (Code de la route, art. R. 323-22, I, 3°,
 * decision 0039): a car or light van sold more than four years after its first registration
 * changes hands with an inspection report less than six months old. The wizard says so when
 * the date given is older, without blocking (the seller may have it redone before the sale).
 * Client-safe, pure: `today` is passed in.
 */
import { isOverFourYears, parseIsoDate } from "~/features/catalogue/vehicle-age";

export { isOverFourYears, parseIsoDate, todayInFrance } from "~/features/catalogue/vehicle-age";

/** The date six months after an inspection ("AAAA-MM-JJ"; the 31st becomes the month's last day). */
export function sixMonthsAfter(inspectionDate: string): string | undefined {
  const d = parseIsoDate(inspectionDate);
  if (!d) return undefined;
  const months = d.year * 12 + d.month - 1 + 6;
  const year = Math.floor(months / 12);
  const month = (months % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(d.day, lastDay);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export const INSPECTION_RULE_SOURCE = "article R. 323-22 du Code de la route";

/**
 * The wizard's notice about the inspection, or null when there is nothing to say: a vehicle
 * over four years old with no inspection given, or one older than six months.
 */
export function inspectionNotice(input: {
  firstRegistration: string | null | undefined;
  inspectionDate: string | null | undefined;
  inspectionResult: string | null | undefined;
  today: string;
}): string | null {
  if (!isOverFourYears(input.firstRegistration, input.today)) return null;
  if (input.inspectionResult === "not_required") {
    return `Ce véhicule a plus de 4 ans : il se vend avec un procès-verbal de contrôle technique de moins de 6 mois (${INSPECTION_RULE_SOURCE}). Indiquez la date et le résultat du dernier contrôle.`;
  }
  const limit = input.inspectionDate ? sixMonthsAfter(input.inspectionDate) : undefined;
  if (!input.inspectionDate || !limit) {
    return `Un véhicule de plus de 4 ans se vend avec un procès-verbal de contrôle technique de moins de 6 mois (${INSPECTION_RULE_SOURCE}). Indiquez la date et le résultat du dernier contrôle.`;
  }
  if (limit < input.today) {
    return `Ce contrôle technique a plus de 6 mois : pour vendre un véhicule de plus de 4 ans, le procès-verbal remis à l'acheteur doit avoir moins de 6 mois (${INSPECTION_RULE_SOURCE}). Vous pouvez publier l'annonce ; faites refaire le contrôle avant la vente.`;
  }
  return null;
}

/**
 * The contrôle technique rule a seller must follow (Code de la route, art. R. 323-22, I, 3°,
 * decision 0039): a car or light van sold more than four years after its first registration
 * changes hands with an inspection report less than six months old. The wizard says so when
 * the date given is older, without blocking (the seller may have it redone before the sale).
 * Client-safe, pure: `today` is passed in.
 */

/** First registration "MM/AAAA" → months since year 0, or undefined. */
function registrationMonth(firstRegistration: string | null | undefined): number | undefined {
  const match = /^(0[1-9]|1[0-2])\/(\d{4})$/.exec(firstRegistration?.trim() ?? "");
  return match ? Number(match[2]) * 12 + Number(match[1]) - 1 : undefined;
}

/** "AAAA-MM-JJ" → its parts, or undefined when it is not a real calendar date. */
export function parseIsoDate(value: string | null | undefined): { year: number; month: number; day: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? "");
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return { year, month, day };
}

/** Today's date in France as "AAAA-MM-JJ" (the seller's calendar day, not the server's UTC one). */
export function todayInFrance(now: Date = new Date()): string {
  // Europe/Paris is UTC+1 in winter, UTC+2 in summer; a fixed +1 h is at worst one hour late
  // around midnight in summer, and keeps Intl off the page's start (decision 0025).
  return new Date(now.getTime() + 3_600_000).toISOString().slice(0, 10);
}

/**
 * Whether the vehicle is four years old or more at `today`: the first registration's month is
 * all the wizard knows, so the month of the fourth anniversary already counts (the stricter
 * reading, which never tells a seller that no inspection is needed when one is).
 */
export function isOverFourYears(firstRegistration: string | null | undefined, today: string): boolean | undefined {
  const registered = registrationMonth(firstRegistration);
  const now = parseIsoDate(today);
  if (registered === undefined || !now) return undefined;
  return now.year * 12 + now.month - 1 - registered >= 48;
}

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
  if (input.inspectionResult === "not_required") return null; // refused as an error instead
  const limit = input.inspectionDate ? sixMonthsAfter(input.inspectionDate) : undefined;
  if (!input.inspectionDate || !limit) {
    return `Un véhicule de plus de 4 ans se vend avec un procès-verbal de contrôle technique de moins de 6 mois (${INSPECTION_RULE_SOURCE}). Indiquez la date et le résultat du dernier contrôle.`;
  }
  if (limit < input.today) {
    return `Ce contrôle technique a plus de 6 mois : pour vendre un véhicule de plus de 4 ans, le procès-verbal remis à l'acheteur doit avoir moins de 6 mois (${INSPECTION_RULE_SOURCE}). Vous pouvez publier l'annonce ; faites refaire le contrôle avant la vente.`;
  }
  return null;
}

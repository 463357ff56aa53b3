/**
 * A professional's opening hours: per weekday, zero to two ranges ('Fermé' is none), in
 * Paris time. 'Ouvert maintenant' is computed on the server in Europe/Paris whatever the
 * server's own time zone, so daylight-saving changes are handled by the time-zone database.
 */

export const WEEKDAYS = ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface TimeRange {
  /** 'HH:MM', 24 h. */
  opens: string;
  closes: string;
}

/** Seven entries, Monday first; an empty list is 'Fermé'. */
export type OpeningHours = TimeRange[][];

export const MAX_RANGES_PER_DAY = 2;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

function minutes(time: string): number {
  const match = TIME.exec(time);
  if (!match) return Number.NaN;
  return Number(match[1]) * 60 + Number(match[2]);
}

export const CLOSED_ALL_WEEK: OpeningHours = WEEKDAYS.map(() => []);

/**
 * Checks one week of hours; the message names the day and what is wrong. Ranges must be
 * valid times, close after they open (no overnight opening) and not overlap.
 */
export function openingHoursProblem(hours: OpeningHours): string | null {
  if (hours.length !== 7) return "Indiquez les horaires des sept jours de la semaine.";
  for (let day = 0; day < 7; day++) {
    const ranges = hours[day]!;
    const name = WEEKDAYS[day]!;
    if (ranges.length > MAX_RANGES_PER_DAY) {
      return `Le ${name} : deux plages horaires au plus (matin et après-midi).`;
    }
    let previousClose = -1;
    for (const range of ranges) {
      const opens = minutes(range.opens);
      const closes = minutes(range.closes);
      if (Number.isNaN(opens) || Number.isNaN(closes)) {
        return `Le ${name} : indiquez les heures au format 09:00.`;
      }
      if (closes <= opens) return `Le ${name} : l'heure de fermeture doit suivre l'heure d'ouverture.`;
      if (opens < previousClose) return `Le ${name} : les deux plages horaires se chevauchent.`;
      previousClose = closes;
    }
  }
  return null;
}

const PARIS_PARTS = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Paris",
  weekday: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const WEEKDAY_INDEX: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };

/** Monday-first weekday and minute of the day at `at`, in Paris. */
export function parisWeekMinute(at: Date): { day: number; minute: number } {
  const parts = PARIS_PARTS.formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    day: WEEKDAY_INDEX[get("weekday")] ?? 0,
    minute: Number(get("hour")) * 60 + Number(get("minute")),
  };
}

export function isOpenAt(hours: OpeningHours, at: Date): boolean {
  const { day, minute } = parisWeekMinute(at);
  return (hours[day] ?? []).some((r) => minute >= minutes(r.opens) && minute < minutes(r.closes));
}

/** '09:00' → '9 h', '14:30' → '14 h 30', the French way. */
export function frenchTime(time: string): string {
  const [h, m] = time.split(":");
  return m === "00" ? `${Number(h)} h` : `${Number(h)} h ${m}`;
}

/** One line per day: 'lundi : 9 h – 12 h, 14 h – 19 h' or 'dimanche : Fermé'. */
export function describeDay(ranges: TimeRange[]): string {
  if (ranges.length === 0) return "Fermé";
  return ranges.map((r) => `${frenchTime(r.opens)} – ${frenchTime(r.closes)}`).join(", ");
}

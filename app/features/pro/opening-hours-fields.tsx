import { useState } from "react";
import { MAX_RANGES_PER_DAY, WEEKDAYS, type OpeningHours } from "./opening-hours";

/** What a new profile starts from: weekdays 9 h – 12 h and 14 h – 18 h, Saturday morning, Sunday closed. */
export const DEFAULT_OPENING_HOURS: OpeningHours = [
  ...[0, 1, 2, 3, 4].map(() => [
    { opens: "09:00", closes: "12:00" },
    { opens: "14:00", closes: "18:00" },
  ]),
  [{ opens: "09:00", closes: "12:00" }],
  [],
];

const capitalised = (day: string) => day.charAt(0).toUpperCase() + day.slice(1);

const TIME_CLASSES =
  "w-32 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-base shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-600";

/**
 * One row per weekday: 'Fermé', or up to two opening ranges (the second is optional). Field
 * names are those `parseProProfileForm` reads (`closed-<day>`, `opens-<day>-<range>`,
 * `closes-<day>-<range>`); a day's error (`hours-<day>`) shows under its row.
 */
export function OpeningHoursFields({ hours, errors }: { hours: OpeningHours; errors: Record<string, string> }) {
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-slate-800">Horaires d'ouverture</legend>
      <p className="text-xs text-slate-500">Deux plages par jour au plus (matin et après-midi). Laissez la seconde vide si vous ne fermez pas à midi.</p>
      <ul className="mt-2 divide-y divide-slate-100">
        {WEEKDAYS.map((day, index) => (
          <DayRow key={day} day={index} ranges={hours[index] ?? []} error={errors[`hours-${index}`]} />
        ))}
      </ul>
    </fieldset>
  );
}

function DayRow({ day, ranges, error }: { day: number; ranges: OpeningHours[number]; error?: string }) {
  const [closed, setClosed] = useState(ranges.length === 0);
  const name = capitalised(WEEKDAYS[day]!);
  const errorId = `hours-${day}-error`;
  return (
    <li className="py-2" data-testid={`hours-${day}`}>
      <div className="flex items-center gap-4">
        <span className="w-24 font-medium text-slate-900">{name}</span>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name={`closed-${day}`}
            checked={closed}
            onChange={(event) => setClosed(event.currentTarget.checked)}
            className="h-4 w-4 rounded border-slate-300 text-brand-600"
          />
          Fermé
        </label>
      </div>
      {closed ? null : (
        <div className="mt-2 flex flex-wrap items-center gap-x-5 gap-y-2">
          {Array.from({ length: MAX_RANGES_PER_DAY }, (_, range) => (
              <span key={range} className="flex items-center gap-1.5 text-sm">
                <input
                  type="time"
                  name={`opens-${day}-${range}`}
                  defaultValue={ranges[range]?.opens ?? ""}
                  aria-label={`${name}, ouverture${range === 0 ? "" : " de la seconde plage"}`}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  className={TIME_CLASSES}
                />
                <span aria-hidden="true">–</span>
                <input
                  type="time"
                  name={`closes-${day}-${range}`}
                  defaultValue={ranges[range]?.closes ?? ""}
                  aria-label={`${name}, fermeture${range === 0 ? "" : " de la seconde plage"}`}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  className={TIME_CLASSES}
                />
              </span>
            ))}
        </div>
      )}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </li>
  );
}

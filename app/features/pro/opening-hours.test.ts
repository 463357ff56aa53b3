import { describe, expect, it } from "vitest";
import {
  CLOSED_ALL_WEEK,
  type OpeningHours,
  describeDay,
  isOpenAt,
  openingHoursProblem,
  parisWeekMinute,
} from "./opening-hours";

const weekdays = { opens: "09:00", closes: "12:00" };
const afternoons = { opens: "14:00", closes: "19:00" };
const GARAGE: OpeningHours = [
  [weekdays, afternoons],
  [weekdays, afternoons],
  [weekdays, afternoons],
  [weekdays, afternoons],
  [weekdays, afternoons],
  [{ opens: "09:00", closes: "17:00" }],
  [],
];

describe("isOpenAt (Europe/Paris)", () => {
  it.each([
    // Friday 27 November 2026, winter time (UTC+1)
    ["2026-11-27T08:30:00Z", true, "Friday 9:30 in Paris"],
    ["2026-11-27T07:59:00Z", false, "Friday 8:59 in Paris, before opening"],
    ["2026-11-27T11:00:00Z", false, "Friday 12:00 in Paris, lunch break (closing minute excluded)"],
    ["2026-11-27T13:00:00Z", true, "Friday 14:00 in Paris"],
    ["2026-11-27T18:00:00Z", false, "Friday 19:00 in Paris"],
    ["2026-11-28T15:30:00Z", true, "Saturday 16:30 in Paris"],
    ["2026-11-29T10:00:00Z", false, "Sunday: Fermé"],
    // Summer time (UTC+2): Monday 6 July 2026, 07:30 UTC is 9:30 in Paris
    ["2026-07-06T07:30:00Z", true, "Monday 9:30 in Paris in summer"],
    ["2026-07-06T06:59:00Z", false, "Monday 8:59 in Paris in summer"],
    // Sunday 23:30 UTC is already Monday 0:30 in Paris (winter)
    ["2026-11-29T23:30:00Z", false, "Monday 0:30 in Paris"],
  ])("%s → %s (%s)", (iso, open) => {
    expect(isOpenAt(GARAGE, new Date(iso))).toBe(open);
  });

  it("reads the day in Paris, not UTC", () => {
    expect(parisWeekMinute(new Date("2026-11-29T23:30:00Z"))).toEqual({ day: 0, minute: 30 });
  });

  it("a shop closed all week is never open", () => {
    expect(isOpenAt(CLOSED_ALL_WEEK, new Date("2026-11-27T10:00:00Z"))).toBe(false);
  });
});

describe("openingHoursProblem", () => {
  it("accepts a normal week", () => {
    expect(openingHoursProblem(GARAGE)).toBeNull();
  });
  it.each([
    [[...GARAGE.slice(0, 6)], /sept jours/],
    [[[{ opens: "9h", closes: "12:00" }], ...GARAGE.slice(1)], /lundi : indiquez les heures au format/],
    [[GARAGE[0]!, [{ opens: "12:00", closes: "09:00" }], ...GARAGE.slice(2)], /mardi : l'heure de fermeture/],
    [
      [...GARAGE.slice(0, 2), [{ opens: "09:00", closes: "13:00" }, { opens: "12:00", closes: "18:00" }], ...GARAGE.slice(3)],
      /mercredi : les deux plages horaires se chevauchent/,
    ],
    [[...GARAGE.slice(0, 6), [weekdays, afternoons, { opens: "20:00", closes: "21:00" }]], /dimanche : deux plages/],
  ])("refuses %#", (hours, message) => {
    expect(openingHoursProblem(hours as OpeningHours)).toMatch(message);
  });
});

describe("describeDay", () => {
  it("writes hours the French way", () => {
    expect(describeDay([weekdays, { opens: "14:30", closes: "19:00" }])).toBe("9 h – 12 h, 14 h 30 – 19 h");
    expect(describeDay([])).toBe("Fermé");
  });
});

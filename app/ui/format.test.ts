import { describe, expect, it } from "vitest";
import {
  formatListingAge,
  formatCount,
  formatDate,
  formatDateTime,
  formatDistance,
  formatMileage,
  formatNumber,
  formatPrice,
  formatThousandsOfEuros,
} from "./format";

// French grouping uses a narrow no-break space (U+202F); currency is preceded by a no-break space.
const normalize = (s: string) => s.replace(/[\u202f\u00a0]/g, " ");

describe("French formatting", () => {
  it("formats prices, mileage, dates and counts the French way", () => {
    expect(normalize(formatPrice(12500))).toBe("12 500 €");
    expect(normalize(formatMileage(45000))).toBe("45 000 km");
    expect(formatDate(new Date("2026-11-21T10:00:00Z"))).toBe("21/11/2026");
    expect(formatDateTime("2026-11-21T23:30:00Z")).toBe("22/11/2026 00:30");
    expect(normalize(formatCount(1234, "annonce", "annonces"))).toBe("1 234 annonces");
    expect(formatCount(1, "annonce", "annonces")).toBe("1 annonce");
    expect(formatCount(0, "annonce", "annonces")).toBe("0 annonce");
  });

  it("writes numbers exactly as Intl.NumberFormat('fr-FR') does, without building one in the browser", () => {
    const integer = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 0 });
    const euros = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR", maximumFractionDigits: 0 });
    const values = [
      0,
      1,
      7,
      12,
      999,
      1000,
      1001,
      9999,
      10000,
      12500,
      99999,
      100000,
      123456,
      999999,
      1000000,
      1234567,
      12345678,
      987654321,
      2.5,
      3.5,
      1234.49,
      1234.5,
      99999.5,
      0.4,
      -1,
      -2.5,
      -1234,
      -1234567.5,
      2 ** 40,
    ];
    for (let v = 1; v < 2_000_000_000; v = Math.floor(v * 1.37) + 3) values.push(v);
    for (const value of values) {
      expect(formatNumber(value), String(value)).toBe(integer.format(value));
      expect(formatPrice(value), String(value)).toBe(euros.format(value));
      expect(formatMileage(value)).toBe(`${integer.format(value)} km`);
      expect(formatDistance(value)).toBe(`${integer.format(value)} km`);
    }
  });

  it("writes chart axes in thousands of euros with one decimal at most", () => {
    expect(normalize(formatThousandsOfEuros(7500))).toBe("7,5 k€");
    expect(normalize(formatThousandsOfEuros(15000))).toBe("15 k€");
    expect(normalize(formatThousandsOfEuros(7350))).toBe("7,4 k€");
    expect(normalize(formatThousandsOfEuros(1000))).toBe("1 k€");
    expect(normalize(formatThousandsOfEuros(1234567))).toBe("1 234,6 k€");
    expect(normalize(formatThousandsOfEuros(950))).toBe("950 €");
  });
});

describe("dates in Paris time", () => {
  it("match Intl.DateTimeFormat with the Europe/Paris zone, across every summer-time change from 1996 to 2040", () => {
    const date = new Intl.DateTimeFormat("fr-FR", {
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      timeZone: "Europe/Paris",
    });
    const dateTime = new Intl.DateTimeFormat("fr-FR", {
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: "Europe/Paris",
    });
    const hour = 3_600_000;
    // Every 5 hours (so every hour of the day over the years), and every 15 minutes around each change.
    const instants: number[] = [];
    for (let t = Date.UTC(1996, 0, 1); t < Date.UTC(2041, 0, 1); t += 5 * hour) instants.push(t, t + 59 * 60_000);
    for (let year = 1996; year <= 2040; year += 1) {
      for (const month of [2, 9]) {
        const last = new Date(Date.UTC(year, month + 1, 0));
        const change = Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
        for (let m = -120; m <= 120; m += 15) instants.push(change + m * 60_000);
      }
    }
    const mismatches = instants.flatMap((instant) => {
      const value = new Date(instant);
      const expected = `${date.format(value)} | ${dateTime.format(value).replace(",", "")}`;
      const actual = `${formatDate(value)} | ${formatDateTime(value)}`;
      return actual === expected ? [] : [`${value.toISOString()}: ${actual} ≠ ${expected}`];
    });
    expect(instants.length).toBeGreaterThan(150_000);
    expect(mismatches).toEqual([]);
  });

  it("read ISO strings as the API sends them", () => {
    expect(formatDate("2026-03-29T00:59:00Z")).toBe("29/03/2026");
    expect(formatDateTime("2026-03-29T00:59:00Z")).toBe("29/03/2026 01:59");
    expect(formatDateTime("2026-03-29T01:00:00Z")).toBe("29/03/2026 03:00");
    expect(formatDateTime("2026-10-25T00:59:00Z")).toBe("25/10/2026 02:59");
    expect(formatDateTime("2026-10-25T01:00:00Z")).toBe("25/10/2026 02:00");
  });
});

describe("formatListingAge (cards, issue 36)", () => {
  const now = new Date("2026-11-28T10:00:00Z"); // 11:00 in Paris
  it("counts calendar days in Paris: today, yesterday, up to 6 days, then the date", () => {
    expect(formatListingAge("2026-11-28T00:30:00Z", now)).toBe("Publiée aujourd'hui");
    // 23:30 UTC on the 27th is 00:30 on the 28th in Paris: today, not yesterday.
    expect(formatListingAge("2026-11-27T23:30:00Z", now)).toBe("Publiée aujourd'hui");
    expect(formatListingAge("2026-11-27T22:30:00Z", now)).toBe("Publiée hier");
    expect(formatListingAge("2026-11-25T12:00:00Z", now)).toBe("Publiée il y a 3 jours");
    expect(formatListingAge("2026-11-22T12:00:00Z", now)).toBe("Publiée il y a 6 jours");
    expect(formatListingAge("2026-11-21T12:00:00Z", now)).toBe("Publiée le 21/11/2026");
    // A clock slightly behind the server's: never 'il y a -1 jours'.
    expect(formatListingAge("2026-11-28T10:05:00Z", now)).toBe("Publiée aujourd'hui");
  });
});

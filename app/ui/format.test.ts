import { describe, expect, it } from "vitest";
import { formatCount, formatDate, formatMileage, formatPrice } from "./format";

// French grouping uses a narrow no-break space (U+202F); currency is preceded by a no-break space.
const normalize = (s: string) => s.replace(/[\u202f\u00a0]/g, " ");

describe("French formatting", () => {
  it("formats prices, mileage, dates and counts the French way", () => {
    expect(normalize(formatPrice(12500))).toBe("12 500 €");
    expect(normalize(formatMileage(45000))).toBe("45 000 km");
    expect(formatDate(new Date("2026-11-21T10:00:00Z"))).toBe("21/11/2026");
    expect(normalize(formatCount(1234, "annonce", "annonces"))).toBe("1 234 annonces");
    expect(formatCount(1, "annonce", "annonces")).toBe("1 annonce");
    expect(formatCount(0, "annonce", "annonces")).toBe("0 annonce");
  });
});

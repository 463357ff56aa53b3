import { describe, expect, it } from "vitest";
import { responseBucket, trustLines } from "./seller-trust-data";
import { isVeryActivePrivateSeller } from "./very-active";

describe("responseBucket", () => {
  it("picks the shortest of 1 h, 3 h, 24 h the median fits in, and nothing beyond 24 h", () => {
    expect(responseBucket(null)).toBeNull();
    expect(responseBucket(0)).toBe("1 h");
    expect(responseBucket(3599)).toBe("1 h");
    expect(responseBucket(3600)).toBe("3 h");
    expect(responseBucket(3 * 3600 - 1)).toBe("3 h");
    expect(responseBucket(3 * 3600)).toBe("24 h");
    expect(responseBucket(24 * 3600 - 1)).toBe("24 h");
    expect(responseBucket(24 * 3600)).toBeNull();
  });
});

describe("trustLines", () => {
  it("writes the figures in French, singular and plural", () => {
    const base = { emailVerified: true, memberSince: "mars 2023", publishedCount: 1, soldCount: 0, responseWithin: null, responseRatePercent: null };
    expect(trustLines(base)).toEqual(["E-mail vérifié", "Membre depuis mars 2023", "1 annonce en ligne", "0 véhicule vendu sur Occazio"]);
    expect(trustLines({ ...base, emailVerified: false, publishedCount: 12, soldCount: 3, responseWithin: "3 h", responseRatePercent: 92 })).toEqual([
      "Membre depuis mars 2023",
      "12 annonces en ligne",
      "3 véhicules vendus sur Occazio",
      "Répond en général en moins de 3 h",
      "Taux de réponse : 92\u00a0%",
    ]);
  });
});

describe("isVeryActivePrivateSeller", () => {
  it("is more than 5 listings in 12 months, for private sellers only", () => {
    expect(isVeryActivePrivateSeller("private", 5)).toBe(false);
    expect(isVeryActivePrivateSeller("private", 6)).toBe(true);
    expect(isVeryActivePrivateSeller("pro", 60)).toBe(false);
    expect(isVeryActivePrivateSeller("private", null)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { seeListingsLabel } from "./search-count";

describe("'Voir N annonces' (issue 36)", () => {
  const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, " ");
  it("says how many listings the filters would show", () => {
    expect(seeListingsLabel({ total: 318, capped: false })).toBe("Voir 318 annonces");
    expect(seeListingsLabel({ total: 1, capped: false })).toBe("Voir 1 annonce");
    expect(plain(seeListingsLabel({ total: 10_000, capped: true }))).toBe("Voir 10 000+ annonces");
    expect(seeListingsLabel({ total: 0, capped: false })).toBe("Aucune annonce");
  });

  it("stays neutral while counting", () => {
    expect(seeListingsLabel(null)).toBe("Voir les annonces");
  });
});

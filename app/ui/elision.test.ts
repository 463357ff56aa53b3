import { describe, expect, it } from "vitest";
import { deName } from "./elision";

describe("deName: French elision of 'de' before a name", () => {
  it("elides before a vowel, accented or capital letters included", () => {
    expect(deName("Audi Q3")).toBe("d'Audi Q3");
    expect(deName("Opel Zafira")).toBe("d'Opel Zafira");
    expect(deName("Alpine A110")).toBe("d'Alpine A110");
    expect(deName("Élodie")).toBe("d'Élodie");
    expect(deName("alice M.")).toBe("d'alice M.");
    expect(deName("Yves R.")).toBe("d'Yves R.");
  });

  it("keeps 'de' before a consonant, an 'h', a consonant 'y', a digit or nothing", () => {
    expect(deName("Peugeot 308")).toBe("de Peugeot 308");
    expect(deName("Honda Civic")).toBe("de Honda Civic");
    expect(deName("Hyundai Tucson")).toBe("de Hyundai Tucson");
    expect(deName("Yamaha")).toBe("de Yamaha");
    expect(deName("2CV")).toBe("de 2CV");
    expect(deName("")).toBe("de ");
  });
});

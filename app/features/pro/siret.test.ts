import { describe, expect, it } from "vitest";
import { checkSiret, formatSiret, luhnValid } from "./siret";

const message = (input: string) => {
  const result = checkSiret(input);
  return result.ok ? null : result.message;
};

describe("checkSiret", () => {
  it.each([
    ["73282932000074", "a company's seventh establishment (INSEE's example)"],
    ["732 829 320 00074", "with the spaces INSEE prints"],
    ["35600000000048", "La Poste's head office (passes Luhn)"],
    ["35600000012341", "a post office: digit sum 25, a multiple of 5, though not Luhn"],
  ])("accepts %s (%s)", (input) => {
    expect(checkSiret(input)).toEqual({ ok: true, siret: input.replace(/\s/g, "") });
  });

  it("a post office number that fails both Luhn and the multiple-of-5 sum is refused", () => {
    expect(luhnValid("35600000012342")).toBe(false); // digit sum 26
    expect(message("35600000012342")).toMatch(/clé de contrôle/);
  });

  it("the La Poste rule applies to La Poste only", () => {
    // Digit sum 45 (a multiple of 5) but not Luhn, outside SIREN 356 000 000.
    const candidate = "73282932000072";
    expect(luhnValid(candidate)).toBe(false);
    expect(message(candidate)).toMatch(/clé de contrôle/);
  });

  it.each([
    ["", /Saisissez le numéro SIRET/],
    ["   ", /Saisissez le numéro SIRET/],
    ["7328293200007A", /que des chiffres/],
    ["SIRET73282932000074", /que des chiffres/],
    ["7328293200007", /14 chiffres : vous en avez saisi 13/],
    ["732829320000740", /14 chiffres : vous en avez saisi 15/],
    ["73282932000075", /clé de contrôle/],
    ["73282932000047", /clé de contrôle/],
  ])("refuses %j with a French message naming the problem", (input, expected) => {
    expect(message(input)).toMatch(expected);
  });

  it("every single-digit typo in a valid SIRET is caught", () => {
    const valid = "73282932000074";
    for (let i = 0; i < valid.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === valid[i]) continue;
        const typo = valid.slice(0, i) + d + valid.slice(i + 1);
        expect(checkSiret(typo).ok, typo).toBe(false);
      }
    }
  });
});

describe("formatSiret", () => {
  it("groups as INSEE prints it", () => {
    expect(formatSiret("73282932000074")).toBe("732 829 320 00074");
  });
});

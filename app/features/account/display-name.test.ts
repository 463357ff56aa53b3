import { describe, expect, it } from "vitest";
import { DISPLAY_NAME_MESSAGES as M, checkDisplayName, cleanDisplayName, publicName } from "./display-name";

const problem = (input: string) => {
  const result = checkDisplayName(input);
  return result.ok ? null : result.message;
};

describe("checkDisplayName", () => {
  it.each([
    ["Camille", "Camille"],
    ["  Jean-Pierre  ", "Jean-Pierre"],
    ["Zoé", "Zoé"],
    ["Anne   Marie", "Anne Marie"],
    ["D’Artagnan", "D'Artagnan"],
    ["Garage 2000", "Garage 2000"],
    ["Ça\u200bmille", "Çamille"],
    ["Lé\u202eo", "Léo"],
    ["Åsa", "Åsa"],
  ])("accepts %j as %j", (input, name) => {
    expect(checkDisplayName(input)).toEqual({ ok: true, name });
  });

  it.each([
    ["", M.required],
    ["   \u200b ", M.required],
    ["C", M.tooShort],
    ["A".repeat(41), M.tooLong],
    ["camille@exemple.fr", M.email],
    ["camille@", M.email],
    ["06 12 34 56 78", M.phone],
    ["+33612345678", M.phone],
    ["www.garage.fr", M.url],
    ["https://exemple", M.url],
    ["voiture.com", M.url],
    ["<b>Camille</b>", M.characters],
    ["Camille<script>", M.characters],
    ["Camille 🚗", M.characters],
    ["Cam\u0007ille", M.characters],
    ["Camille!", M.characters],
    ["1234", M.noLetter],
    ["--", M.noLetter],
    ["Occazio", M.reserved],
    ["Modérateur", M.reserved],
    ["Service-Client", M.reserved],
    ["ADMIN", M.reserved],
  ])("refuses %j", (input, message) => {
    expect(problem(input)).toBe(message);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(checkDisplayName("é".repeat(40)).ok).toBe(true);
  });
});

describe("cleanDisplayName", () => {
  it("drops invisible characters and joins spaces", () => {
    expect(cleanDisplayName("\ufeff Ca\u00admille \u00a0 D ")).toBe("Camille D");
  });
});

describe("publicName", () => {
  it("adds the last name's initial when one is on file", () => {
    expect(publicName("Camille", "dupont")).toBe("Camille D.");
    expect(publicName("Camille", "  Émond")).toBe("Camille É.");
  });
  it("is the display name alone otherwise", () => {
    expect(publicName("Camille", null)).toBe("Camille");
    expect(publicName("Camille", "")).toBe("Camille");
  });
});

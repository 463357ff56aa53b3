import { describe, expect, it } from "vitest";
import { passwordProblem } from "./password-policy";
import { parsePostalCode } from "~/features/places/postal-code";
import { postalCodeSchema } from "~/features/places/postal-code-schema";

describe("password rule (plain function, shipped to the browser without zod)", () => {
  it("accepts letters mixed with a digit or a symbol, 8 to 128 characters", () => {
    expect(passwordProblem("motdepasse1")).toBeNull();
    expect(passwordProblem("élodie-rêve")).toBeNull();
  });
  it("refuses in French what is too short, too long or too weak", () => {
    expect(passwordProblem("court1")).toBe("Le mot de passe doit contenir au moins 8 caractères.");
    expect(passwordProblem(`a1${"x".repeat(127)}`)).toBe("Le mot de passe doit contenir au plus 128 caractères.");
    expect(passwordProblem("motdepasse")).toBe(
      "Mot de passe trop faible : mélangez des lettres et au moins un chiffre ou un symbole.",
    );
    expect(passwordProblem("12345678")).toMatch(/^Mot de passe trop faible/);
  });
});

describe("postal-code rule shared by the browser function and the server schema", () => {
  it.each(["01000", " 69001 "])("accepts %j", (raw) => {
    expect(parsePostalCode(raw)).toBe(raw.trim());
    expect(postalCodeSchema.parse(raw)).toBe(raw.trim());
  });
  it.each(["1000", "690011", "69 001", "abcde"])("refuses %j", (raw) => {
    expect(parsePostalCode(raw)).toBeNull();
    expect(postalCodeSchema.safeParse(raw).success).toBe(false);
  });
});

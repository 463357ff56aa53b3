import { describe, expect, it } from "vitest";
import { LISTING_MESSAGES } from "./listing-access.server";
import { SIGN_IN_TO_PUBLISH, validateStep } from "./wizard-steps";

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

describe("wizard validation in the browser", () => {
  it("shows the service's sign-in message", () => {
    expect(SIGN_IN_TO_PUBLISH).toBe(LISTING_MESSAGES.unauthenticated);
  });

  it("reports every empty field of a step in French", () => {
    expect(validateStep(1, form({ step: "1", brand: " ", model: "" }))).toEqual({
      brand: "La marque est obligatoire.",
      model: "Le modèle est obligatoire.",
    });
    expect(Object.keys(validateStep(3, form({})) ?? {})).toEqual([
      "vehicleType",
      "fuel",
      "gearbox",
      "fiscalPower",
      "dinPower",
      "mileage",
      "licenseStatus",
    ]);
    expect(validateStep(4, form({ doors: "5", seats: "5", color: "Bleu", vehicleCondition: "Non endommagé" }))).toBeNull();
  });

  it("checks step 7 on the photos stored, and waits for uploads", () => {
    expect(validateStep(7, form({ photoCount: "0" }))).toEqual({ photoCount: "Ajoutez au moins une photo." });
    expect(validateStep(7, form({ photoCount: "1", photosBusy: "1" }))).toEqual({
      photoCount: "Attendez la fin de l'envoi des photos.",
    });
    expect(validateStep(7, form({ photoCount: "3" }))).toBeNull();
  });

  it("needs a commune chosen at step 6", () => {
    expect(validateStep(6, form({ postalCode: "75011", city: "", latitude: "", longitude: "" }))).toMatchObject({
      city: expect.stringMatching(/choisissez une commune/),
    });
  });
});

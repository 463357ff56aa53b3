import { describe, expect, it } from "vitest";
import { inspectionNotice, isOverFourYears, sixMonthsAfter, todayInFrance } from "./inspection-rule";
import { step4Schema, editListingSchema } from "./listing-schemas";
import { fieldErrors } from "~/ui/form-errors";

/** The contrôle technique rule (Code de la route, R. 323-22, I, 3°; decision 0039). */
describe("contrôle technique rule", () => {
  it("counts four years from the month of first registration (that month already counts)", () => {
    expect(isOverFourYears("11/2022", "2026-11-27")).toBe(true);
    expect(isOverFourYears("12/2022", "2026-11-27")).toBe(false);
    expect(isOverFourYears("12/2022", "2026-12-01")).toBe(true);
    expect(isOverFourYears("", "2026-11-27")).toBeUndefined();
  });

  it("ends six months after the inspection, on the month's last day when shorter", () => {
    expect(sixMonthsAfter("2026-05-27")).toBe("2026-11-27");
    expect(sixMonthsAfter("2026-08-31")).toBe("2027-02-28");
    expect(sixMonthsAfter("2026-02-30")).toBeUndefined();
  });

  const old = { firstRegistration: "03/2015", inspectionResult: "favorable", today: "2026-11-27" };
  it("says so when a vehicle over 4 years has an inspection older than 6 months, not otherwise", () => {
    expect(inspectionNotice({ ...old, inspectionDate: "2026-05-26" })).toMatch(/plus de 6 mois.*R\. 323-22/);
    expect(inspectionNotice({ ...old, inspectionDate: "2026-05-27" })).toBeNull();
    expect(inspectionNotice({ ...old, inspectionDate: null, inspectionResult: null })).toMatch(/moins de 6 mois/);
    expect(inspectionNotice({ ...old, firstRegistration: "06/2024", inspectionDate: null, inspectionResult: null })).toBeNull();
    expect(inspectionNotice({ ...old, inspectionDate: null, inspectionResult: "not_required" })).toMatch(/plus de 4 ans/);
  });

  it("keeps, on an edit, a 'Non requis' given while the vehicle was under four years (the price can still change)", () => {
    const base = { brand: "Renault", model: "Clio", price: "9000", city: "Lyon", postalCode: "69001", latitude: "45.7", longitude: "4.8" };
    const aged = { ...base, firstRegistration: "03/2015", inspectionResult: "not_required" };
    expect(editListingSchema.safeParse({ ...aged, storedInspectionResult: "not_required" }).success).toBe(true);
    expect(editListingSchema.safeParse({ ...aged, storedInspectionResult: "favorable" }).success).toBe(false);
  });

  it("refuses, in French, what cannot be true; an old inspection is not refused", () => {
    const today = todayInFrance();
    const errors = (values: Record<string, string>) => {
      const parsed = step4Schema.safeParse({ doors: "5", seats: "5", color: "Noir", vehicleCondition: "Non endommagé", ...values });
      return parsed.success ? {} : fieldErrors(parsed.error);
    };
    expect(errors({ firstRegistration: "03/2015", inspectionResult: "not_required" })).toEqual({
      inspectionResult: "Le contrôle technique est obligatoire pour un véhicule de plus de 4 ans : indiquez la date et le résultat du dernier contrôle.",
    });
    expect(errors({ firstRegistration: "03/2015", inspectionDate: "2025-01-10" })).toEqual({ inspectionResult: "Indiquez le résultat du contrôle technique." });
    expect(errors({ firstRegistration: "03/2015", inspectionResult: "favorable" })).toEqual({ inspectionDate: "Indiquez la date du dernier contrôle technique." });
    expect(errors({ inspectionDate: `${Number(today.slice(0, 4)) + 1}-01-01`, inspectionResult: "favorable" })).toEqual({
      inspectionDate: "La date du contrôle technique ne peut pas être dans le futur.",
    });
    expect(errors({ firstRegistration: "03/2015", inspectionDate: "2014-12-01", inspectionResult: "favorable" })).toEqual({
      inspectionDate: "La date du contrôle technique ne peut pas précéder la première mise en circulation.",
    });
    expect(errors({ ownerCount: "0" })).toEqual({ ownerCount: "Le nombre de propriétaires doit être compris entre 1 (première main) et 99." });
    expect(errors({ firstRegistration: "03/2015", inspectionDate: "12/09/2020", inspectionResult: "Favorable", ownerCount: "1" })).toEqual({});
    const parsed = step4Schema.parse({ doors: "5", seats: "5", color: "Noir", vehicleCondition: "Non endommagé", inspectionDate: "12/09/2020", inspectionResult: "Défavorable — contre-visite", ownerCount: "2" });
    expect(parsed).toMatchObject({ inspectionDate: "2020-09-12", inspectionResult: "defavorable", ownerCount: 2 });
  });

  it("reads 'Je ne sais pas' as no Euro standard and refuses an unknown one", () => {
    const base = { brand: "Renault", model: "Clio", price: "9000", city: "Lyon", postalCode: "69001", latitude: "45.7", longitude: "4.8" };
    expect(editListingSchema.parse({ ...base, euroNorm: "" }).euroNorm).toBeNull();
    expect(editListingSchema.parse({ ...base, euroNorm: "euro 6d-temp" }).euroNorm).toBe("Euro 6d-TEMP");
    const bad = editListingSchema.safeParse({ ...base, euroNorm: "Euro 7" });
    expect(bad.success ? {} : fieldErrors(bad.error)).toEqual({ euroNorm: "Choisissez une norme Euro dans la liste." });
  });
});

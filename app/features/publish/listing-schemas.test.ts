import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import {
  STEP_SCHEMAS,
  editListingSchema,
  fieldErrors,
  formatFirstRegistrationInput,
  fullListingSchema,
  stepOfField,
} from "./listing-schemas";

/** First message for `field`, or undefined when the field is valid. */
function messageFor(schema: z.ZodType, input: unknown, field: string): string | undefined {
  const result = schema.safeParse(input);
  return result.success ? undefined : fieldErrors(result.error)[field];
}

const VALID = {
  brand: "Peugeot",
  model: "208",
  year: "2019",
  firstRegistration: "03/2019",
  vehicleType: "Citadine",
  fuel: "Essence",
  gearbox: "Manuelle",
  fiscalPower: "5",
  dinPower: "100",
  mileage: "45 000",
  licenseStatus: "Permis",
  doors: "5",
  seats: "5",
  color: "Gris",
  vehicleCondition: "Non endommagé",
  description: "  Très bon état, entretien suivi.  ",
  city: "Paris 11e",
  postalCode: "75011",
  latitude: "48.859",
  longitude: "2.38",
  price: "12500",
};

beforeEach(() => {
  // Mid-2026 in Paris: "the future" and "the current year" are fixed for these tests.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-06-15T10:00:00+02:00"));
});
afterEach(() => {
  vi.useRealTimers();
});

describe("step 1: brand and model", () => {
  it("trims and requires both", () => {
    expect(STEP_SCHEMAS[1].parse({ brand: "  Peugeot ", model: " 208 " })).toEqual({ brand: "Peugeot", model: "208" });
    expect(messageFor(STEP_SCHEMAS[1], { brand: "   ", model: "208" }, "brand")).toBe("La marque est obligatoire.");
    expect(messageFor(STEP_SCHEMAS[1], { brand: "Peugeot" }, "model")).toBe("Le modèle est obligatoire.");
    expect(messageFor(STEP_SCHEMAS[1], { brand: 42, model: "208" }, "brand")).toBe("La marque est obligatoire.");
  });

  it("bounds their length", () => {
    expect(messageFor(STEP_SCHEMAS[1], { brand: "x".repeat(61), model: "208" }, "brand")).toBe(
      "La marque ne doit pas dépasser 60 caractères.",
    );
    expect(messageFor(STEP_SCHEMAS[1], { brand: "Peugeot", model: "x".repeat(81) }, "model")).toMatch(/80 caractères/);
  });
});

describe("step 2: year and first registration", () => {
  it("accepts a year from the current year down to 1900", () => {
    expect(STEP_SCHEMAS[2].parse({ year: "2026", firstRegistration: "06/2026" })).toEqual({
      year: 2026,
      firstRegistration: "06/2026",
    });
    expect(STEP_SCHEMAS[2].parse({ year: 1900, firstRegistration: "01/1900" }).year).toBe(1900);
  });

  it.each([["1899"], ["2027"], ["20a9"], ["19.5"], [""], [undefined]])("refuses the year %j", (value) => {
    expect(messageFor(STEP_SCHEMAS[2], { year: value, firstRegistration: "01/2020" }, "year")).toMatch(
      /^L'année (est obligatoire|doit être comprise entre 1900 et 2026)\.$/,
    );
  });

  it.each([
    ["", "La date de première mise en circulation est obligatoire."],
    ["2019", "La date de première mise en circulation doit être au format MM/AAAA."],
    ["3/2019", "La date de première mise en circulation doit être au format MM/AAAA."],
    ["00/2019", "Le mois doit être compris entre 01 et 12."],
    ["13/2019", "Le mois doit être compris entre 01 et 12."],
    ["07/2026", "La date de première mise en circulation ne peut pas être dans le futur."],
    ["01/2030", "La date de première mise en circulation ne peut pas être dans le futur."],
    ["12/2018", "La date de première mise en circulation ne peut pas précéder l'année du modèle."],
  ])("refuses the first registration %j", (value, message) => {
    expect(messageFor(STEP_SCHEMAS[2], { year: "2019", firstRegistration: value }, "firstRegistration")).toBe(message);
  });

  it("accepts the current month", () => {
    expect(STEP_SCHEMAS[2].safeParse({ year: "2026", firstRegistration: "06/2026" }).success).toBe(true);
  });
});

describe("step 3: characteristics", () => {
  const step3 = {
    vehicleType: "suv",
    fuel: "électrique",
    gearbox: "Séquentielle",
    fiscalPower: "7",
    dinPower: "204",
    mileage: "0",
    licenseStatus: "permis",
  };

  it("stores canonical vocabulary spellings and integers", () => {
    expect(STEP_SCHEMAS[3].parse(step3)).toEqual({
      vehicleType: "SUV",
      fuel: "Electrique",
      gearbox: "Semi-automatique",
      fiscalPower: 7,
      dinPower: 204,
      mileage: 0,
      licenseStatus: "Permis",
    });
    // Issue 34: 'Norme Euro' left at 'Je ne sais pas' is stored as none.
    expect(STEP_SCHEMAS[3].parse({ ...step3, euroNorm: "" }).euroNorm).toBeNull();
  });

  it("refuses values outside the vocabularies", () => {
    expect(messageFor(STEP_SCHEMAS[3], { ...step3, vehicleType: "Tank" }, "vehicleType")).toBe(
      "Choisissez un type de véhicule dans la liste.",
    );
    expect(messageFor(STEP_SCHEMAS[3], { ...step3, fuel: "" }, "fuel")).toBe("L'énergie est obligatoire.");
    expect(messageFor(STEP_SCHEMAS[3], { ...step3, licenseStatus: "B" }, "licenseStatus")).toBe(
      "Choisissez « Permis » ou « Sans permis ».",
    );
  });

  it.each([
    ["fiscalPower", "0", "La puissance fiscale doit être comprise entre 1 et 100 CV."],
    ["fiscalPower", "101", "La puissance fiscale doit être comprise entre 1 et 100 CV."],
    ["fiscalPower", "5.5", "La puissance fiscale doit être un nombre entier (chiffres uniquement)."],
    ["dinPower", "-3", "La puissance DIN doit être un nombre entier (chiffres uniquement)."],
    ["dinPower", "1e3", "La puissance DIN doit être un nombre entier (chiffres uniquement)."],
    ["dinPower", 2001, "La puissance DIN doit être comprise entre 1 et 2\u202f000 ch."],
    ["mileage", "2000001", "Le kilométrage doit être compris entre 0 et 2\u202f000\u202f000 km."],
    ["mileage", "", "Le kilométrage est obligatoire."],
    ["mileage", 12.5, "Le kilométrage doit être un nombre entier (chiffres uniquement)."],
  ])("refuses %s = %j", (field, value, message) => {
    expect(messageFor(STEP_SCHEMAS[3], { ...step3, [field]: value }, field)).toBe(message);
  });

  it("reads French thousands separators", () => {
    expect(STEP_SCHEMAS[3].parse({ ...step3, mileage: "45\u202f000" }).mileage).toBe(45_000);
  });
});

describe("step 4: doors, seats, colour, condition", () => {
  const step4 = { doors: "5", seats: "5", color: "gris", vehicleCondition: "Endommagé" };

  it("parses digits and canonical values", () => {
    expect(STEP_SCHEMAS[4].parse(step4)).toEqual({ doors: 5, seats: 5, color: "Gris", vehicleCondition: "Endommagé" });
    // Issue 34: the contrôle technique and the owners are optional (null when left empty).
    expect(STEP_SCHEMAS[4].parse({ ...step4, inspectionDate: "", inspectionResult: "", ownerCount: "" })).toMatchObject({
      inspectionDate: null,
      inspectionResult: null,
      ownerCount: null,
    });
  });

  it("bounds doors to 1–9 and seats to 1–99", () => {
    expect(messageFor(STEP_SCHEMAS[4], { ...step4, doors: "10" }, "doors")).toBe(
      "Le nombre de portes doit être compris entre 1 et 9.",
    );
    expect(messageFor(STEP_SCHEMAS[4], { ...step4, seats: "0" }, "seats")).toBe(
      "Le nombre de places doit être compris entre 1 et 99.",
    );
    expect(messageFor(STEP_SCHEMAS[4], { ...step4, seats: "" }, "seats")).toBe("Le nombre de places est obligatoire.");
  });
});

describe("step 5: description", () => {
  it("must not be blank after trimming", () => {
    expect(messageFor(STEP_SCHEMAS[5], { description: " \n\t " }, "description")).toBe(
      "La description est obligatoire.",
    );
    expect(STEP_SCHEMAS[5].parse({ description: "  Bon état \r\n" })).toEqual({ description: "Bon état" });
  });

  it("counts a browser line break as one character", () => {
    const text = "a\r\n".repeat(2_500).trim();
    expect(STEP_SCHEMAS[5].safeParse({ description: text }).success).toBe(true);
    expect(messageFor(STEP_SCHEMAS[5], { description: "x".repeat(5_001) }, "description")).toBe(
      "La description ne doit pas dépasser 5\u202f000 caractères.",
    );
  });
});

describe("step 6: location", () => {
  const place = { city: "Bourg-en-Bresse", postalCode: "01000", latitude: 46.2, longitude: "5.22" };

  it("keeps the postal code as 5-character text", () => {
    expect(STEP_SCHEMAS[6].parse(place)).toEqual({ ...place, longitude: 5.22 });
    expect(messageFor(STEP_SCHEMAS[6], { ...place, postalCode: 1000 }, "postalCode")).toBe(
      "Le code postal doit comporter exactement 5 chiffres.",
    );
    expect(messageFor(STEP_SCHEMAS[6], { ...place, postalCode: "7501" }, "postalCode")).toBeDefined();
  });

  it("requires a city and coordinates in range", () => {
    expect(messageFor(STEP_SCHEMAS[6], { ...place, city: "" }, "city")).toMatch(/^La ville est obligatoire/);
    expect(messageFor(STEP_SCHEMAS[6], { ...place, latitude: "91" }, "latitude")).toBe(
      "La latitude doit être comprise entre -90 et 90.",
    );
    expect(messageFor(STEP_SCHEMAS[6], { ...place, longitude: -180.5 }, "longitude")).toBe(
      "La longitude doit être comprise entre -180 et 180.",
    );
    expect(messageFor(STEP_SCHEMAS[6], { ...place, latitude: "abc" }, "latitude")).toBeDefined();
    expect(messageFor(STEP_SCHEMAS[6], { ...place, latitude: undefined }, "latitude")).toBe(
      "Choisissez une commune dans la liste pour situer le véhicule.",
    );
  });
});

describe("step 7: photos by count", () => {
  it("needs 1 to 20 photos (issue 34; the spec said 3)", () => {
    expect(messageFor(STEP_SCHEMAS[7], { photoCount: 0 }, "photoCount")).toBe("Ajoutez au moins une photo.");
    expect(messageFor(STEP_SCHEMAS[7], { photoCount: 21 }, "photoCount")).toBe(
      "Vous ne pouvez pas ajouter plus de 20 photos.",
    );
    expect(STEP_SCHEMAS[7].safeParse({ photoCount: 20 }).success).toBe(true);
  });
});

describe("step 8: price", () => {
  it.each([["0"], ["-1"], [""], [undefined], [0]])("refuses %j with the spec message", (value) => {
    expect(messageFor(STEP_SCHEMAS[8], { price: value }, "price")).toMatch(/^Le prix doit être un nombre/);
  });

  it("accepts whole euros from 1 to 10 000 000", () => {
    expect(STEP_SCHEMAS[8].parse({ price: "1" })).toEqual({ price: 1 });
    expect(STEP_SCHEMAS[8].parse({ price: "12 500" })).toEqual({ price: 12_500 });
    expect(messageFor(STEP_SCHEMAS[8], { price: "10000001" }, "price")).toBe(
      "Le prix ne peut pas dépasser 10\u202f000\u202f000 €.",
    );
    expect(messageFor(STEP_SCHEMAS[8], { price: "12500.50" }, "price")).toBe(
      "Le prix doit être un nombre entier d'euros (chiffres uniquement).",
    );
  });
});

describe("full listing and edit schemas", () => {
  it("accepts a complete listing and reports each bad field", () => {
    expect(fullListingSchema.parse(VALID)).toMatchObject({
      brand: "Peugeot",
      year: 2019,
      mileage: 45_000,
      description: "Très bon état, entretien suivi.",
      latitude: 48.859,
      price: 12_500,
    });
    const result = fullListingSchema.safeParse({ ...VALID, doors: "", price: "0", firstRegistration: "01/2018" });
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.error!);
    expect(Object.keys(errors).sort()).toEqual(["doors", "firstRegistration", "price"]);
    expect(stepOfField("doors")).toBe(4);
    expect(stepOfField("firstRegistration")).toBe(2);
    expect(stepOfField("price")).toBe(8);
  });

  it("edit drops unknown keys (no mass assignment) and keeps description/mileage optional", () => {
    const parsed = editListingSchema.parse({
      brand: "Renault",
      model: "Clio",
      price: "9000",
      city: "Paris 11e",
      postalCode: "75011",
      latitude: 48.859,
      longitude: 2.38,
      ownerId: "someone-else",
      status: "published",
      viewCount: 1_000,
    });
    expect(parsed).toEqual({
      brand: "Renault",
      model: "Clio",
      price: 9000,
      city: "Paris 11e",
      postalCode: "75011",
      latitude: 48.859,
      longitude: 2.38,
    });
    expect(messageFor(editListingSchema, { ...parsed, price: "" }, "price")).toBe(
      "Le prix doit être un nombre supérieur ou égal à 1.",
    );
    expect(messageFor(editListingSchema, { ...parsed, description: "   " }, "description")).toBe(
      "La description est obligatoire.",
    );
  });
});

describe("formatFirstRegistrationInput", () => {
  it.each([
    ["", ""],
    ["0", "0"],
    ["03", "03/"],
    ["032", "03/2"],
    ["032019", "03/2019"],
    ["03/2019", "03/2019"],
    ["0320199", "03/2019"],
    ["03-20a19", "03/2019"],
    ["03/", "03/"],
    ["ab", ""],
  ])("typing %j → %j (slash inserted after two digits)", (raw, expected) => {
    expect(formatFirstRegistrationInput(raw)).toBe(expected);
    expect(formatFirstRegistrationInput(raw).length).toBeLessThanOrEqual(7);
  });

  it("lets Backspace remove the slash, then the month's digits, one per press", () => {
    expect(formatFirstRegistrationInput("03/", "03/2")).toBe("03/");
    expect(formatFirstRegistrationInput("03", "03/")).toBe("03");
    expect(formatFirstRegistrationInput("0", "03")).toBe("0");
  });

  it("puts the slash back once a digit is typed again after deleting it", () => {
    expect(formatFirstRegistrationInput("031", "03")).toBe("03/1");
    expect(formatFirstRegistrationInput("03", "0")).toBe("03/");
  });
});

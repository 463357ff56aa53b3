import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/ui/form-errors";
import { editListingSchema, step4Schema } from "./listing-schemas";
import { HISTOVEC_MESSAGE, parseHistovecUrl } from "./listing-extras-schema";

const STEP4 = { doors: "5", seats: "5", color: "Bleu", vehicleCondition: "Non endommagé" };
const step4 = (values: Record<string, unknown>) => step4Schema.safeParse({ ...STEP4, ...values });
const errorsOf = (values: Record<string, unknown>) => {
  const parsed = step4(values);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe("HistoVec share link (decision 0043)", () => {
  const id = "k2Hc9ZJpXq1YtWm3oLbV8sN4rD7eF0gA5uI6yT2wQxE=";
  const key = "Zx8-Qe_4Lr9tYb2Nc7Vm1Kp3Hs5Jd0Fg";
  it.each([
    [`https://histovec.interieur.gouv.fr/histovec/report?id=${encodeURIComponent(id)}&key=${key}`],
    [`https://histovec.interieur.gouv.fr/histovec/report?id=${id}&key=${key}`],
    [`  https://HISTOVEC.interieur.gouv.fr/histovec/report/?key=${key}&id=${encodeURIComponent(id)}  `],
    [`histovec.interieur.gouv.fr/histovec/report?id=${encodeURIComponent(id)}&key=${key}&utm_source=mail`],
  ])("accepts %s, stored rebuilt from its id and key", (pasted) => {
    expect(parseHistovecUrl(pasted)).toBe(`https://histovec.interieur.gouv.fr/histovec/report?id=${encodeURIComponent(id)}&key=${key}`);
  });

  it.each([
    ["another site", `https://histovec.interieur.gouv.fr.example.com/histovec/report?id=${id}&key=${key}`],
    ["a look-alike host", `https://histovec-interieur.fr/histovec/report?id=${id}&key=${key}`],
    ["plain http", `http://histovec.interieur.gouv.fr/histovec/report?id=${id}&key=${key}`],
    ["credentials in the link", `https://user:pw@histovec.interieur.gouv.fr/histovec/report?id=${id}&key=${key}`],
    ["a port", `https://histovec.interieur.gouv.fr:8443/histovec/report?id=${id}&key=${key}`],
    ["the home page", "https://histovec.interieur.gouv.fr/"],
    ["another page", `https://histovec.interieur.gouv.fr/histovec/search?id=${id}&key=${key}`],
    ["no key", `https://histovec.interieur.gouv.fr/histovec/report?id=${id}`],
    ["no id", `https://histovec.interieur.gouv.fr/histovec/report?key=${key}`],
    ["a script in the id", `https://histovec.interieur.gouv.fr/histovec/report?id=<script>alert(1)</script>&key=${key}`],
    ["a too short key", `https://histovec.interieur.gouv.fr/histovec/report?id=${id}&key=abc`],
    ["javascript:", "javascript:alert(1)"],
    ["words", "rapport histovec ok"],
  ])("refuses %s", (_case, pasted) => {
    expect(parseHistovecUrl(pasted)).toBeNull();
    expect(errorsOf({ histovecUrl: pasted })).toEqual({ histovecUrl: HISTOVEC_MESSAGE });
  });

  it("says in French what link to paste", () => {
    expect(HISTOVEC_MESSAGE).toMatch(/^Collez le lien de partage du rapport HistoVec/);
    expect(step4({ histovecUrl: "" }).data?.histovecUrl).toBeNull();
  });
});

describe("warranty (decision 0043)", () => {
  it.each([
    ["0", 0],
    ["12", 12],
    ["60", 60],
    ["", null],
  ])("accepts %j months", (months, stored) => {
    expect(step4({ warrantyMonths: months }).data?.warrantyMonths).toBe(stored);
  });

  it.each([
    ["61", "La durée de la garantie doit être comprise entre 0 et 60 mois."],
    ["-1", "La durée de la garantie doit être un nombre entier de mois (chiffres uniquement)."],
    ["12.5", "La durée de la garantie doit être un nombre entier de mois (chiffres uniquement)."],
    ["douze", "La durée de la garantie doit être un nombre entier de mois (chiffres uniquement)."],
  ])("refuses %j months in French", (months, message) => {
    expect(errorsOf({ warrantyMonths: months })).toEqual({ warrantyMonths: message });
  });

  it("lets only a professional give the warranty's kind, with a duration", () => {
    expect(step4({ warrantyMonths: "12", warrantyKind: "constructeur", sellerKind: "pro" }).data).toMatchObject({
      warrantyMonths: 12,
      warrantyKind: "constructeur",
    });
    expect(errorsOf({ warrantyMonths: "12", warrantyKind: "professionnelle", sellerKind: "private" })).toEqual({
      warrantyKind: "Seul un vendeur professionnel peut indiquer une garantie constructeur ou professionnelle.",
    });
    expect(errorsOf({ warrantyKind: "constructeur", sellerKind: "pro" })).toEqual({ warrantyMonths: "Indiquez la durée de la garantie en mois." });
    expect(errorsOf({ warrantyMonths: "12", warrantyKind: "occasion", sellerKind: "pro" })).toEqual({
      warrantyKind: "Choisissez « Garantie constructeur » ou « Garantie professionnelle ».",
    });
  });
});

describe("equipment, service history and non-smoker on step 4 and the edit form", () => {
  it("stores the ticked equipment in the vocabulary's order and refuses an unknown item", () => {
    expect(step4({ equipment: "gps,camera-de-recul" }).data?.equipment).toEqual(["camera-de-recul", "gps"]);
    expect(step4({ equipment: "" }).data?.equipment).toEqual([]);
    expect(errorsOf({ equipment: "gps,jacuzzi" })).toEqual({ equipment: "Équipement inconnu : « jacuzzi ». Cochez les équipements de la liste." });
  });

  it("reads 'Oui' / 'Non' / not said", () => {
    expect(step4({ serviceHistory: "oui", nonSmoker: "non" }).data).toMatchObject({ serviceHistory: true, nonSmoker: false });
    expect(step4({ serviceHistory: "", nonSmoker: "" }).data).toMatchObject({ serviceHistory: null, nonSmoker: null });
    expect(errorsOf({ nonSmoker: "peut-être" })).toEqual({ nonSmoker: "Véhicule non fumeur : choisissez « Oui » ou « Non »." });
  });

  it("leaves the facts out of an edit that does not send them", () => {
    const parsed = editListingSchema.safeParse({ brand: "Renault", model: "Clio", price: "9000", city: "Lyon", postalCode: "69001", latitude: "45.7", longitude: "4.8" });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.equipment).toBeUndefined();
    expect(parsed.data?.warrantyMonths).toBeUndefined();
  });
});

import { faker } from "@faker-js/faker/locale/fr";
import { describe, expect, it } from "vitest";
import { EQUIPMENT } from "~/features/catalogue/equipment";
import { buildListing, type BuiltListing } from "~/testing/builders";
import { buildLongDescription } from "~/testing/descriptions";
import { formatMileage } from "~/ui/format";
import { planDemoVehicles } from "./demo-market";

/**
 * What a buyer reads in a demo description never contradicts the listing's own facts (energy,
 * gearbox, owners, mileage, contrôle technique, equipment…): checked on the demo seed's listings
 * (same plan, builder and seed as demo-seed.server.ts) by reading the text, not the generator.
 */
function demoListings(count: number): BuiltListing[] {
  faker.seed(20261121);
  return planDemoVehicles(count, { firstPublished: 2 }).map(({ spec, fuel }) =>
    buildListing({ brand: spec.brand, model: spec.model, ...(fuel ? { fuel } : {}) }),
  );
}

const fold = (text: string) => text.toLowerCase();
const word = (w: string) => new RegExp(`(?<![\\p{L}])${w}(?![\\p{L}])`, "iu");

/** Every contradiction between the text and the fields, in French, empty when none. */
function contradictions(l: BuiltListing): string[] {
  const text = l.description ?? "";
  const problems: string[] = [];
  const say = (ok: boolean, what: string) => {
    if (!ok) problems.push(what);
  };
  // Equipment: each item named must be the listing's. Then its labels are taken out of the text,
  // so 'Climatisation automatique' or 'Vitres électriques' say nothing of gearbox or energy.
  let rest = text;
  for (const item of [...EQUIPMENT].sort((a, b) => b.label.length - a.label.length)) {
    if (!fold(rest).includes(fold(item.label))) continue;
    say(l.equipment?.includes(item.slug) ?? false, `équipement « ${item.label} » absent des champs`);
    rest = rest.replace(new RegExp(item.label.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"), "gi"), " ");
  }
  for (const [pattern, what] of [
    [/\bGPS\b/i, "gps"],
    [/radar de recul/i, "radar-de-stationnement-arriere"],
    [/feux LED/i, "phares-led"],
    [/\bclimatisation\b|\bclim\b/i, "climatisation-manuelle|climatisation-automatique"],
    [/régulateur/i, "regulateur-de-vitesse|regulateur-adaptatif"],
  ] as const) {
    if (pattern.test(rest)) say(what.split("|").some((slug) => l.equipment?.includes(slug)), `équipement ${what} absent des champs`);
  }
  // Energy.
  const energies: [RegExp, string][] = [
    [/hybride rechargeable/i, "Hybride rechargeable"],
    [/hybride(?! rechargeable)/i, "Hybride"],
    [word("diesel"), "Diesel"],
    [word("essence"), "Essence"],
    [word("électrique"), "Electrique"],
    [word("GPL"), "GPL"],
    [/gaz naturel|GNV|CNG/i, "Gaz naturel (CNG)"],
  ];
  for (const [pattern, fuel] of energies) if (pattern.test(rest)) say(l.fuel === fuel, `énergie ${fuel} ≠ ${l.fuel}`);
  // Gearbox.
  if (/semi-automatique/i.test(rest)) say(l.gearbox === "Semi-automatique", `boîte semi-automatique ≠ ${l.gearbox}`);
  else if (word("automatique").test(rest) || /boîte auto\b|\bBVA\b/i.test(rest)) say(l.gearbox === "Automatique", `boîte automatique ≠ ${l.gearbox}`);
  if (word("manuelle").test(rest)) say(l.gearbox === "Manuelle", `boîte manuelle ≠ ${l.gearbox}`);
  // Owners.
  if (/première main|1re main|premier propriétaire|acheté neuf/i.test(rest)) say(l.ownerCount === 1, `première main ≠ ${l.ownerCount} propriétaire(s)`);
  const owners = /(\d+) propriétaires/.exec(rest);
  if (owners) say(l.ownerCount === Number(owners[1]), `${owners[1]} propriétaires ≠ ${l.ownerCount}`);
  // Mileage: every distance written is the listing's.
  for (const km of rest.matchAll(/(\d[\d\s\u00a0\u202f]*) ?km\b/g)) say(l.mileage != null && km[0] === formatMileage(l.mileage), `${km[0]} ≠ ${l.mileage} km`);
  // Year.
  for (const year of rest.matchAll(/\bde ((?:19|20)\d\d)\b/g)) say(Number(year[1]) === l.year, `année ${year[1]} ≠ ${l.year}`);
  // Contrôle technique.
  if (/\bCT\b|contrôle technique (ok|vierge|favorable)|aucune contre-visite/i.test(rest)) say(l.inspectionResult === "favorable", `CT favorable ≠ ${l.inspectionResult}`);
  if (/défavorable|contre-visite à prévoir/i.test(rest)) say(l.inspectionResult === "defavorable", `CT défavorable ≠ ${l.inspectionResult}`);
  if (/pas encore obligatoire|non requis/i.test(rest)) say(l.inspectionResult === "not_required", `CT non requis ≠ ${l.inspectionResult}`);
  const ctDate = /contrôle technique[^.]*?(\d{2})\/(\d{2})\/(\d{4})/i.exec(rest);
  if (ctDate) say(l.inspectionDate === `${ctDate[3]}-${ctDate[2]}-${ctDate[1]}`, `date du CT ≠ ${l.inspectionDate}`);
  // Care.
  if (/non[- ]fumeur/i.test(rest)) say(l.nonSmoker === true, `non fumeur ≠ ${l.nonSmoker}`);
  if (/carnet|entretien suivi|factures/i.test(rest)) say(l.serviceHistory === true, `entretien suivi ≠ ${l.serviceHistory}`);
  if (/dormi au garage|distribution faite|pneus récents/i.test(rest)) say(false, "un fait que les champs ne connaissent pas");
  return problems;
}

describe("demo descriptions follow the listing's fields", () => {
  const listings = demoListings(2000);

  it("never contradict energy, gearbox, owners, mileage, contrôle technique or equipment (2 000 demo listings)", () => {
    const wrong = listings.flatMap((l) => contradictions(l).map((problem) => `${l.brand} ${l.model} : ${problem} — ${l.description}`));
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it("say each listing's own facts: its mileage and energy, and a fact of its history or equipment when it has one", () => {
    for (const l of listings.slice(0, 300)) {
      expect(l.description).toContain(formatMileage(l.mileage!));
      if (l.gearbox) expect(l.description).toContain(`boîte ${l.gearbox.toLowerCase()}`);
    }
    // The checks above read something: the sample mentions owners, CT and equipment often.
    expect(listings.filter((l) => /première main|propriétaires/.test(l.description!)).length).toBeGreaterThan(300);
    expect(listings.filter((l) => /contrôle technique/i.test(l.description!)).length).toBeGreaterThan(150);
    expect(listings.filter((l) => /Équipements :/.test(l.description!)).length).toBeGreaterThan(1500);
  });

  it("is the same on every start (the seed decides)", () => {
    expect(demoListings(300).map((l) => l.description)).toEqual(demoListings(300).map((l) => l.description));
  });

  it("follows overridden fields too (a test that sets the gearbox or the owners reads them in the text)", () => {
    faker.seed(7);
    const l = buildListing({ brand: "Peugeot", model: "308", fuel: "Diesel", gearbox: "Manuelle", ownerCount: 3, mileage: 123_400, equipment: ["gps"] });
    expect(contradictions(l)).toEqual([]);
    expect(l.description).toContain("diesel, boîte manuelle");
  });

  it("the newest demo listing's long description (its 'Voir plus') states only its fields, blank ones left out", () => {
    faker.seed(3);
    const blank = buildListing({ brand: "Renault", model: "Clio", fiscalPower: null, dinPower: null, firstRegistration: null, ownerCount: null, equipment: [], inspectionResult: null, inspectionDate: null, serviceHistory: null, nonSmoker: null });
    const l = { ...blank, description: buildLongDescription(blank) };
    expect(contradictions(l)).toEqual([]);
    expect(l.description.length).toBeGreaterThan(600);
    const rich = buildListing({ brand: "Renault", model: "Clio", ownerCount: 1, inspectionResult: "favorable", inspectionDate: "2026-05-02", equipment: ["gps", "camera-de-recul"], serviceHistory: true });
    const long = { ...rich, description: buildLongDescription(rich) };
    expect(contradictions(long)).toEqual([]);
    expect(long.description).toMatch(/Première main\..*Contrôle technique favorable du 02\/05\/2026\./s);
  });
});

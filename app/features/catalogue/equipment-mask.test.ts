import { describe, expect, it } from "vitest";
import { EQUIPMENT_SLUGS } from "./equipment";
import { EQUIPMENT_MASK_ORDER, MAX_EQUIPMENT_BITS, equipmentBit, equipmentMask } from "./equipment-mask";

/**
 * Every listing row stores its equipment as bits (decision 0056): a bit that moves would make
 * stored rows answer for another item. These positions are the ones migration 0033 wrote into
 * `occazio_equipment_mask`; a new item is appended after the last one, never inserted.
 */
const PINNED_BITS: [slug: string, bit: number][] = [
  ["climatisation-manuelle", 0],
  ["climatisation-automatique", 1],
  ["sieges-chauffants", 2],
  ["sieges-electriques", 3],
  ["sieges-massants", 4],
  ["sellerie-cuir", 5],
  ["volant-chauffant", 6],
  ["acces-demarrage-sans-cle", 7],
  ["regulateur-de-vitesse", 8],
  ["limiteur-de-vitesse", 9],
  ["vitres-electriques", 10],
  ["retroviseurs-rabattables", 11],
  ["hayon-electrique", 12],
  ["affichage-tete-haute", 13],
  ["regulateur-adaptatif", 14],
  ["camera-de-recul", 15],
  ["camera-360", 16],
  ["radar-de-stationnement-arriere", 17],
  ["radar-de-stationnement-avant", 18],
  ["aide-au-stationnement", 19],
  ["alerte-franchissement-de-ligne", 20],
  ["surveillance-angles-morts", 21],
  ["freinage-urgence-automatique", 22],
  ["lecture-panneaux", 23],
  ["detecteur-de-fatigue", 24],
  ["phares-led", 25],
  ["phares-adaptatifs", 26],
  ["allumage-automatique-des-feux", 27],
  ["detecteur-de-pluie", 28],
  ["quatre-roues-motrices", 29],
  ["gps", 30],
  ["apple-carplay", 31],
  ["android-auto", 32],
  ["bluetooth", 33],
  ["ecran-tactile", 34],
  ["recharge-sans-fil", 35],
  ["systeme-audio-premium", 36],
  ["compteur-numerique", 37],
  ["toit-ouvrant", 38],
  ["toit-panoramique", 39],
  ["jantes-alliage", 40],
  ["attelage", 41],
  ["barres-de-toit", 42],
  ["vitres-arriere-surteintees", 43],
  ["peinture-metallisee", 44],
];

describe("equipment bits (decision 0056)", () => {
  it("never moves an item's bit: the stored positions are pinned, new items come after them", () => {
    for (const [slug, bit] of PINNED_BITS) expect(equipmentBit(slug), slug).toBe(bit);
    expect(EQUIPMENT_MASK_ORDER.slice(0, PINNED_BITS.length)).toEqual(PINNED_BITS.map(([slug]) => slug));
  });

  it("gives every item of the vocabulary one bit, and only them, within a bigint's 63", () => {
    expect([...EQUIPMENT_MASK_ORDER].sort()).toEqual([...EQUIPMENT_SLUGS].sort());
    expect(new Set(EQUIPMENT_MASK_ORDER).size).toBe(EQUIPMENT_MASK_ORDER.length);
    expect(EQUIPMENT_MASK_ORDER.length).toBeLessThanOrEqual(MAX_EQUIPMENT_BITS);
  });

  it("computes a list's mask: one bit per known item, duplicates and unknown items add nothing", () => {
    expect(equipmentMask([])).toBe(0n);
    expect(equipmentMask(["climatisation-manuelle"])).toBe(1n);
    expect(equipmentMask(["gps", "camera-de-recul"])).toBe((1n << 30n) | (1n << 15n));
    expect(equipmentMask(["gps", "gps", "jacuzzi"])).toBe(1n << 30n);
    expect(equipmentMask(["peinture-metallisee"])).toBe(1n << 44n);
    expect(equipmentMask(EQUIPMENT_SLUGS)).toBe((1n << 45n) - 1n);
  });
});

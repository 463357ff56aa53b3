import { describe, expect, it } from "vitest";
import { buildListing } from "~/testing/builders";
import {
  EQUIPMENT,
  EQUIPMENT_GROUPS,
  EQUIPMENT_PHRASES,
  equipmentLabel,
  groupEquipment,
  isEquipmentSlug,
  readEquipment,
  sortEquipment,
} from "./equipment";

describe("the equipment vocabulary (decision 0043)", () => {
  it("has about forty items in the four groups, each slug unique and URL-safe", () => {
    expect(EQUIPMENT.length).toBeGreaterThanOrEqual(40);
    expect(new Set(EQUIPMENT.map((i) => i.slug)).size).toBe(EQUIPMENT.length);
    expect(new Set(EQUIPMENT.map((i) => i.label)).size).toBe(EQUIPMENT.length);
    for (const item of EQUIPMENT) expect(item.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    for (const group of EQUIPMENT_GROUPS) expect(EQUIPMENT.filter((i) => i.group === group).length).toBeGreaterThanOrEqual(5);
  });

  it("names the items buyers of the anchors ask for", () => {
    const labels = EQUIPMENT.map((i) => i.label);
    for (const label of ["Climatisation automatique", "GPS / navigation", "Caméra de recul", "Radar de stationnement arrière", "Régulateur de vitesse adaptatif", "Apple CarPlay", "Android Auto", "Toit ouvrant", "Attelage", "Sièges chauffants", "Jantes alliage"]) {
      expect(labels).toContain(label);
    }
  });

  it("reads a form's or a URL's list: known slugs in the vocabulary's order, each once; unknown ones reported", () => {
    expect(readEquipment("gps,camera-de-recul,gps,")).toEqual({ slugs: ["camera-de-recul", "gps"], unknown: [] });
    expect(readEquipment(["attelage", "toit-ouvrant"])).toEqual({ slugs: ["toit-ouvrant", "attelage"], unknown: [] });
    expect(readEquipment("gps,jacuzzi")).toEqual({ slugs: ["gps"], unknown: ["jacuzzi"] });
    expect(readEquipment(["constructor", "__proto__"]).unknown).toEqual(["constructor", "__proto__"]);
    expect(readEquipment(undefined)).toEqual({ slugs: [], unknown: [] });
    expect(isEquipmentSlug("toString")).toBe(false);
    expect(sortEquipment(["gps", "nope", "attelage"])).toEqual(["gps", "attelage"]);
  });

  it("groups a listing's items for the page, empty groups left out", () => {
    expect(groupEquipment(["attelage", "gps", "camera-de-recul"])).toEqual([
      { group: "securite", label: "Sécurité et aide à la conduite", items: ["Caméra de recul"] },
      { group: "multimedia", label: "Multimédia", items: ["GPS / navigation"] },
      { group: "exterieur", label: "Extérieur", items: ["Attelage"] },
    ]);
    expect(equipmentLabel("camera-de-recul")).toBe("Caméra de recul");
  });

  it("knows the words typed in the search box, folded", () => {
    expect(EQUIPMENT_PHRASES.get("camera")).toBe("camera-de-recul");
    expect(EQUIPMENT_PHRASES.get("camera de recul")).toBe("camera-de-recul");
    expect(EQUIPMENT_PHRASES.get("carplay")).toBe("apple-carplay");
    expect(EQUIPMENT_PHRASES.get("toit pano")).toBe("toit-panoramique");
    expect(EQUIPMENT_PHRASES.get("constructor")).toBeUndefined();
    // No equipment word is a body type or an energy (they are filters of their own).
    for (const word of ["4x4", "suv", "hybride", "automatique", "electrique"]) expect(EQUIPMENT_PHRASES.get(word)).toBeUndefined();
  });

  it("demo listings carry only equipment of the vocabulary, more on recent cars", () => {
    const recent = Array.from({ length: 40 }, (_, i) => buildListing({ brand: "Peugeot", model: "3008", year: 2022, firstRegistration: "03/2022", price: 20_000 + i * 100 }));
    const old = Array.from({ length: 40 }, (_, i) => buildListing({ brand: "Peugeot", model: "206", year: 2003, firstRegistration: "03/2003", price: 2_000 + i * 10 }));
    for (const listing of [...recent, ...old]) for (const slug of listing.equipment ?? []) expect(isEquipmentSlug(slug)).toBe(true);
    const mean = (rows: typeof recent) => rows.reduce((n, r) => n + (r.equipment?.length ?? 0), 0) / rows.length;
    expect(mean(recent)).toBeGreaterThan(mean(old) + 3);
  });
});

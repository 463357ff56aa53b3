import { describe, expect, it } from "vitest";
import { EARTH_RADIUS_KM } from "~/features/places/geo";
import { circleCells, geoCell, listingMatchKeys, searchMatchKeys } from "./saved-search-columns.server";

/** The point at `km` from `center` towards `bearing` (degrees) on the 6 371 km sphere. */
function destination(center: { latitude: number; longitude: number }, km: number, bearing: number) {
  const d = km / EARTH_RADIUS_KM;
  const lat1 = (center.latitude * Math.PI) / 180;
  const lon1 = (center.longitude * Math.PI) / 180;
  const b = (bearing * Math.PI) / 180;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lon2 = lon1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { latitude: (lat2 * 180) / Math.PI, longitude: (lon2 * 180) / Math.PI };
}

describe("geographic match keys", () => {
  it("every point of the circle lies in one of its cells (mainland, overseas, across the antimeridian)", () => {
    const centres = [
      { latitude: 45.767, longitude: 4.834 }, // Lyon
      { latitude: 48.4005, longitude: -4.502791 }, // Brest
      { latitude: -20.93, longitude: 55.45 }, // La Réunion
      { latitude: -13.28, longitude: -176.17 }, // Wallis
      { latitude: -14.3, longitude: 179.9 }, // just east of the antimeridian's other side
      { latitude: 46, longitude: 5 }, // on a cell corner
    ];
    for (const center of centres) {
      for (const radiusKm of [10, 50, 100, 200]) {
        const cells = new Set(circleCells({ center, radiusKm }));
        for (let bearing = 0; bearing < 360; bearing += 7.5) {
          for (const km of [0, radiusKm / 2, radiusKm * 0.999]) {
            const p = destination(center, km, bearing);
            expect({ center, radiusKm, bearing, km, in: cells.has(geoCell(p.latitude, p.longitude)) }).toMatchObject({ in: true });
          }
        }
      }
    }
  });

  it("a listing's keys meet a search's keys exactly when brand, model and cell allow it", () => {
    const lyon = { center: { latitude: 45.767, longitude: 4.834 }, radiusKm: 20 };
    const listing = { brand: "Peugeot", model: "3008", latitude: 45.75, longitude: 4.85 };
    const meets = (keys: string[]) => keys.some((k) => listingMatchKeys(listing).includes(k));
    expect(meets(searchMatchKeys({ brand: "Peugeot" }, undefined))).toBe(true);
    expect(meets(searchMatchKeys({ brand: "Peugeot", model: "3008" }, lyon))).toBe(true);
    expect(meets(searchMatchKeys({}, lyon))).toBe(true);
    expect(meets(searchMatchKeys({ brand: "Renault" }, lyon))).toBe(false);
    expect(meets(searchMatchKeys({}, { center: { latitude: 48.86, longitude: 2.38 }, radiusKm: 20 }))).toBe(false);
    expect(searchMatchKeys({ brand: "Peugeot", brands: ["Renault"] }, lyon)).toEqual([]);
    // Without coordinates, only searches without a place.
    expect(listingMatchKeys({ ...listing, latitude: null, longitude: null })).toEqual(["Peugeot|3008|*", "Peugeot|*|*", "*|3008|*", "*|*|*"]);
  });
});

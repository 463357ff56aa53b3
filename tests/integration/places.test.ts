import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePlacesLoaded, locatePostalCode, lookupPostalCode } from "~/features/places/places.server";
import { createTestDatabase, PLACES_CSV, type TestDatabase } from "../support/test-db";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ withPlaces: true });
});
afterAll(async () => {
  await t?.close();
});

describe(`postal-code reference (${process.env.TEST_DB_ENGINE})`, () => {
  it("returns Paris 11e with coordinates for 75011", async () => {
    const suggestions = await lookupPostalCode({ db: t.db, postalCode: "75011" });
    expect(suggestions).toHaveLength(1);
    expect(suggestions[0]).toMatchObject({ city: "Paris 11e", postalCode: "75011" });
    expect(suggestions[0]!.latitude).toBeCloseTo(48.86, 1);
    expect(suggestions[0]!.longitude).toBeCloseTo(2.38, 1);
  });

  it("keeps the leading zero and lists every commune of a shared code", async () => {
    const suggestions = await lookupPostalCode({ db: t.db, postalCode: "01000" });
    expect(suggestions.map((s) => s.city)).toEqual(["Bourg-en-Bresse", "Saint-Denis-lès-Bourg"]);
    expect(suggestions.every((s) => s.postalCode === "01000")).toBe(true);
  });

  it("returns accented commune names and no duplicate labels", async () => {
    const suggestions = await lookupPostalCode({ db: t.db, postalCode: "69100" });
    expect(suggestions.map((s) => s.city)).toEqual(["Villeurbanne"]);
    const labels = (await lookupPostalCode({ db: t.db, postalCode: "13001" })).map((s) => `${s.city} ${s.postalCode}`);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it.each(["7501", "ABCDE", "99999", "750111", "", "75 011", "1' OR '1'='1"])(
    "returns an empty list for %j",
    async (code) => {
      expect(await lookupPostalCode({ db: t.db, postalCode: code })).toEqual([]);
    },
  );

  it("locates a code for radius search, or null", async () => {
    expect(await locatePostalCode({ db: t.db, postalCode: "69001" })).toMatchObject({
      latitude: expect.closeTo(45.77, 1),
    });
    expect(await locatePostalCode({ db: t.db, postalCode: "00000" })).toBeNull();
  });

  it("does not reload an unchanged reference file", async () => {
    expect(await ensurePlacesLoaded({ db: t.db, csvPath: PLACES_CSV })).toEqual({ loaded: false, rows: 0 });
  });
});

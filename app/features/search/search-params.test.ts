import { describe, expect, it } from "vitest";
import { availableSorts, CITY_RADIUS_KM, MAX_PAGE, PAGE_SIZE, searchHref, toSearchParams, withSuggestion, type SearchFilters } from "./search-params";
import { activeFilterBadges, countActiveFilters } from "./active-filter-badges";
import { parseSearchParams } from "./parse-search-params";
import { FUEL_OPTIONS, fuelLabel } from "~/features/catalogue/vocabularies";

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));
// French number formatting uses (narrow) no-break spaces.
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, " ");

describe("parseSearchParams: every parameter of the spec, canonicalised", () => {
  it("reads brand and model with the catalogue's spelling", () => {
    expect(parse("brand=peugeot&model=208")).toEqual({
      filters: { brand: "Peugeot", model: "208", sort: "recent", page: 1 },
      errors: [],
    });
    expect(parse("brand=MERCEDES_BENZ&model=classe a").filters).toMatchObject({
      brand: "Mercedes-Benz",
      model: "Classe A",
    });
    expect(parse("brand=citroen&model=c3").filters).toMatchObject({ brand: "Citroën", model: "C3" });
    expect(parse("brand=renault&model=megane").filters).toMatchObject({ brand: "Renault", model: "Mégane" });
  });

  it("keeps a model without brand, canonical when the catalogue has a single spelling", () => {
    expect(parse("model=clio").filters.model).toBe("Clio");
  });

  it("keeps clean free text outside the catalogue (sellers may type any brand)", () => {
    expect(parse("brand=Trabant&model=601").filters).toMatchObject({ brand: "Trabant", model: "601" });
  });

  it("reads the comma-separated lists of the home page's popular models", () => {
    const { filters, errors } = parse("brands=renault,tesla&models=zoe,model 3&energies=electrique");
    expect(errors).toEqual([]);
    expect(filters).toMatchObject({
      brands: ["Renault", "Tesla"],
      models: ["Zoé", "Model 3"],
      energies: ["Electrique"],
    });
  });

  it("de-duplicates and trims list entries", () => {
    expect(parse("brands= Peugeot ,peugeot,,Renault").filters.brands).toEqual(["Peugeot", "Renault"]);
  });

  it("maps the spec's filter spellings to the canonical vocabulary", () => {
    const { filters, errors } = parse("vehicleType=Suv&fuel=diesel&gearbox=S%C3%A9quentielle&color=marron");
    expect(errors).toEqual([]);
    expect(filters).toMatchObject({ vehicleType: "SUV", fuel: "Diesel", gearbox: "Semi-automatique", color: "Marron" });
    expect(parse("gearbox=Semi-automatique").filters.gearbox).toBe("Semi-automatique");
    expect(parse("fuel=%C3%89lectrique").filters.fuel).toBe("Electrique");
  });

  it("reads price as the maximum price (GUIDE §6.7), priceMax as its alias, the lower winning", () => {
    expect(parse("price=15000").filters.priceMax).toBe(15_000);
    expect(parse("priceMax=15000").filters.priceMax).toBe(15_000);
    expect(parse("price=15000&priceMax=12000").filters.priceMax).toBe(12_000);
    expect(parse("price=15%20000").filters.priceMax).toBe(15_000);
  });

  it("reads the ranges beyond the spec", () => {
    expect(parse("priceMin=2000&price=9000&yearMin=2012&yearMax=2020&mileageMax=150000").filters).toMatchObject({
      priceMin: 2_000,
      priceMax: 9_000,
      yearMin: 2012,
      yearMax: 2020,
      mileageMax: 150_000,
    });
    expect(parse("mileageMax=0").filters.mileageMax).toBe(0);
  });

  it("swaps inverted ranges and says so", () => {
    const { filters, errors } = parse("priceMin=9000&price=2000&yearMin=2020&yearMax=2012");
    expect(filters).toMatchObject({ priceMin: 2_000, priceMax: 9_000, yearMin: 2012, yearMax: 2020 });
    expect(errors).toHaveLength(2);
  });

  it("reads sort and page", () => {
    expect(parse("sort=price_desc&page=3").filters).toMatchObject({ sort: "price_desc", page: 3 });
    expect(PAGE_SIZE).toBe(24);
  });
});

describe("parseSearchParams: location", () => {
  it("defaults the radius to 100 km only when there is a postal code", () => {
    expect(parse("postalCode=69001").filters).toMatchObject({ postalCode: "69001", radius: 100 });
    expect(parse("radius=50").filters.radius).toBeUndefined();
    expect(parse("radius=50").errors).toEqual([]);
  });

  it("keeps the leading zero of a postal code", () => {
    expect(parse("postalCode=01000&radius=30").filters).toMatchObject({ postalCode: "01000", radius: 30 });
  });

  it.each([
    ["55", 60],
    ["5", 10],
    ["0", 10],
    ["500", 200],
    ["1e3", 100],
    ["abc", 100],
    ["-20", 100],
    ["12.5", 100],
  ])("clamps radius=%s to %i km with a message", (radius, expected) => {
    const { filters, errors } = parse(`postalCode=69001&radius=${radius}`);
    expect(filters.radius).toBe(expected);
    expect(errors).toHaveLength(1);
  });

  it.each(["7501", "750011", "ABCDE", "75 01", "69001' OR '1'='1"])("drops postalCode=%j with a message", (code) => {
    const { filters, errors } = parse(`postalCode=${encodeURIComponent(code)}&radius=50`);
    expect(filters.postalCode).toBeUndefined();
    expect(filters.radius).toBeUndefined();
    expect(errors).toEqual(["Le code postal doit comporter exactement 5 chiffres : il a été ignoré."]);
  });
});

describe("parseSearchParams: bad values are dropped or clamped, never thrown", () => {
  it.each([
    ["price=-5", "priceMax"],
    ["price=0", "priceMax"],
    ["price=abc", "priceMax"],
    ["price=99999999999", "priceMax"],
    ["priceMin=1.5", "priceMin"],
    ["yearMin=1800", "yearMin"],
    ["yearMax=3000", "yearMax"],
    ["mileageMax=-1", "mileageMax"],
    ["fuel=K%C3%A9ros%C3%A8ne", "fuel"],
    ["vehicleType=Tank", "vehicleType"],
    ["gearbox=CVT-X", "gearbox"],
    ["color=Fuchsia", "color"],
  ] as const)("%s is dropped with a French message", (query, key) => {
    const { filters, errors } = parse(query);
    expect(filters[key]).toBeUndefined();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/ignoré|ignorée/);
  });

  it("drops SQL fragments and markup in brand and model", () => {
    for (const value of [
      "' OR 1=1 --",
      "Peugeot'; DROP TABLE listings; --",
      "<script>alert(1)</script>",
      '"; select 1',
    ] as const) {
      const { filters, errors } = parse(`brand=${encodeURIComponent(value)}&model=${encodeURIComponent(value)}`);
      expect(filters.brand).toBeUndefined();
      expect(filters.model).toBeUndefined();
      expect(errors).toHaveLength(2);
    }
  });

  it("refuses a 10 KB parameter before any work, without echoing it", () => {
    const huge = "A".repeat(10_240);
    const { filters, errors } = parse(`brand=${huge}&brands=${huge}&postalCode=${huge}&price=${huge}`);
    expect(filters).toEqual({ sort: "recent", page: 1 });
    expect(errors).toHaveLength(4);
    expect(errors.every((e) => e.length < 200)).toBe(true);
  });

  it("keeps the valid entries of a list and reports the others", () => {
    const { filters, errors } = parse("energies=Diesel,Kerosene,electrique&brands=Renault,'OR 1=1");
    expect(filters.energies).toEqual(["Diesel", "Electrique"]);
    expect(filters.brands).toEqual(["Renault"]);
    expect(errors).toHaveLength(2);
  });

  it("caps the length of lists", () => {
    const many = Array.from({ length: 30 }, (_, i) => `Marque${i}`).join(",");
    const { filters, errors } = parse(`brands=${many}`);
    expect(filters.brands).toHaveLength(20);
    expect(errors).toHaveLength(1);
  });

  it.each([
    ["page=0", 1],
    ["page=-3", 1],
    ["page=abc", 1],
    ["page=2.5", 1],
    ["page=99999999999999999999", 1],
  ])("%s gives page %i with a message", (query, page) => {
    const { filters, errors } = parse(query);
    expect(filters.page).toBe(page);
    expect(errors).toHaveLength(1);
  });

  it("keeps a page past the last linked one as asked (the route answers 404)", () => {
    const { filters, errors } = parse(`page=${MAX_PAGE + 1}`);
    expect(filters.page).toBe(MAX_PAGE + 1);
    expect(errors).toEqual([]);
  });

  it("falls back to the newest first for an unknown sort", () => {
    const { filters, errors } = parse("sort=price;drop");
    expect(filters.sort).toBe("recent");
    expect(errors).toHaveLength(1);
  });

  it("ignores empty values and unknown parameters silently", () => {
    expect(parse("brand=&model=%20&fuel=&utm_source=x&radius=")).toEqual({
      filters: { sort: "recent", page: 1 },
      errors: [],
    });
  });

  it("survives arbitrary input", () => {
    const nasty = [
      "%00",
      "\u0000\u0001",
      "😀😀",
      "a".repeat(101),
      "1,2,3",
      "NaN",
      "Infinity",
      "__proto__",
      "constructor",
    ];
    for (const name of [
      "brand",
      "model",
      "brands",
      "models",
      "energies",
      "postalCode",
      "radius",
      "price",
      "page",
      "sort",
    ]) {
      for (const value of nasty) {
        expect(() => parseSearchParams(new URLSearchParams([[name, value]]))).not.toThrow();
      }
    }
  });
});

describe("toSearchParams", () => {
  it("writes parameters in a stable order and omits empty and default values, but always the radius of a postal code", () => {
    const filters: SearchFilters = {
      page: 1,
      sort: "recent",
      priceMax: 15_000,
      fuel: "Diesel",
      radius: 100,
      postalCode: "69001",
      model: "208",
      brand: "Peugeot",
      brands: [],
    };
    expect(toSearchParams(filters).toString()).toBe(
      "brand=Peugeot&model=208&postalCode=69001&radius=100&fuel=Diesel&price=15000",
    );
    // A shared URL says how far it searched, the default 100 km included (issue 17).
    expect(toSearchParams({ postalCode: "69001" }).toString()).toBe("postalCode=69001&radius=100");
    expect(searchHref(parseSearchParams(new URLSearchParams("postalCode=69001")).filters)).toBe(
      "/recherche?postalCode=69001&radius=100",
    );
  });

  it("writes a non-default radius, sort and page", () => {
    expect(toSearchParams({ postalCode: "69001", radius: 50, sort: "price_asc", page: 2 }).toString()).toBe(
      "postalCode=69001&radius=50&sort=price_asc&page=2",
    );
    expect(toSearchParams({ radius: 50 }).toString()).toBe("");
  });

  it("round-trips with parseSearchParams", () => {
    const query =
      "brand=Peugeot&model=208&brands=Renault%2CTesla&models=Zo%C3%A9%2CModel+3&energies=Electrique&postalCode=01000&radius=30" +
      "&vehicleType=SUV&fuel=Diesel&gearbox=Semi-automatique&color=Gris&priceMin=1000&price=20000&yearMin=2010&yearMax=2020" +
      "&mileageMax=100000&sort=year_desc&page=4";
    const { filters, errors } = parse(query);
    expect(errors).toEqual([]);
    expect(toSearchParams(filters).toString()).toBe(query);
    expect(parseSearchParams(toSearchParams(filters)).filters).toEqual(filters);
  });

  it("builds /recherche links", () => {
    expect(searchHref({})).toBe("/recherche");
    expect(searchHref({ brand: "Citroën" })).toBe("/recherche?brand=Citro%C3%ABn");
  });
});

describe("active filter badges and count", () => {
  const filters: SearchFilters = {
    brand: "Peugeot",
    model: "208",
    energies: ["Diesel", "Electrique"],
    postalCode: "69001",
    radius: 50,
    fuel: "Diesel",
    priceMax: 15_000,
    mileageMax: 100_000,
    sort: "price_asc",
    page: 3,
  };

  it("labels each active filter in French", () => {
    expect(activeFilterBadges(filters).map((b) => plain(b.label))).toEqual([
      "Marque : Peugeot",
      "Modèle : 208",
      "Énergie : Diesel",
      "Énergie : Électrique",
      "Autour de 69001 (50 km)",
      "Énergie : Diesel",
      "Prix max : 15 000 €",
      "Kilométrage max : 100 000 km",
    ]);
    expect(countActiveFilters(filters)).toBe(8);
    expect(countActiveFilters({ sort: "price_desc", page: 4 })).toBe(0);
  });

  it("removing a badge widens the search and goes back to page 1", () => {
    const byKey = new Map(activeFilterBadges(filters).map((b) => [b.key, b.remove]));
    expect(byKey.get("fuel")).not.toHaveProperty("fuel");
    expect(byKey.get("fuel")).toHaveProperty("priceMax", 15_000);
    expect(byKey.get("fuel")?.page).toBeUndefined();
    expect(byKey.get("fuel")?.sort).toBe("price_asc");
    // The model select is disabled without a brand: removing the brand clears the model.
    expect(byKey.get("brand")).not.toHaveProperty("model");
    expect(byKey.get("model")).toHaveProperty("brand", "Peugeot");
    expect(byKey.get("location")).not.toHaveProperty("postalCode");
    expect(byKey.get("location")).not.toHaveProperty("radius");
    expect(byKey.get("energies:Diesel")?.energies).toEqual(["Electrique"]);
    const lastEnergy = activeFilterBadges({ energies: ["Electrique"] })[0]?.remove;
    expect(lastEnergy).not.toHaveProperty("energies");
  });
});

describe("a town of a postal code (city)", () => {
  it("is kept beside its postal code only, round-trips, and its badge names and removes it", () => {
    const { filters } = parseSearchParams(new URLSearchParams("postalCode=41160&city=Danz%C3%A9&radius=20"));
    expect(filters).toMatchObject({ postalCode: "41160", city: "Danzé", radius: 20 });
    expect(toSearchParams(filters).toString()).toBe("postalCode=41160&city=Danz%C3%A9&radius=20");
    expect(parseSearchParams(new URLSearchParams("city=Danz%C3%A9")).filters.city).toBeUndefined();
    const badge = activeFilterBadges(filters).find((b) => b.key === "location");
    expect(badge?.label).toBe("Autour de Danzé (41160) (20 km)");
    // French elision before a vowel: 'Autour d'Orléans', not 'Autour de Orléans'.
    const orleans = parseSearchParams(new URLSearchParams("postalCode=45000&city=Orl%C3%A9ans&radius=20")).filters;
    expect(activeFilterBadges(orleans).find((b) => b.key === "location")?.label).toBe("Autour d'Orléans (45000) (20 km)");
    expect(badge?.remove).not.toHaveProperty("city");
    expect(badge?.remove).not.toHaveProperty("postalCode");
  });

  it("a picked town replaces the typed words; a picked model puts its words", () => {
    const current = { q: "dan", brand: "Dacia", sort: "relevance" as const };
    expect(withSuggestion(current, { q: "41160", place: { city: "Danzé", postalCode: "41160" } })).toEqual({
      brand: "Dacia",
      postalCode: "41160",
      city: "Danzé",
      radius: CITY_RADIUS_KM,
    });
    expect(withSuggestion({ q: "dus" }, { q: "Dacia Duster" })).toMatchObject({ q: "Dacia Duster" });
  });
});

describe("seller=private|pro ('Vendeur', issue 33)", () => {
  it("reads both values, any case, and writes them back canonically", () => {
    expect(parse("seller=pro").filters).toEqual({ seller: "pro", sort: "recent", page: 1 });
    expect(parse("seller=PRIVATE&brand=peugeot").filters).toMatchObject({ seller: "private", brand: "Peugeot" });
    expect(toSearchParams({ brand: "Peugeot", seller: "pro", sort: "price_asc" }).toString()).toBe(
      "brand=Peugeot&seller=pro&sort=price_asc",
    );
  });

  it("round-trips through the URL", () => {
    for (const seller of ["private", "pro"] as const) {
      const filters: SearchFilters = { brand: "Renault", postalCode: "69001", radius: 50, seller };
      const again = parse(toSearchParams(filters).toString()).filters;
      expect(again).toMatchObject(filters);
      expect(searchHref(again)).toBe(searchHref(filters));
    }
  });

  it("ignores an unknown value with a French message, and 'all' or an empty value silently", () => {
    const bad = parse("seller=garage&fuel=diesel");
    expect(bad.filters.seller).toBeUndefined();
    expect(bad.filters.fuel).toBe("Diesel");
    expect(bad.errors).toEqual(["Vendeur inconnu, ignoré : « garage » (seller=private ou seller=pro)."]);
    expect(parse("seller=all")).toEqual({ filters: { sort: "recent", page: 1 }, errors: [] });
    expect(parse("seller=").errors).toEqual([]);
    expect(parse("seller=constructor").filters.seller).toBeUndefined();
  });

  it("is a removable badge 'Vendeur : Professionnel' / 'Vendeur : Particulier'", () => {
    const badges = activeFilterBadges({ brand: "Peugeot", seller: "pro", page: 3 });
    expect(badges.map((b) => b.label)).toEqual(["Marque : Peugeot", "Vendeur : Professionnel"]);
    expect(badges[1]?.remove).toEqual({ brand: "Peugeot" });
    expect(activeFilterBadges({ seller: "private" }).map((b) => b.label)).toEqual(["Vendeur : Particulier"]);
    expect(countActiveFilters({ seller: "private", fuel: "Diesel" })).toBe(2);
  });
});

describe("'Distance' sort (issue 36): only around a postal code", () => {
  it("is kept with a postal code and offered among the sorts", () => {
    const { filters, errors } = parse("postalCode=69001&sort=distance");
    expect(filters.sort).toBe("distance");
    expect(errors).toEqual([]);
    expect(toSearchParams(filters).get("sort")).toBe("distance");
    expect(availableSorts(filters)).toContain("distance");
  });

  it("is ignored silently without one (a badge removed the place), and not offered", () => {
    expect(parse("sort=distance")).toEqual({ filters: { sort: "recent", page: 1 }, errors: [] });
    expect(parse("q=clio&sort=distance").filters.sort).toBe("relevance");
    expect(availableSorts({})).not.toContain("distance");
    expect(toSearchParams({ sort: "distance" }).has("sort")).toBe(false);
  });
});

describe("energy labels (issue 36)", () => {
  it("shows the stored 'Electrique' as 'Électrique', other energies as stored", () => {
    expect(fuelLabel("Electrique")).toBe("Électrique");
    expect(fuelLabel("Diesel")).toBe("Diesel");
    expect(FUEL_OPTIONS.find((o) => o.value === "Electrique")?.label).toBe("Électrique");
    expect(activeFilterBadges({ fuel: "Electrique" })[0]?.label).toBe("Énergie : Électrique");
  });
});

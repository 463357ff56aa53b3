import { describe, expect, it } from "vitest";
import { findBrand, findModel } from "~/features/catalogue/catalogue-data";
import { brandModelFromQuery, brandModelHref } from "./header-search";
import { wordsNameAnotherVehicle } from "./words-name-vehicle";
import { draftFromFilters, filtersFromDraft } from "./filter-draft";
import { POPULAR_BRANDS, POPULAR_MODEL_COLUMNS, popularModelHref } from "./popular";
import { pageWindow } from "~/ui/pagination";
import {
  canonicalSearchPath,
  parseView,
  resultCountLabel,
  searchDescription,
  searchHeading,
  searchTitle,
  searchViewHref,
  shouldIndexSearch,
} from "./search-meta";
import { parseSearchParams } from "./parse-search-params";

const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, " ");
const filtersOf = (query: string) => parseSearchParams(new URLSearchParams(query)).filters;

describe("home page: popular brands and models", () => {
  it("uses the catalogue's spellings, so every button finds listings", () => {
    for (const brand of POPULAR_BRANDS) expect(findBrand(brand)?.name).toBe(brand);
    expect(POPULAR_MODEL_COLUMNS).toHaveLength(3);
    for (const column of POPULAR_MODEL_COLUMNS) {
      expect(column.models).toHaveLength(5);
      for (const { brand, model } of column.models) expect(findModel(findBrand(brand)!, model)).toBe(model);
    }
  });

  it("opens /recherche with brands, models and, for electric cars, energies=Electrique", () => {
    const [cars, , electric] = POPULAR_MODEL_COLUMNS;
    expect(popularModelHref(cars!.models[0]!)).toBe("/recherche?brands=Peugeot&models=208");
    expect(popularModelHref(electric!.models[0]!)).toBe(
      "/recherche?brands=Renault&models=Zo%C3%A9&energies=Electrique",
    );
    for (const entry of electric!.models) {
      expect(filtersOf(popularModelHref(entry).split("?")[1]!)).toMatchObject({
        brands: [entry.brand],
        models: [entry.model],
        energies: ["Electrique"],
      });
    }
  });
});

describe("header search", () => {
  it("prefills from brand/model, or from a single entry of the brands/models lists", () => {
    expect(brandModelFromQuery("?brand=peugeot&model=208")).toEqual({ brand: "Peugeot", model: "208" });
    expect(brandModelFromQuery("?brands=Tesla&models=Model%203&energies=Electrique")).toEqual({
      brand: "Tesla",
      model: "Model 3",
    });
    expect(brandModelFromQuery("?brands=Tesla,Renault")).toEqual({ brand: "", model: "" });
    expect(brandModelFromQuery("?model=208")).toEqual({ brand: "", model: "" });
    expect(brandModelFromQuery("")).toEqual({ brand: "", model: "" });
  });

  it("searches on brand and model only; no model without a brand", () => {
    expect(brandModelHref({ brand: "Renault", model: "Clio" })).toBe("/recherche?brand=Renault&model=Clio");
    expect(brandModelHref({ brand: "Renault", model: "" })).toBe("/recherche?brand=Renault");
    expect(brandModelHref({ brand: "", model: "Clio" })).toBe("/recherche");
  });

  it("tells words that name another vehicle than the page's brand and model (a new search) from words that refine it", () => {
    const clio = { brand: "Renault", model: "Clio" };
    for (const q of ["308 diesel après 2018 gps", "peugeot", "Golf", "land rover", "classe a automatique", "VW"]) {
      expect(wordsNameAnotherVehicle(q, clio), q).toBe(true);
    }
    for (const q of ["diesel", "clio gps", "renault clio moins de 10000", "3 portes", "1ere main", "rouge lyon"]) {
      expect(wordsNameAnotherVehicle(q, clio), q).toBe(false);
    }
    // With the brand alone, a model of that brand refines it; another brand's does not.
    expect(wordsNameAnotherVehicle("megane", { brand: "Renault", model: "" })).toBe(false);
    expect(wordsNameAnotherVehicle("208", { brand: "Renault", model: "" })).toBe(true);
  });
});

describe("filter dialog draft", () => {
  it("round-trips every filter of the URL", () => {
    const filters = filtersOf(
      "brand=Peugeot&model=208&postalCode=69001&radius=50&vehicleType=Citadine&fuel=Diesel&gearbox=Manuelle&color=Blanc&priceMin=3000&price=15000&yearMin=2015&yearMax=2020&mileageMax=100000&sort=price_asc",
    );
    const { sort, page: _page, fuel, ...rest } = filters;
    // The form's 'Énergie' checklist writes an older URL's `fuel=` as `energies=` (decision 0049).
    expect(filtersFromDraft(draftFromFilters(filters))).toEqual({ filters: { ...rest, energies: [fuel], sort }, errors: {} });
  });

  it("moves a single brand and model of the home page's lists into the selects", () => {
    const draft = draftFromFilters(filtersOf("brands=Renault&models=Zo%C3%A9&energies=Electrique"));
    expect(draft).toMatchObject({ brand: "Renault", model: "Zoé", brands: [], models: [], energies: ["Electrique"] });
    expect(filtersFromDraft(draft).filters).toEqual({ brand: "Renault", model: "Zoé", energies: ["Electrique"] });
  });

  it("explains in French what cannot be applied, and accepts French number spacing", () => {
    const draft = {
      ...draftFromFilters({}),
      postalCode: "750",
      priceMin: "abc",
      priceMax: "15 000",
      yearMin: "2022",
      yearMax: "2015",
      mileageMax: "-3",
    };
    const { filters, errors } = filtersFromDraft(draft);
    expect(filters).toEqual({ priceMax: 15_000, yearMin: 2022, yearMax: 2015 });
    expect(errors).toEqual({
      postalCode: "Le code postal doit comporter exactement 5 chiffres.",
      priceMin: expect.stringMatching(/^Indiquez un prix en euros/),
      yearMax: "L'année maximum doit être supérieure ou égale à l'année minimum.",
      mileageMax: expect.stringMatching(/^Indiquez un kilométrage entre 0 et/),
    });
  });

  it("keeps the radius only with a postal code, on the slider's scale", () => {
    expect(filtersFromDraft({ ...draftFromFilters({}), radius: 50 }).filters).toEqual({});
    expect(filtersFromDraft({ ...draftFromFilters({}), postalCode: "69001", radius: 50 }).filters).toEqual({
      postalCode: "69001",
      radius: 50,
    });
  });
});

describe("search page texts and URLs", () => {
  it("counts in French, with '10 000+' when counting stopped", () => {
    expect(plain(resultCountLabel(1234, false))).toBe("1 234 annonces");
    expect(resultCountLabel(1, false)).toBe("1 annonce");
    expect(resultCountLabel(0, false)).toBe("0 annonce");
    expect(plain(resultCountLabel(10_000, true))).toBe("10 000+ annonces");
  });

  it("names the search in the heading and title", () => {
    expect(searchHeading(filtersOf("brand=peugeot&model=208"))).toBe("Peugeot 208 d'occasion");
    expect(searchHeading(filtersOf("brands=Tesla&models=Model%20Y&energies=Electrique"))).toBe(
      "Tesla Model Y électrique d'occasion",
    );
    expect(searchHeading(filtersOf("fuel=Electrique"))).toBe("Voitures électriques d'occasion");
    expect(searchHeading(filtersOf("vehicleType=suv&postalCode=69001"))).toBe("SUV d'occasion autour de 69001");
    expect(searchHeading(filtersOf("postalCode=45000&city=Orl%C3%A9ans"))).toBe("Voitures d'occasion autour d'Orléans (45000)");
    expect(searchHeading(filtersOf("vehicleType=Berline"))).toBe("Berlines d'occasion");
    expect(searchHeading(filtersOf("brands=Peugeot,Renault"))).toBe("Peugeot et Renault d'occasion");
    expect(searchTitle(filtersOf("brand=Renault&page=3"))).toBe("Renault d'occasion – page 3");
    expect(plain(searchDescription(filtersOf("brand=Renault"), 1234, false))).toMatch(
      /^1 234 annonces de Renault d'occasion : /,
    );
    expect(searchDescription(filtersOf(""), 0, false)).toMatch(/aucune annonce/);
  });

  it("canonical URL: no sort, no page 1, no view; later pages keep their number", () => {
    expect(canonicalSearchPath(filtersOf("brand=Peugeot&sort=price_asc&page=1&vue=carte"))).toBe(
      "/recherche?brand=Peugeot",
    );
    expect(canonicalSearchPath(filtersOf("brand=Peugeot&page=2"))).toBe("/recherche?brand=Peugeot&page=2");
  });

  it("indexes broad searches only", () => {
    expect(shouldIndexSearch(filtersOf("brand=Peugeot&model=208"), 10, 0)).toBe(true);
    expect(shouldIndexSearch(filtersOf("brand=Peugeot&model=208&fuel=Diesel"), 10, 0)).toBe(false);
    expect(shouldIndexSearch(filtersOf("brand=Peugeot&price=5000"), 10, 0)).toBe(false);
    expect(shouldIndexSearch(filtersOf("brand=Peugeot"), 0, 0)).toBe(false);
    expect(shouldIndexSearch(filtersOf("brand=Peugeot"), 10, 1)).toBe(false);
  });

  it("keeps the map view in the URL", () => {
    expect(parseView(new URLSearchParams("vue=carte"))).toBe("carte");
    expect(parseView(new URLSearchParams("vue=autre"))).toBe("liste");
    expect(searchViewHref({}, "carte")).toBe("/recherche?vue=carte");
    expect(searchViewHref({ brand: "Audi" }, "carte")).toBe("/recherche?brand=Audi&vue=carte");
    expect(searchViewHref({ brand: "Audi" }, "liste")).toBe("/recherche?brand=Audi");
  });

  it("pagination window: first, last and two around the current page", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, "gap", 20]);
    expect(pageWindow(10, 20)).toEqual([1, "gap", 8, 9, 10, 11, 12, "gap", 20]);
    expect(pageWindow(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, "gap", 20]);
    expect(pageWindow(20, 20)).toEqual([1, "gap", 18, 19, 20]);
  });
});

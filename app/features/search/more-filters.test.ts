import { describe, expect, it } from "vitest";
import { proposeSearchName, parseSavedSearchQuery } from "~/features/saved-searches/saved-search-filters";
import { activeFilterBadges } from "./active-filter-badges";
import { draftFromFilters, filtersFromDraft } from "./filter-draft";
import { parseSearchParams } from "./parse-search-params";
import { searchHref, type SearchFilters } from "./search-params";
import { shouldIndexSearch } from "./search-meta";

/**
 * Issue 34's last filters (decision 0049): mileageMin, powerMin/powerMax (ch), doors, seats
 * (7 = 7 et plus), owners=1 ('1re main') and the energies checklist — parsing, canonical URL,
 * badges, the form's draft and the saved search's name.
 */
const parse = (query: string) => parseSearchParams(new URLSearchParams(query));

describe("parsing and canonical URL", () => {
  it("reads every new filter and writes it back in one canonical order", () => {
    const { filters, errors } = parse("owners=1&seats=7,5,5&doors=5,3&powerMax=250&powerMin=150&mileageMin=20%20000&mileageMax=60000");
    expect(errors).toEqual([]);
    expect(filters).toMatchObject({ mileageMin: 20_000, mileageMax: 60_000, powerMin: 150, powerMax: 250, doors: [3, 5], seats: [5, 7], firstHand: true });
    expect(searchHref(filters)).toBe(
      "/recherche?mileageMin=20000&mileageMax=60000&powerMin=150&powerMax=250&doors=3%2C5&seats=5%2C7&owners=1",
    );
    // Read back, the URL is the same search.
    expect(parse(searchHref(filters).split("?")[1]!).filters).toEqual(filters);
  });

  it("8 or 9 seats read as '7 et plus'; a reversed range is put right and said", () => {
    expect(parse("seats=9,2").filters.seats).toEqual([2, 7]);
    const reversed = parse("powerMin=300&powerMax=100&mileageMin=90000&mileageMax=10000");
    expect(reversed.filters).toMatchObject({ powerMin: 100, powerMax: 300, mileageMin: 10_000, mileageMax: 90_000 });
    expect(reversed.errors).toEqual([
      "Le kilométrage minimum dépassait le kilométrage maximum : les deux valeurs ont été inversées.",
      "La puissance minimum dépassait la puissance maximum : les deux valeurs ont été inversées.",
    ]);
  });

  it("invalid values are dropped with a French message, the rest of the search kept", () => {
    const { filters, errors } = parse("brand=Peugeot&powerMin=beaucoup&powerMax=5000&mileageMin=-3&doors=3,douze,0&seats=10&owners=2");
    expect(filters).toEqual({ brand: "Peugeot", doors: [3], sort: "recent", page: 1 });
    expect(errors).toEqual([
      "Le kilométrage minimum doit être un nombre entier entre 0 et 2\u202f000\u202f000 km : il a été ignoré.",
      "La puissance minimum doit être un nombre entier de ch entre 1 et 2000 : elle a été ignorée.",
      "La puissance maximum doit être un nombre entier de ch entre 1 et 2000 : elle a été ignorée.",
      "Nombre de portes ignoré : « douze ».",
      "Nombre de portes ignoré : « 0 ».",
      "Nombre de places ignoré : « 10 ».",
      "Le filtre « 1re main » s'écrit owners=1 : il a été ignoré.",
    ]);
  });

  it("ranges keep the page out of search engines' index", () => {
    expect(shouldIndexSearch({ brand: "Peugeot", powerMin: 150 }, 10, 0)).toBe(false);
    expect(shouldIndexSearch({ brand: "Peugeot", mileageMin: 1000 }, 10, 0)).toBe(false);
  });
});

describe("badges", () => {
  const labels = (filters: SearchFilters) => activeFilterBadges(filters).map((b) => b.label);

  it("French labels, one badge per door or seat number", () => {
    expect(labels({ mileageMin: 20_000, powerMin: 150, powerMax: 250, doors: [3, 5], seats: [5, 7], firstHand: true })).toEqual([
      "Dès 20\u202f000 km",
      "150 à 250 ch",
      "3 portes",
      "5 portes",
      "5 places",
      "7 places et plus",
      "1re main",
    ]);
    expect(labels({ powerMin: 150 })).toEqual(["150 ch et plus"]);
    expect(labels({ powerMax: 90 })).toEqual(["Jusqu'à 90 ch"]);
  });

  it("removing one takes only it away (the power badge both bounds)", () => {
    const filters: SearchFilters = { brand: "Renault", powerMin: 150, powerMax: 250, doors: [3, 5], firstHand: true, page: 3 };
    const badge = (label: string) => activeFilterBadges(filters).find((b) => b.label === label)!.remove;
    expect(badge("150 à 250 ch")).toEqual({ brand: "Renault", doors: [3, 5], firstHand: true });
    expect(badge("3 portes")).toEqual({ brand: "Renault", powerMin: 150, powerMax: 250, doors: [5], firstHand: true });
    expect(badge("1re main")).toEqual({ brand: "Renault", powerMin: 150, powerMax: 250, doors: [3, 5] });
    expect(activeFilterBadges({ seats: [7] })[0]!.remove).toEqual({});
  });
});

describe("the filter form's draft", () => {
  it("round-trips every new filter", () => {
    const filters: SearchFilters = { mileageMin: 20_000, powerMin: 150, powerMax: 250, doors: [3, 5], seats: [7], firstHand: true, energies: ["Hybride", "Electrique"] };
    expect(filtersFromDraft(draftFromFilters(filters))).toEqual({ filters: { ...filters, sort: undefined }, errors: {} });
  });

  it("an older URL's single fuel= comes into the energies checklist, written back as energies=", () => {
    const draft = draftFromFilters(parse("fuel=Diesel").filters);
    expect(draft.energies).toEqual(["Diesel"]);
    expect(searchHref(filtersFromDraft(draft).filters)).toBe("/recherche?energies=Diesel");
    expect(draftFromFilters({ fuel: "Diesel", energies: ["Diesel", "Essence"] }).energies).toEqual(["Diesel"]);
  });

  it("says in French what is wrong with a typed power or mileage", () => {
    const draft = { ...draftFromFilters({}), powerMin: "300", powerMax: "120", mileageMin: "beaucoup" };
    expect(filtersFromDraft(draft).errors).toEqual({
      mileageMin: "Indiquez un kilométrage entre 0 et 2\u202f000\u202f000 km.",
      powerMax: "La puissance maximum doit être supérieure ou égale à la puissance minimum.",
    });
    expect(filtersFromDraft({ ...draftFromFilters({}), powerMin: "20 000" }).errors).toEqual({
      powerMin: "Indiquez une puissance en ch entre 1 et 2\u202f000.",
    });
    expect(filtersFromDraft({ ...draftFromFilters({}), doors: [5, 3], seats: [7, 2] }).filters).toEqual({ doors: [3, 5], seats: [2, 7] });
  });
});

describe("saved searches", () => {
  it("keeps the new parameters and names the search after them", () => {
    const parsed = parseSavedSearchQuery("powerMin=150&powerMax=250&mileageMin=20000&mileageMax=60000&doors=5&seats=7&owners=1");
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.query).toBe("mileageMin=20000&mileageMax=60000&powerMin=150&powerMax=250&doors=5&seats=7&owners=1");
    expect(proposeSearchName(parsed.filters)).toBe("20\u202f000 – 60\u202f000 km · 150 à 250 ch · 5 portes · 7 places et plus · 1re main");
    expect(proposeSearchName({ mileageMin: 20_000, doors: [3, 5], seats: [5, 7] })).toBe("≥ 20\u202f000 km · 3 ou 5 portes · 5 ou 7 places et plus");
    expect(parseSavedSearchQuery("owners=3")).toEqual({
      ok: false,
      error: "Cette recherche ne peut pas être sauvegardée : Le filtre « 1re main » s'écrit owners=1 : il a été ignoré.",
    });
  });
});

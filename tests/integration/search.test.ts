import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingPhotos, type ListingStatus } from "~/db/schema";
import { lookupPostalCode } from "~/features/places/places.server";
import { PAGE_SIZE, type SearchFilters } from "~/features/search/search-params";
import { parseSearchParams } from "~/features/search/parse-search-params";
import { getMapCard, searchMapPoints } from "~/features/search/search-map.server";
import { searchListings } from "~/features/search/search-listings.server";
import { createLocalStorage, type Storage } from "~/server/storage.server";
import type { BuiltPlace } from "~/testing/builders";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/** Photos are never written here; URLs only need to be built. */
const storage: Storage = createLocalStorage("/tmp/occazio-search-tests-uploads");

let t: TestDatabase;
/** Listing id → fixture name, to assert on readable names. */
const names = new Map<string, string>();
const idOf = new Map<string, string>();
const PUBLISHED_FIXTURES = 10;
const DACIAS = 30;

interface Fixture {
  name: string;
  brand: string;
  model: string;
  fuel: string;
  gearbox: string;
  vehicleType: string;
  color: string;
  year: number;
  mileage: number;
  price: number;
  place: string;
  status?: ListingStatus;
  noCoordinates?: boolean;
}

// Built for the filters: each listing differs from the others on the attributes tested below.
// One listing per line reads as a table; prettier would put every field on its own line.
// prettier-ignore
const FIXTURES: Fixture[] = [
  { name: "A", brand: "Peugeot", model: "208", fuel: "Essence", gearbox: "Manuelle", vehicleType: "Citadine", color: "Blanc", year: 2019, mileage: 60_000, price: 12_000, place: "69001" },
  { name: "B", brand: "Peugeot", model: "208", fuel: "Diesel", gearbox: "Automatique", vehicleType: "Citadine", color: "Noir", year: 2016, mileage: 120_000, price: 8_000, place: "69100" },
  { name: "C", brand: "Peugeot", model: "3008", fuel: "Hybride", gearbox: "Automatique", vehicleType: "SUV", color: "Gris", year: 2021, mileage: 30_000, price: 28_000, place: "13001" },
  { name: "D", brand: "Renault", model: "Clio", fuel: "Essence", gearbox: "Manuelle", vehicleType: "Citadine", color: "Rouge", year: 2018, mileage: 70_000, price: 9_500, place: "75011" },
  { name: "E", brand: "Renault", model: "Zoé", fuel: "Electrique", gearbox: "Automatique", vehicleType: "Citadine", color: "Bleu", year: 2020, mileage: 40_000, price: 14_000, place: "69100" },
  { name: "F", brand: "Tesla", model: "Model 3", fuel: "Electrique", gearbox: "Automatique", vehicleType: "Berline", color: "Blanc", year: 2022, mileage: 25_000, price: 35_000, place: "75011" },
  { name: "G", brand: "Citroën", model: "C3", fuel: "Diesel", gearbox: "Semi-automatique", vehicleType: "Citadine", color: "Marron", year: 2015, mileage: 150_000, price: 6_000, place: "69001" },
  { name: "H", brand: "Volkswagen", model: "Golf", fuel: "Essence", gearbox: "Manuelle", vehicleType: "Berline", color: "Gris", year: 2017, mileage: 90_000, price: 11_000, place: "13001" },
  { name: "I", brand: "BMW", model: "X1", fuel: "Diesel", gearbox: "Automatique", vehicleType: "SUV", color: "Noir", year: 2019, mileage: 80_000, price: 22_000, place: "69001" },
  { name: "J", brand: "Fiat", model: "500", fuel: "Essence", gearbox: "Manuelle", vehicleType: "Citadine", color: "Jaune", year: 2014, mileage: 110_000, price: 5_000, place: "38000", noCoordinates: true },
  // Never shown: every state but published, matching the broadest filters.
  ...(["pending", "draft", "deleted", "sold", "rejected"] as const).map((status) => ({
    name: `X-${status}`, brand: "Peugeot", model: "208", fuel: "Essence", gearbox: "Manuelle", vehicleType: "Citadine",
    color: "Blanc", year: 2019, mileage: 60_000, price: 12_000, place: "69001", status,
  })),
];

async function placeOf(postalCode: string): Promise<BuiltPlace> {
  const [place] = await lookupPostalCode({ db: t.db, postalCode });
  if (!place) throw new Error(`code postal absent du référentiel : ${postalCode}`);
  return place;
}

beforeAll(async () => {
  t = await createTestDatabase({ withPlaces: true });
  const seller = await insertUser(t.db, { canSignIn: false });
  const start = Date.UTC(2026, 10, 1, 12);
  // A is the newest, then B, C… (one minute apart).
  for (const [i, f] of FIXTURES.entries()) {
    const { name, place, status = "published", noCoordinates, ...fields } = f;
    const when = new Date(start - i * 60_000);
    const row = await insertListing(t.db, seller.id, {
      ...fields,
      place: await placeOf(place),
      ...(noCoordinates ? { latitude: null, longitude: null } : {}),
      status,
      createdAt: when,
      publishedAt: status === "published" ? when : null,
    });
    names.set(row.id, name);
    idOf.set(name, row.id);
  }
  // Enough listings of one model for two pages, with distinct prices, mileages and dates.
  const toulouse = await placeOf("31000");
  for (let i = 0; i < DACIAS; i++) {
    const when = new Date(start - (100 + i) * 60_000);
    const row = await insertListing(t.db, seller.id, {
      brand: "Dacia",
      model: "Sandero",
      fuel: "GPL",
      gearbox: "Manuelle",
      vehicleType: "Citadine",
      color: "Orange",
      year: 2010 + (i % 12),
      mileage: 10_000 + ((i * 7) % DACIAS) * 5_000,
      price: 4_000 + ((i * 11) % DACIAS) * 250,
      place: toulouse,
      createdAt: when,
      publishedAt: when,
    });
    names.set(row.id, `Dacia-${i}`);
  }
  await t.db.insert(listingPhotos).values({
    listingId: idOf.get("A")!,
    position: 0,
    storageKey: "listings/a/photo-0",
    width: 1600,
    height: 1200,
    variantWidths: [480, 960],
  });
});

afterAll(async () => {
  await t?.close();
});

async function search(filters: SearchFilters) {
  return searchListings({ db: t.db, storage, filters });
}

/**
 * Names of every listing a query string finds (all pages), through the parser as the route
 * does; checks that the total counts them.
 */
async function found(query: string): Promise<string[]> {
  const { filters } = parseSearchParams(new URLSearchParams(query));
  const first = await search(filters);
  const items = [...first.items];
  for (let page = 2; page <= first.pageCount; page++) items.push(...(await search({ ...filters, page })).items);
  expect(first.total).toBe(items.length);
  return items.map((item) => names.get(item.id) ?? "?");
}

const ALL_PUBLISHED = PUBLISHED_FIXTURES + DACIAS;
const notDacia = (list: string[]) => list.filter((n) => !n.startsWith("Dacia"));

describe(`search service (${process.env.TEST_DB_ENGINE})`, () => {
  it("lists only published listings, newest first", async () => {
    const result = await search({});
    expect(result.total).toBe(ALL_PUBLISHED);
    expect(result.totalCapped).toBe(false);
    expect(result.pageCount).toBe(Math.ceil(ALL_PUBLISHED / PAGE_SIZE));
    expect(result.items.map((i) => names.get(i.id)).slice(0, 10)).toEqual([
      "A",
      "B",
      "C",
      "D",
      "E",
      "F",
      "G",
      "H",
      "I",
      "J",
    ]);
    expect(result.items.every((i) => !names.get(i.id)?.startsWith("X-"))).toBe(true);
    expect(result.items[0]).toMatchObject({
      brand: "Peugeot",
      model: "208",
      price: 12_000,
      postalCode: "69001",
      city: "Lyon 1er",
    });
    expect(result.items[0]?.photos).toEqual([
      {
        src: "/uploads/listings/a/photo-0-480.webp",
        srcSet: "/uploads/listings/a/photo-0-480.webp 480w, /uploads/listings/a/photo-0-960.webp 960w",
      },
    ]);
  });

  it.each([
    ["brand=Peugeot", ["A", "B", "C"]],
    ["brand=peugeot&model=208", ["A", "B"]],
    ["model=Clio", ["D"]],
    ["brands=Renault,Tesla", ["D", "E", "F"]],
    ["models=208,Golf", ["A", "B", "H"]],
    ["brands=Renault,Tesla&models=Zoé,Model 3&energies=Electrique", ["E", "F"]],
    ["energies=Electrique", ["E", "F"]],
    ["energies=Hybride,Electrique", ["C", "E", "F"]],
    ["vehicleType=Suv", ["C", "I"]],
    ["vehicleType=Berline", ["F", "H"]],
    ["fuel=Diesel", ["B", "G", "I"]],
    ["gearbox=S%C3%A9quentielle", ["G"]],
    ["gearbox=Automatique", ["B", "C", "E", "F", "I"]],
    ["color=Blanc", ["A", "F"]],
    ["color=Marron", ["G"]],
    ["price=9500", ["B", "D", "G", "J"]],
    ["priceMax=9500", ["B", "D", "G", "J"]],
    ["priceMin=22000", ["C", "F", "I"]],
    ["priceMin=9000&price=12000", ["A", "D", "H"]],
    ["yearMin=2020", ["C", "E", "F"]],
    ["yearMax=2015", ["G", "J"]],
    ["yearMin=2016&yearMax=2018", ["B", "D", "H"]],
    ["mileageMax=40000", ["C", "E", "F"]],
    ["brand=Peugeot&fuel=Diesel", ["B"]],
    ["fuel=Essence&gearbox=Manuelle&price=11000", ["D", "H", "J"]],
    [
      "vehicleType=Citadine&color=Blanc&brand=Peugeot&model=208&fuel=Essence&gearbox=Manuelle&priceMin=10000&price=13000&yearMin=2019&yearMax=2019&mileageMax=60000&postalCode=69001&radius=10",
      ["A"],
    ],
    ["brand=Peugeot&fuel=Electrique", []],
    ["brand=Trabant", []],
  ])("%s finds exactly the matching published listings", async (query, expected) => {
    expect(notDacia(await found(query))).toEqual(expected);
  });

  it("finds around 69001 within 50 km: Lyon and Villeurbanne, not Grenoble, Marseille or Paris", async () => {
    const result = await search(parseSearchParams(new URLSearchParams("postalCode=69001&radius=50")).filters);
    expect(result.items.map((i) => names.get(i.id))).toEqual(["A", "B", "E", "G", "I"]);
    expect(result.items.filter((i) => i.postalCode === "69100").map((i) => i.city)).toEqual([
      "Villeurbanne",
      "Villeurbanne",
    ]);
    expect(result.center?.latitude).toBeCloseTo(45.77, 1);
    expect(result.center?.longitude).toBeCloseTo(4.83, 1);
  });

  it("uses 100 km by default and the great-circle distance at the edges", async () => {
    // Lyon 1er – Villeurbanne ≈ 4 km; Lyon – Marseille ≈ 280 km; Lyon – Paris ≈ 390 km.
    expect(await found("postalCode=69001&radius=10")).toEqual(["A", "B", "E", "G", "I"]);
    expect(await found("postalCode=69001")).toEqual(["A", "B", "E", "G", "I"]);
    expect(notDacia(await found("postalCode=69001&radius=200"))).toEqual(["A", "B", "E", "G", "I"]);
    expect(await found("postalCode=13001&radius=10")).toEqual(["C", "H"]);
    expect(notDacia(await found("postalCode=31000&radius=10"))).toEqual([]);
    expect((await search({ postalCode: "31000", radius: 10 })).total).toBe(DACIAS);
  });

  it("excludes listings without coordinates from radius searches only", async () => {
    expect(await found("color=Jaune")).toEqual(["J"]);
    expect(await found("color=Jaune&postalCode=38000&radius=10")).toEqual([]);
  });

  it("returns no result, not every result, for an unknown postal code", async () => {
    const result = await search({ postalCode: "00000", radius: 50 });
    expect(result).toMatchObject({ items: [], total: 0, pageCount: 0 });
    expect(result.errors).toEqual([expect.stringContaining("00000")]);
  });

  it("paginates by 24 with a stable order and a correct total", async () => {
    const page1 = await search({ brand: "Dacia" });
    const page2 = await search({ brand: "Dacia", page: 2 });
    const page3 = await search({ brand: "Dacia", page: 3 });
    expect([page1.total, page2.total, page1.pageCount]).toEqual([DACIAS, DACIAS, 2]);
    expect(page1.items).toHaveLength(PAGE_SIZE);
    expect(page2.items).toHaveLength(DACIAS - PAGE_SIZE);
    expect(page2.page).toBe(2);
    expect(page3.items).toEqual([]);
    const ids = [...page1.items, ...page2.items].map((i) => i.id);
    expect(new Set(ids).size).toBe(DACIAS);
    expect(ids.map((id) => names.get(id))).toEqual(Array.from({ length: DACIAS }, (_, i) => `Dacia-${i}`));
  });

  it.each([
    ["price_asc", (i: { price: number | null }) => i.price ?? 0, 1],
    ["price_desc", (i: { price: number | null }) => i.price ?? 0, -1],
    ["mileage_asc", (i: { mileage: number | null }) => i.mileage ?? 0, 1],
    ["year_desc", (i: { year: number | null }) => i.year ?? 0, -1],
  ] as const)("sorts by %s across pages", async (sort, key, direction) => {
    const all = [
      ...(await search({ brand: "Dacia", sort })).items,
      ...(await search({ brand: "Dacia", sort, page: 2 })).items,
    ];
    expect(new Set(all.map((i) => i.id)).size).toBe(DACIAS);
    const values = all.map((i) => key(i));
    expect(values).toEqual([...values].sort((a, b) => (a - b) * direction));
  });

  it("sorts with the id as tie-breaker so equal keys keep one order", async () => {
    const first = await search({ sort: "year_desc", page: 2 });
    const again = await search({ sort: "year_desc", page: 2 });
    expect(again.items.map((i) => i.id)).toEqual(first.items.map((i) => i.id));
  });

  it.each([
    ["radius=abc&postalCode=69001", ["A", "B", "E", "G", "I"]],
    ["price=-5", null],
    ["postalCode=7501", null],
    ["fuel=Kerosene", null],
    [`brand=${"A".repeat(10_240)}`, null],
    [`model=${"%27".repeat(5_000)}`, null],
    ["brand=%27%20OR%201%3D1%20--", null],
    ["brand=Peugeot%27%3B%20DROP%20TABLE%20listings%3B%20--", null],
    ["postalCode=69001%27%20OR%20%271%27%3D%271", null],
    ["energies=%27)%20OR%20(1%3D1", null],
    ["page=-1&sort=%3Bdelete", null],
  ])("bad values give a sane result, never an exception: %s", async (query, expected) => {
    const parsed = parseSearchParams(new URLSearchParams(query));
    expect(parsed.errors.length).toBeGreaterThan(0);
    const result = await search(parsed.filters);
    expect(result.errors).toEqual([]);
    if (expected) expect(result.items.map((i) => names.get(i.id))).toEqual(expected);
    else expect(result.total).toBe(ALL_PUBLISHED);
  });

  it("treats hostile values that bypass the parser as plain data", async () => {
    const hostile: SearchFilters = {
      brand: "' OR 1=1 --",
      models: ["'); DROP TABLE listings; --"],
      postalCode: "6900'",
      radius: Number.NaN,
      page: -5,
    };
    const result = await search(hostile);
    expect(result).toMatchObject({ items: [], total: 0, page: 1 });
    expect(result.errors).toEqual([
      "Le code postal doit comporter exactement 5 chiffres : aucune annonce ne peut être située autour de lui.",
    ]);
    expect((await search({ radius: 1e9, page: Number.POSITIVE_INFINITY })).page).toBe(1);
    // Values PostgreSQL itself would refuse: NaN and decimals for integers, smallint overflow,
    // a NUL byte, more bind parameters than the protocol allows, an unknown sort.
    const refused = await search({
      priceMax: Number.NaN,
      priceMin: 10.5,
      yearMin: 1e9,
      mileageMax: Number.NEGATIVE_INFINITY,
      brand: "Peu\u0000geot",
      models: Array.from({ length: 70_000 }, (_, i) => `m${i}`),
      sort: "constructor" as SearchFilters["sort"],
    });
    expect(refused).toMatchObject({ items: [], total: 0, errors: [] });
    const points = await searchMapPoints({ db: t.db, filters: { priceMax: Number.NaN, yearMax: 1e12 } });
    expect(points.points).toHaveLength(ALL_PUBLISHED - 1);
  });
});

describe(`map (${process.env.TEST_DB_ENGINE})`, () => {
  it("returns every match with coordinates as compact tuples, not one page", async () => {
    const { points, truncated } = await searchMapPoints({ db: t.db, filters: { brand: "Dacia", page: 2 } });
    expect(points).toHaveLength(DACIAS);
    expect(truncated).toBe(false);
    const [id, latitude, longitude, price] = points[0]!;
    expect(names.get(id)).toBe("Dacia-0");
    expect(latitude).toBeCloseTo(43.6, 1);
    expect(longitude).toBeCloseTo(1.44, 1);
    expect(price).toBeGreaterThan(0);
  });

  it("covers the same results as the list, minus listings without coordinates", async () => {
    const listed = (await search({ fuel: "Essence" })).items.map((i) => i.id).sort();
    const mapped = (await searchMapPoints({ db: t.db, filters: { fuel: "Essence" } })).points.map((p) => p[0]).sort();
    expect(mapped).toEqual(listed.filter((id) => names.get(id) !== "J"));
    const around = await searchMapPoints({ db: t.db, filters: { postalCode: "69001", radius: 50 } });
    expect(around.points.map((p) => names.get(p[0]))).toEqual(["A", "B", "E", "G", "I"]);
    expect(around.center?.latitude).toBeCloseTo(45.77, 1);
    expect(await searchMapPoints({ db: t.db, filters: { postalCode: "00000" } })).toMatchObject({
      points: [],
      errors: [expect.any(String)],
    });
  });

  it("gives the info card of a published listing only", async () => {
    expect(await getMapCard({ db: t.db, storage, id: idOf.get("A")! })).toEqual({
      id: idOf.get("A"),
      brand: "Peugeot",
      model: "208",
      price: 12_000,
      city: "Lyon 1er",
      postalCode: "69001",
      photo: expect.objectContaining({ src: "/uploads/listings/a/photo-0-480.webp" }),
      // Too few Peugeot 208s here for a market price rating.
      priceLevel: null,
    });
    expect(await getMapCard({ db: t.db, storage, id: idOf.get("F")! })).toMatchObject({ brand: "Tesla", photo: null });
    for (const status of ["pending", "draft", "deleted", "sold", "rejected"]) {
      expect(await getMapCard({ db: t.db, storage, id: idOf.get(`X-${status}`)! })).toBeNull();
    }
    expect(await getMapCard({ db: t.db, storage, id: randomUUID() })).toBeNull();
    expect(await getMapCard({ db: t.db, storage, id: "not-a-uuid' OR 1=1 --" })).toBeNull();
  });
});

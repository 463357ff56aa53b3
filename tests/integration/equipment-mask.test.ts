import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings } from "~/db/schema";
import { EQUIPMENT_SLUGS } from "~/features/catalogue/equipment";
import { EQUIPMENT_MASK_ORDER, equipmentMask } from "~/features/catalogue/equipment-mask";
import { countSearchMatches } from "~/features/search/count-search-matches.server";
import { countSearchResults } from "~/features/search/count-search-results.server";
import { equipmentPath, equipmentShare, setEquipmentShares, warmEquipmentShares } from "~/features/search/equipment-shares.server";
import { searchListings } from "~/features/search/search-listings.server";
import { searchMapPoints } from "~/features/search/search-map.server";
import { PAGE_SIZE, type SearchFilters } from "~/features/search/search-params";
import { createLocalStorage } from "~/server/storage.server";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * Decision 0056: the equipment is searched as bits of `listings.equipment_mask`, a stored column
 * PostgreSQL computes from `listings.equipment` (`occazio_equipment_mask`, migration 0033).
 * Checked on both engines: the SQL function gives every item the bit of EQUIPMENT_MASK_ORDER;
 * the mask follows the array through inserts and updates (drizzle or plain SQL: every write
 * path); and the filter finds exactly the published listings holding every item asked —
 * counted here from the rows in JavaScript — on the page, its count, 'Voir N annonces', the map
 * and the saved searches' counts, for items common, rare and held by no listing, alone and with
 * other filters.
 */
const storage = createLocalStorage("/tmp/occazio-equipment-mask-tests");
let t: TestDatabase;
let seller: string;

const LYON = { city: "Lyon 1er", postalCode: "69001", latitude: 45.767, longitude: 4.834 };
const PARIS = { city: "Paris 11e", postalCode: "75011", latitude: 48.859, longitude: 2.38 };

beforeAll(async () => {
  t = await createTestDatabase({ withPlaces: true });
  seller = (await insertUser(t.db, { canSignIn: false })).id;
});
afterAll(async () => {
  await t?.close();
});

/** A small seeded generator (mulberry32): the same market on every run and engine. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

async function storedMasks(): Promise<{ equipment: string[]; mask: string }[]> {
  const result = await t.db.execute(sql`select equipment, equipment_mask::text as mask from listings`);
  return (result as unknown as { rows: { equipment: string[]; mask: string }[] }).rows;
}

describe(`occazio_equipment_mask and the stored mask (${process.env.TEST_DB_ENGINE})`, () => {
  it("gives each item the bit of EQUIPMENT_MASK_ORDER (the migration's list is the code's)", async () => {
    const result = await t.db.execute(sql`select e.slug, occazio_equipment_mask(array[e.slug])::text as mask
      from unnest(${sql.param([...EQUIPMENT_MASK_ORDER, "jacuzzi"])}::text[]) as e(slug)`);
    const rows = (result as unknown as { rows: { slug: string; mask: string }[] }).rows;
    expect(Object.fromEntries(rows.map((r) => [r.slug, r.mask]))).toEqual(
      Object.fromEntries([...EQUIPMENT_MASK_ORDER, "jacuzzi"].map((slug) => [slug, equipmentMask([slug]).toString()])),
    );
    const [all] = (
      (await t.db.execute(sql`select occazio_equipment_mask(${sql.param([...EQUIPMENT_SLUGS, "gps"])}::text[])::text as all,
        occazio_equipment_mask('{}'::text[])::text as none`)) as unknown as { rows: { all: string; none: string }[] }
    ).rows;
    expect(all).toEqual({ all: equipmentMask(EQUIPMENT_SLUGS).toString(), none: "0" });
  });

  it("follows the equipment through every kind of write", async () => {
    const listing = await insertListing(t.db, seller, { equipment: ["gps", "attelage"], status: "draft" });
    await t.db.update(listings).set({ equipment: ["camera-de-recul"] }).where(eq(listings.id, listing.id));
    await t.db.execute(sql`update listings set equipment = array_append(equipment, 'peinture-metallisee') where id = ${listing.id}`);
    const [row] = await t.db.select({ equipment: listings.equipment, mask: listings.equipmentMask }).from(listings).where(eq(listings.id, listing.id));
    expect(row).toEqual({ equipment: ["camera-de-recul", "peinture-metallisee"], mask: Number(equipmentMask(["camera-de-recul", "peinture-metallisee"])) });
    await t.db.delete(listings).where(eq(listings.id, listing.id));
  });
});

describe(`equipment=a,b through the mask equals a direct count (${process.env.TEST_DB_ENGINE})`, () => {
  /** Items no generated listing holds: a search for them finds nothing, quickly. */
  const NEVER = ["sieges-massants", "camera-360"];
  const BRANDS = ["Renault", "Peugeot", "Dacia"];
  type Car = { id: string; brand: string; price: number; place: typeof LYON; equipment: string[]; status: string; publishedAt: Date };
  const cars: Car[] = [];

  beforeAll(async () => {
    const random = seeded(34);
    // Each item of the vocabulary has its own share, from 2 % to 80 %, so that combinations
    // range from most of the market to a handful of cars.
    const share = new Map(EQUIPMENT_SLUGS.map((slug, i) => [slug, NEVER.includes(slug) ? 0 : 0.02 + ((i * 37) % 79) / 100]));
    const start = Date.UTC(2026, 10, 1);
    for (let i = 0; i < 160; i++) {
      const equipment = EQUIPMENT_SLUGS.filter((slug) => random() < share.get(slug)!);
      const status = i % 10 === 9 ? "sold" : i % 10 === 8 ? "pending" : "published";
      const car = {
        brand: BRANDS[i % 3]!,
        model: ["Clio", "208", "Sandero"][i % 3]!,
        price: 4_000 + Math.floor(random() * 30) * 1_000,
        place: random() < 0.5 ? LYON : PARIS,
        equipment,
        status,
        publishedAt: new Date(start + i * 3_600_000),
      };
      const row = await insertListing(t.db, seller, { ...car, status: status as "published" });
      cars.push({ ...car, id: row.id });
    }
  });

  const matches = (filters: SearchFilters) =>
    cars
      .filter(
        (c) =>
          c.status === "published" &&
          (filters.equipment ?? []).every((slug) => c.equipment.includes(slug)) &&
          (!filters.brand || c.brand === filters.brand) &&
          (filters.priceMax === undefined || c.price <= filters.priceMax) &&
          (!filters.postalCode || c.place === LYON),
      )
      .sort((a, b) => (filters.sort === "price_asc" ? a.price - b.price || (a.id < b.id ? -1 : 1) : b.publishedAt.getTime() - a.publishedAt.getTime()));

  const ASKED: string[][] = [
    ["gps"],
    ["camera-de-recul", "gps"],
    ["android-auto", "apple-carplay", "bluetooth"],
    [EQUIPMENT_SLUGS[0]!],
    [EQUIPMENT_SLUGS.at(-1)!],
    ["attelage", "toit-ouvrant"],
    ["sieges-massants"],
    ["gps", "camera-360"],
    EQUIPMENT_SLUGS.filter((s) => !NEVER.includes(s)).slice(0, 12),
  ];
  const OTHERS: SearchFilters[] = [{}, { brand: "Peugeot" }, { priceMax: 15_000 }, { postalCode: "69001", radius: 10 }, { brand: "Renault", sort: "price_asc" }];

  it("every stored mask is the code's mask of the row's equipment", async () => {
    const rows = await storedMasks();
    expect(rows.length).toBeGreaterThanOrEqual(160);
    for (const row of rows) expect(row.mask, row.equipment.join(",")).toBe(equipmentMask(row.equipment).toString());
  });

  // The three ways of testing the equipment (decision 0056), each forced, then as the statistics choose.
  const COUNT_ALONE = { forCount: true, alone: true };
  const PAGE = { forCount: false, alone: false };
  const MODES: { name: string; set: () => Promise<void>; check: () => void }[] = [
    {
      name: "bits (equipment_mask & m >= m)",
      set: async () => setEquipmentShares({ shares: new Map(), unlisted: 1, builtAt: Date.now() }),
      check: () => expect([equipmentPath(["sieges-massants"], COUNT_ALONE), equipmentPath(["gps"], PAGE)]).toEqual(["mask", "mask"]),
    },
    {
      name: "GIN for counts of the equipment alone or within a brand (equipment @> array, decision 0060)",
      set: async () => setEquipmentShares({ shares: new Map(), unlisted: 0.01, builtAt: Date.now() }),
      check: () =>
        expect([
          equipmentPath(["gps"], COUNT_ALONE),
          equipmentPath(["gps"], { forCount: true, alone: false, byBrand: true }),
          equipmentPath(["gps"], PAGE),
        ]).toEqual(["gin", "gin", "mask"]),
    },
    {
      name: "ids from the GIN index first (id = any(array(…)))",
      set: async () => setEquipmentShares({ shares: new Map(), unlisted: 0, builtAt: Date.now() }),
      check: () => expect([equipmentPath(["gps"], COUNT_ALONE), equipmentPath(["gps"], PAGE)]).toEqual(["ids", "ids"]),
    },
    {
      name: "as PostgreSQL's statistics choose",
      set: async () => {
        await t.db.execute(sql`analyze listings`);
        setEquipmentShares(undefined);
        await warmEquipmentShares(t.db);
      },
      check: () => {
        // Items no car has are read as ids; the common ones as bits.
        expect(equipmentShare(["sieges-massants"])).toEqual({ product: 0, bound: 0 });
        expect(equipmentPath(["sieges-massants"], PAGE)).toBe("ids");
        expect(ASKED.filter((items) => equipmentPath(items, PAGE) === "mask").length).toBeGreaterThan(0);
      },
    },
  ];

  it.each(MODES)("finds the same listings as the rows say, on the page, its count, 'Voir N annonces', the map and 'Mes recherches': $name", async (mode) => {
    await mode.set();
    mode.check();
    const got: string[] = [];
    const want: string[] = [];
    let nonEmpty = 0;
    for (const others of OTHERS) {
      for (const equipment of ASKED) {
        const filters: SearchFilters = { ...others, equipment };
        const expected = matches(filters);
        if (expected.length > 0) nonEmpty++;
        const page = await searchListings({ db: t.db, storage, filters });
        const count = await countSearchResults({ db: t.db, filters });
        const map = await searchMapPoints({ db: t.db, filters });
        const area = others.postalCode ? { center: LYON, radiusKm: 10 } : undefined;
        const [saved] = await countSearchMatches({ db: t.db, searches: [{ filters, area, publishedAfter: new Date(0) }] });
        const label = JSON.stringify(filters);
        got.push(
          `${label} → page ${page.items.map((i) => i.id).join(",")} · ${page.total} · voir ${count.total} · map ${map.points.length} · saved ${saved?.count}`,
        );
        const n = expected.length;
        want.push(`${label} → page ${expected.slice(0, PAGE_SIZE).map((c) => c.id).join(",")} · ${n} · voir ${n} · map ${n} · saved ${n}`);
      }
    }
    expect(got).toEqual(want);
    // The combinations are not all empty (nor all full): the test says something.
    expect(nonEmpty).toBeGreaterThan(OTHERS.length * 4);
    mode.check();
  });
});

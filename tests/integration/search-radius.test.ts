import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings, places } from "~/db/schema";
import { eq, sql } from "drizzle-orm";
import { EARTH_RADIUS_KM } from "~/features/places/geo";
import { SPATIAL_COUNT_MIN_KM } from "~/features/search/search-where.server";
import {
  DENSITY_MAX_AGE_MS,
  listingsInCircle,
  placeDensity,
  warmPlaceDensity,
} from "~/features/search/place-density.server";
import { searchListings, searchStatementsForExplain, walksByPlace } from "~/features/search/search-listings.server";
import { searchMapPoints } from "~/features/search/search-map.server";
import { countSearchResults } from "~/features/search/count-search-results.server";
import { createLocalStorage, type Storage } from "~/server/storage.server";
import { insertUser } from "~/testing/inserters.server";
import { buildListing } from "~/testing/builders";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * The radius search (bounding box on the GiST point index or on the latitude band of the B-tree,
 * then the exact haversine) returns exactly the
 * listings whose great-circle distance is within the radius: on the circle's edge (1 m in,
 * 1 m out), across the antimeridian and around both poles.
 */
/** Photos are never written here; URLs only need to be built. */
const storage: Storage = createLocalStorage("/tmp/occazio-search-tests-uploads");
let t: TestDatabase;

interface Point {
  latitude: number;
  longitude: number;
}
const rad = (d: number) => (d * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

function haversineKm(a: Point, b: Point): number {
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point at `km` from `from` along the initial bearing (degrees), longitude in [-180, 180). */
function destination(from: Point, bearing: number, km: number): Point {
  const d = km / EARTH_RADIUS_KM;
  const lat1 = rad(from.latitude);
  const lon1 = rad(from.longitude);
  const b = rad(bearing);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lon2 =
    lon1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { latitude: deg(lat2), longitude: ((deg(lon2) + 540) % 360) - 180 };
}

/** Search centres, each a postal code of the reference table (made-up codes for the far ones). */
const CENTRES: Record<string, Point & { radii: number[] }> = {
  "75011": { latitude: 48.8589, longitude: 2.3795, radii: [10, 50, 200] },
  // Across the antimeridian (Fiji / Wallis side).
  "98801": { latitude: -16.5, longitude: 179.95, radii: [10, 50, 200] },
  "98802": { latitude: -14.0, longitude: -179.9, radii: [50, 200] },
  // Circles over the North and South poles.
  "98803": { latitude: 89.9, longitude: 10, radii: [10, 50, 200] },
  "98804": { latitude: -89.95, longitude: -120, radii: [10, 200] },
};

const all: (Point & { id: string; publishedAt: number })[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  const seller = await insertUser(t.db, { canSignIn: false });
  await t.db.insert(places).values(
    Object.entries(CENTRES).map(([postalCode, c]) => ({
      postalCode,
      inseeCode: postalCode,
      city: `Centre ${postalCode}`,
      latitude: c.latitude,
      longitude: c.longitude,
    })),
  );
  const points: Point[] = [];
  for (const centre of Object.values(CENTRES)) {
    for (const radius of centre.radii) {
      // Just inside and just outside the circle, every 30°.
      for (let bearing = 0; bearing < 360; bearing += 30) {
        points.push(destination(centre, bearing + 7, radius - 0.001), destination(centre, bearing + 7, radius + 0.001));
      }
    }
    // Scattered around, up to 250 km.
    for (let i = 0; i < 20; i++) points.push(destination(centre, (i * 137.5) % 360, (i * 12.7) % 250));
  }
  const rows = points.map((p, i) => ({
    ...buildListing({ place: { city: "Lieu", postalCode: "01000", latitude: p.latitude, longitude: p.longitude } }),
    ownerId: seller.id,
    brand: "Peugeot",
    model: `P${i}`,
    // Newest first is the pages' order; pairs published in the same minute are ordered by id.
    publishedAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 2) * 60_000),
  }));
  for (let i = 0; i < rows.length; i += 200) {
    const inserted = await t.db
      .insert(listings)
      .values(rows.slice(i, i + 200))
      .returning({
        id: listings.id,
        latitude: listings.latitude,
        longitude: listings.longitude,
        publishedAt: listings.publishedAt,
      });
    for (const r of inserted)
      all.push({ id: r.id, latitude: r.latitude!, longitude: r.longitude!, publishedAt: r.publishedAt!.getTime() });
  }
  // The density per place, so that dense circles' pages walk the recency index (the first
  // search would otherwise start its build and leave that one to the planner).
  await warmPlaceDensity(t.db);
});

afterAll(async () => {
  await t?.close();
});

describe(`radius search equals the exact great-circle check (${process.env.TEST_DB_ENGINE})`, () => {
  const cases = Object.entries(CENTRES).flatMap(([postalCode, c]) =>
    c.radii.map((radius) => ({ postalCode, radius, c })),
  );
  it.each(cases)("around $postalCode within $radius km", async ({ postalCode, radius, c }) => {
    const newestFirst = all
      .filter((p) => haversineKm(c, p) <= radius)
      .sort((a, b) => b.publishedAt - a.publishedAt || (a.id < b.id ? 1 : -1))
      .map((p) => p.id);
    const expected = [...newestFirst].sort();
    expect(expected.length).toBeGreaterThan(0);
    const map = await searchMapPoints({ db: t.db, filters: { postalCode, radius } });
    expect(map.points.map(([id]) => id).sort()).toEqual(expected);
    // Both paths of the service (decision 0007): by place alone, the count of a circle of
    // SPATIAL_COUNT_MIN_KM or more reads the spatial GiST index, smaller circles and any circle
    // with a brand the B-trees (latitude band); pages walk the ordered B-trees. Every page of
    // every path must hold exactly the listings within the great-circle distance.
    for (const extra of [{}, { brand: "Peugeot" }]) {
      const seen: string[] = [];
      for (let page = 1; ; page++) {
        const result = await searchListings({ db: t.db, storage, filters: { postalCode, radius, ...extra, page } });
        expect(result.total).toBe(expected.length);
        seen.push(...result.items.map((item) => item.id));
        if (page >= result.pageCount) break;
      }
      // Every listing once, on its page of the newest-first order.
      expect(seen).toEqual(newestFirst);
    }
  });

  // 'Distance' (issue 36): nearest first by the great-circle distance, on every page and path,
  // and the count endpoint's figure is the page's.
  it.each(cases)("sorts by distance around $postalCode within $radius km", async ({ postalCode, radius, c }) => {
    const nearestFirst = all
      .filter((p) => haversineKm(c, p) <= radius)
      .sort((a, b) => haversineKm(c, a) - haversineKm(c, b) || (a.id < b.id ? -1 : 1))
      .map((p) => p.id);
    for (const extra of [{}, { brand: "Peugeot" }]) {
      const seen: string[] = [];
      for (let page = 1; ; page++) {
        const result = await searchListings({ db: t.db, storage, filters: { postalCode, radius, ...extra, sort: "distance", page } });
        seen.push(...result.items.map((item) => item.id));
        if (page >= result.pageCount) break;
      }
      // Every listing of the circle once, nearest first (points on one circle tie: the SQL's and
      // this test's float rounding may order them differently, within a millimetre).
      expect([...seen].sort()).toEqual([...nearestFirst].sort());
      const byId = new Map(all.map((p) => [p.id, p]));
      const distances = seen.map((id) => haversineKm(c, byId.get(id)!));
      distances.forEach((d, i) => expect(d).toBeGreaterThanOrEqual((distances[i - 1] ?? 0) - 1e-6));
      const count = await countSearchResults({ db: t.db, filters: { postalCode, radius, ...extra } });
      expect(count).toEqual({ total: nearestFirst.length, capped: false });
    }
  });

  it("runs both sides of the radius threshold", () => {
    const radii = cases.map((c) => c.radius);
    expect(radii.some((r) => r >= SPATIAL_COUNT_MIN_KM) && radii.some((r) => r < SPATIAL_COUNT_MIN_KM)).toBe(true);
  });

  it("pages dense circles by walking the recency index and sparse ones through the band", async () => {
    const walks = await Promise.all(
      cases.map(async ({ postalCode, radius, c }) => {
        const area = { center: { latitude: c.latitude, longitude: c.longitude }, radiusKm: radius };
        return walksByPlace(t.db, { postalCode, radius, sort: "recent", page: 2 }, area);
      }),
    );
    // Both plans ran through the exhaustive pages above.
    expect(walks).toContain(true);
    expect(walks).toContain(false);
  });
});

describe(`the density of listings per place (${process.env.TEST_DB_ENGINE})`, () => {
  it("counts the published listings of every circle exactly, across the antimeridian and the poles", async () => {
    const density = await warmPlaceDensity(t.db);
    expect(density.total).toBe(all.length);
    for (const [, c] of Object.entries(CENTRES)) {
      for (const radius of c.radii) {
        const expected = all.filter((p) => haversineKm(c, p) <= radius).length;
        expect(listingsInCircle(density, { center: c, radiusKm: radius })).toBe(expected);
      }
    }
  });

  it("answers from the previous figures while a stale index is rebuilt in the background", async () => {
    const before = await warmPlaceDensity(t.db);
    const seller = await insertUser(t.db, { canSignIn: false });
    const [added] = await t.db
      .insert(listings)
      .values({
        ...buildListing({ place: { city: "Lieu", postalCode: "01000", latitude: 0, longitude: 0 } }),
        ownerId: seller.id,
      })
      .returning({ id: listings.id });
    try {
      // Fresh: no rebuild. Stale: the same figures now, the new ones once the rebuild ends.
      expect(placeDensity(t.db, before.builtAt + 1_000)).toBe(before);
      expect(placeDensity(t.db, before.builtAt + DENSITY_MAX_AGE_MS + 1)).toBe(before);
      const rebuilt = await warmPlaceDensity(t.db);
      expect(rebuilt.total).toBe(before.total + 1);
      expect(placeDensity(t.db, rebuilt.builtAt)).toBe(rebuilt);
    } finally {
      await t.db.delete(listings).where(eq(listings.id, added!.id));
      await warmPlaceDensity(t.db);
    }
  });

  it("leaves a dense circle's search to the planner when a brand narrows it too", async () => {
    const area = { center: CENTRES["75011"]!, radiusKm: 200 };
    expect(walksByPlace(t.db, { postalCode: "75011", radius: 200, sort: "recent", page: 2 }, area)).toBe(true);
    expect(
      walksByPlace(t.db, { postalCode: "75011", radius: 200, brand: "Peugeot", sort: "recent", page: 2 }, area),
    ).toBe(false);
    expect(walksByPlace(t.db, { postalCode: "75011", radius: 200, sort: "price_asc", page: 2 }, area)).toBe(false);
  });
});

describe(`the radius count is served by the spatial index (${process.env.TEST_DB_ENGINE})`, () => {
  it("plans the capped count of a 200 km search by place on listings_published_point_idx, a 50 km one on the band", async () => {
    const planOf = async (radius: number) => {
      const statements = await searchStatementsForExplain({ db: t.db, filters: { postalCode: "75011", radius } });
      // A few hundred rows fit one page: forbid the sequential scan that a real table never gets.
      return t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = await tx.execute(sql`explain (costs off) ${statements!.count}`);
        return (result as unknown as { rows: Record<string, unknown>[] }).rows
          .map((r) => String(Object.values(r)[0]))
          .join("\n");
      });
    };
    expect(await planOf(200)).toContain("listings_published_point_idx");
    expect(await planOf(50)).not.toContain("listings_published_point_idx");
  });
});

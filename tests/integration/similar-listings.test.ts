import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSimilarListings, SIMILAR_LISTINGS, type SimilarTo } from "~/features/discovery/similar-listings.server";
import type { Listing } from "~/db/schema";
import { createLocalStorage } from "~/server/storage.server";
import { insertListing, insertUser } from "~/testing/inserters.server";
import type { BuiltPlace } from "~/testing/builders";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/** 'Annonces similaires' (issue 36): ranking and exclusions, on both engines. */
let t: TestDatabase;
const storage = createLocalStorage("/tmp/occazio-similar-test");
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

const place = (city: string, postalCode: string, latitude: number, longitude: number): BuiltPlace => ({ city, postalCode, latitude, longitude });
const PARIS = place("Paris 11e", "75011", 48.859, 2.38);
const VERSAILLES = place("Versailles", "78000", 48.804, 2.13);
const ORLEANS = place("Orléans", "45000", 47.902, 1.909);
const LYON = place("Lyon 1er", "69001", 45.767, 4.834);
const MARSEILLE = place("Marseille 1er", "13001", 43.3, 5.38);
const LILLE = place("Lille", "59000", 50.63, 3.06);

const target = (listing: Listing): SimilarTo => ({
  listingId: listing.id,
  ownerId: listing.ownerId,
  brand: listing.brand,
  model: listing.model,
  vehicleType: listing.vehicleType,
  price: listing.price,
  latitude: listing.latitude,
  longitude: listing.longitude,
});

describe(`similar listings (${process.env.TEST_DB_ENGINE})`, () => {
  it("offers the same model, nearest the car first, without the listing itself, the seller's own or unpublished ones", async () => {
    const seller = await insertUser(t.db);
    const others = await Promise.all(Array.from({ length: 3 }, () => insertUser(t.db)));
    const car = await insertListing(t.db, seller.id, { brand: "Renault", model: "Clio", place: PARIS, price: 12_000 });
    // The seller's other Clio, right next door: never suggested on its own listing.
    await insertListing(t.db, seller.id, { brand: "Renault", model: "Clio", place: PARIS });
    const far = await insertListing(t.db, others[0]!.id, { brand: "Renault", model: "Clio", place: MARSEILLE });
    const near = await insertListing(t.db, others[1]!.id, { brand: "Renault", model: "Clio", place: VERSAILLES });
    const middle = await insertListing(t.db, others[2]!.id, { brand: "Renault", model: "Clio", place: LYON });
    await insertListing(t.db, others[0]!.id, { brand: "Renault", model: "Clio", place: PARIS, status: "pending" });
    await insertListing(t.db, others[1]!.id, { brand: "Renault", model: "Clio", place: PARIS, status: "sold" });
    await insertListing(t.db, others[2]!.id, { brand: "Renault", model: "Clio", place: PARIS, status: "deleted" });

    const found = await findSimilarListings({ db: t.db, storage, to: target(car) });
    const clios = found.filter((l) => l.model === "Clio");
    expect(clios.map((l) => l.id)).toEqual([near.id, middle.id, far.id]);
    expect(found.map((l) => l.id)).not.toContain(car.id);
  });

  it("orders from the visitor's place when it is known", async () => {
    const seller = await insertUser(t.db);
    const a = await insertUser(t.db);
    const b = await insertUser(t.db);
    const car = await insertListing(t.db, seller.id, { brand: "Dacia", model: "Sandero", place: PARIS, price: 9_000 });
    const inLille = await insertListing(t.db, a.id, { brand: "Dacia", model: "Sandero", place: LILLE });
    const inMarseille = await insertListing(t.db, b.id, { brand: "Dacia", model: "Sandero", place: MARSEILLE });
    const fromMarseille = await findSimilarListings({ db: t.db, storage, to: target(car), near: { latitude: 43.29, longitude: 5.37 } });
    expect(fromMarseille.filter((l) => l.model === "Sandero").map((l) => l.id)).toEqual([inMarseille.id, inLille.id]);
  });

  it("fills a rare model with the same body type in a ± 25 % price band, closest price first", async () => {
    const seller = await insertUser(t.db);
    const other = await insertUser(t.db);
    const car = await insertListing(t.db, seller.id, { brand: "Alpine", model: "A110", vehicleType: "Coupé", price: 50_000, place: PARIS });
    const close = await insertListing(t.db, other.id, { brand: "Porsche", model: "Cayman", vehicleType: "Coupé", price: 52_000, place: ORLEANS });
    const lower = await insertListing(t.db, other.id, { brand: "BMW", model: "M2", vehicleType: "Coupé", price: 45_000, place: LYON });
    const edge = await insertListing(t.db, other.id, { brand: "Audi", model: "TT", vehicleType: "Coupé", price: 62_500, place: LILLE });
    // Out of the band, another body type, the seller's own coupé: never.
    const tooCheap = await insertListing(t.db, other.id, { brand: "Peugeot", model: "RCZ", vehicleType: "Coupé", price: 30_000, place: PARIS });
    const suv = await insertListing(t.db, other.id, { brand: "Porsche", model: "Macan", vehicleType: "SUV", price: 50_500, place: PARIS });
    const own = await insertListing(t.db, seller.id, { brand: "BMW", model: "Z4", vehicleType: "Coupé", price: 50_100, place: PARIS });

    const found = await findSimilarListings({ db: t.db, storage, to: target(car) });
    const ids = found.map((l) => l.id);
    expect(ids).toEqual([close.id, lower.id, edge.id]);
    for (const never of [tooCheap, suv, own, car]) expect(ids).not.toContain(never.id);
  });

  it("shows at most six, with each card's photos and place", async () => {
    const seller = await insertUser(t.db);
    const car = await insertListing(t.db, seller.id, { brand: "Toyota", model: "Yaris", place: PARIS, price: 14_000 });
    for (let i = 0; i < SIMILAR_LISTINGS + 3; i++) {
      const other = await insertUser(t.db);
      await insertListing(t.db, other.id, { brand: "Toyota", model: "Yaris", place: i % 2 ? LYON : VERSAILLES });
    }
    const found = await findSimilarListings({ db: t.db, storage, to: target(car) });
    expect(found).toHaveLength(SIMILAR_LISTINGS);
    expect(found.slice(0, 5).every((l) => l.city === "Versailles")).toBe(true);
    expect(found.every((l) => Array.isArray(l.photos) && l.postalCode)).toBe(true);
  });
});
